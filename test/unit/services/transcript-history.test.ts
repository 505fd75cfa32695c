import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppFailure } from '../../../src-main/app-failure.ts';
import { previewOf } from '../../../src-main/services/preview.ts';
import {
  createTranscriptHistory,
  type NewTranscript,
  type TranscriptHistory,
} from '../../../src-main/services/transcript-history.ts';
import type { Transcript } from '../../../src-preload/contract.ts';
import { createTestLayer, type TestLayer } from '../../support/test-layer.ts';

let base: string;
let directory: string;
let recordingsDir: string;
let history: TranscriptHistory;

/** A clock that moves one second per reading, so entries have distinct, ordered times. */
function steppingClock(start = Date.parse('2025-05-01T12:00:00.000Z')) {
  let tick = 0;
  return () => new Date(start + 1000 * tick++);
}

const transcript = (text: string, extra: Partial<Transcript> = {}): Transcript => ({
  text,
  segments: [{ id: 0, start: 0, end: 1.5, text }],
  words: [],
  language: 'en',
  duration: 1.5,
  raw: JSON.stringify({ text }),
  format: 'verbose_json',
  ...extra,
});

function entry(
  name: string,
  text: string,
  audioPath: string,
  extra: Partial<NewTranscript> = {},
): NewTranscript {
  return {
    name,
    mode: 'transcribe',
    options: { model: 'whisper-1', responseFormat: 'verbose_json' },
    transcript: transcript(text),
    audioPath,
    kind: 'file',
    durationSec: 1.5,
    ...extra,
  };
}

async function failure(promise: Promise<unknown>): Promise<AppFailure> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppFailure) return error;
    throw error;
  }
  throw new Error('expected a failure');
}

beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), 'gs-history-'));
  directory = join(base, 'history', 'transcripts');
  recordingsDir = join(base, 'media', 'recordings');
  mkdirSync(recordingsDir, { recursive: true });
  history = createTranscriptHistory({ directory, recordingsDir, now: steppingClock() });
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

/** Every entry listed, newest first. */
const listed = async (query?: string) => (await history.list(query)).transcripts;

/** The app started again on the same folder: the history reads its index and checks it against the files. */
async function restart(): Promise<void> {
  await history.indexSettled();
  history = createTranscriptHistory({ directory, recordingsDir, now: steppingClock() });
}

describe('saving and listing', () => {
  it('lists saved transcripts newest first, with what the list shows', async () => {
    const first = await history.save(entry('standup.mp3', 'We shipped the release.', '/music/standup.mp3'));
    const second = await history.save(
      entry('Recording 1', 'Notes for tomorrow.', join(recordingsDir, 'r1.webm'), {
        kind: 'recording',
        mode: 'translate',
      }),
    );
    const list = await listed();
    expect(list.map((s) => s.id)).toEqual([second.id, first.id]);
    expect(list[1]).toEqual({
      id: first.id,
      createdAt: '2025-05-01T12:00:00.000Z',
      name: 'standup.mp3',
      mode: 'transcribe',
      model: 'whisper-1',
      kind: 'file',
      durationSec: 1.5,
      language: 'en',
      preview: 'We shipped the release.',
      segmentCount: 1,
    });
    expect(list[0]).toMatchObject({ kind: 'recording', mode: 'translate' });
  });

  it('writes one versioned file per entry, with the transcript and the audio it came from', async () => {
    const saved = await history.save(entry('a.wav', 'Hello.', '/audio/a.wav'));
    expect(readdirSync(directory)).toEqual([`${saved.id}.json`]);
    const file = JSON.parse(readFileSync(join(directory, `${saved.id}.json`), 'utf8'));
    expect(file).toMatchObject({ version: 1, id: saved.id, audioPath: '/audio/a.wav' });
    expect(file.transcript.text).toBe('Hello.');
  });

  it('finds entries by name or by words in the text, in any case', async () => {
    await history.save(entry('Board meeting.m4a', 'Budget approved.', '/a.m4a'));
    await history.save(entry('walk.ogg', 'The BUDGET for hiking boots.', '/b.ogg'));
    await history.save(entry('lecture.mp3', 'Thermodynamics.', '/c.mp3'));
    const names = async (query: string) => (await listed(query)).map((s) => s.name);
    expect(await names('budget')).toEqual(['walk.ogg', 'Board meeting.m4a']);
    expect(await names('MEETING')).toEqual(['Board meeting.m4a']);
    expect(await names('  ')).toHaveLength(3);
    expect(await names('quantum')).toEqual([]);
  });

  it('sees, at the next start, an entry file changed on disk since it was indexed', async () => {
    const saved = await history.save(entry('old name.wav', 'Text.', '/x.wav'));
    expect((await listed())[0]?.name).toBe('old name.wav');
    const path = join(directory, `${saved.id}.json`);
    const file = JSON.parse(readFileSync(path, 'utf8'));
    writeFileSync(path, JSON.stringify({ ...file, name: 'renamed elsewhere.wav', padding: 'x' }));
    await restart();
    await history.indexSettled();
    expect((await listed('renamed'))[0]?.name).toBe('renamed elsewhere.wav');
  });

  it('shows the first words of a long text, cut between words', () => {
    const long = `${'word '.repeat(60)}end`;
    const preview = previewOf(long);
    expect(preview.length).toBeLessThanOrEqual(161);
    expect(preview.endsWith('word…')).toBe(true);
    expect(previewOf('  two\n\nlines ')).toBe('two lines');
    // Counted and cut by characters, never through the middle of one.
    const emoji = previewOf('😀'.repeat(200));
    expect([...emoji]).toHaveLength(161);
    expect(emoji.endsWith('😀…')).toBe(true);
  });
});

