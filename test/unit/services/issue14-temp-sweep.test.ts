// Issue 14, item 19: temp files of atomic writes that a crash left behind are removed at start, in every
// folder a store writes to, and nothing else is touched.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeFileAtomic } from '../../../src-main/services/atomic-file.ts';
import { sweepWriteTemps } from '../../../src-main/services/start-sweep.ts';
import { conversation } from '../../support/conversation-fixtures.ts';
import { createTestLayer } from '../../support/test-layer.ts';

let dataDir: string;

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'gs-sweep-'));
});
afterEach(() => {
  vi.restoreAllMocks();
  rmSync(dataDir, { recursive: true, force: true });
});

const SECRET = 'the-content-of-a-private-conversation';

function put(relative: string, content = SECRET): string {
  const path = join(dataDir, relative);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, content);
  return path;
}

/** Leftovers of interrupted atomic writes, one or more in each folder a store writes to. */
const LEFTOVERS = [
  'prefs.json.0123456789ab.tmp',
  // electron-store writes the settings file with `atomically`, which names its temp files this way.
  'config.json.tmp-1732550000abc123',
  'conversations/conv-1.json.a1b2c3d4e5f6.tmp',
  'conversations/conv-2.json.ffffffffffff.tmp',
  'history/transcripts/t-1.json.00aa11bb22cc.tmp',
  'history/speech/s-1.json.abcdefabcdef.tmp',
  'media/recordings/recording-2025-06-01T10-00-00-000Z.webm.0a0b0c0d0e0f.tmp',
  'cache/catalogue-default.json.123456abcdef.tmp',
  'cache/peaks/0f0f.json.fedcba987654.tmp',
  // A speech job's work folder: a kill while its job file was written (its parts are kept at start).
  'media/speech/.20250601100000-0a1b2c3d.partial/job.json.0123456789ab.tmp',
];

/** Files that look alike but are not the temp files of our writes, or live where no store writes. */
const KEEP = [
  'prefs.json',
  'config.json',
  'conversations/conv-1.json',
  'conversations/conv-3.json.corrupt-2025-06-01T10-00-00-000Z',
  'conversations/notes.tmp',
  'conversations/conv-4.json.0123456789AB.tmp',
  'conversations/conv-5.json.0123456789a.tmp',
  'history/speech/s-1.json',
  // Not a work folder (those are '.<id>.partial' folders) but a file named like one.
  'media/speech/clip.mp3.partial',
  'media/speech/.clip.mp3.tmp',
  'Local Storage/leveldb/000003.log.0123456789ab.tmp',
  'somewhere-else/x.json.0123456789ab.tmp',
  'media/recordings/nested/y.json.0123456789ab.tmp',
];

/**
 * A speech job's work folder keeps its job file and parts for the speech studio's own start, which keeps
 * what it can as a clip and removes the folder (so these stay only when the sweep runs alone).
 */
const WORK_FOLDER_KEEP = [
  'media/speech/.20250601100000-0a1b2c3d.partial/job.json',
  'media/speech/.20250601100000-0a1b2c3d.partial/part-1.mp3',
];

describe('the start-up sweep of temp files', () => {
  it('removes the temp files of interrupted writes in every store folder and nothing else', async () => {
    for (const name of [...LEFTOVERS, ...KEEP, ...WORK_FOLDER_KEEP]) put(name);
    // A folder named like a temp file is not one.
    mkdirSync(join(dataDir, 'conversations', 'odd.json.0123456789ab.tmp'));
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});

    const removed = await sweepWriteTemps(dataDir);

    expect(removed).toBe(LEFTOVERS.length);
    for (const name of LEFTOVERS) expect(existsSync(join(dataDir, name)), name).toBe(false);
    for (const name of [...KEEP, ...WORK_FOLDER_KEEP])
      expect(existsSync(join(dataDir, name)), name).toBe(true);
    expect(existsSync(join(dataDir, 'conversations', 'odd.json.0123456789ab.tmp'))).toBe(true);

    const lines = info.mock.calls.map((call) => call.join(' '));
    expect(lines.some((line) => line.includes(String(LEFTOVERS.length)) && /temp/i.test(line))).toBe(true);
    expect(lines.join('\n')).not.toContain(SECRET);
  });

  it('recognises the temp file a crash leaves behind from today’s writes', async () => {
    const target = join(dataDir, 'conversations', 'conv-9.json');
    await writeFileAtomic(target, '{"version":1}');
    // A crash between creating the temp file and renaming it leaves one named as the write names it.
    const left = readdirSync(join(dataDir, 'conversations'));
    expect(left).toEqual(['conv-9.json']);
    const crashed = put(`conversations/conv-9.json.${'9'.repeat(12)}.tmp`, '{"vers');
    vi.spyOn(console, 'info').mockImplementation(() => {});

    expect(await sweepWriteTemps(dataDir)).toBe(1);
    expect(existsSync(crashed)).toBe(false);
    expect(existsSync(target)).toBe(true);
  });

  it('leaves alone the temp files of writes still running, so a save made during the sweep succeeds', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    const writes: Array<Promise<void>> = [];
    const sweeps: Array<Promise<number>> = [];
    const payload = 'x'.repeat(256 * 1024);
    for (let round = 0; round < 40; round++) {
      for (let file = 0; file < 5; file++) {
        writes.push(writeFileAtomic(join(dataDir, 'conversations', `conv-${file}.json`), payload));
      }
      sweeps.push(sweepWriteTemps(dataDir));
    }
    const results = await Promise.allSettled(writes);
    await Promise.all(sweeps);

    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
    expect(readdirSync(join(dataDir, 'conversations')).sort()).toEqual(
      [0, 1, 2, 3, 4].map((file) => `conv-${file}.json`),
    );
  });

  it('is quiet and harmless when there is no data folder yet', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    expect(await sweepWriteTemps(join(dataDir, 'not-there'))).toBe(0);
    expect(info).not.toHaveBeenCalled();
  });

  it('runs when the app starts', async () => {
    for (const name of [...LEFTOVERS, ...KEEP]) put(name);
    // The app reads its prefs at start and sets a damaged file aside (issue 14, item 19): give it a sound one.
    put('prefs.json', JSON.stringify({ version: 1, prefs: {} }));
    // And a sound conversation: the index's check at start sets a damaged one aside (issue 19), as a list would.
    put(
      'conversations/conv-1.json',
      JSON.stringify({ version: 1, conversation: conversation({ id: 'conv-1' }) }),
    );
    // A clip saved by a newer build: the speech index's check leaves it alone (a damaged one it sets aside).
    put('history/speech/s-1.json', JSON.stringify({ version: 99 }));
    vi.spyOn(console, 'info').mockImplementation(() => {});
    const app = createTestLayer({ overrides: { dataDir } });
    try {
      await vi.waitFor(
        () => {
          for (const name of LEFTOVERS) expect(existsSync(join(dataDir, name)), name).toBe(false);
        },
        { timeout: 3000 },
      );
      for (const name of KEEP) expect(existsSync(join(dataDir, name)), name).toBe(true);
    } finally {
      app.layer.dispose();
    }
  });
});
