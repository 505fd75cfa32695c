// Issue 19: years of use. 5,000 saved conversations (~20 turns each, planted through the store's own save,
// with their index) are listed at once, searched (an English word, an accented word typed without its
// accent, a Chinese word inside text written without spaces), scrolled to the end and opened, with the page
// holding only the rows in view. Then the index is deleted, and damaged: the list comes back complete.
// And 5,000 saved transcripts (5–30 minutes each, with their segments): the history listed, searched,
// scrolled to the end and one opened (its segments, not its audio), the page again holding only the rows
// in view; and 5,000 speech clips with their audio, likewise.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { copyPlanted, plantedDataFolder } from '../support/saved-at-scale.ts';
import { expect, test } from './harness.ts';

const COUNT = 5_000;
/** Rows in the page at most, whatever the count: those in view and a few around. */
const MAX_ROWS_IN_PAGE = 60;

const rows = (page: Page) => page.getByTestId('conversation-item');
const listOf = (page: Page) => page.getByTestId('conversation-rows');

/** Counts, from now on, the elements matching `selector` added to the page; returns a reader of the count. */
async function rowsAddedFrom(page: Page, selector: string): Promise<() => Promise<number>> {
  const counter = await page.evaluateHandle((selector) => {
    const seen = { added: 0 };
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (!(node instanceof Element)) continue;
          seen.added += (node.matches(selector) ? 1 : 0) + node.querySelectorAll(selector).length;
        }
      }
    }).observe(document.body, { childList: true, subtree: true });
    return seen;
  }, selector);
  return () => counter.evaluate((seen) => seen.added);
}

async function search(page: Page, query: string) {
  await page.getByTestId('conversation-search').fill(query);
}

