// Review of issue 14, item 9: "which recordings does a transcript still play" is answered in one place, by
// the transcript history from its own index (transcript-history.ts `recordingsInUse`), for both the
// release of a queue item's audio and the sweep at start. A Remove no longer reads every transcript
// file's text (they can be 64 MB each); what the history cannot parse is still honoured.
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createTranscriptHistory,
  type TranscriptHistory,
} from '../../../src-main/services/transcript-history.ts';

let root: string;
let directory: string;
let recordingsDir: string;
let history: TranscriptHistory;

beforeEach(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'gs-in-use-')));
  directory = join(root, 'history', 'transcripts');
  recordingsDir = join(root, 'media', 'recordings');
  mkdirSync(directory, { recursive: true });
  mkdirSync(recordingsDir, { recursive: true });
  history = createTranscriptHistory({ directory, recordingsDir });
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  rmSync(root, { recursive: true, force: true });
});

/** The app started again on the same folder (a file another build wrote is seen by a start's check). */
async function restart(): Promise<void> {
  await history.indexSettled();
  history = createTranscriptHistory({ directory, recordingsDir });
}

const name = (n: number) => `2025-06-01T10-00-0${n}-000Z-recording.webm`;

function save(audioName: string) {
  return history.save({
    name: 'Meeting',
    mode: 'transcribe',
    options: { model: 'whisper-1' },
    transcript: { text: 'Hello', segments: [], words: [], raw: '{"text":"Hello"}', format: 'json' },
    audioPath: join(recordingsDir, audioName),
    kind: 'recording',
    durationSec: 1,
  });
}

describe('the recordings the transcript history plays', () => {
  it('are those its entries name, of this build, of a newer one, or set aside as damaged', async () => {
    await save(name(1));
    writeFileSync(
      join(directory, 'newer.json'),
      JSON.stringify({ version: 99, audioPath: join(recordingsDir, name(2)) }),
    );
    // A damaged entry set aside for its size: larger than one piece read, the name across two pieces.
    const pieceEdge = 64 * 1024;
    const start = '{"audioPath":"';
    writeFileSync(
      join(directory, 'big.json.corrupt-2025-06-02T00-00-00-000Z'),
      `${start}${'x'.repeat(pieceEdge - 10 - start.length)}${name(3)}${'y'.repeat(200_000)}`,
    );
    await restart();

    const used = await history.recordingsInUse([1, 2, 3, 4].map(name));
    expect(used).toEqual(new Set([name(1), name(2), name(3)]));
  });

  it('cannot be told while an entry of a newer build names no audio, so none may go', async () => {
    await save(name(1));
    writeFileSync(join(directory, 'newer.json'), JSON.stringify({ version: 99, media: 'elsewhere' }));
    await restart();
    expect(await history.recordingsInUse([name(1), name(2)])).toBeNull();
  });

  it('are known from the index: an entry listed before is not read again while its file is unchanged', async () => {
    const entry = await save(name(1));
    const file = join(directory, `${entry.id}.json`);
    const at = new Date('2025-06-01T10:00:00Z');
    utimesSync(file, at, at);
    expect((await history.list()).transcripts).toHaveLength(1);
    // Same size, same time: the index stands, so the text is not read (it would not even parse now).
    writeFileSync(file, '#'.repeat(statSync(file).size));
    utimesSync(file, at, at);
    const size = statSync(file).size;

    expect(await history.recordingsInUse([name(1), name(2)])).toEqual(new Set([name(1)]));
    expect(readFileSync(file, 'utf8')).toBe('#'.repeat(size));
  });

  it('keep a recording an entry of a newer build plays when another entry of it is deleted', async () => {
    const entry = await save(name(1));
    writeFileSync(join(recordingsDir, name(1)), 'RIFF....WAVE');
    writeFileSync(
      join(directory, 'newer.json'),
      JSON.stringify({ version: 99, audioPath: join(recordingsDir, name(1)) }),
    );
    await restart();
    expect(await history.delete(entry.id)).toEqual({ deleted: true, removedAudio: null });
    expect(statSync(join(recordingsDir, name(1))).isFile()).toBe(true);
  });
});
