// The Speak panel's calls through the real IPC layer (choke point → handlers → speech studio → gateway
// client) against the fake gateway: long texts in parts, joined audio, the history, save and delete.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SaveDialogRequest } from '../../../src-main/ipc/types.ts';
import { readWav } from '../../../src-main/services/speech-audio.ts';
import {
  SPEECH_INPUT_LIMIT,
  type SpeechEntry,
  type SpeechRequest,
  type StreamBatch,
  type StreamEvent,
} from '../../../src-preload/contract.ts';
import { encodeSpeech, synthesizeSpeech } from '../../fake-gateway/audio.ts';
import { faults, startFakeGateway } from '../../fake-gateway/server.ts';
import type { FakeGateway } from '../../fake-gateway/types.ts';
import { createTestLayer, type TestLayer } from '../../support/test-layer.ts';

let gateway: Required<FakeGateway>;
let t: TestLayer;
let saveAnswers: Array<string | null>;
let saves: SaveDialogRequest[];

beforeAll(async () => {
  gateway = await startFakeGateway({ eventDelayMs: 0 });
});
afterAll(() => gateway.close());

beforeEach(async () => {
  gateway.reset();
  gateway.setEventDelay(0);
  saveAnswers = [];
  saves = [];
  t = createTestLayer({
    overrides: {
      dialogs: {
        save: async (request) => {
          saves.push(request);
          return saveAnswers.shift() ?? null;
        },
        open: async () => null,
      },
    },
  });
  await t.ok('profiles.create', { name: 'Fake', baseUrl: gateway.baseUrl, apiKey: gateway.apiKey });
});
afterEach(() => t.close());

const batchesOf = (streamId: string) =>
  t.events
    .filter((e) => e.event === 'stream.batch' && (e.payload as StreamBatch).streamId === streamId)
    .map((e) => e.payload as StreamBatch);

async function finished(streamId: string): Promise<StreamEvent[]> {
  await expect.poll(() => batchesOf(streamId).some((b) => b.final), { timeout: 15_000 }).toBe(true);
  return batchesOf(streamId).flatMap((b) => b.events);
}

const request = (overrides: Partial<SpeechRequest> = {}): SpeechRequest => ({
  text: 'Hello there.',
  model: 'gpt-4o-mini-tts',
  voice: 'alloy',
  format: 'wav',
  speed: 1,
  ...overrides,
});

async function generate(overrides: Partial<SpeechRequest> = {}): Promise<{
  entry: SpeechEntry;
  events: StreamEvent[];
}> {
  const { streamId } = await t.ok('speech.generate', request(overrides));
  const events = await finished(streamId);
  const result = events.find((e) => e.type === 'result');
  if (!result) throw new Error(`no result: ${JSON.stringify(events.at(-1))}`);
  return { entry: result.data as SpeechEntry, events };
}

/** The file behind a media URL the page would play. */
const fileOf = (url: string) =>
  join(t.dataDir, 'media', ...decodeURI(url.replace('app://gateway-studio/media/', '')).split('/'));

/** `count` characters of plain sentences, in short paragraphs. */
function longText(count: number): string {
  const sentences = [
    'The quick brown fox jumps over the lazy dog.',
    'A gateway relays requests to the model behind it.',
    'Speech is generated in parts and joined into one clip.',
    'Nothing typed is lost when a request fails.',
  ];
  let text = '';
  for (let i = 0; text.length < count; i++) {
    text += sentences[i % sentences.length];
    text += i % 9 === 8 ? '\n\n' : ' ';
  }
  return `${text
    .slice(0, count - 1)
    .trimEnd()
    .padEnd(count - 1, 'o')}.`;
}

const speechRequests = () => gateway.requests.filter((r) => r.path === '/v1/audio/speech');
const inputs = () => speechRequests().map((r) => (r.json as { input: string }).input);

