// The Playground end to end, part 2: what happens to a conversation — compaction, saving across a reload,
// the list (rename, search, delete), edit and resend, a format error fixed in one click, and what a reply
// can hold (markdown tables, highlighted code, links opened outside).
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { faults } from '../fake-gateway/server.ts';
import { expect, test } from './harness.ts';
import { chatRequests, openPlayground, pickFormat, replies, send, settled } from './playground-helpers.ts';

test('Compact replaces the history with a marker, and the next turn starts from the compacted items', async ({
  page,
  startApp,
  fakeGateway,
}) => {
  const app = await openPlayground(startApp, fakeGateway);
  await expect(page.getByTestId('compact')).toBeDisabled();
  fakeGateway.setEventDelay(1);
  fakeGateway.setChatReply({ text: 'Paris is the capital of France.' });
  await send(page, 'What is the capital of France?');
  await settled(replies(page).first());
  fakeGateway.setChatReply({ text: 'About 2.1 million people live there.' });
  await send(page, 'How many people live there?');
  await settled(replies(page).nth(1));

  // A slow compaction shows its progress, and nothing can be sent meanwhile.
  fakeGateway.inject({
    match: { path: '/v1/responses/compact' },
    fault: { kind: 'stall-headers', ms: 3_000 },
  });
  await page.getByTestId('compact').click();
  await expect(page.getByTestId('compacting')).toHaveText('Compacting 4 messages…');
  await page.getByTestId('composer-input').fill('Not yet');
  await expect(page.getByTestId('composer-send')).toBeDisabled();
  await expect(page.getByTestId('composer-send')).toHaveAttribute(
    'title',
    'Wait for the compaction to finish.',
  );
  await app.screenshot('playground-compacting');
  await page.getByTestId('composer-input').fill('');
  const marker = page.getByTestId('compaction-marker');
  await expect(marker).toBeVisible({ timeout: 10_000 });
  await expect(marker.getByTestId('compaction-summary')).toHaveText(
    /^4 messages → summary · \d[\d,]* → 64 tokens$/,
  );
  // The title, taken from the first message, stays as it was.
  await expect(page.getByTestId('conversation-title')).toHaveText('What is the capital of France?');
  await expect(page.getByTestId('user-message')).toHaveCount(0);
  await expect(replies(page)).toHaveCount(0);
  // The replaced messages can still be read, greyed and without actions.
  await marker.getByTestId('show-replaced').click();
  const replaced = marker.getByTestId('replaced-messages');
  await expect(replaced).toContainText('What is the capital of France?');
  await expect(replaced).toContainText('About 2.1 million people live there.');
  await expect(replaced.getByRole('button')).toHaveCount(0);
  await app.screenshot('playground-compacted');

  const [compactRequest] = chatRequests(fakeGateway, '/v1/responses/compact');
  expect(compactRequest?.json).toMatchObject({ model: 'gpt-5-mini' });
  const saved = await app.ok('conversations.get', {
    id: (await app.ok('conversations.list', {})).conversations[0]!.id,
  });
  const kept = saved.messages[0]!;
  if (kept.role !== 'compaction')
    throw new Error('the conversation does not start with the compaction marker');
  expect(kept.items.some((item) => (item as { type?: string }).type === 'compaction')).toBe(true);

  fakeGateway.setChatReply({ text: 'It is on the Seine.' });
  await send(page, 'Which river runs through it?');
  await settled(replies(page).first());
  const next = chatRequests(fakeGateway, '/v1/responses').at(-1)!.json as { input: unknown[] };
  expect(next.input.slice(0, kept.items.length)).toEqual(kept.items);
  expect(next.input).toHaveLength(kept.items.length + 1);
  expect(JSON.stringify(next.input.at(-1))).toContain('Which river runs through it?');

  // A model whose channel has no compaction: said plainly, and nothing is lost.
  await page.getByTestId('chat').getByRole('combobox').fill('gpt-4o-mini');
  await page.getByTestId('compact').click();
  const notice = page.getByTestId('conversation-notice');
  await expect(notice).toContainText('This model’s channel does not offer compaction.');
  await expect(notice).toContainText('Nothing was changed.');
  await expect(page.getByTestId('compaction-marker')).toHaveCount(1);
  await expect(replies(page)).toHaveCount(1);
  await expect(page.getByTestId('user-message')).toHaveText(/Which river runs through it\?/);

  await app.expectNoKeyLeak(fakeGateway.apiKey);
  expect(app.consoleErrors).toEqual([]);
});

