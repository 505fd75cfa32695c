// The Playground end to end, part 1: streamed replies in both formats with their metrics, Stop, and the
// requests as the gateway received them. Typed in the page, answered by the fake gateway through the real
// main-side layer.
import type { Locator } from '@playwright/test';
import { expect, test } from './harness.ts';
import { expectNothingCovered } from './layout-checks.ts';
import {
  chatRequests,
  expectProgressive,
  openPlayground,
  pickFormat,
  replies,
  send,
  settled,
} from './playground-helpers.ts';

const LONG_REPLY =
  'Streaming lets you read the start of an answer while the rest is still being written. ' +
  'This reply is long enough to arrive in many small pieces, so the test can watch it grow on screen ' +
  'before it ends with its usage and status. '.repeat(3).trimEnd();

test('a streamed Responses reply grows on screen, ends with its metrics, and the next turn sends the history', async ({
  page,
  startApp,
  fakeGateway,
}) => {
  const app = await openPlayground(startApp, fakeGateway);
  await expect(page.getByTestId('empty-setup')).toHaveText('Responses · gpt-5-mini · streamed');
  await app.screenshot('playground-empty');

  const reasoning = 'The user asks about streaming. I will explain why it helps, briefly.';
  fakeGateway.setChatReply({ text: LONG_REPLY, reasoning, reasoningWhen: 'always', chunkSize: 6 });
  // ~70 events, 50 ms apart: the reply takes over 3 s, so it is still streaming when the checks below
  // have seen half of it, even on a loaded machine (at 25 ms a cold first test could miss the moment).
  fakeGateway.setEventDelay(50);
  await expectProgressive(page, () => send(page, 'Tell me about streaming.'));
  await expect(page.getByTestId('user-message')).toHaveText(/Tell me about streaming\./);
  const reply = replies(page).first();
  // The reasoning summary is open while the reply streams…
  await expect(reply.getByTestId('reasoning')).toContainText(reasoning);
  // Over 150 characters shown while it still streams (looked at together, and often: a slow poll on a
  // busy machine could otherwise first look after the end).
  await expect
    .poll(
      async () =>
        (await reply.getAttribute('data-state')) === 'streaming'
          ? (await reply.getByTestId('reply-text').innerText()).length
          : -1,
      { intervals: [20] },
    )
    .toBeGreaterThan(150);
  await expect(reply).toHaveAttribute('data-state', 'streaming');
  await app.screenshot('playground-streaming');
  await settled(reply);
  // …and folded once it is done (one click opens it again).
  const reasoningToggle = reply.getByTestId('reasoning').getByRole('button');
  await expect(reasoningToggle).toHaveAttribute('aria-expanded', 'false');
  await expect(reply.getByTestId('reasoning')).not.toContainText(reasoning);
  await reasoningToggle.click();
  await expect(reply.getByTestId('reasoning')).toContainText(reasoning);
  await expect(reply.getByTestId('reply-text')).toHaveText(LONG_REPLY);

  const facts = reply.getByTestId('reply-facts');
  await expect(facts).toContainText('gpt-5-mini');
  await expect(facts.locator('[data-fact="tokens"]')).toHaveText(/^\d[\d,]* in · \d[\d,]* out$/);
  await expect(facts.locator('[data-fact="ttft"]')).toHaveText(/^TTFT \d+(\.\d)? (ms|s)$/);
  await expect(facts.locator('[data-fact="speed"]')).toHaveText(/^\d[\d,.]* tok\/s$/);
  await expect(facts.locator('[data-fact="total"]')).toHaveText(/^\d+(\.\d)? (ms|s) total$/);
  await expect(facts.locator('[data-fact="status"]')).toHaveText('completed');
  // The title comes from the first message.
  await expect(page.getByTestId('conversation-title')).toHaveText('Tell me about streaming.');

  fakeGateway.setEventDelay(2);
  fakeGateway.setChatReply({ text: 'Second answer.' });
  await send(page, 'And again?');
  await settled(replies(page).nth(1));

  const [first, second] = chatRequests(fakeGateway, '/v1/responses');
  expect(first?.json).toMatchObject({ model: 'gpt-5-mini', store: false, stream: true });
  expect(second?.json).toMatchObject({ model: 'gpt-5-mini', store: false, stream: true });
  const input = (second!.json as { input: unknown[] }).input;
  expect(JSON.stringify(input)).toContain('Tell me about streaming.');
  expect(JSON.stringify(input)).toContain(LONG_REPLY.slice(0, 60));
  expect(JSON.stringify(input.at(-1))).toContain('And again?');
  expect(input.length).toBe(3);
  // Nothing unset is sent.
  for (const field of ['temperature', 'top_p', 'max_output_tokens', 'instructions', 'reasoning'])
    expect(second!.json).not.toHaveProperty(field);

  await app.expectNoKeyLeak(fakeGateway.apiKey);
  expect(app.consoleErrors).toEqual([]);
});

