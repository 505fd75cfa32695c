// The Transcribe panel's output side: a saved transcript opened from the history, followed along on its
// waveform, copied, exported, searched and deleted. Transcripts are made by calling main directly (as the
// queue would) with real speech from espeak-ng, so these tests do not depend on the input side's UI.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { TranscriptSummary } from '../../src-preload/contract.ts';
import { lectureLine, saveThreeHourLecture } from '../support/long-transcript.ts';
import { expect, type FakeGateway, type RunningApp, type StartApp, test } from './harness.ts';
import { PLANNING_SEGMENTS, PLANNING_SPEECH } from './transcribe-helpers.ts';

let folder: string;
test.beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'gs-transcribe-output-'));
});
test.afterEach(() => {
  rmSync(folder, { recursive: true, force: true });
});

/** Real speech as a WAV file, the way a user's file would arrive. */
function speechFile(name: string, text: string): string {
  const path = join(folder, name);
  execFileSync('espeak-ng', ['-w', path, text]);
  return path;
}

function start(startApp: StartApp, gateway: FakeGateway): Promise<RunningApp> {
  return startApp({ gateway: { baseUrl: gateway.baseUrl, apiKey: gateway.apiKey } });
}

/** Transcribes `path` through main (as a finished queue item would) and waits until it is in the history. */
async function transcribe(
  app: RunningApp,
  path: string,
  options: { mode?: 'transcribe' | 'translate' } = {},
): Promise<TranscriptSummary> {
  const before = (await app.ok('transcripts.list', {})).transcripts.map((entry) => entry.id);
  await app.ok('audio.transcribe', {
    source: { path },
    options: { model: 'whisper-1', responseFormat: 'verbose_json', timestampGranularities: ['segment'] },
    mode: options.mode ?? 'transcribe',
  });
  let saved: TranscriptSummary | undefined;
  await expect
    .poll(async () => {
      saved = (await app.ok('transcripts.list', {})).transcripts.find((entry) => !before.includes(entry.id));
      return saved !== undefined;
    })
    .toBe(true);
  return saved!;
}

/** The history tab, showing what main holds now (it loads each time it is shown). */
async function showHistory(page: Page) {
  await page.getByTestId('transcribe-tab-queue').click();
  await page.getByTestId('transcribe-tab-history').click();
  await expect(page.getByTestId('transcript-history')).toBeVisible();
}

const historyItem = (page: Page, name: string) => page.getByTestId('history-item').filter({ hasText: name });
const segments = (page: Page) => page.getByTestId('transcript-segment');
const waveform = (page: Page) => page.getByTestId('waveform');
const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });

async function openFromHistory(page: Page, name: string) {
  await showHistory(page);
  await historyItem(page, name).getByTestId('history-open').click();
  await expect(page.getByTestId('transcript-view')).toBeVisible();
  await expect(page.getByTestId('transcript-title')).toHaveText(name);
}

async function playheadAt(page: Page): Promise<number> {
  return Number(await waveform(page).getAttribute('data-current-time'));
}