test('5,000 saved conversations: listed, searched, scrolled to the end and opened; a lost index is rebuilt', async ({
  startApp,
  fakeGateway,
}) => {
  test.setTimeout(300_000);
  const planted = await plantedDataFolder(COUNT);
  const app = await startApp({
    gateway: { baseUrl: fakeGateway.baseUrl, apiKey: fakeGateway.apiKey },
    prepareDataDir: (dataDir) => copyPlanted(planted, dataDir),
  });
  const { page } = app;
  // Drawn ahead while the window is idle (Shell): the list's first rows are in the page, hidden, so the
  // click only shows them — no row is built after it. (Background work: given time on a busy machine.)
  await expect(listOf(page)).toHaveAttribute('data-total', String(COUNT), { timeout: 30_000 });
  await expect(rows(page).first()).toBeHidden();
  const rowsBuilt = await rowsAddedFrom(page, '[data-testid="conversation-item"]');
  await page.getByTestId('nav-playground').click();
  await expect(rows(page).first()).toBeVisible();
  expect(await rowsBuilt(), 'rows built after the click').toBe(0);
  expect(await rows(page).count()).toBeLessThanOrEqual(MAX_ROWS_IN_PAGE);
  const newest = (await app.ok('conversations.list', { limit: 1 })).conversations[0]!;
  await expect(rows(page).first().getByTestId('conversation-title-in-list')).toHaveText(newest.title);
  // "Of 5,000" (every saved one; the empty new chat has no row), though one page of them is loaded.
  await expect(rows(page).first()).toHaveAttribute('aria-setsize', String(COUNT));
  await app.screenshot('saved-at-scale-list');

  // Searches: what main finds is what the list shows, newest first.
  for (const query of ['marker4321', 'latency budget', 'jalapeno', '烤鸭']) {
    await search(page, query);
    const found = await app.ok('conversations.list', { query, limit: 1 });
    expect(found.total, `“${query}” finds some`).toBeGreaterThan(0);
    await expect(listOf(page)).toHaveAttribute('data-total', String(found.total));
    await expect(rows(page).first().getByTestId('conversation-title-in-list')).toHaveText(
      found.conversations[0]!.title,
    );
    expect(await rows(page).count()).toBeLessThanOrEqual(MAX_ROWS_IN_PAGE);
    if (query === 'marker4321') {
      await expect(rows(page)).toHaveCount(1);
      await expect(rows(page).first()).toContainText('Question 4321');
    }
    if (query === '烤鸭') await app.screenshot('saved-at-scale-search-chinese');
  }
  await search(page, '');
  await expect(listOf(page)).toHaveAttribute('data-total', String(COUNT));

  // Scrolled to the end: pages arrive as it goes, the page holding a few dozen rows all along.
  const oldest = (await app.ok('conversations.list', { offset: COUNT - 1, limit: 1 })).conversations[0]!;
  const most = await page.evaluate(async () => {
    const scroller = document.querySelector<HTMLElement>('.pg-list__scroller')!;
    let most = 0;
    for (let frame = 0; frame < 5_000; frame++) {
      scroller.scrollTop = scroller.scrollHeight;
      await new Promise((resolve) => requestAnimationFrame(resolve));
      most = Math.max(most, document.querySelectorAll('[data-testid="conversation-item"]').length);
      const list = document.querySelector<HTMLElement>('[data-testid="conversation-rows"]')!;
      const atEnd = scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 2;
      if (atEnd && list.dataset.loaded === list.dataset.total) break;
    }
    return most;
  });
  expect(most).toBeLessThanOrEqual(MAX_ROWS_IN_PAGE);
  const last = rows(page).last();
  await expect(last.getByTestId('conversation-title-in-list')).toHaveText(oldest.title);
  // Each row says where it stands among all there are.
  await expect(last).toHaveAttribute('aria-posinset', String(COUNT));
  await expect(last).toHaveAttribute('aria-setsize', String(COUNT));
  // Where the list stands: scrolled to its end, the place a row above it leaving would change (the list a
  // row shorter, the scroll pulled back by a row), though the last row would stay put on screen.
  const listPlace = () =>
    page.evaluate(() => ({
      scrollTop: document.querySelector<HTMLElement>('.pg-list__scroller')!.scrollTop,
      height: document.querySelector<HTMLElement>('[data-testid="conversation-rows"]')!.offsetHeight,
    }));
  const placeBefore = await listPlace();
  await app.screenshot('saved-at-scale-end');

  // Opened: its messages only.
  await last.getByRole('button', { name: oldest.title }).first().click();
  await expect(page.getByTestId('conversation-title')).toHaveText(oldest.title);
  await expect(page.getByTestId('reply')).toHaveCount(10);
  // The new chat left had no row: the opened one is marked where it was, nothing in the list moved.
  await expect(last).toHaveAttribute('aria-current', 'true');
  expect(await listPlace()).toEqual(placeBefore);
  await expect(last).toHaveAttribute('aria-setsize', String(COUNT));
  await app.screenshot('saved-at-scale-open');

  // The arrow keys move between rows, and a row is named by its title.
  await rows(page).last().getByRole('button', { name: oldest.title }).first().focus();
  await page.keyboard.press('Home');
  await expect(page.locator(':focus')).toHaveText(new RegExp(escapeRegExp(newest.title)));

  // A search cleared reloads the first page alone: the open conversation, saved and far down, is not among
  // the rows loaded, and is not taken for one not saved (no extra row on top: the first row is the first).
  await search(page, 'jalapeno');
  await expect(listOf(page)).not.toHaveAttribute('data-total', String(COUNT));
  await search(page, '');
  await expect(listOf(page)).toHaveAttribute('data-total', String(COUNT));
  await expect(rows(page).first().getByTestId('conversation-title-in-list')).toHaveText(newest.title);
  await expect(rows(page).first()).toHaveAttribute('aria-posinset', '1');
  await expect(page.getByTestId('conversation-unsaved')).toHaveCount(0);

  // The index deleted, then damaged: each next start rebuilds it from the files, and loses nothing.
  const indexFile = join(app.dataDir, 'indexes', 'conversations.v2.jsonl');
  await app.quit();
  rmSync(indexFile);
  let again = await startApp({ restartOf: app });
  await again.page.getByTestId('nav-playground').click();
  await expect(again.page.getByTestId('conversations-indexing')).toBeVisible();
  await again.screenshot('saved-at-scale-rebuilding');
  await expect(listOf(again.page)).toHaveAttribute('data-total', String(COUNT), { timeout: 120_000 });
  await expect(again.page.getByTestId('conversations-indexing')).toHaveCount(0);

  await again.quit();
  writeFileSync(
    indexFile,
    '{"index":"conversations","version":2}\n{"id":"planted-00001","size":1,"mtimeMs":2,"summ',
  );
  again = await startApp({ restartOf: app });
  await again.page.getByTestId('nav-playground').click();
  await expect(listOf(again.page)).toHaveAttribute('data-total', String(COUNT), { timeout: 120_000 });
  expect((await again.ok('conversations.list', { query: 'marker4321' })).total).toBe(1);
});