test('a streamed content-generation reply grows and ends with metrics; the parameters set are sent, unset ones are not', async ({
  page,
  startApp,
  fakeGateway,
}) => {
  const app = await openPlayground(startApp, fakeGateway);
  await pickFormat(page, 'Content generation');
  await expect(page.getByTestId('empty-setup')).toHaveText(
    'Content generation · gemini-2.5-flash · streamed',
  );
  await expect(page.getByTestId('param-stop-unavailable')).toHaveCount(0);

  await page.getByTestId('param-system').fill('You answer like a pirate.');
  await page.getByTestId('param-temperature').fill('0.3');
  await page.getByTestId('param-max-tokens').fill('256');
  await page.getByTestId('param-stop').fill('END\nSTOP HERE');
  await expect(page.getByTestId('parameters-count')).toHaveText('4');

  fakeGateway.setChatReply({ text: LONG_REPLY, chunkSize: 6 });
  fakeGateway.setEventDelay(25);
  await expectProgressive(page, () => send(page, 'Hello from the content format.'));
  const reply = replies(page).first();
  await settled(reply);
  const facts = reply.getByTestId('reply-facts');
  await expect(facts).toContainText('gemini-2.5-flash');
  await expect(facts.locator('[data-fact="tokens"]')).toHaveText(/^\d[\d,]* in · \d[\d,]* out$/);
  await expect(facts.locator('[data-fact="ttft"]')).toBeVisible();
  await expect(facts.locator('[data-fact="speed"]')).toHaveText(/^\d[\d,.]* tok\/s$/);
  await expect(facts.locator('[data-fact="total"]')).toBeVisible();
  await expect(facts.locator('[data-fact="status"]')).toHaveText('STOP');

  fakeGateway.setEventDelay(2);
  await send(page, 'One more.');
  await settled(replies(page).nth(1));

  const requests = chatRequests(fakeGateway, /^\/v1beta\/models\/gemini-2\.5-flash:streamGenerateContent$/);
  expect(requests).toHaveLength(2);
  const body = requests[1]!.json as Record<string, unknown> & {
    contents: Array<{ role: string; parts: Array<{ text: string }> }>;
    generationConfig: Record<string, unknown>;
  };
  expect(body.contents.map((c) => c.role)).toEqual(['user', 'model', 'user']);
  expect(body.contents[0]!.parts[0]!.text).toBe('Hello from the content format.');
  expect(body.contents[1]!.parts.map((p) => p.text).join('')).toBe(LONG_REPLY);
  expect(body.contents[2]!.parts[0]!.text).toBe('One more.');
  expect(body.systemInstruction).toEqual({ parts: [{ text: 'You answer like a pirate.' }] });
  expect(body.generationConfig).toEqual({
    temperature: 0.3,
    maxOutputTokens: 256,
    stopSequences: ['END', 'STOP HERE'],
  });
  expect(body).not.toHaveProperty('model');

  await app.expectNoKeyLeak(fakeGateway.apiKey);
  expect(app.consoleErrors).toEqual([]);
});

