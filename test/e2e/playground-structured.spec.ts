// Issue 15, item 5, end to end: structured output from the Parameters panel. A schema is checked by main's
// validator as it is typed; a bad one is refused before anything reaches the gateway, with the validator's
// message; a reply asked with a good one is checked against it and shown pretty-printed with its verdict.
import type { Page } from '@playwright/test';
import type { ChatFormat } from '../../src-preload/contract.ts';
import { expect, test } from './harness.ts';
import { chatRequests, openPlayground, replies, send, settled } from './playground-helpers.ts';

/** Clicks a format in the toolbar's switch (its label: the radio itself is drawn as a segment). */
async function chooseFormat(page: Page, format: ChatFormat): Promise<void> {
  const radio = `input[value="${format}"]`;
  await page
    .getByTestId('format')
    .locator('label', { has: page.locator(radio) })
    .click();
  await expect(page.getByTestId('format').locator(radio)).toBeChecked();
}

/** Picks the Responses format and gpt-5-mini, and makes sure the Parameters column is shown. */
async function responsesWithParameters(page: Page): Promise<void> {
  await chooseFormat(page, 'responses');
  await expect(page.getByTestId('empty-setup')).toHaveText('Responses · gpt-5-mini · streamed');
  if ((await page.getByTestId('parameters').count()) === 0)
    await page.getByTestId('toggle-parameters').click();
  await expect(page.getByTestId('parameters')).toBeVisible();
}

/** Flips the structured-output switch as a person does: by its label (the box itself is drawn as a track). */
async function flipStructured(page: Page, on: boolean): Promise<void> {
  const params = page.getByTestId('parameters');
  await params.getByText('Structured output (JSON Schema)').click();
  if (on) await expect(params.getByTestId('structured-toggle')).toBeChecked();
  else await expect(params.getByTestId('structured-toggle')).not.toBeChecked();
}