test('an opened transcript plays along: clicking a segment seeks there and highlights it', async ({
  startApp,
  fakeGateway,
}) => {
  const app = await start(startApp, fakeGateway);
  const { page } = app;
  fakeGateway.setTranscript({ segments: PLANNING_SEGMENTS });
  await transcribe(app, speechFile('planning-call.wav', PLANNING_SPEECH));

  await openFromHistory(page, 'planning-call.wav');
  await expect(waveform(page)).toHaveAttribute('data-state', 'ready');
  await expect(segments(page)).toHaveCount(4);
  await expect(segments(page).nth(0)).toContainText('Welcome to the weekly planning call.');
  await expect(segments(page).nth(2)).toHaveAttribute('data-start', '3.2');
  const view = page.getByTestId('transcript-view');
  await expect(view).toContainText('Transcript');
  await expect(view).toContainText('whisper-1');
  await expect(view).toContainText('English');
  // What the gateway billed (its `usage`: seconds of audio), among the facts (issue 14, item 23).
  await expect(page.getByTestId('transcript-usage')).toHaveText(/^\d+ s billed$/);
  await expect(historyItem(page, 'planning-call.wav')).toHaveAttribute('aria-current', 'true');

  // Focus is still on the entry just opened: Space plays it (opening it again would do nothing).
  await expect(historyItem(page, 'planning-call.wav').getByTestId('history-open')).toBeFocused();
  await page.keyboard.press('Space');
  await expect(waveform(page)).toHaveAttribute('data-state', 'playing');
  await page.keyboard.press('Space');
  await expect(waveform(page)).toHaveAttribute('data-state', 'ready');

  // Click the third segment: the playhead goes to its start (and plays on from there), and it is the one lit.
  await segments(page).nth(2).getByText('the release date,').click();
  await expect.poll(() => playheadAt(page)).toBeGreaterThanOrEqual(3.2);
  expect(await playheadAt(page)).toBeLessThan(5.5);
  await expect(segments(page).nth(2)).toHaveAttribute('aria-current', 'true');
  await expect(page.locator('[data-testid="transcript-segment"][aria-current="true"]')).toHaveCount(1);

  // Space pauses (focus is on no text field), and Space again plays on.
  await page.locator('body').press('Space');
  await expect(waveform(page)).toHaveAttribute('data-state', 'ready');
  const paused = await playheadAt(page);
  await page.waitForTimeout(300);
  expect(await playheadAt(page)).toBe(paused);

  // Enter on a segment's timestamp seeks too (the keyboard path), and plays on from there.
  await segments(page)
    .nth(0)
    .getByRole('button', { name: /^0:00 – / })
    .press('Enter');
  await expect.poll(() => playheadAt(page)).toBeLessThan(paused);
  // Once the audio has moved on to the next segment, Space on that timestamp (still focused) pauses; it
  // does not start the first segment over.
  const nextStart = PLANNING_SEGMENTS[1]!.start;
  await expect.poll(() => playheadAt(page)).toBeGreaterThanOrEqual(nextStart);
  await page.keyboard.press('Space');
  await expect(waveform(page)).toHaveAttribute('data-state', 'ready');
  const stopped = await playheadAt(page);
  expect(stopped).toBeGreaterThanOrEqual(nextStart);
  // The segment lit is the one the playhead stopped in (read once paused: while playing it moves on).
  const stoppedIn = PLANNING_SEGMENTS.filter((segment) => segment.start <= stopped).length - 1;
  await expect(segments(page).nth(stoppedIn)).toHaveAttribute('aria-current', 'true');

  await segments(page)
    .nth(2)
    .getByRole('button', { name: /^0:03 – / })
    .click();
  await page.keyboard.press('Space');
  await expect(waveform(page)).toHaveAttribute('data-state', 'ready');
  await expect(segments(page).nth(2)).toHaveAttribute('aria-current', 'true');
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.mouse.move(0, 0);
  await app.screenshot('transcribe-result');
  expect(app.consoleErrors).toEqual([]);
  await app.expectNoKeyLeak(fakeGateway.apiKey);
});

test('the waveform is decoded once: its peaks are saved, and the next visit draws from them', async ({
  startApp,
  fakeGateway,
}) => {
  const app = await start(startApp, fakeGateway);
  const { page } = app;
  fakeGateway.setTranscript({ segments: PLANNING_SEGMENTS });
  await transcribe(app, speechFile('peaks.wav', PLANNING_SPEECH));

  await openFromHistory(page, 'peaks.wav');
  await expect(waveform(page)).toHaveAttribute('data-state', 'ready');
  const firstGet = app.crossings.filter((c) => c.name === 'transcripts.get').at(-1);
  expect(JSON.parse(firstGet!.json).data.audio.peaks).toBeNull();
  await expect.poll(() => app.crossings.filter((c) => c.name === 'audio.savePeaks').length).toBe(1);
  expect(JSON.parse(app.crossings.find((c) => c.name === 'audio.savePeaks')!.json)).toEqual({
    ok: true,
    data: { saved: true },
  });

  await app.reload();
  await openFromHistory(page, 'peaks.wav');
  await expect(waveform(page)).toHaveAttribute('data-state', 'ready');
  const secondGet = app.crossings.filter((c) => c.name === 'transcripts.get').at(-1);
  const peaks = JSON.parse(secondGet!.json).data.audio.peaks;
  expect(peaks.data.length).toBeGreaterThan(100);
  expect(peaks.duration).toBeGreaterThan(6);
  // Drawn from the saved peaks: nothing was decoded, so nothing new was saved.
  expect(app.crossings.filter((c) => c.name === 'audio.savePeaks')).toHaveLength(1);
});

