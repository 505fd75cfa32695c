// Issue 15: every model in the format it speaks. A model chosen in the Playground goes to the format the
// gateway's catalogue lists for it (new-api's `supported_endpoint_types`, WIRE.md part 1), Chat Completions
// streams like the other formats, a conversation can move to another format and keep its history, and a
// format that does not fit the model is fixed in one click and remembered.
import type { Page } from '@playwright/test';
import { defaultModels } from '../fake-gateway/catalogue.ts';
import { expect, test } from './harness.ts';
import {
  catalogueLoaded,
  chatRequests,
  expectProgressive,
  openPlayground,
  pickFormat,
  replies,
  send,
  settled,
} from './playground-helpers.ts';

const chooseModel = async (page: Page, model: string) => {
  await catalogueLoaded(page);
  await page.getByTestId('chat').getByRole('combobox').fill(model);
};

const formatOption = (page: Page, name: string) =>
  page.getByTestId('format').getByRole('radio', { name, exact: true });

interface ChatBody {
  model: string;
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  messages: Array<{ role: string; content: unknown }>;
}

const REPLY =
  'Chat Completions arrives as chunks of deltas: a role first, then content, then a finish reason, ' +
  'and last the usage, before the stream says it is done.';

test('a model that speaks only Chat Completions is sent there when chosen, and streams with its metrics', async ({
  page,
  startApp,
  fakeGateway,
}) => {
  const app = await openPlayground(startApp, fakeGateway);
  await chooseModel(page, 'claude-sonnet-4-5');
  await expect(formatOption(page, 'Chat Completions')).toBeChecked();
  await expect(page.getByTestId('empty-setup')).toHaveText('Chat Completions · claude-sonnet-4-5 · streamed');
  // The catalogue lists it for Chat Completions only: the other formats are marked, still there to pick.
  const lacking = page.getByTestId('format').locator('[data-lacking]');
  await expect(lacking).toHaveText(['Responses', 'Content generation'].map((name) => new RegExp(name)));

  fakeGateway.setChatReply({ text: REPLY, reasoning: 'A short answer will do.', chunkSize: 6 });
  fakeGateway.setEventDelay(40);
  await expectProgressive(page, () => send(page, 'How does a chat completion stream?'));
  const reply = replies(page).first();
  await settled(reply);
  await expect(reply.getByTestId('reply-text')).toHaveText(REPLY);
  // `reasoning_content` is shown as reasoning: folded once the reply ends, opened to read.
  await reply.getByTestId('reasoning').getByRole('button').click();
  await expect(reply.getByTestId('reasoning')).toContainText('A short answer will do.');
  const facts = reply.getByTestId('reply-facts');
  await expect(facts).toContainText('claude-sonnet-4-5');
  await expect(facts.locator('[data-fact="tokens"]')).toHaveText(/^\d[\d,]* in · \d[\d,]* out/);
  await expect(facts.locator('[data-fact="ttft"]')).toBeVisible();
  await expect(facts.locator('[data-fact="speed"]')).toHaveText(/^\d[\d,.]* tok\/s$/);
  await expect(facts.locator('[data-fact="status"]')).toHaveText('stop');
  await app.screenshot('playground-chat-completions');

  const sent = chatRequests(fakeGateway, '/v1/chat/completions');
  expect(sent).toHaveLength(1);
  const body = sent[0]!.json as ChatBody;
  expect(body).toMatchObject({
    model: 'claude-sonnet-4-5',
    stream: true,
    stream_options: { include_usage: true },
  });
  expect(body.messages).toEqual([{ role: 'user', content: 'How does a chat completion stream?' }]);
  expect(sent[0]!.headers.authorization).toBe(`Bearer ${fakeGateway.apiKey}`);
  expect(chatRequests(fakeGateway, /^\/v1\/responses|^\/v1beta\/models\/[^/]+:/)).toHaveLength(0);

  await app.expectNoKeyLeak(fakeGateway.apiKey);
  expect(app.consoleErrors).toEqual([]);
});

test('a model listed for Chat Completions and content generation goes to /v1', async ({
  page,
  startApp,
  fakeGateway,
}) => {
  const app = await openPlayground(startApp, fakeGateway);
  await chooseModel(page, 'gemini-2.5-flash');
  await expect(formatOption(page, 'Chat Completions')).toBeChecked();
  fakeGateway.setEventDelay(1);
  fakeGateway.setChatReply({ text: 'Hello through /v1.' });
  await send(page, 'Which way did this go?');
  await settled(replies(page).first());
  await expect(replies(page).first().getByTestId('reply-text')).toHaveText('Hello through /v1.');
  const sent = chatRequests(fakeGateway, '/v1/chat/completions');
  expect(sent.map((request) => (request.json as ChatBody).model)).toEqual(['gemini-2.5-flash']);
  expect(chatRequests(fakeGateway, /^\/v1beta\/models\/[^/]+:/)).toHaveLength(0);

  await app.expectNoKeyLeak(fakeGateway.apiKey);
  expect(app.consoleErrors).toEqual([]);
});

