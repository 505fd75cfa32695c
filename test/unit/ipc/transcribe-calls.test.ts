// The Transcribe panel's calls through the real IPC layer (choke point → handlers → services → gateway
// client) against the fake gateway, with real temp folders: what the renderer receives, and what ends up
// on disk.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAppRequestHandler } from '../../../src-main/app-files.ts';
import type { OpenDialogRequest, SaveDialogRequest } from '../../../src-main/ipc/types.ts';
import { createMediaGrants, type MediaGrants } from '../../../src-main/services/media-grants.ts';
import {
  ACCEPTED_AUDIO_EXTENSIONS,
  type AudioFile,
  type StreamBatch,
  type StreamEvent,
  type TranscriptionDone,
} from '../../../src-preload/contract.ts';
import { wavFile } from '../../fake-gateway/audio.ts';
import { startFakeGateway } from '../../fake-gateway/server.ts';
import type { FakeGateway } from '../../fake-gateway/types.ts';
import { createTestLayer, type TestLayer, TRUSTED_SENDER } from '../../support/test-layer.ts';

let gateway: Required<FakeGateway>;
let t: TestLayer;
/** Files the user has outside the app's data folder. */
let home: string;

/** What the native dialogs answer in this test, and what they were asked. */
let openAnswer: string[] | null;
let saveAnswer: string | null;
let openRequests: OpenDialogRequest[];
let saveRequests: SaveDialogRequest[];

beforeAll(async () => {
  gateway = await startFakeGateway({ eventDelayMs: 2 });
});
afterAll(() => gateway.close());

beforeEach(async () => {
  gateway.reset();
  gateway.setEventDelay(2);
  gateway.setTranscript(null);
  home = mkdtempSync(join(tmpdir(), 'gs-home-'));
  openAnswer = null;
  saveAnswer = null;
  openRequests = [];
  saveRequests = [];
  t = createTestLayer({
    overrides: {
      dialogs: {
        open: async (request) => {
          openRequests.push(request);
          return openAnswer;
        },
        save: async (request) => {
          saveRequests.push(request);
          return saveAnswer;
        },
      },
    },
  });
  await t.ok('profiles.create', { name: 'Fake', baseUrl: gateway.baseUrl, apiKey: gateway.apiKey });
});
afterEach(async () => {
  await t.close();
  rmSync(home, { recursive: true, force: true });
});

const batchesOf = (streamId: string) =>
  t.events
    .filter((e) => e.event === 'stream.batch' && (e.payload as StreamBatch).streamId === streamId)
    .map((e) => e.payload as StreamBatch);

async function finished(streamId: string): Promise<StreamEvent[]> {
  await expect.poll(() => batchesOf(streamId).some((b) => b.final), { timeout: 10_000 }).toBe(true);
  return batchesOf(streamId).flatMap((b) => b.events);
}

function resultOf(events: StreamEvent[]): TranscriptionDone {
  const result = events.find((e) => e.type === 'result');
  if (result?.type !== 'result') throw new Error('no result event');
  return result.data as TranscriptionDone;
}

/** Six seconds of 24 kHz 16-bit mono silence. */
const wav = () => new Uint8Array(wavFile(Buffer.alloc(24_000 * 2 * 6)));
const recordingsDir = () => join(t.dataDir, 'media', 'recordings');
const recordings = () => (existsSync(recordingsDir()) ? readdirSync(recordingsDir()) : []);

/**
 * `path`, handed to the test window as a drop would hand it: the preload registers a dropped file's path
 * with main before the page may name it (issue 14, item 16; the refusals are in issue14-paths.test.ts).
 */
function dropped(path: string, layer: TestLayer = t): string {
  layer.layer.registerDroppedPath(TRUSTED_SENDER, path);
  return path;
}

/** A file the user has, dropped on the window. */
function userFile(name: string, content: Uint8Array | string): string {
  const path = join(home, name);
  writeFileSync(path, content);
  return dropped(path);
}

const ACCEPTED_LIST = ACCEPTED_AUDIO_EXTENSIONS.join(', ');

