// Issue 18 item 5: a gateway error in Simplified Chinese. new-api writes many of its messages in Chinese
// ("无效的令牌"): the page shows the message as the gateway wrote it (without its request-id suffix), and
// main's hint — the way out, in our words — in the interface's language.
import { faults } from '../fake-gateway/server.ts';
import { expect, test } from './harness.ts';
import { openPlayground, replies, send, settled } from './playground-helpers.ts';

test("a gateway's Chinese error is shown as written, with our hint in Chinese", async ({
  startApp,
  fakeGateway,
}) => {
  const app = await openPlayground(startApp, fakeGateway, { systemLanguages: ['zh-CN'] });
  const { page } = app;

  // new-api refuses the key: 401, its message in Chinese with the request id it appends.
  fakeGateway.inject({
    match: { path: '/v1/responses' },
    fault: { ...faults.invalidKey, message: '无效的令牌' },
  });
  await send(page, '你好');
  await settled(replies(page).first(), 'error');
  const error = page.getByTestId('reply-error');
  await expect(error).toContainText('无效的令牌');
  await expect(error).toContainText(
    '密钥可能无效、已禁用、已过期或额度已用完。请在网关控制台中检查，再检查此配置中的密钥。',
  );
  // Neither the English hint nor the request-id suffix: the id is a fact of its own, not part of the words.
  await expect(error).not.toContainText('The key may be invalid');
  await expect(error).not.toContainText('request id');
  await app.screenshot('zh-error-hint');
});
