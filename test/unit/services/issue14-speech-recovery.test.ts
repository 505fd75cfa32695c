// Issue 14, item 2: the parts of a long speech job are paid for as they arrive, so an app that quits or
// crashes mid-job must not lose them either. The speech studio is run over a data folder until part 3 is in
// flight and then abandoned for good (as a killed process: nothing of it runs again, no abort, no cleanup);
// a new studio over the same folder, as at the next start, keeps parts 1–2 as a partial clip that continues.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGatewayClient } from '../../../src-main/gateway/index.ts';
import type { GatewayClient } from '../../../src-main/gateway/types.ts';
import { readWav } from '../../../src-main/services/speech-audio.ts';
import { splitSpeechText } from '../../../src-main/services/speech-parts.ts';
import { createSpeechStudio } from '../../../src-main/services/speech-studio.ts';
import type { SpeechEntry, SpeechRequest } from '../../../src-preload/contract.ts';
import { synthesizeSpeech } from '../../fake-gateway/audio.ts';
import { startFakeGateway } from '../../fake-gateway/server.ts';
import type { FakeGateway } from '../../fake-gateway/types.ts';
import { numberedSentences } from '../../support/speech-text.ts';

let gateway: Required<FakeGateway>;
let dataDir: string;
const dialogs = { save: async () => null };

beforeAll(async () => {
  gateway = await startFakeGateway({ eventDelayMs: 0 });
});
afterAll(() => gateway.close());
beforeEach(() => {
  gateway.reset();
  dataDir = mkdtempSync(join(tmpdir(), 'gs-speech-recovery-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const longText = (count: number) =>
  numberedSentences(count, [
    'The quick brown fox jumps over the lazy dog.',
    'Every part that arrived was paid for.',
    'A crash must not throw it away.',
  ]);

const TEXT = longText(14_000);
const PARTS = splitSpeechText(TEXT).parts;
const request: SpeechRequest = {
  text: TEXT,
  model: 'gpt-4o-mini-tts',
  voice: 'alloy',
  format: 'wav',
  speed: 1,
};

const client = (): GatewayClient =>
  createGatewayClient({ baseUrl: gateway.baseUrl, apiKey: gateway.apiKey, sleep: async () => undefined });

/** The real client, except that from call `dies + 1` on nothing ever comes back: the process is gone. */
function dyingAfter(dies: number): GatewayClient {
  const real = client();
  let calls = 0;
  return {
    ...real,
    speech: (options, call) => (++calls <= dies ? real.speech(options, call) : new Promise(() => {})),
  };
}

const paidInputs = () =>
  gateway.requests
    .filter((r) => r.path === '/v1/audio/speech' && r.status === 200)
    .map((r) => (r.json as { input: string }).input);

function samplesOf(entry: SpeechEntry): Buffer {
  const file = join(
    dataDir,
    'media',
    ...entry.urls[0]!.replace('app://gateway-studio/media/', '').split('/'),
  );
  const bytes = new Uint8Array(readFileSync(file));
  const wav = readWav(bytes)!;
  return Buffer.from(bytes.subarray(wav.dataOffset, wav.dataOffset + wav.dataBytes));
}

describe('a job cut short by a quit or a crash', () => {
  it('keeps the parts that arrived as a partial clip at the next start, and continues from there', async () => {
    expect(PARTS.length).toBeGreaterThanOrEqual(4);
    const progress: number[] = [];
    const first = createSpeechStudio({ dataDir, dialogs });
    // Never settles: the process "dies" while part 3 is being asked for.
    void first.generate(dyingAfter(2), request, {
      signal: new AbortController().signal,
      onProgress: (step) => progress.push(step),
    });
    await expect.poll(() => progress).toEqual([1, 2, 3]);
    // Part 2 has arrived whole (the third call has begun): give its file a moment to settle.
    await expect.poll(() => paidInputs()).toEqual(PARTS.slice(0, 2));

    const next = createSpeechStudio({ dataDir, dialogs });
    const { entries } = await next.list();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      parts: PARTS.length,
      partial: {
        done: 2,
        error: { code: 'aborted', message: `The app closed before part 3 of ${PARTS.length} arrived.` },
      },
    });
    const partial = await next.get(entries[0]!.id);
    expect(samplesOf(partial)).toEqual(Buffer.concat(PARTS.slice(0, 2).map((p) => synthesizeSpeech(p))));
    // The work folder is gone; only the clip's audio is left.
    expect(readdirSync(join(dataDir, 'media', 'speech'))).toEqual([partial.urls[0]!.split('/').at(-1)]);

    const { entry, failure } = await next.continue(client(), partial.id, {
      signal: new AbortController().signal,
      onProgress: () => {},
    });
    expect(failure).toBeNull();
    expect(entry.partial).toBeUndefined();
    // Every part billed exactly once, and the clip is all of them.
    expect(paidInputs()).toEqual(PARTS);
    expect(samplesOf(entry)).toEqual(Buffer.concat(PARTS.map((p) => synthesizeSpeech(p))));
  });

  it('a continue cut short keeps what it added to the partial clip', async () => {
    // A first run fails cleanly at part 2 (nothing dies): parts 1 kept.
    gateway.inject({ match: { path: '/v1/audio/speech' }, fault: { kind: 'stall-headers', ms: 1 } });
    gateway.inject({
      match: { path: '/v1/audio/speech' },
      fault: {
        kind: 'status',
        status: 403,
        shape: 'openai',
        message: 'No quota',
        code: 'insufficient_user_quota',
      },
    });
    const studio = createSpeechStudio({ dataDir, dialogs });
    const run = () => ({ signal: new AbortController().signal, onProgress: () => {} });
    const { entry: kept } = await studio.generate(client(), request, run());
    expect(kept.partial?.done).toBe(1);

    // The continue gets part 2 through, then the app dies during part 3.
    const progress: number[] = [];
    void studio.continue(dyingAfter(1), kept.id, { ...run(), onProgress: (step) => progress.push(step) });
    await expect.poll(() => progress).toEqual([2, 3]);
    await expect.poll(() => paidInputs()).toEqual(PARTS.slice(0, 2));

    const next = createSpeechStudio({ dataDir, dialogs });
    expect((await next.list()).entries).toEqual([
      expect.objectContaining({ id: kept.id, partial: expect.objectContaining({ done: 2 }) }),
    ]);
    const { entry } = await next.continue(client(), kept.id, run());
    expect(paidInputs()).toEqual(PARTS);
    expect(samplesOf(entry)).toEqual(Buffer.concat(PARTS.map((p) => synthesizeSpeech(p))));
  });
});