test('a conversation survives a reload, and can be renamed, searched and deleted from the list', async ({
  page,
  startApp,
  fakeGateway,
}) => {
  const app = await openPlayground(startApp, fakeGateway);
  await pickFormat(page, 'Content generation');
  await page.getByTestId('param-temperature').fill('0.4');
  await page.getByTestId('stream-toggle').uncheck({ force: true });
  fakeGateway.setEventDelay(1);
  fakeGateway.setChatReply({ text: 'Lighthouses warn ships away from rocks.' });
  await send(page, 'Why do lighthouses exist?');
  await settled(replies(page).first());
  // A second conversation, so the list has something to filter.
  await page.keyboard.press('Control+n');
  await expect(page.getByTestId('empty-playground')).toBeVisible();
  fakeGateway.setChatReply({ text: 'Bread rises because yeast makes gas.' });
  await send(page, 'Why does bread rise?');
  await settled(replies(page).first());
  await expect(page.getByTestId('conversation-item')).toHaveCount(2);

  // A draft survives switching panel and conversation.
  await page.getByTestId('composer-input').fill('A draft I have not sent');
  await page.getByTestId('nav-speak').click();
  await page.getByTestId('nav-playground').click();
  await expect(page.getByTestId('composer-input')).toHaveValue('A draft I have not sent');
  await page
    .getByTestId('conversation-item')
    .nth(1)
    .getByRole('button', { name: /^Why do lighthouses/ })
    .click();
  await expect(page.getByTestId('composer-input')).toHaveValue('');
  await page
    .getByTestId('conversation-item')
    .nth(0)
    .getByRole('button', { name: /^Why does bread/ })
    .click();
  await expect(page.getByTestId('composer-input')).toHaveValue('A draft I have not sent');

  await app.reload();
  await page.getByTestId('nav-playground').click();
  // A new chat starts with the choices made last.
  await expect(page.getByTestId('empty-setup')).toHaveText(
    'Content generation · gemini-2.5-flash · whole replies',
  );
  const items = page.getByTestId('conversation-item');
  await expect(items).toHaveCount(2);
  // Most recent first, each with its model.
  await expect(items.nth(0)).toContainText('Why does bread rise?');
  await expect(items.nth(1)).toContainText('Why do lighthouses exist?');
  await expect(items.nth(1)).toContainText('gemini-2.5-flash');

  await items
    .nth(1)
    .getByRole('button', { name: /^Why do lighthouses exist/ })
    .click();
  await expect(page.getByTestId('conversation-title')).toHaveText('Why do lighthouses exist?');
  await expect(page.getByTestId('user-message')).toHaveText(/Why do lighthouses exist\?/);
  await expect(replies(page).first().getByTestId('reply-text')).toHaveText(
    'Lighthouses warn ships away from rocks.',
  );
  await expect(replies(page).first().locator('[data-fact="status"]')).toHaveText('STOP');
  await expect(page.getByTestId('format').getByLabel('Content generation')).toBeChecked();
  await expect(page.getByTestId('stream-toggle')).not.toBeChecked();
  await expect(page.getByTestId('param-temperature')).toHaveValue('0.4');

  // Rename from the list.
  await items.nth(1).getByTestId('conversation-menu').click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  // The row's menu button (shown while the row has focus) stands beside the name field, not over its end.
  const renameBox = (await page.getByTestId('conversation-rename-input').boundingBox())!;
  const rowMenuBox = (await items.nth(1).getByTestId('conversation-menu').boundingBox())!;
  expect(renameBox.x + renameBox.width).toBeLessThanOrEqual(rowMenuBox.x);
  await page.getByTestId('conversation-rename-input').fill('Lighthouses');
  await page.getByTestId('conversation-rename-input').press('Enter');
  await expect(page.getByTestId('conversation-title')).toHaveText('Lighthouses');
  await expect(items.filter({ hasText: 'Lighthouses' })).toHaveCount(1);

  // …and from the toolbar.
  await page.getByTestId('conversation-title').click();
  await page.getByTestId('title-input').fill('Lighthouses and ships');
  await page.getByTestId('title-input').press('Enter');
  await expect(items.filter({ hasText: 'Lighthouses and ships' })).toHaveCount(1);

  // The row menu works from the keyboard: ArrowUp on its button opens it at the last item, Esc closes
  // it and gives focus back.
  const menuButton = items.filter({ hasText: 'Lighthouses and ships' }).getByTestId('conversation-menu');
  await menuButton.focus();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('menuitem', { name: 'Delete…' })).toBeFocused();
  await app.screenshot('playground-row-menu');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(menuButton).toBeFocused();

  // Export: the native save dialog (answered by the harness), then a toast saying where it went.
  await menuButton.click();
  await page.getByRole('menuitem', { name: 'Export as Markdown' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Exported as Markdown' })).toBeVisible();
  expect(app.dialogs.saves).toHaveLength(1);
  const exported = readFileSync(join(app.dataDir, 'exports', app.dialogs.saves[0]!.defaultName), 'utf8');
  expect(exported).toContain('Lighthouses warn ships away from rocks.');

  // Search matches message text, not only titles.
  await page.getByTestId('conversation-search').fill('yeast');
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText('Why does bread rise?');
  await page.getByTestId('conversation-search').fill('submarine');
  await expect(page.getByTestId('conversations-empty')).toHaveText('No conversation matches “submarine”.');
  await page.getByTestId('conversation-search').fill('');
  await expect(items).toHaveCount(2);

  // Delete, after asking (what the inspector kept of its replies goes too, and the question says how much).
  const doomed = (await app.ok('conversations.list', {})).conversations.find(
    (c) => c.title === 'Lighthouses and ships',
  )!;
  expect(existsSync(join(app.dataDir, 'inspector', doomed.id))).toBe(true);
  await items.filter({ hasText: 'Lighthouses and ships' }).getByTestId('conversation-menu').click();
  await page.getByRole('menuitem', { name: 'Delete…' }).click();
  const dialog = page.getByTestId('confirm-delete-conversation');
  await expect(dialog).toContainText(
    /“Lighthouses and ships” and its 2 messages, with \d+(\.\d)? [KMG]?B of inspector detail, will be deleted\./,
  );
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(items).toHaveCount(1);
  expect(existsSync(join(app.dataDir, 'inspector', doomed.id))).toBe(false);
  await expect(page.getByTestId('empty-playground')).toBeVisible();
  expect((await app.ok('conversations.list', {})).conversations.map((c) => c.title)).toEqual([
    'Why does bread rise?',
  ]);

  await app.expectNoKeyLeak(fakeGateway.apiKey);
  expect(app.consoleErrors).toEqual([]);
});

test('edit and resend drops the later turns, on screen and in the next request', async ({
  page,
  startApp,
  fakeGateway,
}) => {
  // Five streamed replies, an edit and a regenerate: well past the default on a busy 2-core CI machine.
  test.setTimeout(60_000);
  const app = await openPlayground(startApp, fakeGateway);
  fakeGateway.setEventDelay(1);
  for (const question of ['First question?', 'Second question?', 'Third question?']) {
    await send(page, question);
    await settled(replies(page).last());
  }
  await expect(page.getByTestId('user-message')).toHaveCount(3);

  await replies(page).nth(1).hover();
  await app.screenshot('playground-reply-actions');
  const second = page.getByTestId('user-message').nth(1);
  await second.hover();
  await second.getByTestId('edit-message').click();
  await app.screenshot('playground-edit-turn');
  await expect(page.getByTestId('edit-turn-input')).toHaveValue('Second question?');
  await page.getByTestId('edit-turn-input').fill('Second question, rephrased?');
  await page.getByTestId('edit-turn-input').press('Control+Enter');

  await settled(replies(page).nth(1));
  await expect(page.getByTestId('user-message')).toHaveCount(2);
  await expect(page.getByTestId('user-message').nth(1)).toHaveText(/Second question, rephrased\?/);
  await expect(replies(page)).toHaveCount(2);
  await expect(page.getByText('Third question?')).toHaveCount(0);

  const input = chatRequests(fakeGateway, '/v1/responses').at(-1)!.json as { input: unknown[] };
  expect(input.input).toHaveLength(3);
  expect(JSON.stringify(input.input)).toContain('First question?');
  expect(JSON.stringify(input.input)).not.toContain('Third question?');
  expect(JSON.stringify(input.input.at(-1))).toContain('Second question, rephrased?');

  // Regenerate asks again for the last turn, replacing its reply.
  fakeGateway.setChatReply({ text: 'A fresh take.' });
  await replies(page).nth(1).hover();
  await replies(page).nth(1).getByTestId('regenerate').click();
  await settled(replies(page).nth(1));
  await expect(replies(page).nth(1).getByTestId('reply-text')).toHaveText('A fresh take.');
  await expect(replies(page)).toHaveCount(2);

  await app.expectNoKeyLeak(fakeGateway.apiKey);
  expect(app.consoleErrors).toEqual([]);
});

const LONG_MARKDOWN = `## Debouncing, three ways

A **debounce** waits until calls stop for a moment, then runs once. See [the MDN glossary](https://developer.mozilla.org/en-US/docs/Glossary/Debounce) for more.

| Approach | Keeps the last call | Cancellable | Lines |
|---|---|---|---|
| Timer reset | yes | with a handle | 8 |
| Leading edge | no | yes | 10 |
| requestAnimationFrame | yes | yes | 9 |

### TypeScript

\`\`\`ts
export function debounce<A extends unknown[]>(run: (...args: A) => void, waitMs: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return (...args: A) => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => run(...args), waitMs);
  };
}
\`\`\`

### Python

\`\`\`python
import threading

def debounce(wait_s):
    def wrap(fn):
        timer = None
        def call(*args, **kwargs):
            nonlocal timer
            if timer is not None:
                timer.cancel()
            timer = threading.Timer(wait_s, fn, args, kwargs)
            timer.start()
        return call
    return wrap
\`\`\`

> Pick the timer reset unless you need the first call to run at once.

1. Wrap the handler.
2. Pass the wrapped one to the event.
3. Cancel it when the component goes away.

\`\`\`json
{ "waitMs": 250, "leading": false, "trailing": true }
\`\`\`
`;

test('a long reply shows markdown: a table, highlighted code, and links that open in the system browser', async ({
  page,
  startApp,
  fakeGateway,
}) => {
  const app = await openPlayground(startApp, fakeGateway);
  fakeGateway.setEventDelay(2);
  fakeGateway.setChatReply({
    text: LONG_MARKDOWN,
    chunkSize: 48,
    reasoning: 'The user wants code in two languages and a comparison table.',
    reasoningWhen: 'always',
  });
  await send(page, 'Show me how to debounce a function, in TypeScript and Python, with a comparison.');
  const reply = await settled(replies(page).first());
  const text = reply.getByTestId('reply-text');
  await expect(text.locator('table')).toBeVisible();
  await expect(text.locator('th').first()).toHaveText('Approach');
  await expect(text.locator('td').filter({ hasText: 'requestAnimationFrame' })).toBeVisible();
  await expect(text.locator('pre')).toHaveCount(3);
  await expect(text.locator('pre').first()).toContainText('export function debounce');
  // Highlighting may finish a moment after the text is shown.
  await expect(text.locator('[class*="hljs-"]').first()).toBeVisible({ timeout: 10_000 });
  await expect(reply.getByTestId('reasoning')).toContainText('Reasoning');
  // The photograph shows the table and the first code block: scrolled up from the end, so the view
  // offers to jump back to the latest.
  await text.locator('h2').evaluate((heading) => heading.scrollIntoView({ block: 'start' }));
  await expect(page.getByTestId('jump-to-latest')).toBeVisible();
  await app.screenshot('playground-long-code');
  await page.getByTestId('jump-to-latest').click();

  // A link opens outside; the page stays where it is.
  const url = page.url();
  const link = text.getByRole('link', { name: 'the MDN glossary' });
  await link.click();
  await expect
    .poll(() => app.openedExternal)
    .toEqual(['https://developer.mozilla.org/en-US/docs/Glossary/Debounce']);
  // A middle click too (it would otherwise open a new window).
  await link.click({ button: 'middle' });
  await expect
    .poll(() => app.openedExternal)
    .toEqual([
      'https://developer.mozilla.org/en-US/docs/Glossary/Debounce',
      'https://developer.mozilla.org/en-US/docs/Glossary/Debounce',
    ]);
  expect(page.url()).toBe(url);

  // The inspector opens beside the conversation, in place of the parameters.
  await reply.hover();
  await reply.getByTestId('inspect-reply').click();
  const inspector = page.getByTestId('inspector');
  await expect(inspector).toBeVisible();
  await expect(page.getByTestId('parameters')).toHaveCount(0);
  await expect(inspector).toContainText('/v1/responses');
  // The body as sent, indented. Its prompt line is too long for the column: it goes on under its own text
  // (the line is indented 6 columns; its next rows start 8 columns in), not at the block's edge.
  // Selected whole, the block is the JSON as sent, its line breaks and indentation included.
  const body = inspector.getByTestId('inspector-request-body');
  const sent = chatRequests(fakeGateway, '/v1/responses').at(-1)?.json;
  const pretty = JSON.stringify(sent, null, 2);
  const promptLine = body.locator('.inspector-code__line').filter({ hasText: 'Show me how to debounce' });
  const wrapped = await promptLine.evaluate((line) => {
    const pre = line.closest('pre')!;
    const edge = pre.getBoundingClientRect().left + parseFloat(getComputedStyle(pre).paddingLeft);
    const text = line.firstChild!;
    const range = document.createRange();
    range.setStart(text, 0);
    range.setEnd(text, 1);
    const column = range.getBoundingClientRect().width;
    // Where each row the line takes starts, in columns from the block's edge (a row can have more than
    // one rectangle: its run of spaces, its text, its break).
    range.selectNodeContents(text);
    const rows = new Map<number, number>();
    for (const { top, left } of range.getClientRects())
      rows.set(Math.round(top), Math.min(rows.get(Math.round(top)) ?? left, left));
    return [...rows.values()].map((left) => Math.round((left - edge) / column));
  });
  // Every row of the line: the first at the block's edge (its 6 columns of indentation are in its text),
  // the rest 8 in.
  expect(wrapped.length).toBeGreaterThan(1);
  expect(wrapped).toEqual([0, ...wrapped.slice(1).map(() => 8)]);
  const selected = await body.evaluate((pre) => {
    const range = document.createRange();
    range.selectNodeContents(pre);
    getSelection()!.removeAllRanges();
    getSelection()!.addRange(range);
    const text = getSelection()!.toString();
    getSelection()!.removeAllRanges();
    return text;
  });
  expect(selected).toBe(pretty);
  await app.screenshot('playground-inspector');
  await page.keyboard.press('Escape');
  await expect(inspector).toHaveCount(0);
  await expect(page.getByTestId('parameters')).toBeVisible();

  // Smaller window, then dark.
  await page.setViewportSize({ width: 900, height: 640 });
  await expect(page.getByTestId('conversations')).toHaveCount(0);
  await app.screenshot('playground-small');
  await page.getByTestId('toggle-conversations').click();
  await expect(page.getByTestId('conversations')).toBeVisible();
  await app.screenshot('playground-small-list');
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 1200, height: 800 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await app.screenshot('playground-dark');
  await page.emulateMedia({ colorScheme: 'light' });

  // High contrast (forced colours): the system repaints backgrounds, and the copy button's icon (a mask
  // over its background) is still drawn, in the button's own text colour.
  await page.emulateMedia({ forcedColors: 'active' });
  const copy = text.locator('.markdown-code__copy').first();
  await copy.scrollIntoViewIfNeeded();
  const colours = await copy.evaluate((button) => ({
    icon: getComputedStyle(button, '::before').backgroundColor,
    text: getComputedStyle(button).color,
  }));
  expect(colours.icon).toBe(colours.text);
  await app.screenshot('playground-code-forced-colors');
  await page.emulateMedia({ forcedColors: 'none' });

  await app.expectNoKeyLeak(fakeGateway.apiKey);
  expect(app.consoleErrors).toEqual([]);
});

test('the view follows a streaming reply until you scroll up; Jump to latest brings it back', async ({
  page,
  startApp,
  fakeGateway,
}) => {
  // The reply streams for ~13 s (longer on a loaded machine): the scrolling below must happen while it
  // still grows, however long the steps before it take.
  test.setTimeout(90_000);
  const app = await openPlayground(startApp, fakeGateway);
  // A starter prompt fills the composer (it does not send by itself).
  await page.getByTestId('starter-prompt').filter({ hasText: 'Write code' }).click();
  await expect(page.getByTestId('composer-input')).toHaveValue(/debounce function/);
  await expect(page.getByTestId('composer-input')).toBeFocused();
  await expect(page.getByTestId('user-message')).toHaveCount(0);
  // With "Send with Shift+Enter", Enter breaks the line instead of sending.
  await page.getByTestId('param-enter').getByText('Shift+Enter').click();
  await page.getByTestId('composer-input').press('End');
  await page.getByTestId('composer-input').press('Enter');
  await expect(page.getByTestId('composer-input')).toHaveValue(/\n$/);
  await expect(page.getByTestId('composer-keys')).toHaveText('Shift+Enter sends · Enter new line');
  await expect(page.getByTestId('user-message')).toHaveCount(0);

  const paragraph = 'A line of a long reply that keeps the view busy while it streams in. ';
  fakeGateway.setChatReply({
    text: Array.from({ length: 120 }, (_, i) => `Paragraph ${i + 1}. ${paragraph}`).join('\n\n'),
    chunkSize: 32,
  });
  fakeGateway.setEventDelay(40);
  await page.getByTestId('composer-input').press('Control+Enter');
  const scroller = page.getByTestId('messages');
  const fromEnd = () => scroller.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight);
  const overflows = () => scroller.evaluate((el) => el.scrollHeight > el.clientHeight + 200);
  await expect.poll(overflows, { timeout: 20_000 }).toBe(true);
  // Following: the end stays in view as the reply grows.
  await expect.poll(fromEnd).toBeLessThan(64);
  await expect(page.getByTestId('jump-to-latest')).toHaveCount(0);

  await scroller.hover();
  await page.mouse.wheel(0, -600);
  await expect(page.getByTestId('jump-to-latest')).toBeVisible();
  // The wheel's scroll may be animated: where the view comes to rest is what the checks below start from.
  const scrollTop = () => scroller.evaluate((el) => el.scrollTop);
  let top = -1;
  await expect
    .poll(
      async () => {
        const before = top;
        top = await scrollTop();
        return top === before;
      },
      { intervals: [100] },
    )
    .toBe(true);
  await page.waitForTimeout(300);
  // Not pulled back down while the reply keeps growing.
  expect(await scrollTop()).toBe(top);
  expect(await fromEnd()).toBeGreaterThan(200);
  await expect(replies(page).first()).toHaveAttribute('data-state', 'streaming');

  await page.getByTestId('jump-to-latest').click();
  await expect(page.getByTestId('jump-to-latest')).toHaveCount(0);
  await expect.poll(fromEnd).toBeLessThan(64);
  await expect(replies(page).first()).toHaveAttribute('data-state', 'done', { timeout: 45_000 });
  await expect.poll(fromEnd).toBeLessThan(64);

  await app.expectNoKeyLeak(fakeGateway.apiKey);
  expect(app.consoleErrors).toEqual([]);
});