describe('transcribing', () => {
  it('transcribes recorded bytes with upload progress, keeps the audio, and saves the entry first', async () => {
    const bytes = wav();
    const { streamId } = await t.ok('audio.transcribe', {
      source: { name: 'recording.wav', type: 'audio/wav', bytes },
      options: { model: 'whisper-1', responseFormat: 'verbose_json', timestampGranularities: ['segment'] },
      mode: 'transcribe',
    });
    const events = await finished(streamId);
    const progress = events.filter((e) => e.type === 'upload-progress');
    const last = progress.at(-1) as { sent: number; total: number };
    expect(last.sent).toBe(last.total);
    expect(gateway.requests.at(-1)?.multipart?.files[0]).toMatchObject({ filename: 'recording.wav' });

    const { transcript, entry } = resultOf(events);
    expect(transcript.segments.length).toBeGreaterThan(0);
    expect(transcript.text.length).toBeGreaterThan(0);
    expect(entry).toMatchObject({
      name: 'recording.wav',
      mode: 'transcribe',
      model: 'whisper-1',
      kind: 'file',
      durationSec: 6,
      segmentCount: transcript.segments.length,
      preview: expect.stringContaining(transcript.segments[0]!.text),
    });
    expect(events.at(-1)).toMatchObject({ type: 'done', status: 'completed' });
    // The history has the entry and audio to replay: the bytes, written into the recordings folder.
    expect((await t.ok('transcripts.list', {})).transcripts).toEqual([entry]);
    const [kept] = recordings();
    expect(kept).toMatch(/^\d{4}-\d\d-\d\dT[\d-]+Z-recording\.wav$/);
    expect(readFileSync(join(recordingsDir(), kept!))).toEqual(Buffer.from(bytes));
  });

  it('names the entry as asked, and prefers the duration the page measured', async () => {
    const { streamId } = await t.ok('audio.transcribe', {
      source: { name: 'blob', type: 'audio/wav', bytes: wav() },
      options: { model: 'whisper-1' },
      mode: 'transcribe',
      name: 'Interview, take 2',
      durationSec: 5.98,
    });
    const { entry } = resultOf(await finished(streamId));
    expect(entry).toMatchObject({ name: 'Interview, take 2', durationSec: 5.98 });
    expect(recordings()[0]).toMatch(/-blob\.wav$/);
  });

  it('translates a file from disk through /v1/audio/translations, leaving the file where it is', async () => {
    const path = userFile('clip.wav', wav());
    const { streamId } = await t.ok('audio.transcribe', {
      source: { path },
      options: { model: 'whisper-1' },
      mode: 'translate',
    });
    const { entry } = resultOf(await finished(streamId));
    expect(gateway.requests.at(-1)).toMatchObject({ path: '/v1/audio/translations' });
    expect(gateway.requests.at(-1)?.multipart?.files[0]?.size).toBe(statSync(path).size);
    expect(entry).toMatchObject({ name: 'clip.wav', mode: 'translate', kind: 'file' });
    expect(recordings()).toEqual([]);
    expect((await t.ok('transcripts.get', { id: entry.id })).audioPath).toBe(path);
  });

  it('accepts another name of an accepted format (.opus) and sends it under the accepted one', async () => {
    const path = userFile('voice-note.opus', Buffer.from('OggS fake opus payload'));
    const { streamId } = await t.ok('audio.transcribe', {
      source: { path },
      options: { model: 'whisper-1' },
      mode: 'transcribe',
    });
    await finished(streamId);
    expect(gateway.requests.at(-1)?.multipart?.files[0]?.filename).toBe('voice-note.ogg');
  });

  it('refuses an audio-named link to a file that is not audio, sending and saving nothing', async () => {
    const secret = userFile('id_rsa', 'PRIVATE KEY');
    const link = dropped(join(home, 'innocent.wav'));
    symlinkSync(secret, link);
    const result = await t.call('audio.transcribe', {
      source: { path: link },
      options: { model: 'whisper-1' },
      mode: 'transcribe',
    });
    expect(result).toMatchObject({
      ok: false,
      error: {
        code: 'invalid_input',
        message: expect.stringContaining('“innocent.wav” leads to “id_rsa”, which is not an audio file'),
      },
    });
    expect(gateway.requests).toHaveLength(0);
    expect((await t.ok('transcripts.list', {})).transcripts).toEqual([]);
  });

  it('refuses a file over the profile’s upload limit that it cannot cut, before sending or keeping anything', async () => {
    // Named .wav, but no WAV inside: nothing can read it to cut it into parts.
    const path = userFile('big.wav', Buffer.alloc(2 * 1024 * 1024));
    const id = (await t.ok('settings.get', undefined)).profiles[0]!.id;
    await t.ok('profiles.update', {
      id,
      fields: { name: 'Fake', baseUrl: gateway.baseUrl, uploadLimitMb: 1 },
    });
    for (const source of [{ path }, { name: 'big.wav', type: 'audio/wav', bytes: readFileSync(path) }]) {
      const result = await t.call('audio.transcribe', {
        source,
        options: { model: 'whisper-1' },
        mode: 'transcribe',
      });
      expect(result).toMatchObject({
        ok: false,
        error: { code: 'too_large', hint: expect.stringMatching(/shorter/) },
      });
    }
    expect(gateway.requests).toHaveLength(0);
    expect(recordings()).toEqual([]);
  });

  it('leaves no audio and no entry behind when the gateway refuses the upload', async () => {
    gateway.inject({
      match: { path: '/v1/audio/transcriptions' },
      fault: { kind: 'status', status: 400, shape: 'openai', message: 'Audio file might be corrupted.' },
    });
    const { streamId } = await t.ok('audio.transcribe', {
      source: { name: 'recording.wav', type: 'audio/wav', bytes: wav() },
      options: { model: 'whisper-1' },
      mode: 'transcribe',
    });
    const events = await finished(streamId);
    expect(events.at(-1)).toMatchObject({ type: 'error', error: { code: 'bad_request' } });
    expect(events.some((e) => e.type === 'result')).toBe(false);
    expect(recordings()).toEqual([]);
    expect((await t.ok('transcripts.list', {})).transcripts).toEqual([]);
  });
});

