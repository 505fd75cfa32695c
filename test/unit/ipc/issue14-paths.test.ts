// Issue 14, item 16: `audio.open`, `audio.savePeaks` and `audio.transcribe` take only paths the user
// handed this window (a drop the preload registered, a dialog main ran, a file main gave back), and
// refuse every other path with one and the same answer, so a page cannot learn from the refusal whether a
// path exists, is readable, a folder or a device. Through the real layer (test/support/test-layer.ts).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SenderInfo } from '../../../src-main/ipc/types.ts';
import type { AppError, AudioPeaks, MethodInput, MethodName } from '../../../src-preload/contract.ts';
import { wavFile } from '../../fake-gateway/audio.ts';
import { startFakeGateway } from '../../fake-gateway/server.ts';
import type { FakeGateway } from '../../fake-gateway/types.ts';
import { APP_URL, createTestLayer, type TestLayer, TRUSTED_SENDER } from '../../support/test-layer.ts';

let gateway: Required<FakeGateway>;
let t: TestLayer;
let home: string;
let openAnswer: string[] | null;

const WINDOW_B: SenderInfo = { ownerId: 2, knownWindow: true, topFrame: true, url: APP_URL };
const peaks: AudioPeaks = { duration: 6, data: [0, 0.5, 0.25, 0] };
const wav = () => new Uint8Array(wavFile(Buffer.alloc(24_000 * 2 * 6)));

beforeAll(async () => {
  gateway = await startFakeGateway({ eventDelayMs: 2 });
});
afterAll(() => gateway.close());

beforeEach(async () => {
  gateway.reset();
  home = mkdtempSync(join(tmpdir(), 'gs-paths-'));
  openAnswer = null;
  t = createTestLayer({
    overrides: { dialogs: { open: async () => openAnswer, save: async () => null } },
  });
  await t.ok('profiles.create', { name: 'Fake', baseUrl: gateway.baseUrl, apiKey: gateway.apiKey });
});
afterEach(async () => {
  await t.close();
  rmSync(home, { recursive: true, force: true });
});

/** The three methods that name a file on disk, each asked about `path`. */
const asks: Array<[MethodName, (path: string) => MethodInput<MethodName>]> = [
  ['audio.open', (path) => ({ paths: [path] }) as MethodInput<MethodName>],
  ['audio.savePeaks', (path) => ({ path, peaks }) as MethodInput<MethodName>],
  [
    'audio.transcribe',
    (path) =>
      ({ source: { path }, options: { model: 'whisper-1' }, mode: 'transcribe' }) as MethodInput<MethodName>,
  ],
];

async function refusalOf(method: MethodName, input: unknown, sender = TRUSTED_SENDER): Promise<AppError> {
  const result = await t.layer.dispatch(sender, method, input);
  if (result.ok) throw new Error(`${method} accepted a path it was never handed`);
  return result.error;
}

/** Paths on this machine of every kind a page might probe: all of them were never handed to the window. */
function unregisteredPaths(): Record<string, string> {
  const audio = join(home, 'lecture.wav');
  writeFileSync(audio, wav());
  const folder = join(home, 'album.mp3');
  mkdirSync(folder);
  const fifo = join(home, 'pipe.wav');
  execFileSync('mkfifo', [fifo]);
  return {
    'an existing audio file': audio,
    'a missing file': join(home, 'gone.wav'),
    'a folder': folder,
    'a device': '/dev/null',
    'a FIFO': fifo,
    'a file that is not audio': join(home, '.ssh', 'id_rsa'),
  };
}

describe('paths the window was never handed', () => {
  it('are refused by all three methods with one and the same answer, whatever is at the path', async () => {
    const refusals = new Map<string, AppError>();
    for (const [what, path] of Object.entries(unregisteredPaths())) {
      for (const [method, input] of asks)
        refusals.set(`${method} ${what}`, await refusalOf(method, input(path)));
    }
    const distinct = new Set([...refusals.values()].map((error) => JSON.stringify(error)));
    expect(distinct.size, JSON.stringify(Object.fromEntries(refusals), null, 2)).toBe(1);
    const [error] = [...refusals.values()];
    expect(error!.code).toBe('invalid_input');
    // The answer names no file and says nothing about one.
    expect(JSON.stringify(error)).not.toMatch(/lecture|gone|album|pipe|null|id_rsa|folder|exist|read/i);
    // Nothing was uploaded.
    expect(gateway.requests.filter((r) => r.path.startsWith('/v1/audio'))).toEqual([]);
  });

  it('refuses a whole `audio.open` when one of its paths was not handed over', async () => {
    const dropped = join(home, 'dropped.wav');
    writeFileSync(dropped, wav());
    expect(t.layer.registerDroppedPath(TRUSTED_SENDER, dropped)).toBe(true);
    const error = await refusalOf('audio.open', { paths: [dropped, join(home, 'other.wav')] });
    expect(error).toEqual(await refusalOf('audio.open', { paths: [join(home, 'other.wav')] }));
  });
});

