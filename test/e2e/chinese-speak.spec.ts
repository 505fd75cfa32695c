// Issue 18 item 5: the Speak panel and the shared components (confirm dialog, toasts, the profile footer) in
// Simplified Chinese, on an OS whose language is Chinese: empty, a clip made by the fake gateway in the
// player, a toast, the confirm dialog of a delete. Screenshots `zh-speak-*` are looked at by a person.
import { expect, test } from './harness.ts';

test('the Speak panel in Chinese: empty, a clip in the player, a toast, a confirm dialog', async ({
  startApp,
  fakeGateway,
}) => {
  const app = await startApp({
    gateway: { baseUrl: fakeGateway.baseUrl, apiKey: fakeGateway.apiKey },
    systemLanguages: ['zh-CN'],
  });
  const { page } = app;
  await page.getByTestId('nav-speak').click();
  const panel = page.getByTestId('panel-speak');
  await expect(panel).toBeVisible();
  await expect(page.getByTestId('speak-history-empty')).toBeVisible();

  // Empty: what the panel does, in four steps, and which gateway it uses.
  const empty = page.getByTestId('empty-speak');
  await expect(empty.getByText('把文本变成语音')).toBeVisible();
  await expect(empty.getByText('选择声音')).toBeVisible();
  await expect(empty.getByText(/^使用/)).toBeVisible();
  await expect(page.getByTestId('speak-text')).toHaveAttribute('placeholder', '输入或粘贴要朗读的文本…');
  await expect(page.getByTestId('speak-count')).toContainText('单次请求的字符数');
  await expect(page.getByTestId('speak-generate')).toHaveAttribute('title', '请输入要朗读的内容。');
  await app.screenshot('zh-speak-empty');

  // A clip, made by the fake gateway, in the player.
  await page.getByTestId('speak-text').fill('早上好。这是 Gateway Studio 朗读的一小段文字。');
  await page.getByTestId('speak-generate').click();
  await expect(page.getByTestId('speak-waveform')).toHaveAttribute('data-state', 'ready', {
    timeout: 15_000,
  });
  const clip = page.getByTestId('speak-clip');
  await expect(clip.getByRole('button', { name: '沿用设置' })).toBeVisible();
  await expect(clip.getByRole('button', { name: '保存…' })).toBeVisible();
  await expect(page.getByTestId('speak-facts')).toContainText('首音时间');
  await expect(page.getByTestId('speak-facts')).toContainText('生成用时');
  await expect(page.getByTestId('status-region')).toHaveText('片段已生成');
  await app.screenshot('zh-speak-clip');

  // A toast: Save, answered by the harness's save dialog.
  await page.getByTestId('speak-save').click();
  const toast = page.getByTestId('toast').filter({ hasText: '已保存' });
  await expect(toast).toBeVisible();
  await expect(toast.getByRole('button', { name: '关闭' })).toBeVisible();
  await app.screenshot('zh-speak-toast');
  await toast.getByRole('button', { name: '关闭' }).click();

  // The confirm dialog of a delete, with its Cancel in Chinese; cancelled, the clip stays.
  await page.getByTestId('speak-history-item').first().getByTestId('speak-history-delete').click();
  const dialog = page.getByTestId('speak-delete-dialog');
  await expect(dialog.getByRole('button', { name: '取消' })).toBeFocused();
  await app.screenshot('zh-speak-delete-dialog');
  await dialog.getByRole('button', { name: '取消' }).click();
  await expect(page.getByTestId('speak-history-item')).toHaveCount(1);
  expect(app.consoleErrors).toEqual([]);
});
