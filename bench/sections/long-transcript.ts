// Issue 16, item 8: a 60-minute recording through the whole long-recording path — cut into parts, sent
// two at a time to the fake gateway (which hears each part: every sound becomes a segment from its onset,
// and a tone is named by its pitch), stitched, and exported as SRT. Each tone's cue is compared with where
// the tone really is in the file. Target: every cue within 50 ms.
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createGatewayClient, parseSrt } from '../../src-main/gateway/index.ts';
import { buildExport } from '../../src-main/services/transcript-export.ts';
import { createTranscriptHistory } from '../../src-main/services/transcript-history.ts';
import { createLongRecordings } from '../../src-main/services/transcript-jobs/long-recordings.ts';
import type { AudioFile } from '../../src-preload/contract.ts';
import { startFakeGateway } from '../../test/fake-gateway/server.ts';
import { makeSpeechWav, writeLongRecording } from '../support/long-recording.ts';
import type { BenchSection } from '../types.ts';

const MINUTES = 60;

const section: BenchSection = {
  name: 'long-transcript',
  description: `a ${MINUTES}-minute recording cut, sent in parts, stitched: SRT cue times against known tones`,
  async run() {
    const dir = await mkdtemp(join(tmpdir(), 'gs-bench-long-'));
    const gateway = await startFakeGateway({ eventDelayMs: 0 });
    try {
      // Tones at known times, and speech from espeak-ng between them.
      const speechWav = (await makeSpeechWav(dir)) ?? undefined;
      const recording = await writeLongRecording(join(dir, 'all-hands.wav'), {
        minutes: MINUTES,
        sampleRate: 16_000,
        speechWav,
      });
      const dataDir = join(dir, 'data');
      const history = createTranscriptHistory({
        directory: join(dataDir, 'history', 'transcripts'),
        recordingsDir: join(dataDir, 'media', 'recordings'),
      });
      const long = createLongRecordings({ dataDir, history });
      const client = createGatewayClient({ baseUrl: gateway.baseUrl, apiKey: gateway.apiKey });
      const audio: AudioFile = {
        path: recording.path,
        name: 'all-hands.wav',
        size: (await stat(recording.path)).size,
        url: '',
        kind: 'file',
        durationSec: recording.durationSec,
        peaks: null,
      };
      const limits = { maxBytes: 25 * 1024 * 1024, maxSeconds: 600 };
      const started = performance.now();
      const done = await long.start(
        {
          audio,
          name: audio.name,
          mode: 'transcribe',
          options: {
            model: 'whisper-1',
            responseFormat: 'verbose_json',
            timestampGranularities: ['segment'],
          },
          durationSec: recording.durationSec,
          limits,
        },
        { client, concurrency: 2, signal: new AbortController().signal, emit: () => {} },
      );
      const seconds = (performance.now() - started) / 1000;
      const entry = await history.get(done.entry.id);
      const tones = parseSrt(buildExport('srt', entry)).filter((cue) => /^tone \d+/.test(cue.text.trim()));
      const expected = recording.tones.map((tone) => `tone ${Math.round(tone.freqHz / 10) * 10}`);
      const inOrder =
        tones.length === expected.length && tones.every((cue, i) => cue.text.trim() === expected[i]);
      const errors = recording.tones.map((tone, i) =>
        tones[i] ? Math.abs(tones[i]!.start - tone.atSec) * 1000 : Number.POSITIVE_INFINITY,
      );
      const parts = gateway.requests.filter((r) => r.path === '/v1/audio/transcriptions').length;
      return [
        {
          metric: 'largest tone cue error',
          value: Math.max(...errors),
          unit: 'ms',
          target: { op: '<=', limit: 50 },
          detail: `${recording.tones.length} tones; mean ${(errors.reduce((a, b) => a + b, 0) / errors.length).toFixed(1)} ms`,
        },
        {
          metric: 'tones lost or doubled',
          value: inOrder ? 0 : Math.abs(tones.length - expected.length) || 1,
          unit: 'cues',
          target: { op: '<=', limit: 0 },
          detail: `${tones.length} tone cues for ${expected.length} tones`,
        },
        {
          metric: 'cut, sent and stitched',
          value: seconds,
          unit: 's',
          detail: `${parts} parts, two at a time, to a local fake gateway`,
        },
      ];
    } finally {
      await gateway.close();
      await rm(dir, { recursive: true, force: true });
    }
  },
};

export default section;