describe('speaking a text', () => {
  it('speaks a short text into one WAV file in the data folder, kept in the history', async () => {
    const { entry, events } = await generate({ text: 'Hello there.' });
    expect(events.filter((e) => e.type === 'progress')).toEqual([{ type: 'progress', step: 1, steps: 1 }]);
    expect(events.at(-1)).toEqual({ type: 'done', status: 'completed' });
    expect(entry).toMatchObject({ parts: 1, layout: 'file', extension: 'wav', text: 'Hello there.' });
    expect(entry.urls).toHaveLength(1);
    expect(entry.urls[0]).toMatch(/^app:\/\/gateway-studio\/media\/speech\/[\w-]+\.wav$/);
    const file = fileOf(entry.urls[0]!);
    expect(readFileSync(file)).toEqual(encodeSpeech(synthesizeSpeech('Hello there.'), 'wav'));
    expect(entry.bytes).toBe(readFileSync(file).byteLength);
    expect(entry.durationSec).toBeCloseTo(synthesizeSpeech('Hello there.').length / 48_000, 3);
    expect(entry.timeToFirstAudioMs).toEqual(expect.any(Number));
    expect(entry.timeToFirstAudioMs!).toBeLessThanOrEqual(entry.elapsedMs);
    expect(existsSync(join(t.dataDir, 'history', 'speech', `${entry.id}.json`))).toBe(true);
  });

  it('sends a 10,000-character text as three requests within the limit, in order, joined into one WAV', async () => {
    const text = longText(10_000);
    const { entry, events } = await generate({ text });
    expect(speechRequests()).toHaveLength(3);
    for (const input of inputs()) expect([...input].length).toBeLessThanOrEqual(SPEECH_INPUT_LIMIT);
    // In order, and nothing lost: the parts are the text, cut at whitespace.
    expect(inputs().join(' ').replace(/\s+/g, ' ')).toBe(text.replace(/\s+/g, ' '));
    expect(events.filter((e) => e.type === 'progress').map((e) => e.type === 'progress' && e.step)).toEqual([
      1, 2, 3,
    ]);
    expect(entry).toMatchObject({ parts: 3, layout: 'file', extension: 'wav', characters: 10_000 });

    // One WAV whose samples are exactly the three answers' samples, one after another.
    const joined = new Uint8Array(readFileSync(fileOf(entry.urls[0]!)));
    const wav = readWav(joined)!;
    const expected = Buffer.concat(inputs().map((input) => synthesizeSpeech(input)));
    expect(Buffer.from(joined.subarray(wav.dataOffset, wav.dataOffset + wav.dataBytes))).toEqual(expected);
    expect(wav.dataOffset + wav.dataBytes).toBe(joined.byteLength);
    expect(entry.durationSec).toBeCloseTo(expected.length / 48_000, 3);
  });

  it('keeps pcm as a playable WAV, joined across parts', async () => {
    const long = longText(5_000);
    const { entry } = await generate({ text: long, format: 'pcm' });
    expect(entry).toMatchObject({ format: 'pcm', extension: 'wav', parts: 2, layout: 'file' });
    const joined = new Uint8Array(readFileSync(fileOf(entry.urls[0]!)));
    const wav = readWav(joined)!;
    expect(wav).toMatchObject({ sampleRate: 24_000, channels: 1, bitsPerSample: 16 });
    const pcmAnswers = inputs().map((input) => synthesizeSpeech(input));
    expect(Buffer.from(joined.subarray(wav.dataOffset))).toEqual(Buffer.concat(pcmAnswers));
  });

  it('joins mp3 parts frame stream after frame stream', async () => {
    const { entry } = await generate({ text: longText(6_000), format: 'mp3' });
    expect(entry).toMatchObject({ parts: 2, layout: 'file', extension: 'mp3' });
    const answers = inputs().map((input) => encodeSpeech(synthesizeSpeech(input), 'mp3'));
    expect(readFileSync(fileOf(entry.urls[0]!))).toEqual(Buffer.concat(answers));
    expect(entry.durationSec).toBeGreaterThan(50);
  });

  it('keeps flac parts as numbered files, each playable, and saves them as numbered files', async () => {
    const { entry } = await generate({ text: longText(6_000), format: 'flac' });
    expect(entry).toMatchObject({ parts: 2, layout: 'parts', extension: 'flac' });
    expect(entry.urls).toHaveLength(2);
    expect(entry.urls[0]).toMatch(/\/media\/speech\/[\w-]+\/part-1\.flac$/);
    const answers = inputs().map((input) => encodeSpeech(synthesizeSpeech(input), 'flac'));
    entry.urls.forEach((url, i) => {
      expect(readFileSync(fileOf(url))).toEqual(answers[i]);
    });

    const target = join(t.dataDir, 'out', 'my clip.flac');
    mkdirSync(join(t.dataDir, 'out'));
    saveAnswers.push(target);
    const saved = await t.ok('speech.save', { id: entry.id });
    expect(saved.files).toEqual([
      join(t.dataDir, 'out', 'my clip-1.flac'),
      join(t.dataDir, 'out', 'my clip-2.flac'),
    ]);
    saved.files.forEach((file, i) => {
      expect(readFileSync(file)).toEqual(answers[i]);
    });
  });

  it('leaves instructions out for tts-1 and sends them to models that take them', async () => {
    await generate({ model: 'tts-1', instructions: 'Whisper.', speed: 1.5, voice: 'nova', format: 'mp3' });
    expect(speechRequests().at(-1)?.json).toEqual({
      model: 'tts-1',
      voice: 'nova',
      input: 'Hello there.',
      response_format: 'mp3',
      speed: 1.5,
    });
    const { entry } = await generate({ instructions: '  Whisper.  ' });
    expect(speechRequests().at(-1)?.json).toMatchObject({ instructions: 'Whisper.' });
    expect(entry.request.instructions).toBe('Whisper.');
  });
});