describe('long recordings (issue 16)', () => {
  /** 100 seconds of 24 kHz mono: a 440 Hz tone for the first half of every 10 s, then silence. */
  const longWav = () => {
    const pcm = Buffer.alloc(24_000 * 2 * 100);
    for (let i = 0; i < 24_000 * 100; i++) {
      if (i % 240_000 < 120_000)
        pcm.writeInt16LE(Math.round(6000 * Math.sin((2 * Math.PI * 440 * i) / 24_000)), i * 2);
    }
    return new Uint8Array(wavFile(pcm));
  };
  const parts = { maxSeconds: 30, concurrency: 2 };
  const jobsDir = () => join(t.dataDir, 'transcript-jobs');

  it('a recording longer than a part goes in parts, and nothing is left of the job once saved', async () => {
    const { streamId } = await t.ok('audio.transcribe', {
      source: { name: 'standup.wav', type: 'audio/wav', bytes: longWav() },
      options: { model: 'whisper-1', responseFormat: 'verbose_json', timestampGranularities: ['segment'] },
      mode: 'transcribe',
      parts,
    });
    const events = await finished(streamId);
    const plan = events.find((e) => e.type === 'parts');
    expect(plan?.type === 'parts' && plan.parts.length).toBe(4);
    const { transcript, entry } = resultOf(events);
    // One tone every 10 s: ten segments, each at its place on the whole recording's timeline.
    expect(transcript.segments.map((segment) => Math.round(segment.start))).toEqual([
      0, 10, 20, 30, 40, 50, 60, 70, 80, 90,
    ]);
    expect(entry.durationSec).toBe(100);
    expect(gateway.requests.map((r) => r.multipart?.files[0]?.filename).sort()).toEqual([
      'part-001.wav',
      'part-002.wav',
      'part-003.wav',
      'part-004.wav',
    ]);
    expect(readdirSync(jobsDir())).toEqual([]);
    expect(await t.ok('audio.jobs', undefined)).toEqual([]);
  });

  it('a job with a failed part is listed again, keeps its recording, and goes (with it) when discarded', async () => {
    gateway.inject({
      match: { path: '/v1/audio/' },
      fault: { kind: 'status', status: 500, shape: 'openai', message: 'upstream error' },
      times: 4,
    });
    const { streamId } = await t.ok('audio.transcribe', {
      source: { name: 'standup.wav', type: 'audio/wav', bytes: longWav() },
      options: { model: 'whisper-1' },
      mode: 'transcribe',
      parts,
    });
    const events = await finished(streamId);
    expect(events.at(-1)).toMatchObject({
      type: 'error',
      error: { message: expect.stringMatching(/^4 of 4 parts were not transcribed/) },
    });
    // The recording the job was cut from stays: a resume needs nothing else, but the history will play it.
    expect(recordings()).toHaveLength(1);
    const [job] = await t.ok('audio.jobs', undefined);
    expect(job).toMatchObject({ name: 'standup.wav', durationSec: 100, audio: { name: 'standup.wav' } });
    expect(job!.parts.map((p) => p.status)).toEqual(['failed', 'failed', 'failed', 'failed']);
    // The window may name the recording (to play it, or let it go).
    expect(await t.call('audio.release', { paths: [job!.audio!.path] })).toMatchObject({
      ok: true,
      data: { deleted: 0 },
    });

    expect(await t.ok('audio.discardJob', { jobId: job!.jobId })).toEqual({ discarded: true });
    expect(await t.ok('audio.jobs', undefined)).toEqual([]);
    expect(readdirSync(jobsDir())).toEqual([]);
    expect(recordings()).toEqual([]);
  });

  it('a resume sends only what is not done, and refuses a job it does not have', async () => {
    gateway.inject({
      match: { path: '/v1/audio/' },
      fault: { kind: 'status', status: 500, shape: 'openai', message: 'upstream error' },
    });
    const first = await t.ok('audio.transcribe', {
      source: { name: 'standup.wav', type: 'audio/wav', bytes: longWav() },
      options: { model: 'whisper-1' },
      mode: 'transcribe',
      parts: { maxSeconds: 30, concurrency: 1 },
    });
    await finished(first.streamId);
    const [job] = await t.ok('audio.jobs', undefined);
    expect(job!.parts.map((p) => p.status)).toEqual(['failed', 'done', 'done', 'done']);
    const sent = gateway.requests.length;
    const { streamId } = await t.ok('audio.resumeJob', { jobId: job!.jobId, concurrency: 2 });
    const { entry } = resultOf(await finished(streamId));
    expect(entry.name).toBe('standup.wav');
    expect(gateway.requests.slice(sent).map((r) => r.multipart?.files[0]?.filename)).toEqual([
      'part-001.wav',
    ]);

    const gone = await t.call('audio.resumeJob', { jobId: job!.jobId, concurrency: 2 });
    const events = gone.ok ? await finished(gone.data.streamId) : [];
    expect(events.at(-1)).toMatchObject({ type: 'error', error: { code: 'not_found' } });
    expect(await t.call('audio.resumeJob', { jobId: '../etc', concurrency: 2 })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
  });

  it('a part the gateway refuses as too large is cut smaller in its place; the timeline stays whole', async () => {
    // Upstream's 413 names its cap (WIRE.md part 3): 30 s of this audio is 1.44 MB, over a 1 MB cap.
    gateway.setUploadLimit(1_000_000);
    const { streamId } = await t.ok('audio.transcribe', {
      source: { name: 'standup.wav', type: 'audio/wav', bytes: longWav() },
      options: { model: 'whisper-1', responseFormat: 'verbose_json', timestampGranularities: ['segment'] },
      mode: 'transcribe',
      parts,
    });
    const events = await finished(streamId);
    const plans = events.flatMap((e) => (e.type === 'parts' ? [e.parts] : []));
    // Four parts of 30, 30, 30 and 10 s; each 30 s one cut in two in its place: seven, in order.
    expect(plans[0]).toHaveLength(4);
    const last = plans.at(-1)!;
    expect(last.map((part) => part.index)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(last.every((part, i) => i === 0 || part.startSec === last[i - 1]!.endSec)).toBe(true);
    expect(last.at(-1)!.endSec).toBe(100);
    const { transcript } = resultOf(events);
    expect(transcript.segments.map((segment) => Math.round(segment.start))).toEqual([
      0, 10, 20, 30, 40, 50, 60, 70, 80, 90,
    ]);
    const accepted = gateway.requests.filter((r) => r.multipart !== undefined);
    expect(accepted.map((r) => r.multipart?.files[0]?.filename).sort()).toEqual([
      'part-001-1.wav',
      'part-001-2.wav',
      'part-002-1.wav',
      'part-002-2.wav',
      'part-003-1.wav',
      'part-003-2.wav',
      'part-004.wav',
    ]);
  });

  it('removing a job while it runs stops its parts and leaves nothing of it', async () => {
    gateway.inject({ match: { path: '/v1/audio/' }, fault: { kind: 'stall-headers', ms: 5_000 }, times: 10 });
    const { streamId } = await t.ok('audio.transcribe', {
      source: { name: 'standup.wav', type: 'audio/wav', bytes: longWav() },
      options: { model: 'whisper-1' },
      mode: 'transcribe',
      parts,
    });
    await expect.poll(() => gateway.activeRequests).toBe(2);
    // The plan comes in the stream's next batch, which may leave main a moment after the requests start.
    const planOf = () =>
      batchesOf(streamId)
        .flatMap((b) => b.events)
        .find((e) => e.type === 'parts');
    await expect.poll(() => planOf()?.type).toBe('parts');
    const plan = planOf();
    if (plan?.type !== 'parts') throw new Error('no parts yet');
    expect(await t.ok('audio.discardJob', { jobId: plan.jobId })).toEqual({ discarded: true });
    await finished(streamId);
    await expect.poll(() => gateway.activeRequests).toBe(0);
    expect(readdirSync(jobsDir())).toEqual([]);
    expect(await t.ok('audio.jobs', undefined)).toEqual([]);
    expect(recordings()).toEqual([]);
  });

  it('a Remove that comes while a resume is still starting stops it; the job does not come back', async () => {
    gateway.inject({
      match: { path: '/v1/audio/' },
      fault: { kind: 'status', status: 500, shape: 'openai', message: 'upstream error' },
      times: 4,
    });
    const first = await t.ok('audio.transcribe', {
      source: { name: 'standup.wav', type: 'audio/wav', bytes: longWav() },
      options: { model: 'whisper-1' },
      mode: 'transcribe',
      parts,
    });
    await finished(first.streamId);
    const [job] = await t.ok('audio.jobs', undefined);
    const [resumed, discarded] = await Promise.all([
      t.ok('audio.resumeJob', { jobId: job!.jobId, concurrency: 2 }),
      t.ok('audio.discardJob', { jobId: job!.jobId }),
    ]);
    expect(discarded).toEqual({ discarded: true });
    expect((await finished(resumed.streamId)).at(-1)).toMatchObject({ type: 'error' });
    await expect.poll(() => gateway.activeRequests).toBe(0);
    expect(readdirSync(jobsDir())).toEqual([]);
    expect(await t.ok('audio.jobs', undefined)).toEqual([]);
  });

  it('a discarded job keeps its recording when another item still holds it', async () => {
    gateway.inject({
      match: { path: '/v1/audio/' },
      fault: { kind: 'status', status: 500, shape: 'openai', message: 'upstream error' },
      times: 4,
    });
    const { streamId } = await t.ok('audio.transcribe', {
      source: { name: 'standup.wav', type: 'audio/wav', bytes: longWav() },
      options: { model: 'whisper-1' },
      mode: 'transcribe',
      parts,
    });
    await finished(streamId);
    const [job] = await t.ok('audio.jobs', undefined);
    expect(await t.ok('audio.discardJob', { jobId: job!.jobId, keepRecording: true })).toEqual({
      discarded: true,
    });
    expect(readdirSync(jobsDir())).toEqual([]);
    expect(recordings()).toHaveLength(1);
  });

  it('deleting a saved transcript leaves the recording an unfinished job of it still needs', async () => {
    const whole = await t.ok('audio.transcribe', {
      source: { name: 'standup.wav', type: 'audio/wav', bytes: longWav() },
      options: { model: 'whisper-1' },
      mode: 'transcribe',
      parts: { maxSeconds: 3600, concurrency: 2 },
    });
    const { entry } = resultOf(await finished(whole.streamId));
    const { audio } = await t.ok('transcripts.get', { id: entry.id });
    // The same recording, sent again in parts, stops with every part failed: a job to resume.
    gateway.inject({
      match: { path: '/v1/audio/' },
      fault: { kind: 'status', status: 500, shape: 'openai', message: 'upstream error' },
      times: 4,
    });
    const again = await t.ok('audio.transcribe', {
      source: { path: audio!.path },
      options: { model: 'whisper-1' },
      mode: 'transcribe',
      parts,
    });
    await finished(again.streamId);
    expect(await t.ok('audio.jobs', undefined)).toHaveLength(1);

    expect(await t.ok('transcripts.delete', { id: entry.id })).toEqual({ deleted: true });
    expect(recordings()).toHaveLength(1);
  });

  it('refuses to resume a job whose recording changed since it was cut', async () => {
    gateway.inject({
      match: { path: '/v1/audio/' },
      fault: { kind: 'status', status: 500, shape: 'openai', message: 'upstream error' },
    });
    const path = userFile('interview.wav', longWav());
    const first = await t.ok('audio.transcribe', {
      source: { path },
      options: { model: 'whisper-1' },
      mode: 'transcribe',
      parts,
    });
    await finished(first.streamId);
    const [job] = await t.ok('audio.jobs', undefined);
    writeFileSync(path, longWav().subarray(0, 48_044));
    const sent = gateway.requests.length;
    const { streamId } = await t.ok('audio.resumeJob', { jobId: job!.jobId, concurrency: 2 });
    expect((await finished(streamId)).at(-1)).toMatchObject({
      type: 'error',
      error: { code: 'invalid_input', message: '“interview.wav” has changed since it was cut into parts.' },
    });
    expect(gateway.requests.length).toBe(sent);
    // Nothing is lost: the job is still there, to be removed by the user.
    expect(await t.ok('audio.jobs', undefined)).toHaveLength(1);
  });
});

describe('opening audio files', () => {
  it('makes audio playable and refuses the rest, each with a reason a person understands', async () => {
    const clip = userFile('clip.wav', wav());
    const notes = userFile('notes.txt', 'shopping list');
    const empty = userFile('empty.mp3', '');
    mkdirSync(join(home, 'album.mp3'));
    const secret = userFile('id_rsa', 'PRIVATE KEY');
    symlinkSync(secret, join(home, 'x.wav'));

    const opened = await t.ok('audio.open', {
      paths: [
        clip,
        notes,
        ...[join(home, 'gone.wav'), join(home, 'album.mp3'), empty, join(home, 'x.wav')].map((p) =>
          dropped(p),
        ),
      ],
    });
    expect(opened.files).toEqual([
      {
        path: clip,
        name: 'clip.wav',
        size: statSync(clip).size,
        url: expect.stringMatching(/^app:\/\/gateway-studio\/media\/@file\/[0-9a-f]{32}\/clip\.wav$/),
        kind: 'file',
        durationSec: 6,
        peaks: null,
      },
    ]);
    expect(opened.refused).toEqual([
      {
        name: 'notes.txt',
        reason: `“notes.txt” is not an audio file Gateway Studio can send (${ACCEPTED_LIST}).`,
      },
      { name: 'gone.wav', reason: '“gone.wav” cannot be read.' },
      { name: 'album.mp3', reason: '“album.mp3” is a folder, not an audio file.' },
      { name: 'empty.mp3', reason: '“empty.mp3” is empty.' },
      {
        name: 'x.wav',
        reason: `“x.wav” leads to “id_rsa”, which is not an audio file Gateway Studio can send (${ACCEPTED_LIST}).`,
      },
    ]);
  });

  it('follows a link to the real audio file, keeping the name the user dropped', async () => {
    const real = userFile('2025-05-01 take 3.mp3', 'ID3 fake mp3');
    const link = dropped(join(home, 'latest.mp3'));
    symlinkSync(real, link);
    const { files } = await t.ok('audio.open', { paths: [link] });
    expect(files[0]).toMatchObject({ path: real, name: 'latest.mp3', durationSec: null });
  });

  it('knows a file in the recordings folder as a recording, played from the media route', async () => {
    mkdirSync(recordingsDir(), { recursive: true });
    const path = dropped(join(recordingsDir(), 'memo.webm'));
    writeFileSync(path, 'webm');
    const { files } = await t.ok('audio.open', { paths: [path] });
    expect(files[0]).toMatchObject({
      kind: 'recording',
      url: 'app://gateway-studio/media/recordings/memo.webm',
    });
  });

  it('takes only absolute paths, and at most 200 at once', async () => {
    expect(await t.call('audio.open', { paths: ['clip.wav'] })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
    const many = Array.from({ length: 201 }, (_, i) => join(home, `${i}.wav`));
    expect(await t.call('audio.open', { paths: many })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
  });

  it('asks the native dialog for audio files, and opens what was picked', async () => {
    expect(await t.ok('audio.pick', undefined)).toEqual({ files: [], refused: [] });
    expect(openRequests).toEqual([
      {
        title: 'Add audio',
        filters: [{ name: 'Audio', extensions: [...ACCEPTED_AUDIO_EXTENSIONS] }],
        multiple: true,
      },
    ]);
    openAnswer = [userFile('a.flac', 'fLaC'), userFile('b.doc', 'doc')];
    const picked = await t.ok('audio.pick', undefined);
    expect(picked.files.map((f) => f.name)).toEqual(['a.flac']);
    expect(picked.refused.map((r) => r.name)).toEqual(['b.doc']);
  });
});

describe('recordings handed over as bytes', () => {
  const EBML = [0x1a, 0x45, 0xdf, 0xa3];

  it('are written into the recordings folder and come back playable under the user’s title', async () => {
    const bytes = new Uint8Array([...EBML, 1, 2, 3, 4]);
    const file = await t.ok('audio.import', {
      name: 'Recording 1',
      type: 'audio/webm;codecs=opus',
      bytes,
      kind: 'recording',
      durationSec: 3.2,
    });
    expect(file).toMatchObject({
      name: 'Recording 1',
      kind: 'recording',
      durationSec: 3.2,
      size: 8,
      peaks: null,
    });
    expect(file.path.startsWith(`${recordingsDir()}/`)).toBe(true);
    expect(file.path).toMatch(/-recording-1\.webm$/);
    expect(file.url).toBe(`app://gateway-studio/media/recordings/${file.path.split('/').at(-1)}`);
    expect(new Uint8Array(readFileSync(file.path))).toEqual(bytes);
  });

  it('take the file type from the MIME type when the name has none', async () => {
    const file = await t.ok('audio.import', {
      name: 'clip',
      type: 'audio/wav',
      bytes: new Uint8Array([0, 1, 2, 3]),
      kind: 'file',
    });
    expect(file.path).toMatch(/-clip\.wav$/);
  });

  it('are refused when they are not audio, or empty, and nothing is written', async () => {
    const notAudio = await t.call('audio.import', {
      name: 'notes.txt',
      type: 'text/plain',
      bytes: new TextEncoder().encode('hello'),
      kind: 'file',
    });
    expect(notAudio).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: '“notes.txt” is not audio Gateway Studio can keep.' },
    });
    const empty = await t.call('audio.import', {
      name: 'Recording 2',
      type: 'audio/webm',
      bytes: new Uint8Array(0),
      kind: 'recording',
    });
    expect(empty).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: expect.stringMatching(/empty/) },
    });
    expect(recordings()).toEqual([]);
  });
});