test('export writes subtitles whose cues are the segments, through the save dialog', async ({
  startApp,
  fakeGateway,
}) => {
  const app = await start(startApp, fakeGateway);
  const { page } = app;
  fakeGateway.setTranscript({ segments: PLANNING_SEGMENTS });
  await transcribe(app, speechFile('planning-call.wav', PLANNING_SPEECH));
  await openFromHistory(page, 'planning-call.wav');

  const srtPath = join(folder, 'planning call.srt');
  app.dialogs.queueSave(srtPath);
  await page.getByTestId('export-menu').click();
  await expect(page.getByRole('menu', { name: 'Export as' })).toBeVisible();
  await app.screenshot('transcribe-export-menu');
  await page.getByRole('menuitem', { name: /SubRip/ }).click();
  await expect(toast(page, 'Saved to planning call.srt')).toBeVisible();
  expect(readFileSync(srtPath, 'utf8')).toBe(
    [
      '1',
      '00:00:00,400 --> 00:00:01,500',
      'Welcome to the weekly planning call.',
      '',
      '2',
      '00:00:01,500 --> 00:00:03,200',
      'Today we look at the budget,',
      '',
      '3',
      '00:00:03,200 --> 00:00:04,850',
      'the release date,',
      '',
      '4',
      '00:00:05,500 --> 00:00:07,250',
      'and the new recording screen.',
      '',
    ].join('\n'),
  );
  expect(app.dialogs.saves.at(-1)?.defaultName).toMatch(/\.srt$/);

  // The keyboard path: Ctrl+E opens the menu on its first item; arrows and Enter choose.
  const vttPath = join(folder, 'planning call.vtt');
  app.dialogs.queueSave(vttPath);
  await page.locator('body').press('Control+e');
  await expect(page.getByRole('menuitem', { name: /Plain text/ })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: /WebVTT/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Saved to planning call.vtt')).toBeVisible();
  const vtt = readFileSync(vttPath, 'utf8');
  expect(vtt.startsWith('WEBVTT\n\n')).toBe(true);
  expect(vtt).toContain('00:00:03.200 --> 00:00:04.850\nthe release date,\n');

  // Esc closes the menu and gives focus back to its button; a cancelled save says nothing.
  await page.getByTestId('export-menu').focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: /Plain text/ })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu', { name: 'Export as' })).toBeHidden();
  await expect(page.getByTestId('export-menu')).toBeFocused();
  app.dialogs.queueSave(null);
  const toastsBefore = await page.getByTestId('toast').count();
  await page.getByTestId('export-menu').click();
  await page.getByRole('menuitem', { name: /JSON/ }).click();
  await expect.poll(() => app.dialogs.saves.length).toBe(3);
  await page.waitForTimeout(200);
  expect(await page.getByTestId('toast').filter({ hasText: 'Saved to' }).count()).toBeLessThanOrEqual(
    toastsBefore,
  );
});

test('copy all puts the whole text on the clipboard, from the button or the keyboard', async ({
  startApp,
  fakeGateway,
}) => {
  const app = await start(startApp, fakeGateway);
  const { page } = app;
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.origin });
  fakeGateway.setTranscript({ segments: PLANNING_SEGMENTS });
  await transcribe(app, speechFile('planning-call.wav', PLANNING_SPEECH));
  await openFromHistory(page, 'planning-call.wav');

  await page.getByTestId('copy-transcript').click();
  await expect(toast(page, 'Transcript copied')).toBeVisible();
  const expected = PLANNING_SEGMENTS.map((s) => s.text).join(' ');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected);

  await page.evaluate(() => navigator.clipboard.writeText('something else'));
  await page.locator('body').press('Control+Shift+C');
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(expected);
});