describe('when a part fails or the user stops', () => {
  it('reports which part failed, with the gateway’s hint, and keeps the part paid for as a partial clip', async () => {
    // The first request passes (a 1 ms pause is its only fault); the second is refused.
    gateway.inject({ match: { path: '/v1/audio/speech' }, fault: { kind: 'stall-headers', ms: 1 } });
    gateway.inject({ match: { path: '/v1/audio/speech' }, fault: faults.quotaExhausted });
    const { streamId } = await t.ok('speech.generate', request({ text: longText(10_000) }));
    const events = await finished(streamId);
    expect(speechRequests()).toHaveLength(2);
    expect(events.at(-1)).toMatchObject({
      type: 'error',
      error: {
        code: 'quota_exhausted',
        message: 'Part 2 of 3: Insufficient user quota, remaining quota: $0.000000',
        hint: expect.stringMatching(/balance or quota is used up/),
      },
    });
    // Part 1 arrived (and was billed): kept, marked partial (issue 14, item 2; see issue14-speech-partial).
    const kept = (await t.ok('speech.list', undefined)).entries;
    expect(kept).toEqual([
      expect.objectContaining({ parts: 3, partial: expect.objectContaining({ done: 1 }) }),
    ]);
    // Its audio only: no work folder left behind.
    expect(readdirSync(join(t.dataDir, 'media', 'speech'))).toEqual([`${kept[0]!.id}.1-1.wav`]);
  });

  it('stop aborts the request in flight, ends as stopped and keeps nothing', async () => {
    gateway.setEventDelay(30);
    const { streamId } = await t.ok('speech.generate', request({ text: longText(10_000) }));
    await expect.poll(() => gateway.activeRequests).toBe(1);
    const closed = gateway.nextRequestClosed(2_000);
    expect(await t.ok('stream.stop', { streamId })).toEqual({ stopped: true });
    await closed;
    const events = await finished(streamId);
    expect(events.at(-1)).toEqual({ type: 'done', status: 'stopped' });
    expect(events.some((e) => e.type === 'result' || e.type === 'error')).toBe(false);
    expect((await t.ok('speech.list', undefined)).entries).toEqual([]);
    await expect.poll(() => readdirSync(join(t.dataDir, 'media', 'speech'))).toEqual([]);
  });

  it('says so at once when there is no key, before any stream starts', async () => {
    const id = (await t.ok('settings.get', undefined)).profiles[0]!.id;
    await t.ok('profiles.removeKey', { id });
    const result = await t.call('speech.generate', request());
    expect(result).toMatchObject({ ok: false, error: { code: 'no_key' } });
    expect(gateway.requests).toHaveLength(0);
  });
});

