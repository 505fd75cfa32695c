// Issue 17: one prompt answered side by side. Three columns in three formats stream at once from one prompt
// box; one is stopped, one fails with its hint while the others finish, the stopped one is asked again
// alone, a column goes to another gateway's profile, one is continued as a conversation of its own, and
// the comparison is saved with the conversations, reopened after a restart and exported.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { startFakeGateway } from '../fake-gateway/server.ts';
import { expect, test } from './harness.ts';
import { catalogueLoaded, chatRequests, openPlayground, settled } from './playground-helpers.ts';

const columns = (page: Page) => page.getByTestId('compare-column');

/** Sets a column up the way a user does: its format option, then its model. */
async function setUpColumn(column: Locator, format: string, model: string): Promise<void> {
  await column.getByTestId('format').locator('label').filter({ hasText: format }).click();
  await expect(column.getByTestId('format').getByRole('radio', { name: format, exact: true })).toBeChecked();
  await column.getByRole('combobox', { name: 'Model' }).fill(model);
}

const replyOf = (column: Locator) => column.getByTestId('reply').last();

const LONG = 'Tides follow the moon. '.repeat(40).trim();

test('three columns in three formats answer one prompt at once; stop, fail, re-run and continue one', async ({
  page,
  startApp,
  fakeGateway,
}) => {
  // Three streams at once, a re-run and a continue: longer than one chat on a loaded machine.
  test.setTimeout(90_000);
  const app = await openPlayground(startApp, fakeGateway);
  await catalogueLoaded(page);
  await page.getByTestId('new-comparison').click();
  await expect(columns(page)).toHaveCount(2);
  await page.getByTestId('compare-add-column').click();
  await expect(columns(page)).toHaveCount(3);

  await setUpColumn(columns(page).nth(0), 'Responses', 'gpt-5-mini');
  await setUpColumn(columns(page).nth(1), 'Chat Completions', 'claude-sonnet-4-5');
  await setUpColumn(columns(page).nth(2), 'Content generation', 'gemini-2.5-flash');
  await expect(columns(page).nth(1)).toHaveAccessibleName('Column 2 · Chat Completions · claude-sonnet-4-5');

  // Responses streams slowly (to be stopped), Chat Completions briskly; content generation has no channel.
  fakeGateway.setChatReplyFor?.('responses', { text: LONG, chunkSize: 8 });
  fakeGateway.setChatReplyFor?.('chat', { text: 'Tides follow the moon and the sun.', chunkSize: 6 });
  fakeGateway.setEventDelay(30);
  fakeGateway.inject({
    match: { path: /^\/v1beta\/models\/gemini-2\.5-flash:/ },
    fault: {
      kind: 'status',
      status: 503,
      shape: 'openai',
      message: 'No available channel for model gemini-2.5-flash under group default',
      code: 'model_not_found',
    },
  });

  await page.getByTestId('compare-input').fill('Why are there tides?');
  await page.getByTestId('compare-input').press('Enter');
  // All three went out at once, each in its own format.
  await expect.poll(() => chatRequests(fakeGateway, '/v1/responses').length).toBe(1);
  // The three columns send at once, but their requests reach the gateway in any order: each is waited for.
  await expect.poll(() => chatRequests(fakeGateway, '/v1/chat/completions').length).toBe(1);
  await expect.poll(() => chatRequests(fakeGateway, /^\/v1beta\/models\/gemini-2\.5-flash:/).length).toBe(1);
  await expect(columns(page).nth(0)).toHaveAttribute('data-state', 'streaming');

  // The failure says what to do, in its column only; the others go on.
  const failed = await settled(replyOf(columns(page).nth(2)), 'error');
  await expect(failed).toContainText(/channel/i);
  await expect(columns(page).nth(0)).toHaveAttribute('data-state', 'streaming');

  // Stop column 1 mid-answer: it shows stopped at once, keeps what had arrived, and grows no more, while
  // main's batches sent before it took the stop are still on their way to a page busy with three streams.
  const stopped = replyOf(columns(page).nth(0));
  await expect(stopped.getByTestId('reply-text')).toContainText('Tides');
  await columns(page).nth(0).getByTestId('column-stop').click();
  await expect(stopped).toHaveAttribute('data-state', 'stopped', { timeout: 10_000 });
  await expect(columns(page).nth(0)).toHaveAttribute('data-state', 'stopped');
  const kept = (await stopped.getByTestId('reply-text').textContent()) ?? '';
  expect(kept.length).toBeGreaterThan(0);
  expect(LONG.startsWith(kept.trim())).toBe(true);
  expect(kept.trim().length).toBeLessThan(LONG.length);
  // The rest of the stopped stream comes and goes: the text shown stays as it was.
  await page.waitForTimeout(1_500);
  await expect(stopped.getByTestId('reply-text')).toHaveText(kept);
  await expect(stopped).toHaveAttribute('data-state', 'stopped');
  const finished = await settled(replyOf(columns(page).nth(1)));
  await expect(finished.getByTestId('reply-text')).toHaveText('Tides follow the moon and the sun.');

  // The summary row compares the last replies; with one finished reply nothing is marked yet.
  const cells = page.getByTestId('compare-summary-cell');
  await expect(cells).toHaveCount(3);
  await expect(cells.nth(0)).toContainText('Stopped');
  await expect(cells.nth(2)).toContainText('Failed');
  await expect(page.locator('[data-best]')).toHaveCount(0);

  // Re-run the stopped column alone, quickly this time: only it asks again.
  fakeGateway.setChatReplyFor?.('responses', { text: 'The moon pulls the sea.', chunkSize: 8 });
  await columns(page).nth(0).getByTestId('column-rerun').click();
  // Its answer comes to the page behind whatever main had sent before (the stopped stream's rest among
  // it): the test bridge hands the page one event per round trip, seconds behind on a loaded machine.
  await expect(replyOf(columns(page).nth(0))).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  const rerun = replyOf(columns(page).nth(0));
  await expect(rerun.getByTestId('reply-text')).toHaveText('The moon pulls the sea.');
  expect(chatRequests(fakeGateway, '/v1/responses')).toHaveLength(2);
  expect(chatRequests(fakeGateway, '/v1/chat/completions')).toHaveLength(1);
  // Two finished replies: the fastest first token, the fastest rate and the fewest tokens are marked.
  await expect(page.locator('[data-testid="summary-ttft"][data-best]')).toHaveCount(1);
  await expect(page.locator('[data-testid="summary-tokens"][data-best]')).toHaveCount(1);
  await app.screenshot('playground-compare');

  // Continue with column 2: a conversation of its own, with its history and setup.
  await columns(page).nth(1).getByTestId('column-menu').click();
  await page.getByRole('menuitem', { name: 'Continue as a conversation' }).click();
  await expect(page.getByTestId('chat')).toBeVisible();
  await expect(page.getByTestId('reply')).toHaveCount(1);
  await expect(page.getByTestId('reply-text')).toHaveText('Tides follow the moon and the sun.');
  await expect(page.getByTestId('format').getByRole('radio', { name: 'Chat Completions' })).toBeChecked();
  // Both are saved: the comparison and the conversation continued from it.
  const items = page.getByTestId('conversation-item');
  await expect(items).toHaveCount(2);
  await expect(items.filter({ has: page.getByTestId('conversation-kind') })).toHaveText(/3 compared/);
  // Its reply's inspector record followed it from the comparison: the inspector shows what went out.
  await expect(page.getByTestId('toast').filter({ hasText: 'Continued as a conversation' })).toBeVisible();
  const continued = page.getByTestId('reply');
  await continued.hover();
  await continued.getByTestId('inspect-reply').click();
  const inspector = page.getByTestId('inspector');
  await expect(inspector).toContainText('/v1/chat/completions');
  await expect(inspector.getByTestId('inspector-status')).toHaveText('200 OK');
  await app.screenshot('playground-compare-continued-inspector');
  await page.keyboard.press('Escape');
  await expect(inspector).toHaveCount(0);
});