test('a failed request can be tried again; a reply cut by closing the app reads as interrupted', async ({
  page,
  startApp,
  fakeGateway,
}) => {
  const app = await openPlayground(startApp, fakeGateway);
  fakeGateway.setEventDelay(1);
  fakeGateway.inject({ match: { path: '/v1/responses' }, fault: faults.quotaExhausted });
  await send(page, 'Is anyone there?');
  const error = page.getByTestId('reply-error');
  await expect(error).toContainText('Insufficient user quota');
  await expect(error.getByTestId('switch-format')).toHaveCount(0);
  // Try again, with focus on the button, and at once (before the next frame: in the same task) a Shift, as
  // for a shortcut: a modifier moves no focus, so the focus still goes on to the composer when the button
  // has gone with the failed reply, instead of staying where it fell.
  const tryAgain = error.getByTestId('try-again');
  await tryAgain.focus();
  await tryAgain.evaluate((button) => {
    (button as HTMLButtonElement).click();
    button.dispatchEvent(new KeyboardEvent('keydown', { key: 'Shift', bubbles: true, cancelable: true }));
  });
  await settled(replies(page).first());
  await expect(page.getByTestId('reply-error')).toHaveCount(0);
  await expect(page.getByTestId('composer-input')).toBeFocused();
  await expect(replies(page)).toHaveCount(1);

  // Delete one message: only that one goes.
  await page.getByTestId('user-message').hover();
  await page.getByTestId('user-message').getByTestId('delete-message').click();
  await expect(page.getByTestId('user-message')).toHaveCount(0);
  await expect(replies(page)).toHaveCount(1);

  // A slow reply, and the window reloads (as if the app closed) while it streams.
  fakeGateway.setChatReply({ text: 'word '.repeat(400).trim(), chunkSize: 5 });
  fakeGateway.setEventDelay(100);
  await send(page, 'Talk for a while.');
  await expect(replies(page).nth(1).getByTestId('reply-text')).not.toHaveText('', { timeout: 10_000 });
  await app.reload();
  await page.getByTestId('nav-playground').click();
  await page
    .getByTestId('conversation-item')
    .first()
    .getByRole('button', { name: /^Talk for a while|^Is anyone/ })
    .click();
  const cut = replies(page).nth(1);
  await expect(cut).toHaveAttribute('data-state', 'stopped');
  await expect(cut.getByTestId('reply-stopped')).toHaveText(
    'Interrupted — the app closed before the reply ended.',
  );
  await expect(cut.locator('[data-fact="status"]')).toHaveText('interrupted');
  // It can be asked again.
  fakeGateway.setEventDelay(1);
  fakeGateway.setChatReply({ text: 'Done talking.' });
  await cut.hover();
  await cut.getByTestId('regenerate').click();
  await settled(replies(page).nth(1));
  await expect(replies(page).nth(1).getByTestId('reply-text')).toHaveText('Done talking.');

  await app.expectNoKeyLeak(fakeGateway.apiKey);
  expect(app.consoleErrors).toEqual([]);
});

