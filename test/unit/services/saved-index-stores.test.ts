// Issue 19: the transcript history and the speech history keep a persistent index (saved-index/), as the
// conversations do. A save and a delete update it; a start reads it and never the items; a lost or damaged
// index is rebuilt from the files and loses nothing; a newer build's file is left alone and remembered, so
// no later start reads it again. The list is paged and searched in main.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSpeechStudio, type SpeechStudio } from '../../../src-main/services/speech-studio.ts';
import {
  createTranscriptHistory,
  TRANSCRIPTS_FOLDER,
  type TranscriptHistory,
} from '../../../src-main/services/transcript-history.ts';
import { plantedClipText, plantedTranscript, silentSpeechClient } from '../../support/saved-at-scale.ts';

let dataDir: string;

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'gs-stores-index-'));
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Overwrites a file with bytes that are no JSON, keeping its size and time: read, it would be set aside. */
function spoil(path: string): void {
  const { size, atime, mtime } = statSync(path);
  writeFileSync(path, '#'.repeat(size));
  utimesSync(path, atime, mtime);
}

describe('the transcript history’s index', () => {
  const folder = () => join(dataDir, TRANSCRIPTS_FOLDER);
  const journal = () => join(dataDir, 'indexes', 'transcripts.v2.jsonl');
  const open = (): TranscriptHistory => {
    let tick = 0;
    return createTranscriptHistory({
      directory: folder(),
      recordingsDir: join(dataDir, 'media', 'recordings'),
      now: () => new Date(Date.parse('2026-01-01T00:00:00Z') + tick++ * 60_000),
    });
  };
  const audio = () => join(dataDir, 'elsewhere.wav');

  async function saveSome(count: number) {
    const history = open();
    const ids: string[] = [];
    for (let i = 0; i < count; i++) ids.push((await history.save(plantedTranscript(i, audio()))).id);
    await history.indexSettled();
    return { history, ids };
  }

  it('is updated by saves and deletes; pages and searches come from it, newest first', async () => {
    const { history, ids } = await saveSome(12);
    const first = await history.list({ limit: 5 });
    expect(first.total).toBe(12);
    expect(first.transcripts.map((t) => t.id)).toEqual(ids.toReversed().slice(0, 5));
    expect(first.transcripts[0]).not.toHaveProperty('audioPath');
    expect((await history.list({ offset: 10, limit: 5 })).transcripts.map((t) => t.id)).toEqual(
      ids.toReversed().slice(10),
    );
    expect((await history.list({ query: 'marker7' })).transcripts.map((t) => t.name)).toEqual([
      'Meeting 7.m4a',
    ]);
    expect((await history.list({ query: 'MEETING 1' })).total).toBeGreaterThanOrEqual(1);
    await history.delete(ids[7]!);
    expect((await history.list({ query: 'marker7' })).total).toBe(0);
    expect((await history.list()).total).toBe(11);
    await history.indexSettled();
    const lines = readFileSync(journal(), 'utf8');
    expect(lines).toContain(ids[0]!);
  });

  it('is what a start reads: the transcripts themselves are not read again', async () => {
    const { ids } = await saveSome(6);
    for (const id of ids) spoil(join(folder(), `${id}.json`));
    const started = open();
    await started.indexSettled();
    const list = await started.list();
    expect(list.total).toBe(6);
    expect(list.transcripts.map((t) => t.name)).toContain('Meeting 3.m4a');
    expect((await started.list({ query: 'marker3' })).total).toBe(1);
    // Nothing was read, so nothing was found damaged and set aside.
    expect(readdirSync(folder()).filter((name) => name.includes('corrupt'))).toEqual([]);
  });

  it.each([
    ['deleted', () => rmSync(join(dataDir, 'indexes', 'transcripts.v2.jsonl'))],
    [
      'damaged',
      () =>
        writeFileSync(
          join(dataDir, 'indexes', 'transcripts.v2.jsonl'),
          '{"index":"transcripts","version":2}\n{"id":"x","size":1,"mtimeMs":2,"summ',
        ),
    ],
    ['not ours', () => writeFileSync(join(dataDir, 'indexes', 'transcripts.v2.jsonl'), 'garbage\n')],
    ['without its words', () => rmSync(join(dataDir, 'indexes', 'transcripts.v2.words'))],
    [
      'with its words cut short',
      () => {
        const words = join(dataDir, 'indexes', 'transcripts.v2.words');
        const text = readFileSync(words, 'utf8');
        writeFileSync(words, text.slice(0, Math.floor(text.length / 2)));
      },
    ],
  ])('is rebuilt from the files when %s, losing nothing', async (_, harm) => {
    const { history, ids } = await saveSome(8);
    const before = await history.list();
    harm();
    const started = open();
    await started.list();
    await started.indexSettled();
    const after = await started.list();
    expect(after).toEqual(before);
    expect((await started.list({ query: 'marker5' })).transcripts.map((t) => t.id)).toEqual([ids[5]]);
    // And the rebuilt index is whole: the start after reads it, not the files.
    for (const id of ids) spoil(join(folder(), `${id}.json`));
    const again = open();
    await again.indexSettled();
    expect(await again.list()).toEqual(before);
  });

  it('leaves a newer build’s file alone, remembers it, and keeps the audio it plays', async () => {
    const { ids } = await saveSome(2);
    const recordings = join(dataDir, 'media', 'recordings');
    mkdirSync(recordings, { recursive: true });
    const played = join(recordings, 'r.webm');
    writeFileSync(played, 'webm');
    const newer = join(folder(), 'from-the-future.json');
    const content = JSON.stringify({ version: 9, audioPath: played, shape: 'new' });
    writeFileSync(newer, content);
    const started = open();
    await started.indexSettled();
    expect((await started.list()).total).toBe(2);
    expect(readFileSync(journal(), 'utf8')).toContain('"newer":true');
    expect(await started.recordingsInUse(['r.webm'])).toEqual(new Set(['r.webm']));
    // Remembered: the next start does not read it again (read, this would be set aside as damaged).
    spoil(newer);
    const again = open();
    await again.indexSettled();
    expect((await again.list()).transcripts.map((t) => t.id).sort()).toEqual([...ids].sort());
    expect(existsSync(newer)).toBe(true);
    expect(readdirSync(folder()).filter((name) => name.includes('corrupt'))).toEqual([]);
    expect(await again.recordingsInUse(['r.webm'])).toEqual(new Set(['r.webm']));
  });
});