/** Turns structured output on and starts from the "Contact details" example (`shoot`: with the menu open). */
async function contactSchema(page: Page, shoot?: () => Promise<unknown>): Promise<void> {
  const params = page.getByTestId('parameters');
  await flipStructured(page, true);
  await params.getByTestId('structured-examples').click();
  const contact = page.getByRole('menuitem', { name: /Contact details/ });
  await expect(contact).toBeVisible();
  await expect(page.getByRole('menuitem')).toHaveCount(4);
  await shoot?.();
  await contact.click();
  await expect(params.getByTestId('structured-name')).toHaveValue('contact');
  await expect(params.getByTestId('structured-schema')).toHaveValue(/"required": \[\s*"name"/);
  await expect(params.getByTestId('structured-check')).toHaveText('Valid JSON Schema');
}

test('a schema is checked as it is typed, and a bad one is refused before sending with the validator’s message', async ({
  page,
  startApp,
  fakeGateway,
}) => {
  const app = await openPlayground(startApp, fakeGateway);
  await responsesWithParameters(page);
  const params = page.getByTestId('parameters');
  await expect(params.getByTestId('structured-schema')).toHaveCount(0);

  await contactSchema(page, () => app.screenshot('structured-examples-menu'));
  // Strict is offered in the Responses format, and on by default.
  await expect(params.getByTestId('structured-strict')).toBeChecked();
  await expect(params.getByTestId('structured-strict')).toBeEnabled();
  await params.getByTestId('structured-schema').scrollIntoViewIfNeeded();
  await app.screenshot('structured-valid-example');

  // A type JSON Schema does not have: main's validator says what is wrong, under the editor.
  await params.getByTestId('structured-schema').fill('{"type": "objekt"}');
  const check = params.getByTestId('structured-check');
  await expect(check).toHaveAttribute('data-status', 'invalid');
  await expect(check).not.toHaveText('Valid JSON Schema');
  const message = (await check.innerText()).trim();
  expect(message).toMatch(/type/);
  await app.screenshot('structured-invalid-schema');

  // Send: refused with that same message, and the gateway never hears of it.
  await send(page, 'Ada Lovelace, ada@example.org, Analytical Engines Ltd.');
  const reply = await settled(replies(page).first(), 'error');
  await expect(reply.getByTestId('reply-error')).toContainText(message);
  // (The app lists the gateway's models with GETs; a chat request would be the only POST.)
  expect(fakeGateway.requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([]);
  await app.screenshot('structured-send-refused');

  // Fixed, it is valid again; turned off, nothing of it is shown (and it comes back when turned on).
  await params.getByTestId('structured-schema').fill('{"type": "object"}');
  await expect(check).toHaveText('Valid JSON Schema');
  // An example picked over a schema of one's own can be undone.
  await params.getByTestId('structured-examples').click();
  await page.getByRole('menuitem', { name: /Sentiment/ }).click();
  await expect(params.getByTestId('structured-schema')).toHaveValue(/"positive"/);
  await expect(params.getByTestId('structured-name')).toHaveValue('sentiment');
  await params.getByTestId('structured-undo').click();
  await expect(params.getByTestId('structured-schema')).toHaveValue('{"type": "object"}');
  await expect(params.getByTestId('structured-name')).toHaveValue('contact');
  // A name the formats refuse is said so, and the last good one is what is sent meanwhile.
  await params.getByTestId('structured-name').fill('my contact');
  await expect(
    params.getByText('Letters, digits, _ and - only (1–64). Sent as “contact” until then.'),
  ).toBeVisible();
  await params.getByTestId('structured-name').fill('contact_card');
  await expect(params.getByText(/Sent as “/)).toHaveCount(0);
  await flipStructured(page, false);
  await expect(params.getByTestId('structured-schema')).toHaveCount(0);
  await flipStructured(page, true);
  await expect(params.getByTestId('structured-schema')).toHaveValue('{"type": "object"}');

  // Chat Completions has a strict flag too; content generation has none, and says so.
  await chooseFormat(page, 'chat');
  await expect(params.getByTestId('structured-strict')).toBeEnabled();
  await expect(params.getByTestId('param-seed')).toBeVisible();
  await app.screenshot('structured-chat-parameters');
  await chooseFormat(page, 'content');
  await expect(params.getByTestId('structured-strict')).toBeDisabled();
  await expect(params.getByText('Not in content generation: it has no strict flag.')).toBeVisible();
  await expect(params.getByTestId('structured-schema')).toHaveValue('{"type": "object"}');
  await app.screenshot('structured-content-no-strict');

  await app.expectNoKeyLeak(fakeGateway.apiKey);
  expect(app.consoleErrors).toEqual([]);
});

const CONTACT = {
  name: 'Ada Lovelace',
  email: 'ada@example.org',
  phone: '',
  company: 'Analytical Engines Ltd',
};

test('a reply asked with a schema is sent with it, validated, and shown pretty-printed with its verdict', async ({
  page,
  startApp,
  fakeGateway,
}) => {
  const app = await openPlayground(startApp, fakeGateway);
  await responsesWithParameters(page);
  await contactSchema(page);

  fakeGateway.setEventDelay(2);
  fakeGateway.setChatReply({ text: JSON.stringify(CONTACT) });
  await send(page, 'Ada Lovelace, ada@example.org, Analytical Engines Ltd.');
  const first = await settled(replies(page).first());
  const verdict = first.getByTestId('structured-verdict');
  await expect(verdict).toHaveText('Matches schema contact');
  // Pretty-printed: one property a line, indented two spaces, in a code block.
  await expect(first.locator('.markdown-code')).toContainText('  "email": "ada@example.org",');
  await expect(first.locator('.markdown-code')).toContainText(JSON.stringify(CONTACT, null, 2));
  await app.screenshot('structured-reply-matches');

  // What the gateway received: the schema as `text.format` (WIRE.md Part 2, Responses).
  const [request] = chatRequests(fakeGateway, '/v1/responses');
  expect((request!.json as { text?: unknown }).text).toMatchObject({
    format: { type: 'json_schema', name: 'contact', strict: true, schema: { type: 'object' } },
  });

  // A reply that leaves out a required property: said so, with what the validator found.
  const { phone: _left, ...withoutPhone } = CONTACT;
  fakeGateway.setChatReply({ text: JSON.stringify(withoutPhone) });
  await send(page, 'Grace Hopper, grace@example.org.');
  const second = await settled(replies(page).nth(1));
  await expect(second.getByTestId('structured-verdict')).toContainText('Does not match schema contact');
  await expect(second.getByTestId('structured-errors')).toContainText('phone');
  await app.screenshot('structured-reply-mismatch');

  // And one that is not JSON at all: shown as it came.
  fakeGateway.setChatReply({ text: 'Sorry, I cannot find a contact in that.' });
  await send(page, 'Nothing here.');
  const third = await settled(replies(page).nth(2));
  await expect(third.getByTestId('structured-verdict')).toHaveText(/^Not JSON/);
  await expect(third.getByTestId('structured-raw')).toHaveText('Sorry, I cannot find a contact in that.');
  await app.screenshot('structured-reply-not-json');
  await page.emulateMedia({ colorScheme: 'dark' });
  await app.screenshot('structured-reply-dark');

  // The verdicts are kept with the conversation.
  const [saved] = (await app.ok('conversations.list', {})).conversations;
  const conversation = await app.ok('conversations.get', { id: saved!.id });
  const verdicts = conversation.messages.flatMap((m) => (m.role === 'assistant' ? [m.structured] : []));
  expect(
    verdicts.map((s) => s && { name: s.name, valid: s.verdict.valid, parsed: s.verdict.parsed }),
  ).toEqual([
    { name: 'contact', valid: true, parsed: true },
    { name: 'contact', valid: false, parsed: true },
    { name: 'contact', valid: false, parsed: false },
  ]);

  await app.expectNoKeyLeak(fakeGateway.apiKey);
  expect(app.consoleErrors).toEqual([]);
});