describe('paths the window was handed', () => {
  it('a dropped path opens, its waveform is kept and it is transcribed', async () => {
    const dropped = join(home, 'dropped.wav');
    writeFileSync(dropped, wav());
    expect(t.layer.registerDroppedPath(TRUSTED_SENDER, dropped)).toBe(true);
    const { files, refused } = await t.ok('audio.open', { paths: [dropped] });
    expect(refused).toEqual([]);
    expect(files).toHaveLength(1);
    expect(await t.ok('audio.savePeaks', { path: files[0]!.path, peaks })).toEqual({ saved: true });
    const started = await t.ok('audio.transcribe', {
      source: { path: files[0]!.path },
      options: { model: 'whisper-1' },
      mode: 'transcribe',
    });
    expect(started.streamId).toEqual(expect.any(String));
  });

  it('a registered path keeps its own reasons (the user dropped it, so there is nothing to hide)', async () => {
    const folder = join(home, 'album.mp3');
    mkdirSync(folder);
    t.layer.registerDroppedPath(TRUSTED_SENDER, folder);
    expect(await t.ok('audio.open', { paths: [folder] })).toEqual({
      files: [],
      refused: [{ name: 'album.mp3', reason: '“album.mp3” is a folder, not an audio file.' }],
    });
  });

  it('a path from the open dialog is usable by the window that ran it', async () => {
    const picked = join(home, 'picked.wav');
    writeFileSync(picked, wav());
    openAnswer = [picked];
    const { files } = await t.ok('audio.pick', undefined);
    expect(files).toHaveLength(1);
    expect(await t.ok('audio.open', { paths: [picked] })).toMatchObject({ refused: [] });
    expect(await t.ok('audio.savePeaks', { path: files[0]!.path, peaks })).toEqual({ saved: true });
  });

  it('a recording main wrote (bytes in) is usable by path, as the queue uses it', async () => {
    const recording = await t.ok('audio.import', {
      name: 'memo',
      type: 'audio/wav',
      bytes: wav(),
      kind: 'recording',
    });
    expect(await t.ok('audio.savePeaks', { path: recording.path, peaks })).toEqual({ saved: true });
    const started = await t.ok('audio.transcribe', {
      source: { path: recording.path },
      options: { model: 'whisper-1' },
      mode: 'transcribe',
    });
    expect(started.streamId).toEqual(expect.any(String));
  });

  it('a path registered for window A is refused for window B, with the same answer', async () => {
    const dropped = join(home, 'dropped.wav');
    writeFileSync(dropped, wav());
    t.layer.registerDroppedPath(TRUSTED_SENDER, dropped);
    const never = await refusalOf('audio.open', { paths: [join(home, 'never.wav')] });
    for (const [method, input] of asks) {
      expect(await refusalOf(method, input(dropped), WINDOW_B)).toEqual(never);
    }
    // Window A still may.
    expect((await t.ok('audio.open', { paths: [dropped] })).files).toHaveLength(1);
  });

  it('forgets a window’s paths when the window is gone', async () => {
    const dropped = join(home, 'dropped.wav');
    writeFileSync(dropped, wav());
    t.layer.registerDroppedPath(TRUSTED_SENDER, dropped);
    t.layer.closeOwner(TRUSTED_SENDER.ownerId);
    await refusalOf('audio.open', { paths: [dropped] });
  });
});

describe('registering a dropped path', () => {
  it('refuses an untrusted sender: an unknown window, an iframe, a foreign page', async () => {
    const dropped = join(home, 'dropped.wav');
    writeFileSync(dropped, wav());
    const senders: SenderInfo[] = [
      { ...TRUSTED_SENDER, knownWindow: false },
      { ...TRUSTED_SENDER, topFrame: false },
      { ...TRUSTED_SENDER, url: 'https://evil.example.com/' },
    ];
    for (const sender of senders) expect(t.layer.registerDroppedPath(sender, dropped)).toBe(false);
    await refusalOf('audio.open', { paths: [dropped] });
  });

  it.each([
    ['a relative path', 'clip.wav'],
    ['an empty string', ''],
    ['not a string', 42],
    ['a path with a NUL', '/tmp/a\u0000.wav'],
    ['an over-long path', `/${'a'.repeat(5_000)}.wav`],
  ])('ignores %s', (_what, path) => {
    expect(t.layer.registerDroppedPath(TRUSTED_SENDER, path)).toBe(false);
  });
});