describe('a damaged history', () => {
  it.each([
    ['not JSON', '{"version":1,'],
    ['JSON in another shape', JSON.stringify({ version: 1, name: 'half an entry' })],
  ])('moves a corrupt entry (%s) aside and lists the others', async (_, content) => {
    const good = await history.save(entry('good.wav', 'Fine.', '/good.wav'));
    const badId = '0badc0de-0000-4000-8000-000000000000';
    writeFileSync(join(directory, `${badId}.json`), content);
    await restart();
    await history.indexSettled();

    expect((await listed()).map((s) => s.id)).toEqual([good.id]);
    const files = readdirSync(directory).sort();
    expect(files).toHaveLength(2);
    expect(files).toContain(`${good.id}.json`);
    const aside = files.find((f) => f.startsWith(`${badId}.json.corrupt-`));
    expect(aside).toBeDefined();
    expect(readFileSync(join(directory, aside!), 'utf8')).toBe(content);
    // Listed again, nothing changes: the bad file is out of the way for good.
    expect((await listed()).map((s) => s.id)).toEqual([good.id]);
  });

  it('leaves an entry written by a newer version alone: not listed, not moved, not deleted', async () => {
    const good = await history.save(entry('good.wav', 'Fine.', '/good.wav'));
    const newerId = '0badc0de-0000-4000-8000-000000000001';
    const content = JSON.stringify({ version: 2, id: newerId, shape: 'from the future' });
    writeFileSync(join(directory, `${newerId}.json`), content);
    await restart();
    await history.indexSettled();

    expect((await listed()).map((s) => s.id)).toEqual([good.id]);
    await expect(history.get(newerId)).rejects.toMatchObject({
      code: 'file_error',
      message: 'This transcript was saved by a newer version of Gateway Studio.',
    });
    await expect(history.delete(newerId)).rejects.toMatchObject({ code: 'file_error' });
    expect(readdirSync(directory).sort()).toEqual([`${good.id}.json`, `${newerId}.json`].sort());
    expect(readFileSync(join(directory, `${newerId}.json`), 'utf8')).toBe(content);
  });

  it('lists nothing (and does not fail) before anything was saved', async () => {
    expect(await listed()).toEqual([]);
  });
});

