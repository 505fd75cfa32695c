// Issue 18 item 5, in Simplified Chinese: the welcome screen and its profile form (with its checks), then
// Settings' profile list, editor (proxy field shown) and a failed connection test, all in Chinese.
import { expect, test } from './harness.ts';

const WRONG_KEY = 'sk-zh-wrong-key-0000';

test('the welcome screen and Settings’ profiles speak Chinese', async ({ startApp, fakeGateway }) => {
  const app = await startApp({ systemLanguages: ['zh-CN'] });
  const { page } = app;

  // The welcome screen, no profile yet.
  await expect(page.getByRole('heading', { name: '欢迎使用 Gateway Studio' })).toBeVisible();
  await expect(page.getByText('将文字转为自然的语音，音色由你挑选。')).toBeVisible();
  await app.screenshot('zh-welcome-intro');

  // Its form checks the fields in Chinese.
  await page.getByRole('button', { name: '添加你的网关' }).click();
  await expect(page.getByRole('heading', { name: '添加你的网关' })).toBeVisible();
  await page.getByRole('button', { name: '创建配置' }).click();
  await expect(page.getByText('请为配置命名。')).toBeVisible();
  await expect(page.getByText('请输入网关的地址。')).toBeVisible();
  await page.getByLabel('名称', { exact: true }).fill('测试网关');
  await page.getByLabel('基础 URL').fill('ftp://gw.example.com');
  await expect(page.getByText('地址必须以 https:// 或 http:// 开头。')).toBeVisible();
  await app.screenshot('zh-welcome-form-errors');

  // Created with a key the gateway refuses: Settings opens on the new profile.
  await page.getByLabel('基础 URL').fill(fakeGateway.baseUrl);
  await page.getByLabel('API 密钥').fill(WRONG_KEY);
  await page.getByRole('button', { name: '创建配置' }).click();
  await expect(page.getByTestId('panel-settings')).toBeVisible();
  await expect(page.getByTestId('toast').filter({ hasText: '配置已保存' })).toBeVisible();
  const editor = page.getByTestId('profile-editor');
  await expect(editor.getByTestId('editor-title')).toHaveText('测试网关');
  await expect(page.getByRole('heading', { name: '配置', exact: true })).toBeVisible();
  await expect(editor.getByText('使用中')).toBeVisible();

  // The advanced options, with a manual proxy's field.
  await editor.getByRole('button', { name: '高级选项' }).click();
  await editor.getByText('手动代理').click();
  await expect(editor.getByLabel('代理地址')).toBeVisible();
  await expect(editor.getByText('有未保存的更改')).toBeVisible();
  await editor.getByTestId('proxy-field').scrollIntoViewIfNeeded();
  await app.screenshot('zh-settings-editor-proxy');
  await editor.getByRole('button', { name: '放弃更改' }).click();

  // A failed connection test.
  await editor.getByRole('button', { name: '测试连接' }).click();
  const results = page.getByTestId('connection-results');
  await expect(results.getByTestId('connection-v1')).toHaveClass(/connection__row--failed/);
  await expect(results.getByTestId('connection-v1beta')).toHaveClass(/connection__row--failed/);
  await expect(results.getByText('音频与 Responses')).toBeVisible();
  await app.screenshot('zh-settings-connection-failed');

  // Deleting asks first.
  await editor.getByRole('button', { name: '删除', exact: true }).click();
  const confirm = page.getByTestId('confirm-delete');
  await expect(confirm.getByText('删除“测试网关”？')).toBeVisible();
  await expect(confirm.getByText('此操作无法撤销。', { exact: false })).toBeVisible();
  await app.screenshot('zh-settings-delete-confirm');
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();

  // A new profile's draft in the list and the editor.
  await page.getByRole('button', { name: '新建配置' }).click();
  await expect(page.getByTestId('profile-list').getByText('尚未保存')).toBeVisible();
  await expect(editor.getByText('网关地址，以及与之配合使用的密钥。')).toBeVisible();
  await app.screenshot('zh-settings-new-profile');
  expect(app.consoleErrors).toEqual([]);
});