describe('the history', () => {
  it('lists newest first, gets the whole text back, deletes the entry with its audio', async () => {
    const first = (await generate({ text: 'First clip.' })).entry;
    const second = (await generate({ text: 'Second clip, with flac.', format: 'flac' })).entry;
    const history = await t.ok('speech.list', undefined);
    expect(history.entries.map((e) => e.id)).toEqual([second.id, first.id]);
    expect(history.entries[0]).toMatchObject({
      preview: 'Second clip, with flac.',
      format: 'flac',
      voice: 'alloy',
    });

    const again = await t.ok('speech.get', { id: first.id });
    expect(again).toEqual(first);

    const audio = fileOf(first.urls[0]!);
    expect(await t.ok('speech.delete', { id: first.id })).toEqual({ deleted: true });
    expect(existsSync(audio)).toBe(false);
    expect(existsSync(join(t.dataDir, 'history', 'speech', `${first.id}.json`))).toBe(false);
    expect((await t.ok('speech.list', undefined)).entries.map((e) => e.id)).toEqual([second.id]);
    expect(await t.call('speech.get', { id: first.id })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    expect(await t.ok('speech.delete', { id: first.id })).toEqual({ deleted: false });
  });

  it('is read again from disk by a new app run', async () => {
    const { entry } = await generate({ text: 'Kept between runs.' });
    const next = createTestLayer({ overrides: { dataDir: t.dataDir } });
    try {
      const history = await next.ok('speech.list', undefined);
      expect(history.entries.map((e) => e.id)).toEqual([entry.id]);
    } finally {
      next.layer.dispose();
    }
  });

  it('moves a damaged history file aside and says how many; leaves a newer version alone', async () => {
    // Found as the app starts: its history's index is checked against the folder then.
    const dataDir = mkdtempSync(join(tmpdir(), 'gs-speech-damaged-'));
    const folder = join(dataDir, 'history', 'speech');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'broken.json'), '{ not json');
    writeFileSync(join(folder, 'future.json'), JSON.stringify({ version: 99, id: 'future' }));
    const started = createTestLayer({ overrides: { dataDir } });
    try {
      await expect
        .poll(async () => await started.ok('speech.list', undefined))
        .toEqual({ entries: [], total: 0, movedAside: 1 });
    } finally {
      await started.close();
    }
    const names = readdirSync(folder);
    expect(names).toContain('future.json');
    expect(names.some((name) => name.startsWith('broken.json.corrupt-'))).toBe(true);
  });

  it('saves a copy where the user chooses, adding the extension, byte for byte', async () => {
    const { entry } = await generate({ text: 'Save me, please.' });
    const target = join(t.dataDir, 'clip');
    saveAnswers.push(target);
    const saved = await t.ok('speech.save', { id: entry.id });
    expect(saved).toEqual({ path: `${target}.wav`, files: [`${target}.wav`] });
    expect(readFileSync(`${target}.wav`)).toEqual(readFileSync(fileOf(entry.urls[0]!)));
    expect(saves.at(-1)).toMatchObject({
      defaultName: 'Save me please.wav',
      filters: [{ name: 'WAV audio', extensions: ['wav'] }],
    });

    // Cancelled: nothing written.
    saveAnswers.push(null);
    expect(await t.ok('speech.save', { id: entry.id })).toEqual({ path: null, files: [] });
  });
});

describe('input checks', () => {
  it('refuses empty text, text over 200,000 characters, a speed out of range and a strange id', async () => {
    expect(await t.call('speech.generate', request({ text: '  \n ' }))).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: 'text: Type something to speak.' },
    });
    expect(await t.call('speech.generate', request({ text: 'a'.repeat(200_001) }))).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
    expect(await t.call('speech.generate', request({ speed: 4.5 }))).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: 'speed: The speed is at most 4.' },
    });
    expect(await t.call('speech.get', { id: '../../settings' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
    expect(gateway.requests).toHaveLength(0);
  });
});