test('the history searches names and text, says when nothing matches, and deletes after asking', async ({
  startApp,
  fakeGateway,
}) => {
  const app = await start(startApp, fakeGateway);
  const { page } = app;
  fakeGateway.setTranscript({
    text: 'The budget for the spring release is settled. Design reviews start Monday.',
  });
  await transcribe(app, speechFile('budget-review.wav', 'The budget for the spring release is settled.'));
  fakeGateway.setTranscript({ text: 'Remember to buy oat milk and call the dentist about Thursday.' });
  await transcribe(app, speechFile('voice-note.wav', 'Remember to buy oat milk.'));
  fakeGateway.setTranscript({ segments: PLANNING_SEGMENTS });
  await transcribe(app, speechFile('planning-call.wav', PLANNING_SPEECH), { mode: 'translate' });

  await app.reload();
  await showHistory(page);
  await expect(page.getByTestId('history-item')).toHaveCount(3);
  // Newest first, with a preview of the words and the mode.
  await expect(page.getByTestId('history-item').first()).toContainText('planning-call.wav');
  await expect(page.getByTestId('history-item').first()).toContainText('Translation');
  await expect(historyItem(page, 'voice-note.wav')).toContainText('Remember to buy oat milk');
  await openFromHistory(page, 'planning-call.wav');
  await expect(page.getByTestId('transcript-view')).toContainText('English translation');
  await page.getByTestId('history-list').scrollIntoViewIfNeeded();
  await historyItem(page, 'voice-note.wav').hover();
  await app.screenshot('transcribe-history');
  // The facts under the name wrap here (six of them beside the history); a dot separates each pair on a
  // line, and no line starts with one.
  const facts = await page.getByRole('list', { name: 'About this transcript' }).evaluate((list) => {
    const edge = list.getBoundingClientRect();
    const items = [...list.children].map((item) => {
      const box = item.getBoundingClientRect();
      const dot = getComputedStyle(item, '::before');
      if (dot.content === 'none') return { box, dot: null };
      // The dot's box: its offset from the item, less half its width (it is centred on that point).
      const width = Number.parseFloat(dot.width);
      const left = box.left + Number.parseFloat(dot.left) - width / 2;
      return { box, dot: { left, right: left + width } };
    });
    return items.map(({ box, dot }, index) => {
      const startsLine = index > 0 && box.left - edge.left < 1;
      const previous = items[index - 1]?.box;
      return {
        startsLine,
        dot: !dot
          ? 'none'
          : dot.right <= edge.left
            ? 'clipped'
            : previous && dot.left >= previous.right && dot.right <= box.left
              ? 'between'
              : 'misplaced',
      };
    });
  });
  expect(facts.some((fact) => fact.startsLine)).toBe(true);
  for (const fact of facts.slice(2)) expect(fact.dot).toBe(fact.startsLine ? 'clipped' : 'between');

  // By text …
  await page.getByTestId('history-search').fill('dentist');
  await expect(page.getByTestId('history-item')).toHaveCount(1);
  await expect(page.getByTestId('history-item')).toContainText('voice-note.wav');
  // … by name …
  await page.getByTestId('history-search').fill('budget-rev');
  await expect(page.getByTestId('history-item')).toHaveCount(1);
  await expect(page.getByTestId('history-item')).toContainText('budget-review.wav');
  // … and nothing.
  await page.getByTestId('history-search').fill('zebra');
  await expect(page.getByTestId('history-empty')).toContainText('Nothing matches ‘zebra’');
  await app.screenshot('transcribe-history-no-match');
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(page.getByTestId('history-item')).toHaveCount(3);
  await expect(page.getByTestId('history-search')).toHaveValue('');

  // Delete from the list: a question first; Cancel keeps it.
  await historyItem(page, 'voice-note.wav').hover();
  await historyItem(page, 'voice-note.wav').getByTestId('history-delete').click();
  const dialog = page.getByRole('dialog', { name: 'Delete this transcript?' });
  await expect(dialog).toContainText('voice-note.wav');
  await expect(dialog).toContainText('The audio file itself stays where it is.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('history-item')).toHaveCount(3);
  await historyItem(page, 'voice-note.wav').getByTestId('history-delete').click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Transcript deleted')).toBeVisible();
  await expect(page.getByTestId('history-item')).toHaveCount(2);
  expect((await app.ok('transcripts.list', {})).transcripts.map((e) => e.name)).not.toContain(
    'voice-note.wav',
  );

  // Delete the open one from its own toolbar: the view closes.
  await page.getByTestId('delete-transcript').click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('transcript-view')).toHaveCount(0);
  await expect(page.getByTestId('history-item')).toHaveCount(1);

  await historyItem(page, 'budget-review.wav').getByTestId('history-delete').click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('history-empty')).toContainText('No transcripts yet');
  expect(app.consoleErrors).toEqual([]);
});