test('Stop mid-stream keeps the partial reply, marked stopped, and closes the request to the gateway', async ({
  page,
  startApp,
  fakeGateway,
}) => {
  const app = await openPlayground(startApp, fakeGateway);
  fakeGateway.setChatReply({ text: LONG_REPLY, chunkSize: 4 });
  fakeGateway.setEventDelay(120);
  await send(page, 'Say something long, slowly.');
  const reply = replies(page).first();
  await expect(reply.getByTestId('reply-text')).not.toHaveText('', { timeout: 10_000 });
  await expect(page.getByTestId('composer-stop')).toBeVisible();

  const closed = fakeGateway.nextRequestClosed(5_000);
  // Esc stops from anywhere in the panel (here: the composer, which keeps the focus).
  await page.getByTestId('composer-input').press('Escape');
  const event = await closed;
  expect(event.request.path).toBe('/v1/responses');

  await settled(reply, 'stopped');
  await expect(reply.getByTestId('reply-stopped')).toHaveText('Stopped — partial reply kept.');
  await expect(reply.locator('[data-fact="status"]')).toHaveText('stopped');
  const partial = await reply.getByTestId('reply-text').innerText();
  expect(partial.length).toBeGreaterThan(0);
  expect(LONG_REPLY.startsWith(partial.trim())).toBe(true);
  expect(partial.trim().length).toBeLessThan(LONG_REPLY.length);
  await expect(page.getByTestId('composer-send')).toBeVisible();
  await app.screenshot('playground-stopped');

  // The partial reply is kept in the saved conversation too.
  const [saved] = (await app.ok('conversations.list', {})).conversations;
  const conversation = await app.ok('conversations.get', { id: saved!.id });
  expect(conversation.messages.at(-1)).toMatchObject({
    role: 'assistant',
    state: 'stopped',
    status: 'stopped',
  });
  expect((conversation.messages.at(-1) as { text: string }).text.trim()).toBe(partial.trim());

  // A reply keeps arriving while another panel is shown, and is saved when it ends.
  fakeGateway.setChatReply({ text: 'Finished while you were away.', chunkSize: 3 });
  fakeGateway.setEventDelay(60);
  await send(page, 'Keep going without me.');
  await expect(replies(page).nth(1)).toHaveAttribute('data-state', 'streaming');
  await page.getByTestId('nav-speak').click();
  await expect.poll(() => fakeGateway.activeRequests, { timeout: 10_000 }).toBe(0);
  await page.getByTestId('nav-playground').click();
  await expect(replies(page).nth(1)).toHaveAttribute('data-state', 'done');
  await expect(replies(page).nth(1).getByTestId('reply-text')).toHaveText('Finished while you were away.');

  await app.expectNoKeyLeak(fakeGateway.apiKey);
  expect(app.consoleErrors).toEqual([]);
});

// Issue 14, item 24: what was seen in screenshots. A "Saved …"/"Exported …" toast sat on the Send button, and
// a long model name ran on under the model list's arrow.
const LONG_MODEL = 'gemini-2.5-flash-preview-native-audio-dialog-2025-09-thinking-exp';

