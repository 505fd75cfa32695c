// Split: a 60-minute, ~200 MB recording cut into parts under 25 MB and 10 minutes, in a child process so its
// time and peak memory are the splitter's own. Targets (issue 16): ≥ 20× real time on 2 cores, peak RSS ≤ 256 MB.
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SplitResult } from '../../src-main/services/audio-split/index.ts';
import { runChild } from '../support/child.ts';
import { makeSpeechWav, writeLongRecording } from '../support/long-recording.ts';
import type { BenchSection } from '../types.ts';

const MINUTES = 60;
/** 28 kHz mono 16-bit: 56,000 bytes a second, about 202 MB for the hour. */
const SAMPLE_RATE = 28_000;
const LIMITS = { maxBytes: 25 * 1024 * 1024, maxSeconds: 600 };

interface ChildResult {
  seconds: number;
  peakRss: number;
  result: SplitResult;
}

const section: BenchSection = {
  name: 'split',
  description: `split a ${MINUTES}-minute recording into parts under 25 MB and 10 minutes`,
  async run() {
    const dir = await mkdtemp(join(tmpdir(), 'gs-bench-split-'));
    try {
      const speechWav = (await makeSpeechWav(dir)) ?? undefined;
      const recording = await writeLongRecording(join(dir, 'long-recording.wav'), {
        minutes: MINUTES,
        sampleRate: SAMPLE_RATE,
        speechWav,
      });
      const fileBytes = (await stat(recording.path)).size;
      const { seconds, peakRss, result } = await runChild<ChildResult>('split-child.ts', [
        recording.path,
        join(dir, 'parts'),
        String(LIMITS.maxBytes),
        String(LIMITS.maxSeconds),
      ]);
      const within = result.parts.filter(
        (part) => part.size < LIMITS.maxBytes && part.endSec - part.startSec < LIMITS.maxSeconds,
      ).length;
      const sounds = [...recording.tones, ...recording.speech];
      const cutsInSound = result.parts
        .slice(1)
        .filter((part) =>
          sounds.some((s) => part.startSec > s.atSec && part.startSec < s.atSec + s.durationSec),
        ).length;
      const mb = (bytes: number): number => bytes / (1024 * 1024);
      return [
        {
          metric: 'split speed',
          value: recording.durationSec / seconds,
          unit: '× real time',
          target: { op: '>=', limit: 20 },
          detail: `${seconds.toFixed(2)} s for ${MINUTES} min (${mb(fileBytes).toFixed(0)} MB, ${speechWav ? 'tones and speech' : 'tones'})`,
        },
        { metric: 'split time', value: seconds, unit: 's' },
        {
          metric: 'peak RSS of the splitting process',
          value: mb(peakRss),
          unit: 'MB',
          target: { op: '<=', limit: 256 },
        },
        { metric: 'parts', value: result.parts.length, unit: '' },
        {
          metric: 'parts over a limit',
          value: result.parts.length - within,
          unit: '',
          target: { op: '<=', limit: 0 },
          detail: result.parts
            .map((p) => `${(p.endSec - p.startSec).toFixed(1)} s/${mb(p.size).toFixed(2)} MB`)
            .join(', '),
        },
        { metric: 'cuts inside a sound', value: cutsInSound, unit: '', target: { op: '<=', limit: 0 } },
      ];
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  },
};

export default section;