describe('the speech history’s index', () => {
  const folder = () => join(dataDir, 'history', 'speech');
  const journal = () => join(dataDir, 'indexes', 'speech.v2.jsonl');
  const open = (): SpeechStudio => {
    let tick = 0;
    return createSpeechStudio({
      dataDir,
      dialogs: { save: async () => null },
      now: () => new Date(Date.parse('2026-01-01T00:00:00Z') + tick++ * 60_000),
    });
  };
  const run = () => ({ signal: new AbortController().signal, onProgress: () => {} });

  async function makeSome(count: number) {
    const studio = open();
    const client = silentSpeechClient();
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const text = plantedClipText(i);
      const { entry } = await studio.generate(
        client,
        { text, model: 'gpt-4o-mini-tts', voice: 'alloy', format: 'wav', speed: 1 },
        run(),
      );
      ids.push(entry.id);
    }
    await studio.indexSettled();
    return { studio, ids };
  }

  it('is updated by new clips and deletes; pages and searches come from it, newest first', async () => {
    const { studio, ids } = await makeSome(9);
    const first = await studio.list({ limit: 4 });
    expect(first.total).toBe(9);
    expect(first.entries.map((e) => e.id)).toEqual(ids.toReversed().slice(0, 4));
    expect((await studio.list({ offset: 8 })).entries.map((e) => e.id)).toEqual([ids[0]]);
    expect((await studio.list({ query: 'marker4' })).entries.map((e) => e.id)).toEqual([ids[4]]);
    expect(await studio.remove(ids[4]!)).toBe(true);
    expect((await studio.list({ query: 'marker4' })).total).toBe(0);
    expect((await studio.list()).total).toBe(8);
  });

  it('is what a start reads, and is rebuilt from the files when lost or damaged', async () => {
    const { studio, ids } = await makeSome(6);
    const before = await studio.list();
    // Read from the index: the clips' files are not read (spoiled, they would be set aside).
    const saved = new Map(ids.map((id) => [id, readFileSync(join(folder(), `${id}.json`))]));
    for (const id of ids) spoil(join(folder(), `${id}.json`));
    const started = open();
    await started.indexSettled();
    expect(await started.list()).toEqual(before);
    for (const [id, bytes] of saved) writeFileSync(join(folder(), `${id}.json`), bytes);

    rmSync(journal());
    const rebuilt = open();
    await rebuilt.list();
    await rebuilt.indexSettled();
    expect(await rebuilt.list()).toEqual(before);

    writeFileSync(journal(), '{"index":"speech","version":1}\n{"id":"x","size":1,"mtimeMs":2,"summ');
    const repaired = open();
    await repaired.list();
    await repaired.indexSettled();
    expect(await repaired.list()).toEqual(before);
  });

  it('leaves a newer build’s clip alone and remembers it', async () => {
    const { ids } = await makeSome(2);
    const newer = join(folder(), 'future-clip.json');
    writeFileSync(newer, JSON.stringify({ version: 9, id: 'future-clip', shape: 'new' }));
    const started = open();
    await started.indexSettled();
    expect((await started.list()).entries.map((e) => e.id).sort()).toEqual([...ids].sort());
    expect(readFileSync(journal(), 'utf8')).toContain('"newer":true');
    spoil(newer);
    const again = open();
    await again.indexSettled();
    const list = await again.list();
    expect(list.total).toBe(2);
    expect(list.movedAside).toBe(0);
    expect(existsSync(newer)).toBe(true);
  });
});