test('notifications leave the composer free, and a long model name stops before the list arrow', async ({
  page,
  startApp,
  fakeGateway,
}) => {
  const app = await openPlayground(startApp, fakeGateway);
  fakeGateway.setEventDelay(1);
  fakeGateway.setChatReply({ text: 'Lighthouses warn ships away from rocks.' });
  await send(page, 'Why do lighthouses exist?');
  await settled(replies(page).first());

  // Two notifications at once, one of them long (a saved file's whole path).
  const menuButton = page.getByTestId('conversation-item').first().getByTestId('conversation-menu');
  await menuButton.click();
  await page.getByRole('menuitem', { name: 'Export as Markdown' }).click();
  await replies(page).first().getByTestId('copy-reply').click();
  const toasts = page.getByTestId('toast');
  await expect(toasts).toHaveCount(2);
  await expect(toasts.filter({ hasText: 'Exported as Markdown' })).toBeVisible();
  await page.getByTestId('composer-input').fill('A question I am typing while the toasts are shown.');
  await expectNothingCovered(toasts, {
    'the Send button': page.getByTestId('composer-send'),
    'the message field': page.getByTestId('composer-input'),
  });
  await app.screenshot('playground-toasts');

  // The model field: the name is cut inside its own box, which ends where the arrow begins.
  const model = page.getByTestId('chat').getByRole('combobox');
  await model.fill(LONG_MODEL);
  await page.getByTestId('composer-input').focus();
  const arrow = page.getByTestId('chat').getByRole('button', { name: 'Show the gateway’s models' });
  await expect(arrow).toBeVisible();
  const fieldBox = (await model.boundingBox())!;
  const arrowBox = (await arrow.boundingBox())!;
  expect(fieldBox.x + fieldBox.width).toBeLessThanOrEqual(arrowBox.x);
  // The name does not fit, so it is cut (not hidden under anything) and its whole text is in the field.
  expect(await model.evaluate((input) => input.scrollWidth > input.clientWidth)).toBe(true);
  await expect(model).toHaveValue(LONG_MODEL);
  await app.screenshot('playground-long-model');

  // The smallest window the app allows (src-main/electron/window.ts: 880 × 580), in the dark: toasts still
  // cover no field, no action and none of the app's own navigation.
  await page.setViewportSize({ width: 880, height: 580 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await replies(page).first().getByTestId('copy-reply').click();
  // Here the conversation list is a drawer: opened for the export, closed again with Esc.
  await page.getByTestId('toggle-conversations').click();
  await page.getByTestId('conversation-item').first().getByTestId('conversation-menu').click();
  await page.getByRole('menuitem', { name: 'Export as JSON' }).click();
  await expect(toasts.filter({ hasText: 'Exported as JSON' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('conversations')).toHaveCount(0);
  await expectNothingCovered(toasts, {
    'the Send button': page.getByTestId('composer-send'),
    'the message field': page.getByTestId('composer-input'),
    'the model field': model,
    'the Settings link': page.getByTestId('nav-settings'),
    'the profile switcher': page.getByTestId('profile-switcher'),
  });
  // The panel fills the window and nothing hangs below it: a hidden checkbox far down the parameters once
  // made the content area scrollable, and a focus could scroll the whole panel up out of the window.
  const content = page.locator('.shell__content');
  expect(await content.evaluate((area) => area.scrollHeight - area.clientHeight)).toBe(0);
  await app.screenshot('playground-toasts-small-window');

  expect(app.consoleErrors).toEqual([]);
});

// Issue 14, item 25: compaction could not be cancelled. Cancel (or Esc) now ends it: the request to the
// gateway is closed, no error is shown, and the conversation stays exactly as it was.
test('a running compaction can be cancelled, with Cancel or Esc, and leaves the conversation as it was', async ({
  page,
  startApp,
  fakeGateway,
}) => {
  const app = await openPlayground(startApp, fakeGateway);
  fakeGateway.setEventDelay(1);
  fakeGateway.setChatReply({ text: 'Paris is the capital of France.' });
  await send(page, 'What is the capital of France?');
  await settled(replies(page).first());

  for (const how of ['button', 'Escape'] as const) {
    fakeGateway.inject({
      match: { path: '/v1/responses/compact' },
      fault: { kind: 'stall-headers', ms: 20_000 },
    });
    await page.getByTestId('compact').click();
    await expect(page.getByTestId('compacting')).toBeVisible();
    const cancel = page.getByTestId('cancel-compact');
    await expect(cancel).toBeVisible();
    if (how === 'button') await app.screenshot('playground-compacting-cancel');
    const closed = fakeGateway.nextRequestClosed(5_000);
    if (how === 'button') await cancel.click();
    else await page.getByTestId('composer-input').press('Escape');
    expect((await closed).request.path).toBe('/v1/responses/compact');

    await expect(page.getByTestId('compacting')).toHaveCount(0);
    await expect(cancel).toHaveCount(0);
    await expect(page.getByTestId('compact')).toBeEnabled();
    await expect(page.getByTestId('conversation-notice')).toHaveCount(0);
    await expect(page.getByTestId('toast')).toHaveCount(0);
    await expect(page.getByTestId('compaction-marker')).toHaveCount(0);
    await expect(page.getByTestId('user-message')).toHaveText(/What is the capital of France\?/);
    await expect(replies(page).first().getByTestId('reply-text')).toHaveText(
      'Paris is the capital of France.',
    );
  }

  // What is saved is the conversation as it was: one question, one answer, no compaction.
  const [saved] = (await app.ok('conversations.list', {})).conversations;
  const conversation = await app.ok('conversations.get', { id: saved!.id });
  expect(conversation.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
  // And it still compacts when left to finish.
  await page.getByTestId('compact').click();
  await expect(page.getByTestId('compaction-marker')).toBeVisible({ timeout: 10_000 });

  expect(app.consoleErrors).toEqual([]);
});

test('the message field grows with its text up to eight lines, then scrolls', async ({
  startApp,
  fakeGateway,
}) => {
  const { page } = await openPlayground(startApp, fakeGateway);
  const field = page.getByTestId('composer-input');
  const height = () => field.evaluate((area) => area.getBoundingClientRect().height);
  const lines = (count: number) => Array.from({ length: count }, (_, i) => `Line ${i + 1}`).join('\n');
  const one = await height();
  await field.fill(lines(3));
  const three = await height();
  expect(three).toBeGreaterThan(one * 2);
  await field.fill(lines(8));
  const eight = await height();
  expect(eight).toBeGreaterThan(three * 2);
  // Beyond eight lines it stops growing and scrolls.
  await field.fill(lines(30));
  expect(await height()).toBeCloseTo(eight, 0);
  expect(await field.evaluate((area) => area.scrollHeight > area.clientHeight + 100)).toBe(true);
  // Emptied, it is one line again.
  await field.fill('');
  expect(await height()).toBeCloseTo(one, 0);
});

/** The reply's markdown as structure and text: tags and classes outside code, and every text (no colours). */
async function markdownShape(reply: Locator): Promise<string> {
  return reply.getByTestId('reply-text').evaluate((root) => {
    const shape = Array.from(root.querySelectorAll('*'))
      .filter((element) => !element.closest('pre'))
      .map((element) => `${element.tagName}${element.className ? `.${element.className}` : ''}`);
    return `${shape.join(' ')}\n${root.textContent}`;
  });
}

test('a streamed markdown reply ends as the same page as the saved reply opened again, and copies whole code', async ({
  page,
  startApp,
  fakeGateway,
}) => {
  const app = await openPlayground(startApp, fakeGateway);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.origin });
  const code = 'def total(rows):\n    """Sum the amounts."""\n    return sum(row["amount"] for row in rows)';
  const text = [
    '## Totals by **region**',
    'A paragraph with `inline code`, a [link](https://example.com/docs) and *emphasis*.',
    '- first item\n- second item with `code`\n  1. nested',
    `\`\`\`python\n${code}\n\`\`\``,
    '| Region | Amount |\n| :--- | ---: |\n| North | 12 |\n| South | 30 |',
    '> Quoted, to close.',
  ].join('\n\n');
  // Small pieces, so every block is seen half written (and the code block grows) before it finishes.
  fakeGateway.setChatReply({ text, chunkSize: 5 });
  fakeGateway.setEventDelay(15);
  await send(page, 'Sum the rows by region.');
  const reply = await settled(replies(page).first());
  const streamed = await markdownShape(reply);
  expect(streamed).toContain('TABLE');
  expect(streamed).toContain('Totals by region');

  // The copy button was made while the code still grew: it copies the code as it ended (as the fence holds
  // it: with its last line break).
  await reply.getByRole('button', { name: 'Copy code' }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(`${code}\n`);

  await app.reload();
  await page.getByTestId('nav-playground').click();
  await page
    .getByTestId('conversation-item')
    .getByRole('button', { name: /^Sum the rows by region/ })
    .click();
  expect(await markdownShape(await settled(replies(page).first()))).toBe(streamed);
});