test('a column asks another gateway; a saved comparison is searched, renamed, reopened and exported', async ({
  page,
  startApp,
  fakeGateway,
}) => {
  test.setTimeout(60_000);
  const second = await startFakeGateway();
  try {
    const app = await openPlayground(startApp, fakeGateway);
    // A second profile, made by main as Settings would; the window learns of it on its next start.
    await app.ok('profiles.create', {
      name: 'Backup gateway',
      baseUrl: second.baseUrl,
      apiKey: second.apiKey,
    });
    await app.reload();
    await page.getByTestId('nav-playground').click();
    await catalogueLoaded(page);
    await page.getByTestId('new-comparison').click();
    await setUpColumn(columns(page).nth(0), 'Chat Completions', 'claude-sonnet-4-5');
    await setUpColumn(columns(page).nth(1), 'Chat Completions', 'claude-sonnet-4-5');
    await columns(page).nth(1).getByTestId('column-profile').selectOption({ label: 'Backup gateway' });
    fakeGateway.setChatReplyFor?.('chat', { text: 'From the first gateway.' });
    second.setChatReplyFor?.('chat', { text: 'From the backup gateway.' });

    await page.getByTestId('compare-input').fill('Which gateway are you?');
    await page.getByTestId('compare-send').click();
    await settled(replyOf(columns(page).nth(0)));
    await settled(replyOf(columns(page).nth(1)));
    await expect(replyOf(columns(page).nth(1)).getByTestId('reply-text')).toHaveText(
      'From the backup gateway.',
    );
    // Each gateway got one request, with its own key.
    expect(chatRequests(fakeGateway, '/v1/chat/completions')).toHaveLength(1);
    const backup = chatRequests(second, '/v1/chat/completions');
    expect(backup).toHaveLength(1);
    expect(backup[0]!.headers.authorization).toBe(`Bearer ${second.apiKey}`);

    // Saved with the conversations: found by a word of a reply, renamed from the list.
    const items = page.getByTestId('conversation-item');
    await expect(items).toHaveCount(1);
    await page.getByTestId('conversation-search').fill('backup');
    await expect(items).toHaveCount(1);
    await page.getByTestId('conversation-search').fill('');
    await items.first().getByTestId('conversation-menu').click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    await page.getByTestId('conversation-rename-input').fill('Gateways side by side');
    await page.getByTestId('conversation-rename-input').press('Enter');
    await expect(page.getByTestId('conversation-title')).toHaveText('Gateways side by side');

    // After a restart it opens as it was.
    await app.reload();
    await page.getByTestId('nav-playground').click();
    await page.getByTestId('conversation-item').filter({ hasText: 'Gateways side by side' }).click();
    await expect(columns(page)).toHaveCount(2);
    await expect(replyOf(columns(page).nth(1)).getByTestId('reply-text')).toHaveText(
      'From the backup gateway.',
    );
    await expect(columns(page).nth(1).getByTestId('column-profile')).toHaveValue(/.+/);

    // Exported: every column's settings and reply.
    await page.getByTestId('conversation-item').first().getByTestId('conversation-menu').click();
    await page.getByRole('menuitem', { name: 'Export as Markdown' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Exported as Markdown' })).toBeVisible();
    const exported = readFileSync(join(app.dataDir, 'exports', app.dialogs.saves[0]!.defaultName), 'utf8');
    expect(exported).toContain('Gateways side by side');
    expect(exported).toContain('From the first gateway.');
    expect(exported).toContain('From the backup gateway.');
    expect(exported).toContain('Backup gateway');
    expect(exported).not.toContain(second.apiKey);
    await app.screenshot('playground-compare-reopened');
  } finally {
    await second.close();
  }
});
