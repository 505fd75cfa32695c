// Issue 14, item 2: a long speech job that failed at part N deleted the N-1 parts already paid for. The
// finished parts must stay as a partial clip (playable, saveable, in the history, marked as partial), the
// failed part must say why, and "Continue" must send only the parts that are left, with the job's own
// choices and text, and complete the clip as if nothing had failed; across an app restart too.
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readWav } from '../../../src-main/services/speech-audio.ts';
import { splitSpeechText } from '../../../src-main/services/speech-parts.ts';
import type { SpeechEntry, SpeechRequest, StreamBatch, StreamEvent } from '../../../src-preload/contract.ts';
import { encodeSpeech, synthesizeSpeech } from '../../fake-gateway/audio.ts';
import { faults, startFakeGateway } from '../../fake-gateway/server.ts';
import type { FakeGateway, Fault } from '../../fake-gateway/types.ts';
import { numberedSentences } from '../../support/speech-text.ts';
import { createTestLayer, type TestLayer } from '../../support/test-layer.ts';

let gateway: Required<FakeGateway>;
let t: TestLayer;
let saveAnswers: Array<string | null>;
let saveNames: string[];
const extraLayers: TestLayer[] = [];

beforeAll(async () => {
  gateway = await startFakeGateway({ eventDelayMs: 0 });
});
afterAll(() => gateway.close());

beforeEach(async () => {
  gateway.reset();
  gateway.setEventDelay(0);
  saveAnswers = [];
  saveNames = [];
  t = createTestLayer({
    overrides: {
      dialogs: {
        save: async (asked) => {
          saveNames.push(asked.defaultName);
          return saveAnswers.shift() ?? null;
        },
        open: async () => null,
      },
    },
  });
  await t.ok('profiles.create', { name: 'Fake', baseUrl: gateway.baseUrl, apiKey: gateway.apiKey });
});
afterEach(async () => {
  // (Their own `dataDir` is an unused empty folder: they run over `t.dataDir`.)
  await Promise.all(extraLayers.splice(0).map((layer) => layer.close()));
  await t.close();
});

/** Numbered sentences (so no two parts are alike), exactly `count` characters: five parts for 18,000. */
const longText = (count: number) =>
  numberedSentences(count, [
    'The quick brown fox jumps over the lazy dog.',
    'A gateway relays requests to the model behind it.',
    'Speech is generated in parts and joined into one clip.',
    'Nothing paid for is thrown away when a request fails.',
  ]);

const TEXT = longText(18_000);
/** What the app sends for TEXT, part by part (the same pure split main uses). */
const PARTS = splitSpeechText(TEXT).parts;

const request = (overrides: Partial<SpeechRequest> = {}): SpeechRequest => ({
  text: TEXT,
  model: 'gpt-4o-mini-tts',
  voice: 'nova',
  format: 'wav',
  speed: 1.25,
  instructions: 'Calm and slow.',
  ...overrides,
});

const speechRequests = () => gateway.requests.filter((r) => r.path === '/v1/audio/speech');
const inputs = () => speechRequests().map((r) => (r.json as { input: string }).input);
/** The inputs the gateway answered with audio: what was billed. */
const paidInputs = () =>
  speechRequests()
    .filter((r) => r.status === 200)
    .map((r) => (r.json as { input: string }).input);

/** Lets the first `passing` speech requests through, then answers the next one with `fault`. */
function failSpeechAfter(passing: number, fault: Fault): void {
  const path = '/v1/audio/speech';
  // A 1 ms pause is a fault that changes nothing: it only uses up a request (faults are tried in order).
  if (passing > 0)
    gateway.inject({ match: { path }, times: passing, fault: { kind: 'stall-headers', ms: 1 } });
  gateway.inject({ match: { path }, fault });
}

function batchesOf(layer: TestLayer, streamId: string): StreamBatch[] {
  return layer.events
    .filter((e) => e.event === 'stream.batch' && (e.payload as StreamBatch).streamId === streamId)
    .map((e) => e.payload as StreamBatch);
}

async function finished(layer: TestLayer, streamId: string): Promise<StreamEvent[]> {
  await expect.poll(() => batchesOf(layer, streamId).some((b) => b.final), { timeout: 15_000 }).toBe(true);
  return batchesOf(layer, streamId).flatMap((b) => b.events);
}

function resultOf(events: StreamEvent[]): SpeechEntry {
  const result = events.find((e) => e.type === 'result');
  if (!result) throw new Error(`no result: ${JSON.stringify(events.at(-1))}`);
  return result.data as SpeechEntry;
}

async function generate(overrides: Partial<SpeechRequest> = {}, layer = t) {
  const { streamId } = await layer.ok('speech.generate', request(overrides));
  const events = await finished(layer, streamId);
  return { events, entry: resultOf(events) };
}

async function continueClip(id: string, layer = t) {
  const { streamId } = await layer.ok('speech.continue', { id });
  const events = await finished(layer, streamId);
  return { events, entry: resultOf(events) };
}

const fileOf = (layer: TestLayer, url: string) =>
  join(layer.dataDir, 'media', ...decodeURI(url.replace('app://gateway-studio/media/', '')).split('/'));

