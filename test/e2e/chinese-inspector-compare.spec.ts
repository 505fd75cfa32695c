// Issue 18 item 5, in Simplified Chinese: a reply's inspector (its request, a whole response, a stream's
// events) and a comparison of two streamed columns with the row that compares them. The header names, JSON
// and event types stay as they went over the wire; the words around them are Chinese.
import { expect, test } from './harness.ts';
import { catalogueLoaded, openPlayground, replies, send, settled } from './playground-helpers.ts';

test('the inspector and Compare speak Chinese; the wire stays as it was', async ({
  startApp,
  fakeGateway,
}) => {
  test.setTimeout(90_000);
  const app = await openPlayground(startApp, fakeGateway, { systemLanguages: ['zh-CN'] });
  const { page } = app;
  await catalogueLoaded(page);

  // A whole answer (not streamed): the request and the response tabs.
  fakeGateway.setChatReply({ text: 'Tides follow the moon.', chunkSize: 8 });
  await page.getByTestId('stream-toggle').uncheck({ force: true });
  await send(page, '为什么会有潮汐？');
  const whole = await settled(replies(page).first());
  await whole.hover();
  await whole.getByTestId('inspect-reply').click();
  const inspector = page.getByTestId('inspector');
  await expect(inspector.getByRole('heading', { name: '检查器' })).toBeVisible();
  await expect(inspector.getByTestId('inspector-copy-curl')).toHaveText('复制为 curl');
  await expect(inspector.getByRole('radiogroup', { name: '显示' })).toBeVisible();
  await expect(inspector.getByRole('radio', { name: '请求' })).toBeChecked();
  await expect(inspector.getByTestId('inspector-request')).toContainText('请求头');
  await expect(inspector.getByTestId('inspector-key-hidden')).toHaveText('密钥已隐藏');
  await expect(inspector.getByTestId('inspector-request')).toContainText('正文');
  await app.screenshot('zh-inspector-request');
  await inspector.getByTestId('inspector-tabs').getByText('响应').click();
  await expect(inspector.getByTestId('inspector-response-body')).toContainText('Tides follow the moon.');
  await expect(inspector.getByTestId('inspector-copy-response')).toHaveText('复制正文');
  await app.screenshot('zh-inspector-response');
  await page.keyboard.press('Escape');
  await expect(inspector).toHaveCount(0);

  // A streamed reply: its events.
  await page.getByTestId('stream-toggle').check({ force: true });
  await send(page, '再说一遍。');
  const streamed = await settled(replies(page).nth(1));
  await streamed.hover();
  await streamed.getByTestId('inspect-reply').click();
  await inspector.getByTestId('inspector-tabs').getByText('事件').click();
  const events = inspector.getByTestId('inspector-events');
  await expect(events).toContainText(/\d+ 个事件/);
  await expect(events).toContainText('隐藏文本增量');
  await expect(events.getByTestId('inspector-copy-events')).toHaveText('复制日志');
  await expect(events.getByTestId('inspector-event').first()).toContainText('created');
  await app.screenshot('zh-inspector-events');
  await page.keyboard.press('Escape');
  await expect(inspector).toHaveCount(0);

  // Compare: two columns stream one prompt; the summary row measures them.
  await page.getByTestId('new-comparison').click();
  const columns = page.getByTestId('compare-column');
  await expect(columns).toHaveCount(2);
  await expect(page.getByRole('region', { name: '对比' })).toBeVisible();
  await expect(columns.first()).toContainText('下方的提示词会同时发送到每一列。');
  await expect(page.getByTestId('compare-add-column')).toHaveText('添加列');
  await expect(page.getByTestId('compare-input')).toHaveAttribute('placeholder', '向每一列提出同一个问题…');
  await app.screenshot('zh-compare-empty');

  fakeGateway.setChatReply({ text: 'The moon pulls the sea, twice a day. '.repeat(6).trim(), chunkSize: 6 });
  fakeGateway.setEventDelay(40);
  await page.getByTestId('compare-input').fill('潮汐是怎么形成的？');
  await page.getByTestId('compare-input').press('Enter');
  await expect(page.getByTestId('compare-stop')).toHaveText('全部停止');
  await expect(page.getByTestId('compare-summary')).toContainText('接收中…');
  await app.screenshot('zh-compare-streaming');
  fakeGateway.setEventDelay(0);
  for (const index of [0, 1]) await settled(columns.nth(index).getByTestId('reply').last());
  const cells = page.getByTestId('compare-summary-cell');
  await expect(cells).toHaveCount(2);
  for (const word of ['TTFT', '速度', '总耗时', '输入', '输出'])
    await expect(cells.first()).toContainText(word);
  await expect(page.getByTestId('compare-send')).toHaveText('全部发送');
  await app.screenshot('zh-compare-summary');
});
