// The fake gateway hears what it is sent: a PCM WAV's sound is mapped as it streams in, and transcripts
// follow it (segments at the real onsets, tones named by frequency, speakers per upload, streamed deltas).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeGateway } from '../../fake-gateway/server.ts';
import { createSoundAnalyser, type SoundMap } from '../../fake-gateway/sound.ts';
import type { FakeGateway } from '../../fake-gateway/types.ts';
import { audioForm, parseSse, v1 } from './helpers.ts';
import { asBytes, type SoundEvent, type WavShape, wavWith } from './synth-wav.ts';

function analyse(file: Buffer, chunkBytes = 64 * 1024): SoundMap | null {
  const analyser = createSoundAnalyser();
  for (let offset = 0; offset < file.length; offset += chunkBytes) {
    analyser.push(file.subarray(offset, offset + chunkBytes));
  }
  return analyser.finish();
}

/** Three tones of distinct frequencies at known times, as the long-recording fixture places them. */
const TONES: SoundEvent[] = [
  { kind: 'tone', start: 0.5, seconds: 0.4, hz: 300 },
  { kind: 'tone', start: 1.7371, seconds: 0.4, hz: 1020 },
  { kind: 'tone', start: 3.0049, seconds: 0.4, hz: 1500 },
];

describe('the sound map of a WAV', () => {
  it('finds each tone at its onset and end (within 10 ms) and names its frequency', () => {
    const map = analyse(wavWith(4, TONES))!;
    expect(map.durationSec).toBe(4);
    expect(map.regions).toHaveLength(3);
    map.regions.forEach((region, i) => {
      const tone = TONES[i]!;
      expect(Math.abs(region.start - tone.start)).toBeLessThanOrEqual(0.01);
      expect(Math.abs(region.end - (tone.start + tone.seconds))).toBeLessThanOrEqual(0.01);
      expect(region.toneHz).toBe(tone.kind === 'tone' ? tone.hz : null);
    });
  });

  it('reads the same map however the upload is chunked, and in every sample format', () => {
    const reference = analyse(wavWith(4, TONES))!;
    const close = (map: SoundMap | null) => {
      expect(map!.regions.map((r) => r.toneHz)).toEqual(reference.regions.map((r) => r.toneHz));
      map!.regions.forEach((region, i) => {
        expect(Math.abs(region.start - reference.regions[i]!.start)).toBeLessThanOrEqual(0.002);
      });
    };
    for (const chunk of [1, 7, 4095]) expect(analyse(wavWith(4, TONES), chunk)).toEqual(reference);
    const shapes: WavShape[] = [
      { sampleRate: 44_100, channels: 2, encoding: 'int24' },
      { sampleRate: 48_000, encoding: 'float32' },
      { sampleRate: 22_050, openDataSize: true },
    ];
    for (const shape of shapes) close(analyse(wavWith(4, TONES, shape)));
  });

  it('tells noise from a tone, joins sound across pauses under 0.2 s and splits it at longer ones', () => {
    const map = analyse(
      wavWith(5, [
        { kind: 'noise', start: 0.3, seconds: 0.5, amplitude: 0.3 },
        // A 0.15 s pause: the same stretch of sound goes on.
        { kind: 'noise', start: 0.95, seconds: 0.3, amplitude: 0.3, seed: 7 },
        // A 0.3 s pause: a new stretch.
        { kind: 'tone', start: 1.55, seconds: 0.4, hz: 440 },
        { kind: 'noise', start: 2.5, seconds: 1, amplitude: 0.2, seed: 3 },
      ]),
    )!;
    expect(map.regions.map((r) => r.toneHz)).toEqual([null, 440, null]);
    expect(map.regions[0]!.start).toBeCloseTo(0.3, 2);
    expect(map.regions[0]!.end).toBeCloseTo(1.25, 2);
    expect(map.regions[1]!.start).toBeCloseTo(1.55, 2);
    expect(map.regions[2]!.end).toBeCloseTo(3.5, 2);
  });

  it('gives up on what is not a PCM WAV, and finds nothing in silence', () => {
    expect(analyse(Buffer.from('ID3\u0004 not a wav at all, an mp3 perhaps'))).toBeNull();
    const silent = analyse(wavWith(2, []))!;
    expect(silent).toEqual({ durationSec: 2, regions: [] });
  });

  it('maps a 25 MB upload quickly, chunk by chunk', () => {
    // 13⅓ minutes of 16 kHz mono: a part of a long recording just under the upload limit.
    const seconds = 800;
    const file = wavWith(seconds, [{ kind: 'tone', start: 700.25, seconds: 0.4, hz: 880 }]);
    expect(file.length).toBeGreaterThan(24 * 1024 * 1024);
    const started = performance.now();
    const map = analyse(file)!;
    const elapsed = performance.now() - started;
    expect(map.regions).toHaveLength(1);
    expect(map.regions[0]).toMatchObject({ toneHz: 880 });
    expect(Math.abs(map.regions[0]!.start - 700.25)).toBeLessThanOrEqual(0.01);
    // Linear in the upload: a few hundred ms on a slow machine. Quadratic buffering would take minutes.
    expect(elapsed).toBeLessThan(5_000);
  });
});

