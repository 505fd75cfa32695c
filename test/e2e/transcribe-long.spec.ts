// Long recordings end to end (issue 16): a recording longer than a part may be is cut into parts, sent
// with progress, and stitched on the original timeline; cancel, a retry of one part, and a resume after
// the app restarts; a streamed transcript that grows as it arrives; a 413 that makes the app cut the file.
//
// The recordings are made by bench/support/long-recording.ts: tones of known frequencies at known times,
// speech, and silences. The fake gateway hears what it is sent (test/fake-gateway/transcription.ts): each
// sound is one segment from its onset, and a tone is named by its pitch, so every tone's cue in the
// exported SRT can be checked against where the tone really is in the file.
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { type LongRecording, makeSpeechWav, writeLongRecording } from '../../bench/support/long-recording.ts';
import { parseSrt } from '../../src-main/gateway/index.ts';
import { faults } from '../fake-gateway/server.ts';
import { expect, type FakeGateway, type RunningApp, test } from './harness.ts';
import { expectDone, queueItem, transcriptionRequests } from './transcribe-helpers.ts';

const FIXTURES = join(tmpdir(), `gs-transcribe-long-${process.pid}`);

test.beforeAll(() => mkdirSync(FIXTURES, { recursive: true }));
test.afterAll(() => rmSync(FIXTURES, { recursive: true, force: true }));

/** Recordings are written once per worker and name: a 60-minute one takes a few seconds. */
const made = new Map<string, Promise<LongRecording>>();
function recording(name: string, minutes: number): Promise<LongRecording> {
  if (!made.has(name)) {
    const write = async () => {
      // Speech from espeak-ng between the tones (the fake names it with filler words).
      const speechWav = (await makeSpeechWav(FIXTURES)) ?? undefined;
      return writeLongRecording(join(FIXTURES, name), { minutes, sampleRate: 16_000, speechWav });
    };
    made.set(name, write());
  }
  return made.get(name)!;
}

const start = (startApp: (o: object) => Promise<RunningApp>, gateway: FakeGateway) =>
  startApp({ gateway: { baseUrl: gateway.baseUrl, apiKey: gateway.apiKey } });

/** Adds a file by path, through "Add files…" and main's own dialog (as a user picking it would). */
async function addFile(app: RunningApp, path: string): Promise<void> {
  app.dialogs.queueOpen([path]);
  await app.page.getByRole('button', { name: 'Add files…' }).click();
}

/** Sets the long-recording options in "More options": the longest part, and how many go at once. */
async function setParts(page: Page, minutes: number, atOnce: number): Promise<void> {
  const options = page.getByTestId('transcribe-options');
  const more = options.getByRole('button', { name: /More options/ });
  if ((await more.getAttribute('aria-expanded')) !== 'true') await more.click();
  await options.getByLabel('Part length').fill(String(minutes));
  await options.getByLabel('Parts at once').fill(String(atOnce));
  // Folded again, so the queue is in view (and in the screenshots).
  await more.click();
  await expect(options).toContainText(`${minutes}-minute parts`);
}

const partCells = (item: ReturnType<typeof queueItem>) => item.getByTestId('queue-part');
const uploadedPart = (request: FakeGateway['requests'][number]) =>
  request.multipart?.files[0]?.filename ?? '';