test('a transcript whose audio was moved away still shows its text, with a calm notice', async ({
  startApp,
  fakeGateway,
}) => {
  const app = await start(startApp, fakeGateway);
  const { page } = app;
  fakeGateway.setTranscript({ segments: PLANNING_SEGMENTS });
  const path = speechFile('moved-away.wav', PLANNING_SPEECH);
  await transcribe(app, path);
  rmSync(path);

  await app.reload();
  await openFromHistory(page, 'moved-away.wav');
  await expect(page.getByTestId('audio-missing')).toContainText('The audio file is no longer at');
  await expect(page.getByTestId('audio-missing')).toContainText('moved-away.wav');
  await expect(waveform(page)).toHaveCount(0);
  await expect(segments(page)).toHaveCount(4);
  await expect(segments(page).nth(3)).toContainText('and the new recording screen.');
  // Nothing to play: no timestamp pretends to be a button, and nothing is highlighted.
  await expect(segments(page).getByRole('button')).toHaveCount(0);
  await expect(page.locator('[data-testid="transcript-segment"][aria-current="true"]')).toHaveCount(0);
  await app.screenshot('transcribe-audio-missing');
});

test('a transcript without timings reads as plain text', async ({ startApp, fakeGateway }) => {
  const app = await start(startApp, fakeGateway);
  const { page } = app;
  const path = speechFile('plain.wav', 'Just a short note.');
  await app.ok('audio.transcribe', {
    source: { path },
    options: { model: 'gpt-4o-mini-transcribe', responseFormat: 'json' },
    mode: 'transcribe',
  });
  await expect.poll(async () => (await app.ok('transcripts.list', {})).transcripts.length).toBe(1);
  await app.reload();
  await openFromHistory(page, 'plain.wav');
  await expect(page.getByTestId('transcript-text')).toBeVisible();
  await expect(segments(page)).toHaveCount(0);
  await expect(waveform(page)).toHaveAttribute('data-state', 'ready');
});

/** Rows as the reader sees them: those inside the scrolling column, below the pinned header and player. */
async function rowsInSight(page: Page): Promise<number[]> {
  return page.evaluate(() => {
    const column = document.querySelector('.transcribe-layout__main')!.getBoundingClientRect();
    const pinned = document.querySelector('.transcript-view__pinned')!.getBoundingClientRect();
    return [...document.querySelectorAll<HTMLElement>('[data-testid="transcript-segment"]')]
      .filter((row) => {
        const box = row.getBoundingClientRect();
        return box.top >= pinned.bottom - 1 && box.bottom <= column.bottom + 1;
      })
      .map((row) => Number(row.dataset.segmentIndex));
  });
}

/** Whether the rows in the page stack with no gap wider than the list's and no overlap. */
async function rowsStackCleanly(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const rows = [...document.querySelectorAll<HTMLElement>('[data-testid="transcript-segment"]')];
    const problems: string[] = [];
    for (let i = 1; i < rows.length; i++) {
      const above = rows[i - 1]!;
      const below = rows[i]!;
      const between = below.getBoundingClientRect().top - above.getBoundingClientRect().bottom;
      if (Number(below.dataset.segmentIndex) !== Number(above.dataset.segmentIndex) + 1) continue;
      if (Math.abs(between - 2) > 0.5)
        problems.push(`${above.dataset.segmentIndex}→${below.dataset.segmentIndex}: ${between}px`);
      if (above.getBoundingClientRect().left !== below.getBoundingClientRect().left)
        problems.push(`row ${i} misaligned`);
    }
    return problems;
  });
}