describe('waveform peaks', () => {
  const peaks = { duration: 12.5, data: [0, 0.25, 1, 0.5] };

  it('are remembered for an opened file until the file changes', async () => {
    const path = userFile('song.mp3', 'ID3 first version');
    const [opened] = (await t.ok('audio.open', { paths: [path] })).files;
    expect(opened!.peaks).toBeNull();
    expect(await t.ok('audio.savePeaks', { path: opened!.path, peaks })).toEqual({ saved: true });

    const [again] = (await t.ok('audio.open', { paths: [path] })).files;
    expect(again).toMatchObject({ peaks, durationSec: 12.5 });

    writeFileSync(path, 'ID3 a longer, edited version');
    const [edited] = (await t.ok('audio.open', { paths: [path] })).files;
    expect(edited).toMatchObject({ peaks: null, durationSec: null });
  });

  it('are refused for a file Gateway Studio did not open', async () => {
    const path = userFile('private.mp3', 'ID3');
    const result = await t.call('audio.savePeaks', { path, peaks });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect((await t.ok('audio.open', { paths: [path] })).files[0]?.peaks).toBeNull();
  });

  it.each([
    ['a value above 1', { duration: 1, data: [0.5, 1.5] }],
    ['a negative value', { duration: 1, data: [-0.1] }],
    ['no duration', { duration: 0, data: [0.5] }],
    ['more than 20,000 values', { duration: 1, data: new Array(20_001).fill(0.5) }],
  ])('are refused with %s', async (_, bad) => {
    const [opened] = (await t.ok('audio.open', { paths: [userFile('a.mp3', 'ID3')] })).files;
    const result = await t.call('audio.savePeaks', { path: opened!.path, peaks: bad });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });
});

