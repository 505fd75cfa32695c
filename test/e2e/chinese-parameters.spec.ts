// Issue 18 item 5: the Playground's parameters and setup in Simplified Chinese — the Parameters panel
// (sampling, a value out of range, Chat Completions' own fields, a value kept for another format), the
// structured-output editor with its examples menu, and a pasted image's thumbnail in the composer.
import { pngImage } from '../support/test-images.ts';
import { expect, test } from './harness.ts';
import { openPlayground, pickFormat } from './playground-helpers.ts';

test('the parameters speak Chinese: sampling, Chat Completions fields, structured output, an image', async ({
  startApp,
  fakeGateway,
}) => {
  const app = await openPlayground(startApp, fakeGateway, { systemLanguages: ['zh-CN'] });
  const { page } = app;
  if ((await page.getByTestId('parameters').count()) === 0)
    await page.getByTestId('toggle-parameters').click();
  const params = page.getByTestId('parameters');
  await expect(params.getByRole('heading')).toHaveText('参数');
  await expect(params.getByTestId('parameters-set')).toHaveText('均未设置');
  await expect(page.getByTestId('stream-toggle').locator('xpath=..')).toHaveText('流式');

  // Sampling: a value set, one out of range (said in Chinese, with the range).
  await params.getByTestId('param-temperature').fill('0.7');
  await expect(params.getByTestId('parameters-set')).toHaveText('已设置 1 项');
  await params.getByTestId('param-top-p').fill('5');
  await expect(params.getByText('超出范围：0 到 1。不会发送。')).toBeVisible();
  await expect(params.getByRole('button', { name: '清除温度' })).toBeVisible();
  await expect(params.getByTestId('param-system')).toHaveAttribute(
    'placeholder',
    '模型在整个对话中应如何表现。',
  );
  await app.screenshot('zh-parameters-sampling');

  // Chat Completions: its own fields, then a seed kept (not sent) once back in Responses.
  await params.getByTestId('param-top-p').fill('');
  await pickFormat(page, 'Chat Completions');
  await expect(params.getByText('发送为')).toBeVisible();
  await expect(params.getByTestId('param-max-tokens-field').locator('option[value="max_tokens"]')).toHaveText(
    'max_tokens（旧版网关）',
  );
  await params.getByTestId('param-seed').fill('42');
  await params.getByTestId('param-seed').scrollIntoViewIfNeeded();
  await expect(params.getByText('存在惩罚')).toBeVisible();
  await app.screenshot('zh-parameters-chat');
  await pickFormat(page, 'Responses');
  await expect(params.getByTestId('params-kept')).toHaveText(
    '为其他格式保留，当前格式（Responses）不发送：随机种子。',
  );
  await expect(params.getByTestId('param-stop-unavailable')).toContainText('Responses 格式没有停止序列');

  // Structured output: the switch, the examples menu, an example picked and checked by main.
  await params.getByText('结构化输出（JSON Schema）').click();
  await expect(params.getByTestId('structured-toggle')).toBeChecked();
  await expect(params.getByTestId('structured-check')).toHaveText('编写 JSON Schema，或从示例开始。');
  await params.getByTestId('structured-examples').click();
  const contact = page.getByRole('menuitem', { name: /联系方式/ });
  await expect(contact).toBeVisible();
  await expect(page.getByRole('menu', { name: '从示例开始' })).toBeVisible();
  await app.screenshot('zh-parameters-examples');
  await contact.click();
  await expect(params.getByTestId('structured-check')).toHaveText('JSON Schema 有效');
  await expect(params.getByTestId('structured')).toContainText(
    '以 text.format 发送；回复结束时按 Schema 校验。',
  );
  await expect(params.getByText('严格模式', { exact: true })).toBeVisible();
  await params.getByTestId('structured-toggle').evaluate((box) => box.scrollIntoView({ block: 'start' }));
  await app.screenshot('zh-parameters-structured');

  // An image pasted into the composer: its thumbnail and remove button.
  await page.getByTestId('composer-input').evaluate(
    (input, data) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(data)], 'diagram.png', { type: 'image/png' }));
      input.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }),
      );
    },
    [...pngImage()],
  );
  await expect(page.getByRole('list', { name: '图片' }).getByTestId('image-thumb')).toHaveCount(1);
  await expect(page.getByRole('button', { name: '移除 diagram.png' })).toBeAttached();
  await app.screenshot('zh-parameters-image');
});