test('a 3-hour transcript of 6,000 segments opens, scrolls to its end, follows the playhead and moves by keys', async ({
  startApp,
  fakeGateway,
}) => {
  const app = await start(startApp, fakeGateway);
  const { page } = app;
  const { lecture } = await saveThreeHourLecture(app, folder);
  const count = lecture.segments.length;
  const column = page.locator('.transcribe-layout__main');
  await showHistory(page);

  await historyItem(page, 'three-hour-lecture.wav').getByTestId('history-open').click();
  await expect(segments(page).first()).toContainText('Point 1:');
  await expect(waveform(page)).toHaveAttribute('data-state', 'ready');
  // Main-thread tasks are timed in the page from here on (opening is mostly the transcript's crossing from
  // main, which the harness carries as JSON); wall-clock times here would measure the harness and the
  // machine's load. (The 50 ms target is the bench's: `npx tsx bench/run.ts transcript-list`.)
  await page.evaluate(() => {
    const tasks: number[] = [];
    (window as unknown as { longTasks: number[] }).longTasks = tasks;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) tasks.push(Math.round(entry.duration));
    }).observe({ type: 'longtask' });
  });

  // Only the rows near the viewport are in the page, and each says where it stands among all 6,000.
  const inPage = await segments(page).count();
  expect(inPage).toBeGreaterThan(5);
  expect(inPage).toBeLessThan(80);
  await expect(segments(page).first()).toHaveAttribute('aria-posinset', '1');
  await expect(segments(page).first()).toHaveAttribute('aria-setsize', String(count));
  await expect(page.getByRole('list', { name: 'Transcript segments' })).toBeVisible();
  // The speaker is named where the voice changes (every 25 segments here), not on every line.
  await expect(segments(page).nth(0).locator('.segment__speaker')).toHaveText('A');
  await expect(segments(page).nth(1).locator('.segment__speaker')).toHaveCount(0);

  // Scroll to the very end: the last segment shows, with its text and its time.
  for (let i = 0; i < 20; i++) {
    const atEnd = await column.evaluate((element) => {
      element.scrollTop = element.scrollHeight;
      return element.scrollTop + element.clientHeight >= element.scrollHeight - 1;
    });
    await page.waitForTimeout(100);
    if (atEnd && (await rowsInSight(page)).includes(count - 1)) break;
  }
  const last = page.locator(`[data-testid="transcript-segment"][data-segment-index="${count - 1}"]`);
  await expect(last).toBeInViewport();
  await expect(last).toContainText(lectureLine(count - 1));
  await expect(last.getByRole('button', { name: /^2:59:58 – / })).toBeVisible();
  await expect(last).toHaveAttribute('aria-posinset', String(count));
  expect(await segments(page).count()).toBeLessThan(80);
  expect(await rowsStackCleanly(page)).toEqual([]);
  await page.mouse.move(0, 0);
  await app.screenshot('transcribe-long-end');

  // And the middle, reached by dragging far down from the top (rows measured on the way, none seen before).
  await column.evaluate((element) => {
    element.scrollTop = 0;
  });
  await page.waitForTimeout(100);
  await column.evaluate((element) => {
    element.scrollTop = element.scrollHeight / 2;
  });
  await page.waitForTimeout(300);
  expect(await rowsStackCleanly(page)).toEqual([]);
  const middle = await rowsInSight(page);
  expect(middle.length).toBeGreaterThan(5);
  for (const index of middle)
    await expect(segments(page).and(page.locator(`[data-segment-index="${index}"]`))).toContainText(
      lectureLine(index),
    );
  await app.screenshot('transcribe-long-middle');
  const longTasks = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);
  console.log(
    `6,000 segments scrolled end to end; main-thread tasks over 50 ms: ${longTasks.join(', ') || 'none'}`,
  );
  expect(Math.max(0, ...longTasks)).toBeLessThan(1_500);

  // A seek far ahead (a click near the end of the waveform) lights the segment being played and brings
  // it into view: the reader has not scrolled by hand, so the list follows.
  await column.evaluate((element) => {
    element.scrollTop = 0;
  });
  const wave = (await waveform(page).locator('.waveform-player__wave').boundingBox())!;
  await page.mouse.click(wave.x + wave.width * 0.93, wave.y + wave.height / 2);
  await expect.poll(() => playheadAt(page)).toBeGreaterThan(lecture.duration * 0.9);
  const playing = page.locator('[data-testid="transcript-segment"][aria-current="true"]');
  const expectedAt = (seconds: number) => Math.floor(seconds / 1.8 + 1e-6);
  await expect
    .poll(async () => Number(await playing.getAttribute('data-segment-index')))
    .toBe(expectedAt(await playheadAt(page)));
  await expect(playing).toBeInViewport();
  await expect(playing).toContainText(lectureLine(expectedAt(await playheadAt(page))));

  // The playhead moving on (the player's own seek keys, 5 s a step, as playback reports its time): the
  // highlight moves to the segments that follow and stays in view.
  const seekedTo = Number(await playing.getAttribute('data-segment-index'));
  await page.getByTestId('waveform-play').focus();
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  await expect
    .poll(async () => Number(await playing.getAttribute('data-segment-index')))
    .toBe(expectedAt(await playheadAt(page)));
  expect(Number(await playing.getAttribute('data-segment-index'))).toBeGreaterThan(seekedTo + 5);
  await expect(playing).toBeInViewport();
  await expect(playing).toHaveCount(1);

  // Keys on a timestamp move between segments, to rows not in the page yet: End goes to the last one.
  await playing.getByRole('button').focus();
  await page.keyboard.press('End');
  const lastButton = last.getByRole('button', { name: /^2:59:58 – / });
  await expect(lastButton).toBeFocused();
  await expect(last).toBeInViewport();
  await page.keyboard.press('ArrowUp');
  const beforeLast = page.locator(`[data-testid="transcript-segment"][data-segment-index="${count - 2}"]`);
  await expect(beforeLast.getByRole('button', { name: /^2:59:56 – / })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect.poll(() => playheadAt(page)).toBeGreaterThanOrEqual(lecture.segments[count - 2]!.start);
  await expect(beforeLast).toHaveAttribute('aria-current', 'true');
  // Home: back to the first segment, three hours up, and the page still holds only a screenful or so.
  await beforeLast.getByRole('button').focus();
  await page.keyboard.press('Home');
  await expect(
    segments(page)
      .first()
      .getByRole('button', { name: /^0:00 – / }),
  ).toBeFocused();
  await expect(segments(page).first()).toBeInViewport();
  expect(await segments(page).count()).toBeLessThan(80);

  // The reader scrolls by hand: as the playhead moves on, the list stays where they put it.
  const fourth = page.locator('[data-testid="transcript-segment"][data-segment-index="3"]');
  await fourth.getByRole('button').press('Enter');
  await expect(fourth).toHaveAttribute('aria-current', 'true');
  const box = (await column.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height - 40);
  await page.mouse.wheel(0, 3_000);
  // Once the wheel's scroll has come to rest:
  let whereTheyLeftIt = -1;
  await expect
    .poll(async () => {
      const before = whereTheyLeftIt;
      whereTheyLeftIt = await column.evaluate((element) => element.scrollTop);
      return whereTheyLeftIt === before;
    })
    .toBe(true);
  expect(whereTheyLeftIt).toBeGreaterThan(1_000);
  await page.getByTestId('waveform-play').focus();
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
  await expect.poll(() => playheadAt(page)).toBeGreaterThan(lecture.segments[3]!.start + 15);
  await page.waitForTimeout(500);
  expect(await column.evaluate((element) => element.scrollTop)).toBe(whereTheyLeftIt);
  expect(await rowsInSight(page)).not.toContain(expectedAt(await playheadAt(page)));
  expect(app.consoleErrors).toEqual([]);
});
