// Issue 14, item 25: saving a clip kept in parts as `name.ext` wrote `name-1.ext`, `name-2.ext`, … over
// whatever files had those names, without asking. The save dialog confirms overwriting only the file the
// user chose; every other file the save writes must take a name that is free.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SpeechEntry, SpeechRequest, StreamBatch } from '../../../src-preload/contract.ts';
import { startFakeGateway } from '../../fake-gateway/server.ts';
import type { FakeGateway } from '../../fake-gateway/types.ts';
import { createTestLayer, type TestLayer } from '../../support/test-layer.ts';

let gateway: Required<FakeGateway>;
let t: TestLayer;
let saveAnswers: Array<string | null>;
let out: string;

beforeAll(async () => {
  gateway = await startFakeGateway({ eventDelayMs: 0 });
});
afterAll(() => gateway.close());

beforeEach(async () => {
  gateway.reset();
  gateway.setEventDelay(0);
  saveAnswers = [];
  t = createTestLayer({
    overrides: {
      dialogs: { save: async () => saveAnswers.shift() ?? null, open: async () => null },
    },
  });
  await t.ok('profiles.create', { name: 'Fake', baseUrl: gateway.baseUrl, apiKey: gateway.apiKey });
  out = join(t.dataDir, 'out');
  mkdirSync(out);
});
afterEach(() => t.close());

async function generate(overrides: Partial<SpeechRequest>): Promise<SpeechEntry> {
  const { streamId } = await t.ok('speech.generate', {
    text: 'Hello there.',
    model: 'gpt-4o-mini-tts',
    voice: 'alloy',
    format: 'wav',
    speed: 1,
    ...overrides,
  });
  const batches = () =>
    t.events
      .filter((e) => e.event === 'stream.batch' && (e.payload as StreamBatch).streamId === streamId)
      .map((e) => e.payload as StreamBatch);
  await expect.poll(() => batches().some((b) => b.final), { timeout: 15_000 }).toBe(true);
  const result = batches()
    .flatMap((b) => b.events)
    .find((e) => e.type === 'result');
  if (!result) throw new Error('no result');
  return result.data as SpeechEntry;
}

/** A text long enough to be spoken in two parts. */
const twoParts = (): string => 'The quick brown fox jumps over the lazy dog. '.repeat(130).trim();

const fileOf = (url: string) =>
  join(t.dataDir, 'media', ...decodeURI(url.replace('app://gateway-studio/media/', '')).split('/'));

/** Every file in the output folder with its content, to see what a save touched. */
const snapshot = () =>
  Object.fromEntries(readdirSync(out).map((name) => [name, readFileSync(join(out, name), 'utf8')]));

describe('saving a clip kept in parts', () => {
  it('never writes over a file that has a part’s name; picks free names instead', async () => {
    const entry = await generate({ text: twoParts(), format: 'flac' });
    expect(entry).toMatchObject({ layout: 'parts', parts: 2 });
    // Someone else's file that happens to have the second part's name.
    writeFileSync(join(out, 'my clip-2.flac'), 'not yours');
    saveAnswers.push(join(out, 'my clip.flac'));

    const saved = await t.ok('speech.save', { id: entry.id });

    expect(readFileSync(join(out, 'my clip-2.flac'), 'utf8')).toBe('not yours');
    expect(saved.files).toEqual([join(out, 'my clip (2)-1.flac'), join(out, 'my clip (2)-2.flac')]);
    saved.files.forEach((file, i) => {
      expect(readFileSync(file)).toEqual(readFileSync(fileOf(entry.urls[i]!)));
    });
    // Still reports the folder the user chose.
    expect(saved.path).toBe(join(out, 'my clip.flac'));
    // Nothing else appeared (no leftover temp files, no half of a set under the taken name).
    expect(Object.keys(snapshot()).sort()).toEqual([
      'my clip (2)-1.flac',
      'my clip (2)-2.flac',
      'my clip-2.flac',
    ]);
  });

  it('saved twice under the same name, keeps the first save’s files', async () => {
    const entry = await generate({ text: twoParts(), format: 'flac' });
    saveAnswers.push(join(out, 'clip.flac'), join(out, 'clip.flac'));
    const first = await t.ok('speech.save', { id: entry.id });
    writeFileSync(first.files[0]!, 'edited since');
    const second = await t.ok('speech.save', { id: entry.id });
    expect(readFileSync(first.files[0]!, 'utf8')).toBe('edited since');
    expect(second.files.some((file) => first.files.includes(file))).toBe(false);
  });
});

describe('saving a clip kept in one file', () => {
  it('overwrites the file the user chose (the dialog asked)', async () => {
    const entry = await generate({});
    writeFileSync(join(out, 'clip.wav'), 'old');
    saveAnswers.push(join(out, 'clip.wav'));
    const saved = await t.ok('speech.save', { id: entry.id });
    expect(saved).toEqual({ path: join(out, 'clip.wav'), files: [join(out, 'clip.wav')] });
    expect(readFileSync(join(out, 'clip.wav'))).toEqual(readFileSync(fileOf(entry.urls[0]!)));
  });

  it('does not overwrite `name.ext` when the user typed `name` and the extension is added', async () => {
    const entry = await generate({});
    // The dialog confirmed `clip` (which does not exist), not `clip.wav`.
    writeFileSync(join(out, 'clip.wav'), 'not yours');
    saveAnswers.push(join(out, 'clip'));
    const saved = await t.ok('speech.save', { id: entry.id });
    expect(readFileSync(join(out, 'clip.wav'), 'utf8')).toBe('not yours');
    expect(saved).toEqual({ path: join(out, 'clip (2).wav'), files: [join(out, 'clip (2).wav')] });
    expect(readFileSync(saved.path!)).toEqual(readFileSync(fileOf(entry.urls[0]!)));
  });
});
