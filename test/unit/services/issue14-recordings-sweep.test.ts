// Issue 14, item 9 (the sweep at start): recordings and "first 30 seconds" clips the app wrote into its
// data folder, which no transcript refers to (their queue item failed, was cancelled or removed), are
// deleted when the app starts. Anything a transcript might still need is kept.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordingsFolder } from '../../../src-main/services/audio-files.ts';
import { sweepUnusedRecordings } from '../../../src-main/services/start-sweep.ts';
import { createTranscriptHistory } from '../../../src-main/services/transcript-history.ts';
import { createTestLayer } from '../../support/test-layer.ts';

let dataDir: string;
let recordings: string;
let transcripts: string;

const A_DAY_AGO = new Date(Date.now() - 24 * 3600 * 1000);

beforeEach(() => {
  dataDir = realpathSync(mkdtempSync(join(tmpdir(), 'gs-recordings-')));
  recordings = recordingsFolder(dataDir);
  transcripts = join(dataDir, 'history', 'transcripts');
  mkdirSync(recordings, { recursive: true });
  mkdirSync(transcripts, { recursive: true });
  vi.spyOn(console, 'info').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A recording as the app names it, last written a day ago unless said otherwise. */
function recording(name: string, at = A_DAY_AGO): string {
  const path = join(recordings, name);
  writeFileSync(path, 'RIFF....WAVE');
  utimesSync(path, at, at);
  return path;
}

async function transcriptOf(audioPath: string): Promise<void> {
  const history = createTranscriptHistory({ directory: transcripts, recordingsDir: recordings });
  await history.save({
    name: 'Meeting',
    mode: 'transcribe',
    options: { model: 'whisper-1', responseFormat: 'json' },
    transcript: {
      text: 'Hello',
      segments: [],
      words: [],
      language: 'en',
      duration: 1,
      raw: '{"text":"Hello"}',
      format: 'json',
    },
    audioPath,
    kind: 'recording',
    durationSec: 1,
  });
}

/** The sweep as the audio handlers start it: with the transcript history of that data folder. */
const sweep = (folder = dataDir) =>
  sweepUnusedRecordings(
    folder,
    createTranscriptHistory({
      directory: join(folder, 'history', 'transcripts'),
      recordingsDir: recordingsFolder(folder),
    }),
  );

const peaksFileOf = (path: string) =>
  join(dataDir, 'cache', 'peaks', `${createHash('sha256').update(path).digest('hex')}.json`);

describe('the start-up sweep of unused recordings', () => {
  it('deletes recordings and clips nothing refers to, with their remembered waveform', async () => {
    const used = recording('2025-06-01T10-00-00-000Z-recording.webm');
    await transcriptOf(used);
    const failed = recording('2025-06-01T10-05-00-000Z-recording.webm');
    const clip = recording('2025-06-01T10-06-00-000Z-interview-first-30-s.wav');
    mkdirSync(join(dataDir, 'cache', 'peaks'), { recursive: true });
    writeFileSync(peaksFileOf(clip), '{}');

    expect(await sweep()).toBe(2);

    expect(existsSync(used)).toBe(true);
    expect(existsSync(failed)).toBe(false);
    expect(existsSync(clip)).toBe(false);
    expect(existsSync(peaksFileOf(clip))).toBe(false);
  });

  it('keeps what a transcript the app cannot read might still refer to', async () => {
    const inCorrupt = recording('2025-06-01T11-00-00-000Z-a.wav');
    const inNewer = recording('2025-06-01T11-00-01-000Z-b.wav');
    writeFileSync(
      join(transcripts, 't-1.json.corrupt-2025-06-02T00-00-00-000Z'),
      `{"audioPath": "${inCorrupt}", "transcr`,
    );
    writeFileSync(join(transcripts, 't-2.json'), JSON.stringify({ version: 99, audioPath: inNewer }));

    expect(await sweep()).toBe(0);
    expect(existsSync(inCorrupt)).toBe(true);
    expect(existsSync(inNewer)).toBe(true);
  });

  it('keeps files written since the app started, and files it did not name', async () => {
    const justNow = recording('2025-06-01T12-00-00-000Z-recording.webm', new Date());
    const foreign = recording('my-notes.wav');
    const text = recording('2025-06-01T12-00-01-000Z-readme.txt');

    expect(await sweep()).toBe(0);
    for (const path of [justNow, foreign, text]) expect(existsSync(path), path).toBe(true);
  });

  it('deletes nothing when the transcripts cannot all be read', async () => {
    const orphan = recording('2025-06-01T13-00-00-000Z-recording.webm');
    // A folder where a transcript file should be: its references cannot be known.
    mkdirSync(join(transcripts, 't-3.json'));

    expect(await sweep()).toBe(0);
    expect(existsSync(orphan)).toBe(true);
  });

  it('is harmless when there is no data folder yet', async () => {
    expect(await sweep(join(dataDir, 'not-there'))).toBe(0);
  });

  it('runs when the app starts', async () => {
    const used = recording('2025-06-01T10-00-00-000Z-recording.webm');
    await transcriptOf(used);
    const failed = recording('2025-06-01T10-05-00-000Z-recording.webm');
    const app = createTestLayer({ overrides: { dataDir } });
    try {
      await vi.waitFor(() => expect(existsSync(failed)).toBe(false), { timeout: 3000 });
      expect(existsSync(used)).toBe(true);
      expect((await app.ok('transcripts.list', {})).transcripts.length).toBe(1);
    } finally {
      app.layer.dispose();
    }
  });
});
