// Issue 14, item 9: recordings and "first 30 seconds" clips main wrote into the data folder leave it with
// their queue item (removed, cleared, or cancelled before it ran), through the real IPC layer against the
// fake gateway. Main alone decides what goes: never the user's own file, never audio a saved transcript
// plays, never a file a running transcription may still save into the history.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AudioFile, StreamBatch } from '../../../src-preload/contract.ts';
import { wavFile } from '../../fake-gateway/audio.ts';
import { startFakeGateway } from '../../fake-gateway/server.ts';
import type { FakeGateway } from '../../fake-gateway/types.ts';
import { createTestLayer, type TestLayer, TRUSTED_SENDER } from '../../support/test-layer.ts';

let gateway: Required<FakeGateway>;
let t: TestLayer;
let home: string;

beforeAll(async () => {
  gateway = await startFakeGateway({ eventDelayMs: 2 });
});
afterAll(() => gateway.close());

beforeEach(async () => {
  gateway.reset();
  home = mkdtempSync(join(tmpdir(), 'gs-home-'));
  t = createTestLayer();
  await t.ok('profiles.create', { name: 'Fake', baseUrl: gateway.baseUrl, apiKey: gateway.apiKey });
});
afterEach(async () => {
  await t.close();
  rmSync(home, { recursive: true, force: true });
});

/** Two seconds of 24 kHz 16-bit mono silence. */
const wav = () => new Uint8Array(wavFile(Buffer.alloc(24_000 * 2 * 2)));
const recordingsDir = () => join(t.dataDir, 'media', 'recordings');
const recordings = () => (existsSync(recordingsDir()) ? readdirSync(recordingsDir()) : []);

/** A microphone recording as the Transcribe panel hands it over (transcribe-input.ts `addRecording`). */
const record = (): Promise<AudioFile> =>
  t.ok('audio.import', { name: 'Recording 12-00', type: 'audio/wav', bytes: wav(), kind: 'recording' });

/** The queue runner's request for an item (actions/transcribe-queue.ts): always by path. */
const transcribe = async (audio: AudioFile) =>
  (
    await t.ok('audio.transcribe', {
      source: { path: audio.path },
      options: { model: 'whisper-1' },
      mode: 'transcribe',
    })
  ).streamId;

async function finished(streamId: string): Promise<void> {
  const final = () =>
    t.events.some(
      (e) =>
        e.event === 'stream.batch' &&
        (e.payload as StreamBatch).streamId === streamId &&
        (e.payload as StreamBatch).final,
    );
  await expect.poll(final, { timeout: 10_000 }).toBe(true);
}

const refuseTranscriptions = () =>
  gateway.inject({
    match: { path: '/v1/audio/transcriptions' },
    fault: { kind: 'status', status: 400, shape: 'openai', message: 'Audio file might be corrupted.' },
  });

describe('audio that leaves the Transcribe queue', () => {
  it('deletes a recording whose transcription failed, once its item is removed', async () => {
    refuseTranscriptions();
    const audio = await record();
    await finished(await transcribe(audio));
    expect(recordings()).toHaveLength(1);

    expect(await t.ok('audio.release', { paths: [audio.path] })).toEqual({ deleted: 1 });
    expect(recordings()).toEqual([]);
  });

  it('deletes a shorter clip queued and cancelled before it ran', async () => {
    const clip = await t.ok('audio.import', {
      name: 'talk (first 30 s).wav',
      type: 'audio/wav',
      bytes: wav(),
      kind: 'file',
      durationSec: 2,
    });
    expect(await t.ok('audio.release', { paths: [clip.path] })).toEqual({ deleted: 1 });
    expect(recordings()).toEqual([]);
  });

  it('keeps a recording that became a saved transcript, and the transcript still plays it', async () => {
    const audio = await record();
    await finished(await transcribe(audio));
    const [entry] = (await t.ok('transcripts.list', {})).transcripts;

    expect(await t.ok('audio.release', { paths: [audio.path] })).toEqual({ deleted: 0 });
    expect(recordings()).toHaveLength(1);
    expect((await t.ok('transcripts.get', { id: entry!.id })).audio?.path).toBe(audio.path);
  });

  it('waits for a running transcription: kept when it is saved, deleted when it fails', async () => {
    // The answer comes only after a while, as a busy gateway's does.
    gateway.inject({
      match: { path: '/v1/audio/transcriptions' },
      fault: { kind: 'stall-headers', ms: 400 },
    });
    const saved = await record();
    const savedStream = await transcribe(saved);
    expect(await t.ok('audio.release', { paths: [saved.path] })).toEqual({ deleted: 0 });
    await finished(savedStream);
    expect(existsSync(saved.path)).toBe(true);

    gateway.clearFaults();
    gateway.inject({
      match: { path: '/v1/audio/transcriptions' },
      fault: { kind: 'status', status: 400, shape: 'openai', message: 'Corrupted.', delayMs: 400 },
    });
    const failed = await record();
    const failedStream = await transcribe(failed);
    expect(await t.ok('audio.release', { paths: [failed.path] })).toEqual({ deleted: 0 });
    await finished(failedStream);
    await expect.poll(() => existsSync(failed.path)).toBe(false);
    expect(existsSync(saved.path)).toBe(true);
  });

  it('never deletes the user’s own file, even one lying in the recordings folder', async () => {
    const own = join(home, 'interview.wav');
    writeFileSync(own, wav());
    // A file named like a recording of an earlier run, dropped from the data folder itself.
    mkdirSync(recordingsDir(), { recursive: true });
    const earlier = join(recordingsDir(), '2026-01-02T03-04-05-006Z-old.wav');
    writeFileSync(earlier, wav());
    for (const path of [own, earlier]) t.layer.registerDroppedPath(TRUSTED_SENDER, path);
    const opened = await t.ok('audio.open', { paths: [own, earlier] });
    refuseTranscriptions();
    for (const file of opened.files) await finished(await transcribe(file));

    expect(await t.ok('audio.release', { paths: opened.files.map((f) => f.path) })).toEqual({ deleted: 0 });
    expect(existsSync(own)).toBe(true);
    expect(existsSync(earlier)).toBe(true);
  });

  it('refuses a path the window was not handed, as every other call does, and deletes nothing', async () => {
    const audio = await record();
    const other = { ...TRUSTED_SENDER, ownerId: 2 };
    const refused = await t.call('audio.release', { paths: [audio.path] }, other);
    expect(refused).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: 'Gateway Studio was not given this file in this window.' },
    });
    expect(existsSync(audio.path)).toBe(true);
  });
});
