// The long-recording job engine (issue 16, item 2) with the real gateway client against the fake gateway:
// parts sent at most N at once, each answer kept as it comes, a failed part retried alone, a cancel that
// loses nothing, and a resume that never sends a finished part again.
//
// The cutting is stood in for by `cutIntoWavParts`, which keeps the splitter's documented contract
// (src-main/services/audio-split: parts written to `outDir` as part-NNN.<ext>, contiguous exact times):
// what is tested here is the engine, not where the cuts fall.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createJobStore,
  type JobStore,
  type NewJob,
} from '../../../src-main/services/transcript-jobs/job-store.ts';
import { textTail } from '../../../src-main/services/transcript-jobs/part-prompt.ts';
import { runJob, type SplitFile } from '../../../src-main/services/transcript-jobs/run-job.ts';
import type { StreamEvent } from '../../../src-preload/contract.ts';
import { fakeGateway, type StartedGateway, wavBytes } from '../gateway/helpers.ts';

const PART_SECONDS = 2;
const RATE = 16_000;

/** A part as a quiet cut leaves it: silence at both ends, a tone of its own pitch in between. */
function partWav(index: number): Uint8Array {
  const bytes = Buffer.from(wavBytes(PART_SECONDS, RATE));
  const frequency = 300 + 100 * index;
  for (let i = 0; i < PART_SECONDS * RATE; i++) {
    const t = i / RATE;
    const sounding = t >= 0.5 && t < PART_SECONDS - 0.5;
    bytes.writeInt16LE(sounding ? Math.round(8000 * Math.sin(2 * Math.PI * frequency * t)) : 0, 44 + i * 2);
  }
  return bytes;
}

/** Writes `count` WAV parts of PART_SECONDS each, as the splitter would for a recording of that length. */
function cutIntoWavParts(count: number): SplitFile & { calls: number } {
  const split = Object.assign(
    async (_path: string, { outDir }: { outDir: string }) => {
      split.calls++;
      const parts = Array.from({ length: count }, (_, index) => {
        const path = join(outDir, `part-00${index + 1}.wav`);
        const bytes = partWav(index);
        writeFileSync(path, bytes);
        const startSec = index * PART_SECONDS;
        return {
          index,
          startSec,
          endSec: startSec + PART_SECONDS,
          path,
          filename: `part-00${index + 1}.wav`,
          size: bytes.byteLength,
        };
      });
      return { durationSec: count * PART_SECONDS, parts, method: 'copy' as const, quietSearch: true };
    },
    { calls: 0 },
  );
  return split;
}

let gateway: StartedGateway;
let client: Awaited<ReturnType<typeof fakeGateway>>['client'];
let dataDir: string;
let store: JobStore;