test('a 60-minute recording is cut into parts, sent with progress, stitched, and exported to SRT on its own timeline', async ({
  startApp,
  fakeGateway,
}) => {
  test.setTimeout(240_000);
  const long = await recording('all-hands-60min.wav', 60);
  const app = await start(startApp, fakeGateway);
  const { page } = app;
  // Each answer takes a moment, as a real transcription does, so the parts can be seen on their way.
  fakeGateway.inject({
    match: { path: '/v1/audio/transcriptions' },
    fault: { kind: 'stall-headers', ms: 700 },
    times: 100,
  });
  await addFile(app, long.path);

  const item = queueItem(page, 'all-hands-60min.wav');
  const status = item.getByTestId('queue-item-status');
  // 60 minutes in parts of at most 10 (and 25 MB: 10 minutes of 16 kHz mono WAV is 19.2 MB), each cut
  // in a pause before its limit: so 7 parts.
  await expect(partCells(item)).toHaveCount(7, { timeout: 30_000 });
  await expect(status).toHaveText(/^Part [1-7] of 7 · (\d+ %|transcribing)$/);
  await expect(item.locator('[data-testid="queue-part"][data-status="sending"]')).toHaveCount(2);
  await app.screenshot('transcribe-long-parts');
  await expectDone(page, 'all-hands-60min.wav', 180_000);

  const requests = transcriptionRequests(fakeGateway);
  expect(requests.map(uploadedPart).sort()).toEqual([1, 2, 3, 4, 5, 6, 7].map((n) => `part-00${n}.wav`));
  for (const request of requests) {
    expect(request.multipart?.files[0]?.size).toBeLessThanOrEqual(25 * 1024 * 1024);
    expect(request.multipart?.fields).toMatchObject({ model: 'whisper-1', response_format: 'verbose_json' });
  }

  // The transcript opens as one, and its SRT follows the original file's timeline.
  await item.getByTestId('queue-item-name').click();
  await expect(page.getByTestId('transcript-view')).toContainText('all-hands-60min.wav');
  const srtPath = join(FIXTURES, 'all-hands.srt');
  app.dialogs.queueSave(srtPath);
  await page.getByTestId('export-menu').click();
  await page.getByRole('menuitem', { name: /SubRip/ }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Saved to all-hands.srt' })).toBeVisible();
  const cues = parseSrt(readFileSync(srtPath, 'utf8'));
  const toneCues = cues.filter((cue) => /^tone \d+/.test(cue.text.trim()));
  // Every tone once, in order: no cue lost or doubled where two parts meet.
  expect(toneCues.map((cue) => cue.text.trim())).toEqual(
    long.tones.map((tone) => `tone ${Math.round(tone.freqHz / 10) * 10}`),
  );
  const errorsMs = long.tones.map((tone, i) => Math.abs(toneCues[i]!.start - tone.atSec) * 1000);
  // SRT keeps milliseconds; the fake finds onsets to 10 ms; the cuts add nothing.
  expect(Math.max(...errorsMs)).toBeLessThanOrEqual(50);
  await app.expectNoKeyLeak(fakeGateway.apiKey);
});

test('a failed part is listed with its reason and retried alone; the part after a finished one is sent its ending as prompt', async ({
  startApp,
  fakeGateway,
}) => {
  test.setTimeout(90_000);
  const long = await recording('interview-3min.wav', 3);
  const app = await start(startApp, fakeGateway);
  const { page } = app;
  await setParts(page, 1, 1);
  // The first part goes through (after a moment); the second meets a gateway error; the third goes through.
  fakeGateway.inject({
    match: { path: '/v1/audio/transcriptions' },
    fault: { kind: 'stall-headers', ms: 200 },
  });
  fakeGateway.inject({
    match: { path: '/v1/audio/transcriptions' },
    fault: { kind: 'status', status: 500, shape: 'openai', message: 'upstream error: do request failed' },
  });
  await addFile(app, long.path);

  const item = queueItem(page, 'interview-3min.wav');
  await expect(item).toHaveAttribute('data-status', 'failed', { timeout: 30_000 });
  // Three minutes in parts of at most one, each cut in a pause before its minute is up.
  const count = await partCells(item).count();
  expect(count).toBeGreaterThanOrEqual(4);
  await expect(item.getByTestId('queue-item-status')).toHaveText(`1 of ${count} parts failed`);
  const failed = item.getByTestId('queue-failed-part');
  await expect(failed).toHaveCount(1);
  await expect(failed).toContainText('Part 2');
  await expect(failed.locator('.queue-parts__range')).toHaveText(/^0:5\d–1:\d\d$/);
  await expect(item.getByTestId('queue-item-error')).toContainText('upstream error');
  await app.screenshot('transcribe-long-failed-part');
  const partNames = Array.from({ length: count }, (_, i) => `part-00${i + 1}.wav`);
  expect(transcriptionRequests(fakeGateway).map(uploadedPart)).toEqual(partNames);

  await failed.getByRole('button', { name: 'Retry part 2' }).click();
  await expectDone(page, 'interview-3min.wav', 30_000);
  const requests = transcriptionRequests(fakeGateway);
  // One more request: part 2, alone.
  expect(requests.map(uploadedPart)).toEqual([...partNames, 'part-002.wav']);
  // Part 2 was sent after part 1 was done both times: the end of part 1's text is its prompt.
  const prompt = String(requests[count]?.multipart?.fields.prompt ?? '');
  expect(prompt.length).toBeGreaterThan(10);
  // The saved transcript reads as one: part 1's ending, the prompt, runs straight into part 2.
  const [saved] = (await app.ok('transcripts.list', {})).transcripts;
  const { transcript } = await app.ok('transcripts.get', { id: saved!.id });
  expect(transcript.text).toContain(prompt);
  expect(requests[1]?.multipart?.fields.prompt).toBe(prompt);
});

test('cancel stops every part; after a restart the recording resumes, and no finished part is sent again', async ({
  startApp,
  fakeGateway,
}) => {
  test.setTimeout(90_000);
  const long = await recording('lecture-4min.wav', 4);
  const first = await start(startApp, fakeGateway);
  await setParts(first.page, 1, 2);
  fakeGateway.inject({
    match: { path: '/v1/audio/transcriptions' },
    // Long enough that the two parts on their way are still there when the test, on a loaded machine, cancels.
    fault: { kind: 'stall-headers', ms: 4_000 },
    times: 100,
  });
  await addFile(first, long.path);
  const item = queueItem(first.page, 'lecture-4min.wav');
  // Parts 1 and 2 done, 3 and 4 on their way: cancel.
  await expect(item.locator('[data-testid="queue-part"][data-status="done"]')).toHaveCount(2, {
    timeout: 20_000,
  });
  await expect(item.locator('[data-testid="queue-part"][data-status="sending"]')).toHaveCount(2);
  // Both requests have reached the gateway (a part is "sending" from the moment it is asked for).
  await expect.poll(() => fakeGateway.activeRequests ?? 0).toBe(2);
  const closedBefore = fakeGateway.closedByClient ?? 0;
  await item.getByRole('button', { name: 'Cancel lecture-4min.wav' }).click();
  await expect(item).toHaveAttribute('data-status', 'cancelled');
  const count = await partCells(item).count();
  await expect(item.getByTestId('queue-item-status')).toHaveText(`Stopped · 2 of ${count} parts done`);
  // Both requests on their way were abandoned, not left running.
  await expect.poll(() => (fakeGateway.closedByClient ?? 0) - closedBefore).toBe(2);
  await expect.poll(() => fakeGateway.activeRequests ?? 0).toBe(0);

  // The app closes and starts again on the same data folder.
  await first.quit();
  fakeGateway.clearFaults();
  const again = await startApp({ restartOf: first });
  const paused = queueItem(again.page, 'lecture-4min.wav');
  await expect(paused).toHaveAttribute('data-status', 'paused');
  await expect(paused.getByTestId('queue-item-status')).toHaveText(`Paused · 2 of ${count} parts done`);
  await again.screenshot('transcribe-long-paused');
  const sentBefore = transcriptionRequests(fakeGateway).length;
  await paused.getByRole('button', { name: 'Resume lecture-4min.wav' }).click();
  await expectDone(again.page, 'lecture-4min.wav', 30_000);
  const resumed = transcriptionRequests(fakeGateway).slice(sentBefore).map(uploadedPart).sort();
  expect(resumed).toEqual(Array.from({ length: count - 2 }, (_, i) => `part-00${i + 3}.wav`));
  // The transcript covers all four minutes: its last cue lies in the last part.
  await paused.getByTestId('queue-item-name').click();
  await expect(again.page.getByTestId('transcript-segment').last()).toBeAttached();
  await again.expectNoKeyLeak(fakeGateway.apiKey);
});

test('a streamed transcript grows part by part as the words arrive', async ({ startApp, fakeGateway }) => {
  test.setTimeout(60_000);
  const long = await recording('standup-2min.wav', 2);
  const app = await start(startApp, fakeGateway);
  const { page } = app;
  fakeGateway.setEventDelay(120);
  await page.getByTestId('transcribe-options').getByLabel('Model', { exact: true }).fill('gpt-4o-transcribe');
  await setParts(page, 1, 1);
  await addFile(app, long.path);
  const item = queueItem(page, 'standup-2min.wav');
  const live = item.getByTestId('queue-item-live');
  const lengths: number[] = [];
  await expect
    .poll(
      async () => {
        const text = (await live.count()) > 0 ? await live.innerText().catch(() => '') : '';
        if (text.length > 0 && text.length !== lengths.at(-1)) lengths.push(text.length);
        return lengths.length;
      },
      { timeout: 20_000, intervals: [30] },
    )
    .toBeGreaterThanOrEqual(3);
  expect(lengths[1]!).toBeGreaterThan(lengths[0]!);
  await expect(live).toHaveAttribute('title', /part [12]/);
  await app.screenshot('transcribe-long-live');
  await expectDone(page, 'standup-2min.wav', 30_000);
  for (const request of transcriptionRequests(fakeGateway)) {
    expect(request.multipart?.fields).toMatchObject({ model: 'gpt-4o-transcribe', stream: 'true' });
  }
});

test('a file the gateway refuses as too large (413) is cut into smaller parts and sent again', async ({
  startApp,
  fakeGateway,
}) => {
  test.setTimeout(60_000);
  const long = await recording('townhall-2min.wav', 2);
  const app = await start(startApp, fakeGateway);
  const { page } = app;
  // Two minutes fit one request by the profile's limit (25 MB, 10-minute parts), but this gateway caps
  // bodies lower and says so with upstream's 413.
  fakeGateway.inject({ match: { path: '/v1/audio/transcriptions' }, fault: faults.payloadTooLarge });
  await addFile(app, long.path);
  await expectDone(page, 'townhall-2min.wav', 30_000);

  const requests = transcriptionRequests(fakeGateway);
  const [whole, ...parts] = requests;
  expect(uploadedPart(whole!)).toBe('townhall-2min.wav');
  const wholeSize = whole!.multipart!.files[0]!.size;
  expect(parts.length).toBeGreaterThanOrEqual(2);
  for (const part of parts) {
    expect(uploadedPart(part)).toMatch(/^part-\d{3}\.wav$/);
    expect(part.multipart!.files[0]!.size).toBeLessThanOrEqual(wholeSize / 2);
  }
});
