// Issue 14, item 2 (review): a FLAC clip's parts cannot be joined, so keeping a job puts them one by one
// into the clip's own folder (`media/speech/<id>/part-N.flac`) before the history entry is written. The app
// dies in the middle of that step: as part 2 is being put there, nothing of the process runs any more (the
// file operation never returns, as in a killed process). The next start must keep every part that was paid
// for, each paid once, and leave neither a work folder nor part files that no clip lists.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { numberedSentences } from '../../support/speech-text.ts';

/** Once armed, any file operation that writes a name of part 2 of a clip never returns: the process is gone. */
const crash = vi.hoisted(() => ({ armed: false }));

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs/promises')>();
  const writesPart2 = (target: unknown) => crash.armed && /(^|\.)part-0*2\./.test(basename(String(target)));
  const hangIf =
    <A extends unknown[], R>(write: (...args: A) => Promise<R>, targetAt: number) =>
    (...args: A): Promise<R> =>
      writesPart2(args[targetAt]) ? new Promise<R>(() => {}) : write(...args);
  const patched = {
    ...real,
    rename: hangIf(real.rename, 1),
    link: hangIf(real.link, 1),
    copyFile: hangIf(real.copyFile, 1),
    cp: hangIf(real.cp, 1),
    open: hangIf(real.open, 0),
    writeFile: hangIf(real.writeFile, 0),
  };
  return { ...patched, default: patched };
});

const { createGatewayClient } = await import('../../../src-main/gateway/index.ts');
const { splitSpeechText } = await import('../../../src-main/services/speech-parts.ts');
const { createSpeechStudio } = await import('../../../src-main/services/speech-studio.ts');
const { encodeSpeech, synthesizeSpeech } = await import('../../fake-gateway/audio.ts');
const { startFakeGateway } = await import('../../fake-gateway/server.ts');
type FakeGateway = import('../../fake-gateway/types.ts').FakeGateway;

let gateway: Required<FakeGateway>;
let dataDir: string;
const dialogs = { save: async () => null };

beforeAll(async () => {
  gateway = await startFakeGateway({ eventDelayMs: 0 });
});
afterAll(() => gateway.close());
beforeEach(() => {
  crash.armed = false;
  gateway.reset();
  dataDir = mkdtempSync(join(tmpdir(), 'gs-speech-crash-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const longText = (count: number) => numberedSentences(count, ['Every part that arrived was paid for.']);
const TEXT = longText(14_000);
const PARTS = splitSpeechText(TEXT).parts;

const client = () =>
  createGatewayClient({ baseUrl: gateway.baseUrl, apiKey: gateway.apiKey, sleep: async () => undefined });
const paidInputs = () =>
  gateway.requests
    .filter((r) => r.path === '/v1/audio/speech' && r.status === 200)
    .map((r) => (r.json as { input: string }).input);

/** Every file under `dir`, relative to it. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
    .sort();
}

describe('the app dies while a job’s parts are being put in the clip’s folder', () => {
  it('the next start keeps every part, paid once, and leaves nothing behind', async () => {
    expect(PARTS.length).toBeGreaterThanOrEqual(4);
    const first = createSpeechStudio({ dataDir, dialogs });
    const progress: number[] = [];
    void first.generate(
      client(),
      { text: TEXT, model: 'gpt-4o-mini-tts', voice: 'alloy', format: 'flac', speed: 1 },
      {
        signal: new AbortController().signal,
        onProgress: (step, steps) => {
          progress.push(step);
          // From the last request on, the next write of part 2 "kills" the process.
          if (step === steps) crash.armed = true;
        },
      },
    );
    await expect.poll(() => paidInputs(), { timeout: 10_000 }).toEqual(PARTS);
    // Let the keeping step reach part 2 and hang there.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(progress.at(-1)).toBe(PARTS.length);

    crash.armed = false;
    const next = createSpeechStudio({ dataDir, dialogs });
    const { entries } = await next.list();
    expect(entries).toEqual([expect.objectContaining({ parts: PARTS.length, layout: 'parts' })]);
    expect(entries[0]!.partial).toBeUndefined();
    const entry = await next.get(entries[0]!.id);
    const mediaDir = join(dataDir, 'media');
    const files = entry.urls.map((url) => url.replace('app://gateway-studio/media/', ''));
    expect(Buffer.concat(files.map((file) => readFileSync(join(mediaDir, file))))).toEqual(
      Buffer.concat(PARTS.map((p) => encodeSpeech(synthesizeSpeech(p), 'flac'))),
    );
    // The clip's files and nothing else: no work folder, no part that no clip lists.
    expect(filesUnder(mediaDir)).toEqual([...files].sort());
    expect(paidInputs()).toEqual(PARTS);
  });
});