beforeAll(async () => {
  ({ gateway, client } = await fakeGateway());
});
afterAll(() => gateway.close());
beforeEach(() => {
  gateway.reset();
  dataDir = mkdtempSync(join(tmpdir(), 'gs-run-job-'));
  store = createJobStore(dataDir);
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const newJob = (model = 'whisper-1'): NewJob => ({
  source: { path: '/recordings/lecture.wav', name: 'lecture.wav', size: 1, mtimeMs: 1, kind: 'file' },
  mode: 'transcribe',
  options: { model, responseFormat: 'verbose_json', prompt: 'Kubernetes' },
  durationSec: null,
  limits: { maxBytes: 1_000_000, maxSeconds: PART_SECONDS },
});

const sentParts = () =>
  gateway.requests
    .filter((r) => r.path === '/v1/audio/transcriptions')
    .map((r) => r.multipart?.files[0]?.filename);

function run(
  record: Awaited<ReturnType<JobStore['create']>>,
  split: SplitFile,
  extra: Partial<Parameters<typeof runJob>[1]> = {},
) {
  const events: StreamEvent[] = [];
  const promise = runJob(record, {
    client: client(),
    store,
    split,
    concurrency: 2,
    signal: new AbortController().signal,
    emit: (event) => events.push(event),
    ...extra,
  });
  return { events, promise };
}

describe('a long recording’s job', () => {
  it('sends every part, at most two at once, and stitches them on the original timeline', async () => {
    gateway.inject({ match: { path: '/v1/audio/' }, fault: { kind: 'stall-headers', ms: 60 }, times: 10 });
    let most = 0;
    const watch = setInterval(() => {
      most = Math.max(most, gateway.activeRequests ?? 0);
    }, 5);
    const record = await store.create(newJob());
    const { events, promise } = run(record, cutIntoWavParts(5));
    const { transcript } = await promise;
    clearInterval(watch);

    expect(sentParts().sort()).toEqual([
      'part-001.wav',
      'part-002.wav',
      'part-003.wav',
      'part-004.wav',
      'part-005.wav',
    ]);
    expect(most).toBe(2);
    expect(transcript.duration).toBe(10);
    // Each part's tone is one segment, half a second into its part: on the whole timeline, at 0.5 s past
    // each part's start, named by the part's own pitch, in order.
    expect(transcript.segments.map((s) => s.start)).toEqual([0.5, 2.5, 4.5, 6.5, 8.5]);
    expect(transcript.segments.map((s) => s.text.trim())).toEqual(
      [300, 400, 500, 600, 700].map((f) => `tone ${f}`),
    );
    expect(events.filter((e) => e.type === 'part-status' && e.status === 'done')).toHaveLength(5);
    expect(events.some((e) => e.type === 'part-upload' && e.sent === e.total)).toBe(true);
  });

  it('sends the end of the previous part’s text after the user’s prompt, when that part is done', async () => {
    const record = await store.create(newJob());
    await run(record, cutIntoWavParts(3), { concurrency: 1 }).promise;
    const prompts = gateway.requests
      .filter((r) => r.path === '/v1/audio/transcriptions')
      .map((r) => String(r.multipart?.fields.prompt));
    expect(prompts[0]).toBe('Kubernetes');
    expect(prompts[1]).toBe(`Kubernetes\n${textTail(record.parts[0]!.transcript!.text)}`);
    expect(prompts[2]).toBe(`Kubernetes\n${textTail(record.parts[1]!.transcript!.text)}`);
    expect(prompts[1]).toMatch(/^Kubernetes\ntone 300/);
  });

  it('keeps going past a failed part, then sends that part alone; nothing finished is sent twice', async () => {
    gateway.inject({ match: { path: '/v1/audio/' }, fault: { kind: 'stall-headers', ms: 1 } });
    gateway.inject({
      match: { path: '/v1/audio/' },
      fault: { kind: 'status', status: 500, shape: 'openai', message: 'upstream error' },
    });
    const split = cutIntoWavParts(3);
    const record = await store.create(newJob());
    const failed = run(record, split, { concurrency: 1 });
    await expect(failed.promise).rejects.toMatchObject({
      message: expect.stringMatching(/^1 of 3 parts was not transcribed\. Part 2: upstream error/),
    });
    expect(record.parts.map((p) => p.status)).toEqual(['done', 'failed', 'done']);
    // What a restart would find on disk.
    const saved = (await store.get(record.id))!;
    expect(saved.parts.map((p) => p.status)).toEqual(['done', 'failed', 'done']);

    const again = run(saved, split, { onlyPart: 1 });
    const { transcript } = await again.promise;
    expect(split.calls).toBe(1);
    expect(sentParts()).toEqual(['part-001.wav', 'part-002.wav', 'part-003.wav', 'part-002.wav']);
    expect(transcript.segments).toHaveLength(3);
  });

  it('a cancel stops the parts on their way; they stay to be sent on the resume, finished ones do not', async () => {
    gateway.inject({ match: { path: '/v1/audio/' }, fault: { kind: 'stall-headers', ms: 5_000 }, times: 10 });
    const split = cutIntoWavParts(4);
    const record = await store.create(newJob());
    const controller = new AbortController();
    const first = run(record, split, { signal: controller.signal });
    await expect.poll(() => gateway.activeRequests ?? 0).toBe(2);
    controller.abort();
    await expect(first.promise).rejects.toMatchObject({ code: 'aborted' });
    await expect.poll(() => gateway.activeRequests ?? 0).toBe(0);
    expect((await store.get(record.id))!.parts.map((p) => p.status)).toEqual([
      'pending',
      'pending',
      'pending',
      'pending',
    ]);

    gateway.clearFaults();
    const sentBefore = sentParts().length;
    const { transcript } = await run((await store.get(record.id))!, split).promise;
    expect(sentParts().slice(sentBefore).sort()).toEqual([
      'part-001.wav',
      'part-002.wav',
      'part-003.wav',
      'part-004.wav',
    ]);
    expect(transcript.segments).toHaveLength(4);
  });

  it('an answer that cannot be written down stops the other parts, says why, and is kept by the next write', async () => {
    gateway.inject({ match: { path: '/v1/audio/' }, fault: { kind: 'stall-headers', ms: 1 } });
    gateway.inject({
      match: { path: '/v1/audio/' },
      fault: { kind: 'stall-headers', ms: 60_000 },
      times: 10,
    });
    let refusals = 0;
    // The disk refuses the first write that carries an answer (full, say), then takes writes again.
    const flaky: JobStore = {
      ...store,
      save: async (record) => {
        if (refusals === 0 && record.parts.some((part) => part.status === 'done')) {
          refusals++;
          throw new Error('ENOSPC: no space left on device');
        }
        return store.save(record);
      },
    };
    const record = await store.create(newJob());
    const started = Date.now();
    const { events, promise } = run(record, cutIntoWavParts(3), { store: flaky });
    await expect(promise).rejects.toThrow(/no space left/);
    // The part on its way was stopped rather than waited for, and nothing is said to have failed.
    expect(Date.now() - started).toBeLessThan(30_000);
    await expect.poll(() => gateway.activeRequests ?? 0).toBe(0);
    expect(events.some((e) => e.type === 'part-status' && e.status === 'failed')).toBe(false);
    // The answer that came is on disk after all: the run's last write went through.
    const saved = (await store.get(record.id))!;
    expect(saved.parts.map((p) => p.status).sort()).toEqual(['done', 'pending', 'pending']);
  });
});