describe('getting and deleting', () => {
  it('gets an entry with its options, transcript and audio path', async () => {
    const saved = await history.save(
      entry('a.wav', 'Hello.', '/audio/a.wav', {
        options: { model: 'whisper-1', language: 'de', prompt: 'Names.' },
      }),
    );
    const got = await history.get(saved.id);
    expect(got).toMatchObject({ ...saved, audioPath: '/audio/a.wav' });
    expect(got.options).toEqual({ model: 'whisper-1', language: 'de', prompt: 'Names.' });
    expect(got.transcript.segments).toEqual([{ id: 0, start: 0, end: 1.5, text: 'Hello.' }]);
  });

  it('says not_found for an entry that is gone, and refuses ids that could name another path', async () => {
    expect((await failure(history.get('0e5e0000-0000-4000-8000-000000000000'))).code).toBe('not_found');
    expect((await failure(history.get('../../settings'))).code).toBe('invalid_input');
    expect((await failure(history.delete('..'))).code).toBe('invalid_input');
  });

  it('deletes a recording with the last entry that uses it, not before', async () => {
    const recording = join(recordingsDir, '2025-05-01-memo.webm');
    writeFileSync(recording, 'webm bytes');
    const one = await history.save(entry('Memo', 'Take one.', recording, { kind: 'recording' }));
    const two = await history.save(entry('Memo', 'Take two.', recording, { kind: 'recording' }));

    expect(await history.delete(one.id)).toEqual({ deleted: true, removedAudio: null });
    expect(existsSync(recording)).toBe(true);
    expect(await history.delete(two.id)).toEqual({ deleted: true, removedAudio: recording });
    expect(existsSync(recording)).toBe(false);
    expect(await listed()).toEqual([]);
    expect(readdirSync(directory)).toEqual([]);
  });

  it('never deletes the user’s own file, only the entry', async () => {
    const own = join(base, 'my music', 'song.mp3');
    mkdirSync(join(base, 'my music'));
    writeFileSync(own, 'ID3');
    const saved = await history.save(entry('song.mp3', 'La la.', own));
    expect(await history.delete(saved.id)).toEqual({ deleted: true, removedAudio: null });
    expect(existsSync(own)).toBe(true);
  });

  it('answers deleted: false for an entry that is not there', async () => {
    expect(await history.delete('0e5e0000-0000-4000-8000-000000000000')).toEqual({
      deleted: false,
      removedAudio: null,
    });
  });
});

describe('an entry through the IPC layer', () => {
  let t: TestLayer;
  beforeEach(() => {
    t = createTestLayer();
  });
  afterEach(() => t.close());

  const layerHistory = () =>
    createTranscriptHistory({
      directory: join(t.dataDir, 'history', 'transcripts'),
      recordingsDir: join(t.dataDir, 'media', 'recordings'),
    });

  it('comes with its audio ready to play, or with audio: null once the file is gone', async () => {
    const audioPath = join(t.dataDir, 'elsewhere', 'talk.wav');
    mkdirSync(join(t.dataDir, 'elsewhere'));
    writeFileSync(audioPath, 'RIFF....WAVE');
    // One history at a time writes the index, as in the app: this one's write lands before the layer reads.
    const saving = layerHistory();
    const saved = await saving.save(entry('talk.wav', 'Hello.', audioPath));
    await saving.indexSettled();

    const got = await t.ok('transcripts.get', { id: saved.id });
    expect(got.transcript.text).toBe('Hello.');
    expect(got.audio).toMatchObject({ path: audioPath, name: 'talk.wav', kind: 'file', durationSec: 1.5 });
    expect(got.audio?.url).toMatch(/^app:\/\/gateway-studio\/media\/@file\/[0-9a-f]{32}\/talk\.wav$/);

    rmSync(audioPath);
    const again = await t.ok('transcripts.get', { id: saved.id });
    expect(again.audio).toBeNull();
    expect(again.transcript.text).toBe('Hello.');
    // Saved by another history than the layer's: seen at a start (once the layer's index is done writing).
    await t.layer.settled();
    expect((await layerHistory().list()).transcripts[0]?.id).toBe(saved.id);
  });

  it('refuses a malformed id before it reaches the file system', async () => {
    const result = await t.call('transcripts.get', { id: '../settings' });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });
});
