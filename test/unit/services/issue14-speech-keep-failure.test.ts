// Issue 14, item 2 (review): every part of a long speech job is paid for once it arrives, so the step that
// keeps them (join, move into the history's media folder, write the history entry) must not lose them when
// it fails. The disk fails as the last part is requested (the history folder becomes unwritable: a file
// stands where the folder was), the job fails, the disk is repaired, and the next start keeps every part
// that was paid for, each paid once. And a delete racing a continue never brings the deleted clip back.
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGatewayClient } from '../../../src-main/gateway/index.ts';
import type { GatewayClient } from '../../../src-main/gateway/types.ts';
import { readWav } from '../../../src-main/services/speech-audio.ts';
import { splitSpeechText } from '../../../src-main/services/speech-parts.ts';
import { createSpeechStudio, type SpeechRun } from '../../../src-main/services/speech-studio.ts';
import type { SpeechEntry, SpeechFormat, SpeechRequest } from '../../../src-preload/contract.ts';
import { encodeSpeech, synthesizeSpeech } from '../../fake-gateway/audio.ts';
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
  dataDir = mkdtempSync(join(tmpdir(), 'gs-speech-keep-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const longText = (count: number) =>
  numberedSentences(count, [
    'The quick brown fox jumps over the lazy dog.',
    'Every part that arrived was paid for.',
    'A full disk must not throw it away.',
  ]);

const TEXT = longText(14_000);
const PARTS = splitSpeechText(TEXT).parts;
const request = (format: SpeechFormat): SpeechRequest => ({
  text: TEXT,
  model: 'gpt-4o-mini-tts',
  voice: 'alloy',
  format,
  speed: 1,
});

const client = (): GatewayClient =>
  createGatewayClient({ baseUrl: gateway.baseUrl, apiKey: gateway.apiKey, sleep: async () => undefined });

const paidInputs = () =>
  gateway.requests
    .filter((r) => r.path === '/v1/audio/speech' && r.status === 200)
    .map((r) => (r.json as { input: string }).input);

const historyDir = () => join(dataDir, 'history', 'speech');

/** The disk goes bad for the history: a file stands where its folder was (what was in it is set aside). */
function breakHistory(): void {
  renameSync(historyDir(), `${historyDir()}-away`);
  writeFileSync(historyDir(), '');
}
function repairHistory(): void {
  rmSync(historyDir());
  renameSync(`${historyDir()}-away`, historyDir());
}

/** A run whose history breaks just as its last part is requested: every part still arrives and is paid. */
function runBreakingAtLastPart(): SpeechRun {
  return {
    signal: new AbortController().signal,
    onProgress: (step, steps) => {
      if (step === steps) breakHistory();
    },
  };
}
const run = (): SpeechRun => ({ signal: new AbortController().signal, onProgress: () => {} });

function filesOf(entry: SpeechEntry): string[] {
  return entry.urls.map((url) =>
    join(dataDir, 'media', ...url.replace('app://gateway-studio/media/', '').split('/')),
  );
}

/** The audio a clip plays, as the fake gateway made it: the samples of a WAV, the bytes of each FLAC part. */
function audioOf(entry: SpeechEntry): Buffer {
  const files = filesOf(entry).map((file) => new Uint8Array(readFileSync(file)));
  if (entry.format !== 'wav') return Buffer.concat(files);
  const wav = readWav(files[0]!)!;
  return Buffer.from(files[0]!.subarray(wav.dataOffset, wav.dataOffset + wav.dataBytes));
}
const expectedAudio = (format: SpeechFormat): Buffer =>
  format === 'wav'
    ? Buffer.concat(PARTS.map((p) => synthesizeSpeech(p)))
    : Buffer.concat(PARTS.map((p) => encodeSpeech(synthesizeSpeech(p), format)));

describe('the step that keeps a job’s parts fails', () => {
  it.each<[SpeechFormat, string]>([
    ['wav', 'joined into one file'],
    ['flac', 'kept apart as numbered files'],
  ])('a new %s job (%s): the next start keeps every part, each paid once', async (format) => {
    expect(PARTS.length).toBeGreaterThanOrEqual(4);
    mkdirSync(historyDir(), { recursive: true });
    const studio = createSpeechStudio({ dataDir, dialogs });
    const failed = studio.generate(client(), request(format), runBreakingAtLastPart());
    await expect(failed).rejects.toMatchObject({ code: 'file_error' });
    expect(paidInputs()).toEqual(PARTS);

    repairHistory();
    const next = createSpeechStudio({ dataDir, dialogs });
    const { entries } = await next.list();
    expect(entries).toHaveLength(1);
    expect(entries[0]!.partial).toBeUndefined();
    const entry = await next.get(entries[0]!.id);
    expect(audioOf(entry)).toEqual(expectedAudio(format));
    // Nothing was asked again, and no hidden work folder is left behind.
    expect(paidInputs()).toEqual(PARTS);
    expect(readdirSync(join(dataDir, 'media', 'speech')).filter((n) => n.startsWith('.'))).toEqual([]);
  });

  it('a continue: the next start keeps what it added to the partial clip', async () => {
    gateway.inject({ match: { path: '/v1/audio/speech' }, fault: { kind: 'stall-headers', ms: 1 } });
    gateway.inject({
      match: { path: '/v1/audio/speech' },
      fault: { kind: 'status', status: 500, shape: 'openai', message: 'Upstream broke' },
    });
    const studio = createSpeechStudio({ dataDir, dialogs });
    const { entry: kept } = await studio.generate(client(), request('wav'), run());
    expect(kept.partial?.done).toBe(1);

    await expect(studio.continue(client(), kept.id, runBreakingAtLastPart())).rejects.toMatchObject({
      code: 'file_error',
    });
    repairHistory();
    const next = createSpeechStudio({ dataDir, dialogs });
    const { entries } = await next.list();
    expect(entries).toEqual([expect.objectContaining({ id: kept.id })]);
    expect(entries[0]).not.toHaveProperty('partial');
    expect(audioOf(await next.get(kept.id))).toEqual(expectedAudio('wav'));
    expect(paidInputs()).toEqual(PARTS);
  });
  it('the next Continue in the same session keeps the parts its last run could not, sending nothing again', async () => {
    gateway.inject({ match: { path: '/v1/audio/speech' }, fault: { kind: 'stall-headers', ms: 1 } });
    gateway.inject({
      match: { path: '/v1/audio/speech' },
      fault: { kind: 'status', status: 500, shape: 'openai', message: 'Upstream broke' },
    });
    const studio = createSpeechStudio({ dataDir, dialogs });
    const { entry: kept } = await studio.generate(client(), request('flac'), run());
    await expect(studio.continue(client(), kept.id, runBreakingAtLastPart())).rejects.toMatchObject({
      code: 'file_error',
      hint: expect.stringMatching(/not lost/),
    });
    repairHistory();
    const { entry, failure } = await studio.continue(client(), kept.id, run());
    expect(failure).toBeNull();
    expect(entry).not.toHaveProperty('partial');
    expect(audioOf(entry)).toEqual(expectedAudio('flac'));
    expect(paidInputs()).toEqual(PARTS);
    expect((await studio.list()).entries).toEqual([expect.objectContaining({ id: kept.id })]);
  });
});

describe('a delete racing a continue', () => {
  it('either refuses, or the clip stays deleted: the continue never writes it back', async () => {
    gateway.inject({ match: { path: '/v1/audio/speech' }, fault: { kind: 'stall-headers', ms: 1 } });
    gateway.inject({
      match: { path: '/v1/audio/speech' },
      fault: { kind: 'status', status: 500, shape: 'openai', message: 'Upstream broke' },
    });
    const studio = createSpeechStudio({ dataDir, dialogs });
    // FLAC: kept apart, so a continue that went on after the delete could write the clip back.
    const { entry: kept } = await studio.generate(client(), request('flac'), run());

    // Both asked at once, as from two windows.
    const [continued, removed] = await Promise.allSettled([
      studio.continue(client(), kept.id, run()),
      studio.remove(kept.id),
    ]);
    const listed = (await createSpeechStudio({ dataDir, dialogs }).list()).entries;
    if (removed.status === 'fulfilled' && removed.value) {
      // Deleted: it stays deleted, and the continue said so before it asked for (and paid) anything.
      expect(continued).toMatchObject({
        status: 'rejected',
        reason: { code: expect.stringMatching(/busy|not_found/) },
      });
      expect(listed).toEqual([]);
      expect(paidInputs()).toEqual(PARTS.slice(0, 1));
    } else {
      expect(removed).toMatchObject({ status: 'rejected', reason: { code: 'busy' } });
      expect(continued.status).toBe('fulfilled');
      expect(listed).toEqual([expect.objectContaining({ id: kept.id })]);
      expect(listed[0]).not.toHaveProperty('partial');
    }
  });
});