test('5,000 saved transcripts: listed, searched, scrolled to the end and opened', async ({
  startApp,
  fakeGateway,
}) => {
  test.setTimeout(300_000);
  const planted = await plantedDataFolder(COUNT, 'transcripts');
  const app = await startApp({
    gateway: { baseUrl: fakeGateway.baseUrl, apiKey: fakeGateway.apiKey },
    prepareDataDir: (dataDir) => copyPlanted(planted, dataDir, 'transcripts'),
  });
  const { page } = app;
  const items = page.getByTestId('history-item');
  const list = page.getByTestId('history-list');
  await page.getByTestId('nav-transcribe').click();
  // The History tab is drawn ahead, hidden, while the queue shows (TranscribeLists): its click builds no row.
  await expect(list).toHaveAttribute('data-total', String(COUNT), { timeout: 30_000 });
  await expect(items.first()).toBeHidden();
  const rowsBuilt = await rowsAddedFrom(page, '[data-testid="history-item"]');
  await page.getByTestId('transcribe-tab-history').click();
  await expect(items.first()).toBeVisible();
  expect(await rowsBuilt(), 'rows built after the click').toBe(0);
  const newest = (await app.ok('transcripts.list', { limit: 1 })).transcripts[0]!;
  await expect(items.first()).toContainText(newest.name);
  expect(await items.count()).toBeLessThanOrEqual(MAX_ROWS_IN_PAGE);
  // Each row says where it stands among them all.
  await expect(items.first()).toHaveAttribute('aria-setsize', String(COUNT));
  await app.screenshot('saved-at-scale-transcripts');

  // Searches: a marker word, two common words, a Chinese word inside text written without spaces.
  for (const query of ['marker4321', 'budget meeting', '天气']) {
    await page.getByTestId('history-search').fill(query);
    const found = await app.ok('transcripts.list', { query, limit: 1 });
    expect(found.total, `“${query}” finds some`).toBeGreaterThan(0);
    await expect(list).toHaveAttribute('data-total', String(found.total));
    await expect(items.first()).toContainText(found.transcripts[0]!.name);
    expect(await items.count()).toBeLessThanOrEqual(MAX_ROWS_IN_PAGE);
    if (query === 'marker4321') await expect(items).toHaveCount(1);
  }
  await page.getByTestId('history-search').fill('');
  await expect(list).toHaveAttribute('data-total', String(COUNT));

  // Scrolled to the end: pages arrive as it goes, the page holding a few dozen rows all along.
  const oldest = (await app.ok('transcripts.list', { offset: COUNT - 1, limit: 1 })).transcripts[0]!;
  const most = await page.evaluate(async () => {
    const scroller = document.querySelector<HTMLElement>('.transcribe-layout__aside')!;
    let most = 0;
    for (let frame = 0; frame < 5_000; frame++) {
      scroller.scrollTop = scroller.scrollHeight;
      await new Promise((resolve) => requestAnimationFrame(resolve));
      most = Math.max(most, document.querySelectorAll('[data-testid="history-item"]').length);
      const rows = document.querySelector<HTMLElement>('[data-testid="history-list"]')!;
      const atEnd = scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 2;
      if (atEnd && rows.dataset.loaded === rows.dataset.total) break;
    }
    return most;
  });
  expect(most).toBeLessThanOrEqual(MAX_ROWS_IN_PAGE);
  const last = items.last();
  await expect(last).toContainText(oldest.name);
  await expect(last).toHaveAttribute('aria-posinset', String(COUNT));
  await app.screenshot('saved-at-scale-transcripts-end');

  // Opened: its first segments, its audio only described (not read).
  await last.getByTestId('history-open').click();
  await expect(page.getByTestId('transcript-title')).toHaveText(oldest.name);
  await expect(page.getByTestId('transcript-segment').first()).toContainText(`marker${COUNT - 1}`);
  // The text comes first, the waveform a moment after (TranscriptView's stages), in its frame.
  await expect(page.getByTestId('waveform')).not.toHaveAttribute('data-state', 'loading');
  await app.screenshot('saved-at-scale-transcripts-open');

  // The arrow keys move between rows: Home goes to the newest.
  await last.getByTestId('history-open').focus();
  await page.keyboard.press('Home');
  await expect(page.locator(':focus')).toContainText(newest.name);
});

