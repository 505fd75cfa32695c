// Splitting PCM WAV: what the job engine (and so the user's transcript timeline) relies on — parts under both
// limits, cut at exact samples inside silences, covering the recording with nothing lost or repeated.
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ALL_FORMATS, FilePathSource, Input } from 'mediabunny';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LongRecording, writeLongRecording } from '../../../bench/support/long-recording.ts';
import { probeAudio, type SplitResult, splitAudio } from '../../../src-main/services/audio-split/index.ts';
import { wavSamples, writeWav } from './wav-helpers.ts';

const RATE = 8000;
let dir: string;
let recording: LongRecording;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gs-split-wav-'));
  // Three minutes of tones at known places, separated by silences of 0.3–3 s.
  recording = await writeLongRecording(join(dir, 'tones.wav'), { minutes: 3, sampleRate: RATE });
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function mediaDuration(path: string): Promise<number> {
  const input = new Input({ source: new FilePathSource(path), formats: ALL_FORMATS });
  try {
    return await input.computeDuration();
  } finally {
    input.dispose();
  }
}

function expectCovering(result: SplitResult, durationSec: number): void {
  expect(result.parts[0]!.startSec).toBe(0);
  for (let i = 1; i < result.parts.length; i += 1)
    expect(result.parts[i]!.startSec).toBe(result.parts[i - 1]!.endSec);
  expect(result.parts.at(-1)!.endSec).toBeCloseTo(durationSec, 9);
  expect(result.durationSec).toBeCloseTo(durationSec, 9);
}