test('a conversation moves from Responses to Chat Completions and the next request carries its history', async ({
  page,
  startApp,
  fakeGateway,
}) => {
  const app = await openPlayground(startApp, fakeGateway);
  await expect(formatOption(page, 'Responses')).toBeChecked();
  fakeGateway.setEventDelay(1);
  fakeGateway.setChatReply({ text: 'Paris is the capital of France.', reasoning: 'Geography.' });
  await send(page, 'What is the capital of France?');
  await settled(replies(page).first());
  expect(chatRequests(fakeGateway, '/v1/responses')).toHaveLength(1);

  // gpt-5-mini is listed for both OpenAI formats: the model stays, the format changes, and it says so.
  await pickFormat(page, 'Chat Completions');
  await expect(page.getByTestId('chat').getByRole('combobox')).toHaveValue('gpt-5-mini');
  const note = page.getByTestId('format-change');
  await expect(note).toContainText('Now sent as Chat Completions (was Responses)');
  await expect(note.getByTestId('format-change-note')).toHaveText(/goes over whole/);

  fakeGateway.setChatReply({ text: 'Rome is the capital of Italy.' });
  await send(page, 'And of Italy?');
  await settled(replies(page).nth(1));
  await expect(replies(page).nth(1).getByTestId('reply-facts')).toContainText('gpt-5-mini');
  await app.screenshot('playground-format-moved');

  const sent = chatRequests(fakeGateway, '/v1/chat/completions');
  expect(sent).toHaveLength(1);
  expect((sent[0]!.json as ChatBody).messages).toEqual([
    { role: 'user', content: 'What is the capital of France?' },
    { role: 'assistant', content: 'Paris is the capital of France.' },
    { role: 'user', content: 'And of Italy?' },
  ]);
  // The reply made in Responses still says so; the new one says Chat Completions.
  await expect(replies(page).first().locator('[title="gpt-5-mini · Responses format"]')).toBeVisible();
  await expect(replies(page).nth(1).locator('[title="gpt-5-mini · Chat Completions format"]')).toBeVisible();

  // Saved and opened again: the note and both replies are still there.
  await app.reload();
  await page.getByTestId('nav-playground').click();
  await page.getByTestId('conversation-item').first().click();
  await expect(page.getByTestId('format-change')).toBeVisible();
  await expect(replies(page)).toHaveCount(2);
  await expect(formatOption(page, 'Chat Completions')).toBeChecked();

  await app.expectNoKeyLeak(fakeGateway.apiKey);
  expect(app.consoleErrors).toEqual([]);
});

test('a format the model’s channel cannot convert: one click sends the turn where it fits, and the model goes there from then on', async ({
  page,
  startApp,
  fakeGateway,
}) => {
  // Listed for both OpenAI formats, as new-api lists its channel type's endpoints, but the channel converts
  // only Chat Completions: Responses answers 500 convert_request_failed "not implemented" (WIRE.md part 3).
  fakeGateway.setModels([
    ...defaultModels,
    {
      id: 'gpt-oss-120b',
      ownedBy: 'custom',
      endpointTypes: ['openai'],
      listedEndpointTypes: ['openai', 'openai-response'],
    },
  ]);
  const app = await openPlayground(startApp, fakeGateway);
  await chooseModel(page, 'gpt-oss-120b');
  // Both formats listed: the gateway's order picks Responses.
  await expect(formatOption(page, 'Responses')).toBeChecked();
  fakeGateway.setEventDelay(1);
  fakeGateway.setChatReply({ text: 'Hello from the chat channel.' });
  await send(page, 'Hello?');
  const error = page.getByTestId('reply-error');
  await expect(error).toBeVisible({ timeout: 10_000 });
  await expect(error).toContainText(/Responses/);
  // The formats the model lists are offered: here only Chat Completions (it is not listed for /v1beta).
  await expect(error.getByRole('button', { name: /^Send as / })).toHaveText(['Send as Chat Completions']);
  await app.screenshot('playground-format-error');

  await error.getByTestId('switch-format-chat').click();
  await settled(replies(page).first());
  await expect(replies(page).first().getByTestId('reply-text')).toHaveText('Hello from the chat channel.');
  await expect(page.getByTestId('reply-error')).toHaveCount(0);
  await expect(replies(page)).toHaveCount(1);
  await expect(formatOption(page, 'Chat Completions')).toBeChecked();
  const sent = chatRequests(fakeGateway, '/v1/chat/completions');
  expect(sent).toHaveLength(1);
  expect((sent[0]!.json as ChatBody).messages).toEqual([{ role: 'user', content: 'Hello?' }]);
  expect(chatRequests(fakeGateway, '/v1/responses')).toHaveLength(1);

  // A new chat: another model first, then this one again — it goes to Chat Completions at once.
  await page.getByTestId('new-chat').click();
  await chooseModel(page, 'o3-pro');
  await expect(formatOption(page, 'Responses')).toBeChecked();
  await chooseModel(page, 'gpt-oss-120b');
  await expect(formatOption(page, 'Chat Completions')).toBeChecked();
  // Remembered across a restart of the window too (it is a saved preference).
  await app.reload();
  await page.getByTestId('nav-playground').click();
  await chooseModel(page, 'o3-pro');
  await chooseModel(page, 'gpt-oss-120b');
  await expect(formatOption(page, 'Chat Completions')).toBeChecked();

  await app.expectNoKeyLeak(fakeGateway.apiKey);
  expect(app.consoleErrors).toEqual([]);
});