test('5,000 speech clips: listed, searched, scrolled to the end, one opened', async ({
  startApp,
  fakeGateway,
}) => {
  test.setTimeout(300_000);
  const planted = await plantedDataFolder(COUNT, 'clips');
  const app = await startApp({
    gateway: { baseUrl: fakeGateway.baseUrl, apiKey: fakeGateway.apiKey },
    prepareDataDir: (dataDir) => copyPlanted(planted, dataDir, 'clips'),
  });
  const { page } = app;
  const items = page.getByTestId('speak-history-item');
  const list = page.getByTestId('speak-history-list');
  await page.getByTestId('nav-speak').click();
  await expect(list).toHaveAttribute('data-total', String(COUNT));
  const newest = (await app.ok('speech.list', { limit: 1 })).entries[0]!;
  await expect(items.first()).toContainText(newest.preview);
  expect(await items.count()).toBeLessThanOrEqual(MAX_ROWS_IN_PAGE);
  await app.screenshot('saved-at-scale-clips');

  // Searches in the clips' text: a marker word, two common words, a Chinese word; then one that finds none.
  const searchBox = page.getByTestId('speak-history-search');
  for (const query of ['marker4321', 'budget meeting', '天气']) {
    await searchBox.fill(query);
    const found = await app.ok('speech.list', { query, limit: 1 });
    expect(found.total, `“${query}” finds some`).toBeGreaterThan(0);
    await expect(list).toHaveAttribute('data-total', String(found.total));
    await expect(items.first()).toContainText(found.entries[0]!.preview);
    if (query === 'marker4321') await expect(items).toHaveCount(1);
    if (query === '天气') await app.screenshot('saved-at-scale-clips-search');
  }
  await searchBox.fill('nothing-says-this');
  await expect(page.getByTestId('speak-history-empty')).toContainText('Nothing matches ‘nothing-says-this’');
  await page.getByTestId('speak-history-empty').getByRole('button', { name: 'Clear search' }).click();
  await expect(searchBox).toHaveValue('');
  await expect(list).toHaveAttribute('data-total', String(COUNT));

  const oldest = (await app.ok('speech.list', { offset: COUNT - 1, limit: 1 })).entries[0]!;
  const most = await page.evaluate(async () => {
    const scroller = document.querySelector<HTMLElement>('.shell__content')!;
    let most = 0;
    for (let frame = 0; frame < 5_000; frame++) {
      scroller.scrollTop = scroller.scrollHeight;
      await new Promise((resolve) => requestAnimationFrame(resolve));
      most = Math.max(most, document.querySelectorAll('[data-testid="speak-history-item"]').length);
      const rows = document.querySelector<HTMLElement>('[data-testid="speak-history-list"]')!;
      const atEnd = scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 2;
      if (atEnd && rows.dataset.loaded === rows.dataset.total) break;
    }
    return most;
  });
  expect(most).toBeLessThanOrEqual(MAX_ROWS_IN_PAGE);
  const last = items.last();
  await expect(last).toContainText(oldest.preview);
  await expect(last).toHaveAttribute('aria-posinset', String(COUNT));
  await last.locator('.speak-history-item__open').click();
  await expect(page.getByTestId('speak-clip')).toHaveAttribute('data-clip-id', oldest.id);
  await app.screenshot('saved-at-scale-clips-end');
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