/** The samples of a joined WAV clip. */
function samplesOf(layer: TestLayer, entry: SpeechEntry): Buffer {
  expect(entry.urls).toHaveLength(1);
  const bytes = new Uint8Array(readFileSync(fileOf(layer, entry.urls[0]!)));
  const wav = readWav(bytes);
  if (!wav) throw new Error('not a WAV file');
  return Buffer.from(bytes.subarray(wav.dataOffset, wav.dataOffset + wav.dataBytes));
}

/** What the fake gateway answers for these parts, one after another (speed 1.25 as in `request`). */
const spoken = (parts: readonly string[]) => Buffer.concat(parts.map((part) => synthesizeSpeech(part, 1.25)));

describe('a long job that fails at part 3 of 5', () => {
  it('keeps parts 1–2 as a playable partial clip in the history, with the failed part and its reason', async () => {
    expect(PARTS).toHaveLength(5);
    failSpeechAfter(2, faults.quotaExhausted);
    const { events, entry } = await generate();

    expect(speechRequests()).toHaveLength(3);
    expect(entry).toMatchObject({
      parts: 5,
      partial: {
        done: 2,
        error: {
          code: 'quota_exhausted',
          message: 'Part 3 of 5: Insufficient user quota, remaining quota: $0.000000',
          hint: expect.stringMatching(/balance or quota is used up/),
        },
      },
      text: TEXT,
    });
    // The stream still ends as the failure it was.
    expect(events.at(-1)).toMatchObject({ type: 'error', error: { code: 'quota_exhausted' } });
    // The kept audio is exactly the two answers paid for.
    expect(samplesOf(t, entry)).toEqual(spoken(PARTS.slice(0, 2)));
    expect(entry.durationSec).toBeCloseTo(spoken(PARTS.slice(0, 2)).length / 48_000, 3);

    const history = await t.ok('speech.list', undefined);
    expect(history.entries).toHaveLength(1);
    expect(history.entries[0]).toMatchObject({ id: entry.id, partial: { done: 2 } });
    expect(await t.ok('speech.get', { id: entry.id })).toEqual(entry);
  });

  it('continues with parts 3–5 only, with the job’s own choices, and ends with the whole clip', async () => {
    failSpeechAfter(2, faults.quotaExhausted);
    const failed = (await generate()).entry;
    const before = speechRequests().length;

    const { entry, events } = await continueClip(failed.id);

    // Exactly the three parts left were sent (nothing paid for is sent again), in order.
    expect(inputs().slice(before)).toEqual(PARTS.slice(2));
    for (const sent of speechRequests().slice(before)) {
      expect(sent.json).toMatchObject({
        model: 'gpt-4o-mini-tts',
        voice: 'nova',
        response_format: 'wav',
        speed: 1.25,
        instructions: 'Calm and slow.',
      });
    }
    expect(events.filter((e) => e.type === 'progress').map((e) => e.type === 'progress' && e.step)).toEqual([
      3, 4, 5,
    ]);
    expect(events.at(-1)).toEqual({ type: 'done', status: 'completed' });
    expect(paidInputs()).toEqual(PARTS);
    // The same clip, now whole: as if it had not failed.
    expect(entry.id).toBe(failed.id);
    expect(entry.partial).toBeUndefined();
    expect(entry).toMatchObject({ parts: 5, layout: 'file', text: TEXT });
    expect(samplesOf(t, entry)).toEqual(spoken(PARTS));
    expect((await t.ok('speech.list', undefined)).entries).toEqual([
      expect.not.objectContaining({ partial: expect.anything() }),
    ]);
    // The partial file is gone; only the whole clip's audio is kept.
    expect(readdirSync(join(t.dataDir, 'media', 'speech'))).toEqual([`${entry.id}.wav`]);

    // A whole clip has nothing to continue: refused, nothing sent.
    const sent = speechRequests().length;
    expect(await t.call('speech.continue', { id: entry.id })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
    expect(speechRequests()).toHaveLength(sent);
  });

  it('a continue that fails again keeps what it added; the next continue finishes', async () => {
    failSpeechAfter(2, faults.quotaExhausted);
    const first = (await generate()).entry;
    // The continue gets part 3 through, then part 4 is refused.
    failSpeechAfter(1, faults.modelNotAllowed);
    const second = (await continueClip(first.id)).entry;
    expect(second).toMatchObject({
      id: first.id,
      partial: { done: 3, error: { code: 'forbidden', message: expect.stringMatching(/^Part 4 of 5: /) } },
    });
    expect(samplesOf(t, second)).toEqual(spoken(PARTS.slice(0, 3)));

    // Refused on its very first part: nothing new kept, the reason updated, the clip as it was.
    failSpeechAfter(0, faults.quotaExhausted);
    const { events } = await continueClip(first.id);
    expect(resultOf(events)).toMatchObject({
      partial: {
        done: 3,
        error: { code: 'quota_exhausted', message: expect.stringMatching(/^Part 4 of 5/) },
      },
    });
    expect(samplesOf(t, resultOf(events))).toEqual(spoken(PARTS.slice(0, 3)));

    const sentBefore = speechRequests().length;
    const last = (await continueClip(first.id)).entry;
    expect(inputs().slice(sentBefore)).toEqual(PARTS.slice(3));
    expect(last.partial).toBeUndefined();
    expect(samplesOf(t, last)).toEqual(spoken(PARTS));
    // Over three runs, every part was answered (paid for) exactly once, in order.
    expect(paidInputs()).toEqual(PARTS);
  });

  it('survives a restart: a new app run lists the partial clip and continues it', async () => {
    failSpeechAfter(2, faults.quotaExhausted);
    const failed = (await generate()).entry;
    const before = speechRequests().length;

    // The app quits; the next run reads the same data folder with a new studio.
    t.layer.dispose();
    // Same data folder, same OS key store: the profile and its key are read back as after a real restart.
    const next = createTestLayer({ overrides: { dataDir: t.dataDir, secretBox: t.secretBox } });
    extraLayers.push(next);
    const history = await next.ok('speech.list', undefined);
    expect(history.entries).toEqual([
      expect.objectContaining({ id: failed.id, partial: expect.objectContaining({ done: 2 }) }),
    ]);
    expect(existsSync(fileOf(t, failed.urls[0]!))).toBe(true);

    const { entry } = await continueClip(failed.id, next);
    expect(inputs().slice(before)).toEqual(PARTS.slice(2));
    expect(paidInputs()).toEqual(PARTS);
    expect(entry.partial).toBeUndefined();
    expect(samplesOf(t, entry)).toEqual(spoken(PARTS));
  });

  it('a failure at part 1 has nothing to keep: an error, no clip', async () => {
    failSpeechAfter(0, faults.quotaExhausted);
    const { streamId } = await t.ok('speech.generate', request());
    const events = await finished(t, streamId);
    expect(events.some((e) => e.type === 'result')).toBe(false);
    expect(events.at(-1)).toMatchObject({ type: 'error', error: { code: 'quota_exhausted' } });
    expect((await t.ok('speech.list', undefined)).entries).toEqual([]);
  });
});

describe('stopping a long job', () => {
  it('keeps the parts that arrived before Stop and continues from the next one', async () => {
    // Part 3 hangs until it is stopped.
    failSpeechAfter(2, { kind: 'stall-headers', ms: 10_000 });
    const { streamId } = await t.ok('speech.generate', request());
    await expect.poll(() => speechRequests().length).toBe(3);
    await expect.poll(() => gateway.activeRequests).toBe(1);
    expect(await t.ok('stream.stop', { streamId })).toEqual({ stopped: true });
    const events = await finished(t, streamId);
    expect(events.at(-1)).toEqual({ type: 'done', status: 'stopped' });
    const stopped = resultOf(events);
    expect(stopped).toMatchObject({ partial: { done: 2, error: { code: 'aborted' } } });
    expect(samplesOf(t, stopped)).toEqual(spoken(PARTS.slice(0, 2)));

    gateway.clearFaults();
    const before = speechRequests().length;
    const { entry } = await continueClip(stopped.id);
    expect(inputs().slice(before)).toEqual(PARTS.slice(2));
    expect(paidInputs()).toEqual(PARTS);
    expect(samplesOf(t, entry)).toEqual(spoken(PARTS));
  });
});

describe('formats kept as numbered parts', () => {
  it('keeps flac parts 1–2, then adds parts 3–5 under the same numbering', async () => {
    failSpeechAfter(2, faults.quotaExhausted);
    const failed = (await generate({ format: 'flac' })).entry;
    expect(failed).toMatchObject({ layout: 'parts', partial: { done: 2 } });
    expect(failed.urls).toHaveLength(2);
    const answers = PARTS.map((part) => encodeSpeech(synthesizeSpeech(part, 1.25), 'flac'));
    failed.urls.forEach((url, i) => {
      expect(readFileSync(fileOf(t, url))).toEqual(answers[i]);
    });

    const { entry } = await continueClip(failed.id);
    expect(entry.partial).toBeUndefined();
    expect(entry.urls.map((url) => url.split('/').at(-1))).toEqual([
      'part-1.flac',
      'part-2.flac',
      'part-3.flac',
      'part-4.flac',
      'part-5.flac',
    ]);
    entry.urls.forEach((url, i) => {
      expect(readFileSync(fileOf(t, url))).toEqual(answers[i]);
    });
  });
});

describe('saving a partial clip', () => {
  it('names the copy as partial and never overwrites', async () => {
    failSpeechAfter(2, faults.quotaExhausted);
    const { entry } = await generate();
    const out = join(t.dataDir, 'out');
    mkdirSync(out);
    saveAnswers.push(join(out, 'clip'));
    const saved = await t.ok('speech.save', { id: entry.id });
    expect(saveNames.at(-1)).toMatch(/ \(parts 1–2 of 5\)\.wav$/);
    expect(saved.files).toEqual([join(out, 'clip.wav')]);
    expect(readFileSync(saved.files[0]!)).toEqual(readFileSync(fileOf(t, entry.urls[0]!)));
  });
});