describe('splitAudio on WAV', () => {
  it('cuts at the per-part duration into parts that cover the file, each cut sample-exact and in a silence', async () => {
    const limits = { maxBytes: 10 * 1024 * 1024, maxSeconds: 40 };
    const result = await splitAudio(recording.path, { limits, outDir: join(dir, 'by-seconds') });

    expect(result.method).toBe('copy');
    expect(result.quietSearch).toBe(true);
    expect(result.parts.length).toBeGreaterThanOrEqual(5);
    expectCovering(result, recording.durationSec);
    const sounds = recording.tones.map((tone) => [tone.atSec, tone.atSec + tone.durationSec] as const);
    for (const [i, part] of result.parts.entries()) {
      expect(part.filename).toBe(`part-${String(i + 1).padStart(3, '0')}.wav`);
      expect(part.endSec - part.startSec).toBeLessThan(limits.maxSeconds);
      expect((await stat(part.path)).size).toBe(part.size);
      // The file itself says the same length as the timeline does.
      expect(await mediaDuration(part.path)).toBeCloseTo(part.endSec - part.startSec, 6);
      if (i === 0) continue;
      expect(part.startSec * RATE).toBeCloseTo(Math.round(part.startSec * RATE), 6); // on a sample
      // No cut inside a tone, nor within 20 ms of one (a cut in the middle of a silence, not at its edge).
      for (const [start, end] of sounds)
        expect(part.startSec < start - 0.02 || part.startSec > end + 0.02).toBe(true);
      // And within the search window before the limit: the last 15 % of the allowed length.
      const previous = result.parts[i - 1]!;
      expect(part.startSec - previous.startSec).toBeGreaterThan(limits.maxSeconds * 0.85 - 0.3);
    }
  });

  it('keeps every part under the byte limit, header included, and loses or repeats no sample', async () => {
    const limits = { maxBytes: 400_000, maxSeconds: 600 };
    const result = await splitAudio(recording.path, { limits, outDir: join(dir, 'by-bytes') });

    expect(result.parts.length).toBeGreaterThanOrEqual(7); // 2.88 MB of samples in parts of < 400 kB
    expectCovering(result, recording.durationSec);
    for (const part of result.parts) expect(part.size).toBeLessThan(limits.maxBytes);
    const joined = Buffer.concat(await Promise.all(result.parts.map((part) => wavSamples(part.path))));
    expect(joined.equals(await wavSamples(recording.path))).toBe(true);
  });

  it('cuts stereo at a whole frame and keeps both channels intact', async () => {
    const path = join(dir, 'stereo.wav');
    // A 440 Hz tone with a 1 s gap every 7 s, the right channel the inverse of the left.
    await writeWav(path, 30, RATE, (i) => (i % (7 * RATE) < 6 * RATE ? 0.4 * Math.sin(i * 0.3) : 0), 2);
    const result = await splitAudio(path, {
      limits: { maxBytes: 5_000_000, maxSeconds: 10 },
      outDir: join(dir, 'stereo'),
    });
    expect(result.parts.length).toBeGreaterThanOrEqual(3);
    const joined = Buffer.concat(await Promise.all(result.parts.map((part) => wavSamples(part.path))));
    expect(joined.equals(await wavSamples(path))).toBe(true);
  });

  it('puts the cut in the middle of the longest silence of the window, not at the first quiet spot', async () => {
    const path = join(dir, 'two-gaps.wav');
    // Loud everywhere except a 0.2 s gap at 16.6 s and a 0.8 s gap at 17.4–18.2 s. With a 20 s limit the search
    // window is the last 3 s before the limit (15 %), so it holds both gaps; the longer one wins.
    const silent = (t: number): boolean => (t >= 16.6 && t < 16.8) || (t >= 17.4 && t < 18.2);
    await writeWav(path, 30, RATE, (i) => (silent(i / RATE) ? 0 : 0.4 * Math.sin(i * 0.3)));
    const result = await splitAudio(path, {
      limits: { maxBytes: 5_000_000, maxSeconds: 20 },
      outDir: join(dir, 'gaps'),
    });
    expect(result.parts[1]!.startSec).toBeGreaterThan(17.75);
    expect(result.parts[1]!.startSec).toBeLessThan(17.85);
  });

  it('gives the same cuts and the same bytes on a second run (a resumed job relies on it)', async () => {
    const limits = { maxBytes: 500_000, maxSeconds: 25 };
    const first = await splitAudio(recording.path, { limits, outDir: join(dir, 'again-1') });
    const second = await splitAudio(recording.path, { limits, outDir: join(dir, 'again-2') });
    expect(second.parts.map((p) => [p.startSec, p.endSec, p.size])).toEqual(
      first.parts.map((p) => [p.startSec, p.endSec, p.size]),
    );
    for (const [i, part] of first.parts.entries())
      expect((await readFile(part.path)).equals(await readFile(second.parts[i]!.path))).toBe(true);
  });

  it('reports progress up to the whole duration', async () => {
    const seen: number[] = [];
    await splitAudio(recording.path, {
      limits: { maxBytes: 10_000_000, maxSeconds: 40 },
      outDir: join(dir, 'progress'),
      onProgress: (done, total) => {
        expect(total).toBeCloseTo(recording.durationSec, 6);
        seen.push(done);
      },
    });
    expect(seen.length).toBeGreaterThanOrEqual(5); // at least once per part
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
    expect(seen.at(-1)).toBeCloseTo(recording.durationSec, 6);
  });

  it('stops when aborted and leaves no part file behind', async () => {
    const outDir = join(dir, 'aborted');
    const controller = new AbortController();
    const split = splitAudio(recording.path, {
      limits: { maxBytes: 10_000_000, maxSeconds: 20 },
      outDir,
      signal: controller.signal,
      // Abort once the first part is finished, while the second is being written.
      onProgress: (done) => {
        if (done > 15) controller.abort();
      },
    });
    await expect(split).rejects.toMatchObject({ name: 'AbortError' });
    expect(await readdir(outDir)).toEqual([]);
  });

  it('refuses a file that is not audio with a message naming it', async () => {
    const path = join(dir, 'notes.wav');
    await writeFile(path, 'these are meeting notes, not audio');
    await expect(
      splitAudio(path, { limits: { maxBytes: 1e6, maxSeconds: 60 }, outDir: join(dir, 'bad') }),
    ).rejects.toThrow(/notes\.wav is not an audio file/);
    expect(await probeAudio(path)).toBeNull();
  });
});

describe('probeAudio', () => {
  it('gives the duration, container and codec of a WAV', async () => {
    expect(await probeAudio(recording.path)).toEqual({
      durationSec: recording.durationSec,
      container: 'WAVE',
      codec: 'pcm-s16',
    });
  });
});
