// Issue 18 item 5: the Playground's chat in Simplified Chinese — the empty chat, a streamed reply and its
// facts line, the conversation list with a row's menu, and a failed reply whose gateway wrote its message
// in Chinese (shown as written) with the way out in the interface's language.
import { faults } from '../fake-gateway/server.ts';
import { expect, test } from './harness.ts';
import { openPlayground, replies, send, settled } from './playground-helpers.ts';

test('the chat speaks Chinese: empty chat, a streamed reply with its facts, the list, a failed reply', async ({
  startApp,
  fakeGateway,
}) => {
  const app = await openPlayground(startApp, fakeGateway, { systemLanguages: ['zh-CN'] });
  const { page } = app;
  const empty = page.getByTestId('empty-playground');
  await expect(empty.getByRole('heading')).toHaveText('试用任意模型，看清每个细节');
  await expect(page.getByTestId('empty-setup')).toHaveText('Responses · gpt-5-mini · 流式');
  await expect(empty.getByTestId('starter-prompt').first()).toContainText('表格对比');
  await expect(page.getByTestId('conversations-empty')).toHaveText('聊天时，对话会自动保存在这里。');
  await expect(page.getByTestId('composer-input')).toHaveAttribute('placeholder', '给 gpt-5-mini 发消息…');
  await expect(page.getByTestId('composer-keys')).toHaveText('Enter 发送 · Shift+Enter 换行');
  await expect(page.getByTestId('new-chat')).toHaveText('新对话');
  await app.screenshot('zh-chat-empty');

  // A streamed reply: its live status while it arrives, then the facts line.
  fakeGateway.setChatReply({
    text: '流式输出让你在回答还在生成时就能读到开头。'.repeat(6),
    reasoning: '用户想了解流式输出，简要说明即可。',
    reasoningWhen: 'always',
    chunkSize: 4,
  });
  fakeGateway.setEventDelay(60);
  await send(page, '简单介绍一下流式输出。');
  const reply = replies(page).first();
  await expect(reply.getByTestId('reply-live')).toHaveText(/^正在(思考|输出)…$/, { timeout: 10_000 });
  await expect(page.getByTestId('composer-stop')).toHaveText('停止');
  await app.screenshot('zh-chat-streaming');
  await settled(reply);
  const facts = reply.getByTestId('reply-facts');
  await expect(facts.locator('[data-fact="tokens"]')).toHaveText(/^输入 \d[\d,]* · 输出 \d[\d,]*$/);
  await expect(facts.locator('[data-fact="ttft"]')).toHaveText(/^TTFT \d+(\.\d)? (毫秒|秒)$/);
  await expect(facts.locator('[data-fact="total"]')).toHaveText(/^共 \d+(\.\d)? (毫秒|秒)$/);
  await expect(facts.locator('[data-fact="status"]')).toHaveText('completed');
  await expect(reply.getByTestId('reasoning').getByRole('button')).toContainText('推理过程');
  await reply.hover();
  await expect(reply.getByRole('toolbar', { name: '回复操作' })).toBeVisible();
  await app.screenshot('zh-chat-reply');

  // A second conversation, and the list with a row's menu open.
  fakeGateway.setEventDelay(1);
  fakeGateway.setChatReply({ text: '灯塔用光和声音提醒船只远离礁石。' });
  await page.getByTestId('new-chat').click();
  await send(page, '灯塔有什么用？');
  await settled(replies(page).first());
  const items = page.getByTestId('conversation-item');
  await expect(items).toHaveCount(2);
  await items.first().getByTestId('conversation-menu').click();
  await expect(page.getByRole('menuitem', { name: '重命名' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: '导出为 Markdown' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: '删除…' })).toBeVisible();
  await app.screenshot('zh-chat-list-menu');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menuitem', { name: '重命名' })).toHaveCount(0);

  // A failed reply: the gateway's message as it wrote it (new-api writes it in Chinese), then the way out.
  fakeGateway.inject({
    match: { path: '/v1/responses' },
    fault: { ...faults.quotaExhausted, message: '用户额度不足，剩余额度：＄0.000000' },
  });
  await send(page, '还在吗？');
  const error = page.getByTestId('reply-error');
  await expect(error).toContainText('用户额度不足', { timeout: 10_000 });
  await expect(error.getByTestId('try-again')).toHaveText('重试');
  await expect(replies(page).nth(1).locator('[data-fact="status"]')).toHaveText('出错');
  await app.screenshot('zh-chat-failed');

  expect(app.consoleErrors).toEqual([]);
});