describe('transcripts that follow the upload', () => {
  let gw: Required<FakeGateway>;
  beforeAll(async () => {
    gw = await startFakeGateway({ eventDelayMs: 0 });
  });
  beforeEach(() => gw.reset());
  afterAll(() => gw.close());

  const transcribe = (fields: Record<string, string | string[]>, file: Buffer, name = 'part.wav') =>
    v1(gw, '/v1/audio/transcriptions', { method: 'POST', body: audioForm(fields, asBytes(file), name) });

  interface Verbose {
    duration: number;
    text: string;
    segments: Array<{ start: number; end: number; text: string; speaker?: string }>;
    words?: Array<{ word: string; start: number; end: number }>;
  }

  it('answers one segment per stretch of sound, at its real times, tones by their frequency', async () => {
    const file = wavWith(4.25, [...TONES, { kind: 'noise', start: 3.7, seconds: 0.5, amplitude: 0.2 }]);
    const res = await transcribe(
      {
        model: 'whisper-1',
        response_format: 'verbose_json',
        'timestamp_granularities[]': ['word', 'segment'],
      },
      file,
    );
    const body = (await res.json()) as Verbose;
    expect(body.duration).toBe(4.25);
    expect(body.segments.map((s) => s.text.trim())).toEqual([
      'tone 300',
      'tone 1020',
      'tone 1500',
      'Thanks for joining the call this morning.',
    ]);
    TONES.forEach((tone, i) => {
      expect(Math.abs(body.segments[i]!.start - tone.start)).toBeLessThanOrEqual(0.01);
      expect(Math.abs(body.segments[i]!.end - (tone.start + tone.seconds))).toBeLessThanOrEqual(0.01);
    });
    expect(body.text).toBe(body.segments.map((s) => s.text.trim()).join(' '));
    // Words lie inside the sound they belong to.
    for (const word of body.words!) {
      const home = body.segments.find((s) => word.start >= s.start - 1e-9 && word.end <= s.end + 1e-9);
      expect(home, `${word.word} at ${word.start}`).toBeDefined();
    }
    expect(body.words!.slice(0, 2).map((w) => w.word)).toEqual(['tone', '300']);
  });

  it('labels speakers A and B in turn, starting at A again for every upload', async () => {
    const fields = { model: 'gpt-4o-transcribe-diarize', response_format: 'diarized_json' };
    const first = (await (await transcribe(fields, wavWith(4, TONES))).json()) as Verbose;
    const second = (await (await transcribe(fields, wavWith(2.5, TONES.slice(0, 2)))).json()) as Verbose;
    expect(first.segments.map((s) => s.speaker)).toEqual(['A', 'B', 'A']);
    expect(second.segments.map((s) => s.speaker)).toEqual(['A', 'B']);
  });

  it('shares a spec’s words over the speech when asked to follow the sound, and keeps old specs as they were', async () => {
    const speechy = wavWith(6, [
      { kind: 'noise', start: 0.5, seconds: 1, amplitude: 0.2 },
      { kind: 'tone', start: 2, seconds: 0.4, hz: 600 },
      { kind: 'noise', start: 3, seconds: 2, amplitude: 0.2, seed: 5 },
    ]);
    gw.setTranscript({ text: 'one two three four five six', followSound: true });
    const followed = (await (
      await transcribe({ model: 'whisper-1', response_format: 'verbose_json' }, speechy)
    ).json()) as Verbose;
    expect(followed.segments.map((s) => s.text.trim())).toEqual([
      'one two',
      'tone 600',
      'three four five six',
    ]);
    expect(followed.segments[2]!.start).toBeCloseTo(3, 2);

    gw.setTranscript({ text: 'First sentence. Second one!' });
    const spread = (await (
      await transcribe({ model: 'whisper-1', response_format: 'verbose_json' }, speechy)
    ).json()) as Verbose;
    expect(spread.segments.map((s) => [s.text.trim(), s.start, s.end])).toEqual([
      ['First sentence.', 0, 3],
      ['Second one!', 3, 6],
    ]);
  });

  it('streams one delta per stretch of sound, paced, and ends with their text joined', async () => {
    gw.setEventDelay(40);
    const res = await transcribe({ model: 'gpt-4o-mini-transcribe', stream: 'true' }, wavWith(4, TONES));
    const reader = res.body!.getReader();
    const arrivals: number[] = [];
    let text = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      arrivals.push(performance.now());
      text += Buffer.from(value).toString('utf8');
    }
    const events = parseSse(text).map(
      (e) => JSON.parse(e.data) as { type: string; delta?: string; text?: string },
    );
    const deltas = events.filter((e) => e.type === 'transcript.text.delta').map((e) => e.delta);
    expect(deltas).toEqual(['tone 300', ' tone 1020', ' tone 1500']);
    expect(events.at(-1)).toMatchObject({
      type: 'transcript.text.done',
      text: 'tone 300 tone 1020 tone 1500',
    });
    // Four events 40 ms apart: the last arrives well after the first.
    expect(arrivals.at(-1)! - arrivals[0]!).toBeGreaterThanOrEqual(100);
  });

  it('records each upload: name, size, duration, prompt, stream, and when it started and ended', async () => {
    const file = wavWith(2.5, TONES.slice(0, 1));
    await (
      await transcribe({ model: 'whisper-1', prompt: '…the end of part one' }, file, 'part-2.wav')
    ).json();
    await (await transcribe({ model: 'gpt-4o-transcribe', stream: 'true' }, file, 'part-3.wav')).text();
    const uploads = gw.uploads();
    expect(uploads).toMatchObject([
      {
        path: '/v1/audio/transcriptions',
        filename: 'part-2.wav',
        size: file.length,
        durationSec: 2.5,
        prompt: '…the end of part one',
        stream: false,
        status: 200,
      },
      { filename: 'part-3.wav', prompt: null, stream: true, status: 200 },
    ]);
    for (const upload of uploads) {
      expect(upload.finishedAt).toBeGreaterThanOrEqual(upload.startedAt);
    }
  });
});