// Issue 14, item 8: the inspector's records are kept apart from the conversation file, read back when the
// inspector opens a reply, and can be cleared from the list with their size shown.
test('the inspector reads a reply’s record back after a reload; clearing it says so plainly', async ({
  page,
  startApp,
  fakeGateway,
}) => {
  const app = await openPlayground(startApp, fakeGateway);
  fakeGateway.setEventDelay(1);
  fakeGateway.setChatReply({ text: 'Lighthouses warn ships away from rocks.' });
  await send(page, 'Why do lighthouses exist?');
  await settled(replies(page).first());

  // The conversation's file holds the reply, not its record. Both are written just after the reply ends
  // (the record on its own call), so they are waited for rather than read at once.
  const listedWithRecord = async () => {
    const [first] = (await app.ok('conversations.list', {})).conversations;
    // Nothing listed yet (the save is on its way) is "not yet", like a listing without the record.
    return first !== undefined && first.detailBytes > 0 ? first : null;
  };
  await expect.poll(listedWithRecord).not.toBeNull();
  const listed = (await listedWithRecord())!;
  const fileOf = () => readFileSync(join(app.dataDir, 'conversations', `${listed.id}.json`), 'utf8');
  await expect.poll(fileOf).toContain('Lighthouses warn ships away from rocks.');
  const file = fileOf();
  expect(file).not.toContain('/v1/responses');

  await app.reload();
  await page.getByTestId('nav-playground').click();
  await page
    .getByTestId('conversation-item')
    .getByRole('button', { name: /^Why do lighthouses/ })
    .click();
  const reply = await settled(replies(page).first());

  // The record cannot be read for a moment (a directory in its place stands for a locked or failing
  // file): the inspector says so and offers to try again, which reads it once it is back.
  const records = join(app.dataDir, 'inspector', listed!.id);
  const [recordName] = readdirSync(records);
  const recordPath = join(records, recordName!);
  const record = readFileSync(recordPath);
  rmSync(recordPath);
  mkdirSync(recordPath);
  await reply.hover();
  await reply.getByTestId('inspect-reply').click();
  const inspector = page.getByTestId('inspector');
  const unreadable = inspector.getByTestId('inspector-detail-failed');
  await expect(unreadable).toContainText('The record could not be read');
  await app.screenshot('playground-inspector-unreadable');
  rmSync(recordPath, { recursive: true });
  writeFileSync(recordPath, record);
  await unreadable.getByRole('button', { name: 'Try again' }).click();
  await expect(inspector).toContainText('/v1/responses');
  await expect(inspector.getByTestId('inspector-status')).toHaveText('200 OK');

  await app.screenshot('playground-inspector-reloaded');

  // The row menu (the list is back once the inspector closes) offers to let the records go, with their size.
  await page.keyboard.press('Escape');
  await page.getByTestId('conversation-item').getByTestId('conversation-menu').click();
  const clear = page.getByTestId('conversation-clear-detail');
  await expect(clear).toHaveText(/^Clear inspector detail \(\d+(\.\d)? KB\)$/);
  await app.screenshot('playground-clear-detail-menu');
  await clear.click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Inspector detail cleared' })).toBeVisible();
  await reply.hover();
  await reply.getByTestId('inspect-reply').click();
  await expect(inspector.getByTestId('inspector-detail-gone')).toContainText(
    'Detail for this reply is no longer kept.',
  );
  await app.screenshot('playground-detail-gone');
  await page.keyboard.press('Escape');
  // The conversation itself is untouched, and the menu has nothing more to clear.
  await expect(reply.getByTestId('reply-text')).toHaveText('Lighthouses warn ships away from rocks.');
  await page.getByTestId('conversation-item').getByTestId('conversation-menu').click();
  await expect(page.getByRole('menuitem', { name: 'Delete…' })).toBeVisible();
  await expect(page.getByTestId('conversation-clear-detail')).toHaveCount(0);
  await page.keyboard.press('Escape');

  expect(app.consoleErrors).toEqual([]);
});