describe('the transcript history', () => {
  async function transcribeBytes(name: string): Promise<TranscriptionDone> {
    const { streamId } = await t.ok('audio.transcribe', {
      source: { name, type: 'audio/wav', bytes: wav() },
      options: { model: 'whisper-1', responseFormat: 'verbose_json' },
      mode: 'transcribe',
    });
    return resultOf(await finished(streamId));
  }

  it('lists, replays, exports and deletes a transcription', async () => {
    gateway.setTranscript({
      segments: [
        { text: 'Good morning.', start: 0, end: 1.25 },
        { text: 'Let us begin.', start: 1.25, end: 3.5 },
      ],
    });
    const { entry } = await transcribeBytes('Standup.wav');
    expect((await t.ok('transcripts.list', { query: 'LET US' })).transcripts).toEqual([entry]);
    expect((await t.ok('transcripts.list', { query: 'retro' })).transcripts).toEqual([]);

    const saved = await t.ok('transcripts.get', { id: entry.id });
    expect(saved.transcript.segments.map((s) => s.text)).toEqual(['Good morning.', 'Let us begin.']);
    // The window gets what it shows; word timings and the raw answer stay with main, for the exports.
    expect(Object.keys(saved.transcript)).not.toContain('words');
    expect(Object.keys(saved.transcript)).not.toContain('raw');
    const audio = saved.audio as AudioFile;
    expect(audio).toMatchObject({ name: 'Standup.wav', kind: 'file', durationSec: 6 });
    expect(audio.url).toMatch(/^app:\/\/gateway-studio\/media\/recordings\/.+-standup\.wav$/);

    const target = join(home, 'exports', 'standup subtitles.srt');
    saveAnswer = target;
    expect(await t.ok('transcripts.export', { id: entry.id, format: 'srt' })).toEqual({ path: target });
    expect(saveRequests.at(-1)).toEqual({
      title: 'Export transcript',
      defaultName: 'Standup.srt',
      filters: [{ name: 'SubRip subtitles', extensions: ['srt'] }],
    });
    expect(readFileSync(target, 'utf8')).toBe(
      '1\n00:00:00,000 --> 00:00:01,250\nGood morning.\n\n2\n00:00:01,250 --> 00:00:03,500\nLet us begin.\n',
    );

    expect(await t.ok('transcripts.delete', { id: entry.id })).toEqual({ deleted: true });
    expect((await t.ok('transcripts.list', {})).transcripts).toEqual([]);
    expect(existsSync(audio.path)).toBe(false);
    expect(await t.call('transcripts.get', { id: entry.id })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    expect(await t.ok('transcripts.delete', { id: entry.id })).toEqual({ deleted: false });
  });

  it('writes nothing when the user cancels the export dialog', async () => {
    const { entry } = await transcribeBytes('a.wav');
    saveAnswer = null;
    expect(await t.ok('transcripts.export', { id: entry.id, format: 'vtt' })).toEqual({ path: null });
    expect(saveRequests.at(-1)?.defaultName).toBe('a.vtt');
    expect(readdirSync(home)).toEqual([]);
  });

  it('says why an export could not be written', async () => {
    const { entry } = await transcribeBytes('a.wav');
    saveAnswer = join(userFile('not-a-folder', 'x'), 'a.txt');
    expect(await t.call('transcripts.export', { id: entry.id, format: 'txt' })).toMatchObject({
      ok: false,
      error: { code: 'file_error', message: 'The transcript could not be written to “a.txt”.' },
    });
  });

  it('keeps the user’s own audio file when its entry is deleted', async () => {
    const path = userFile('lecture.wav', wav());
    const { streamId } = await t.ok('audio.transcribe', {
      source: { path },
      options: { model: 'whisper-1' },
      mode: 'transcribe',
    });
    const { entry } = resultOf(await finished(streamId));
    expect(await t.ok('transcripts.delete', { id: entry.id })).toEqual({ deleted: true });
    expect(existsSync(path)).toBe(true);
  });
});

describe('playing what was opened', () => {
  it('serves an opened file and a recording through the app protocol, with byte ranges', async () => {
    // The protocol handler and the IPC layer share one set of grants, as in the app.
    let grants: MediaGrants | undefined;
    const layer = createTestLayer({
      overrides: {
        mediaGrants: {
          urlFor: (path) => grants!.urlFor(path),
          resolve: (token) => grants!.resolve(token),
          admit: (ownerId, path) => grants!.admit(ownerId, path),
          admits: (ownerId, path) => grants!.admits(ownerId, path),
          forgetOwner: (ownerId) => grants!.forgetOwner(ownerId),
        },
      },
    });
    grants = createMediaGrants(layer.dataDir);
    try {
      const serve = createAppRequestHandler({
        rendererDir: join(layer.dataDir, 'no-renderer'),
        mediaDir: join(layer.dataDir, 'media'),
        contentSecurityPolicy: "default-src 'self'",
        grants,
      });
      const bytes = wav();
      const path = dropped(userFile('dropped.wav', bytes), layer);
      const [opened] = (await layer.ok('audio.open', { paths: [path] })).files;
      const whole = await serve(new Request(opened!.url));
      expect(whole.status).toBe(200);
      expect(whole.headers.get('content-type')).toBe('audio/wav');
      expect(new Uint8Array(await whole.arrayBuffer())).toEqual(bytes);
      const part = await serve(new Request(opened!.url, { headers: { range: 'bytes=0-3' } }));
      expect(part.status).toBe(206);
      expect(await part.text()).toBe('RIFF');

      const recording = await layer.ok('audio.import', {
        name: 'memo',
        type: 'audio/wav',
        bytes,
        kind: 'recording',
      });
      const played = await serve(new Request(recording.url));
      expect(played.status).toBe(200);
      expect(new Uint8Array(await played.arrayBuffer())).toEqual(bytes);
    } finally {
      await layer.close();
    }
  });
});
