import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeGateway } from '../../fake-gateway/server.ts';
import type { FakeGateway } from '../../fake-gateway/types.ts';
import { audioForm, parseSse, v1, v1Json, wavBytes } from './helpers.ts';

let gw: Required<FakeGateway>;
beforeAll(async () => {
  gw = await startFakeGateway();
});
beforeEach(() => gw.reset());
afterAll(() => gw.close());

const transcribe = (fields: Record<string, string | string[]>, file = wavBytes(7), name = 'talk.wav') =>
  v1(gw, '/v1/audio/transcriptions', { method: 'POST', body: audioForm(fields, file, name) });

interface Verbose {
  task: string;
  language: string;
  duration: number;
  text: string;
  segments: Array<{ id: number; start: number; end: number; text: string }>;
  words?: Array<{ word: string; start: number; end: number }>;
}

describe('transcriptions', () => {
  it('answers json by default and records the multipart fields and file', async () => {
    const res = await transcribe({ model: 'whisper-1', language: 'en', 'include[]': 'logprobs' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { text: string };
    expect(body.text.length).toBeGreaterThan(10);
    const recorded = gw.requests[0]!;
    expect(recorded.multipart?.fields).toEqual({
      model: 'whisper-1',
      language: 'en',
      'include[]': ['logprobs'],
    });
    expect(recorded.multipart?.files).toEqual([
      { field: 'file', filename: 'talk.wav', contentType: 'audio/wav', size: wavBytes(7).length },
    ]);
    expect(recorded.bodyBytes).toBeGreaterThan(wavBytes(7).length);
  });

  it('takes the duration from a WAV header and gives segments and words in verbose_json', async () => {
    const res = await transcribe({
      model: 'whisper-1',
      response_format: 'verbose_json',
      'timestamp_granularities[]': ['word', 'segment'],
    });
    const body = (await res.json()) as Verbose;
    expect(body).toMatchObject({ task: 'transcribe', language: 'english', duration: 7 });
    expect(body.segments.length).toBeGreaterThanOrEqual(2);
    expect(body.segments[0]!.start).toBe(0);
    expect(body.segments.at(-1)!.end).toBe(7);
    expect(body.words!.length).toBeGreaterThan(body.segments.length);
    expect(body.words!.every((w) => w.end <= 7 && w.start < w.end)).toBe(true);
    expect(gw.requests[0]!.multipart!.fields['timestamp_granularities[]']).toEqual(['word', 'segment']);
  });

  it('is deterministic, and follows a transcript set by the test', async () => {
    const a = await (await transcribe({ model: 'whisper-1' })).json();
    const b = await (await transcribe({ model: 'whisper-1' })).json();
    expect(a).toEqual(b);
    gw.setTranscript({ text: 'First sentence. Second one!' });
    const body = (await (
      await transcribe({ model: 'whisper-1', response_format: 'verbose_json' })
    ).json()) as Verbose;
    expect(body.text).toBe('First sentence. Second one!');
    expect(body.segments.map((s) => s.text.trim())).toEqual(['First sentence.', 'Second one!']);
    expect(body.segments[1]).toMatchObject({ start: 3.5, end: 7 });
  });

  it('answers text, srt and vtt as plain text', async () => {
    const text = await transcribe({ model: 'whisper-1', response_format: 'text' });
    expect(text.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await text.text()).toMatch(/^Thanks for joining/);
    const srt = await (await transcribe({ model: 'whisper-1', response_format: 'srt' })).text();
    expect(srt).toMatch(/^1\n00:00:00,000 --> 00:00:03,500\nThanks/);
    const vtt = await (await transcribe({ model: 'whisper-1', response_format: 'vtt' })).text();
    expect(vtt).toMatch(/^WEBVTT\n\n00:00:00\.000 --> 00:00:03\.500\n/);
  });

  it('lets gpt-4o-transcribe answer only json', async () => {
    expect((await transcribe({ model: 'gpt-4o-transcribe' })).status).toBe(200);
    const res = await transcribe({ model: 'gpt-4o-mini-transcribe', response_format: 'srt' });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { param: string; type: string } };
    expect(body.error).toMatchObject({ param: 'response_format', type: 'invalid_request_error' });
  });

  it('streams a transcript for gpt-4o models only', async () => {
    const res = await transcribe({ model: 'gpt-4o-mini-transcribe', stream: 'true' });
    const events = parseSse(await res.text()).map(
      (e) => JSON.parse(e.data) as { type: string; delta?: string; text?: string },
    );
    expect(events.at(-1)!.type).toBe('transcript.text.done');
    expect(
      events
        .slice(0, -1)
        .map((e) => e.delta)
        .join(''),
    ).toBe(events.at(-1)!.text);
    expect((await transcribe({ model: 'whisper-1', stream: 'true' })).status).toBe(400);
  });

  it('refuses a wrong extension, a missing file, an unknown model and a JSON body', async () => {
    expect((await transcribe({ model: 'whisper-1' }, wavBytes(1), 'recording')).status).toBe(400);
    expect((await transcribe({ model: 'whisper-1' }, wavBytes(1), 'clip.txt')).status).toBe(400);
    const noFile = new FormData();
    noFile.set('model', 'whisper-1');
    expect((await v1(gw, '/v1/audio/transcriptions', { method: 'POST', body: noFile })).status).toBe(400);
    const unknown = await transcribe({ model: 'whisper-9' });
    expect(unknown.status).toBe(503);
    expect(((await unknown.json()) as { error: { code: string } }).error.code).toBe('model_not_found');
    const json = await v1Json(gw, '/v1/audio/transcriptions', { model: 'whisper-1' });
    expect(json.status).toBe(400);
    expect(((await json.json()) as { error: { code: string } }).error.code).toBe('invalid_content_type');
  });

  it('refuses a diarize model over 30 s without chunking_strategy, and answers speakers with it', async () => {
    const model = 'gpt-4o-transcribe-diarize';
    const refused = await transcribe({ model, response_format: 'diarized_json' }, wavBytes(31));
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { param: string } }).error.param).toBe('chunking_strategy');
    // 30 s or less needs none (OpenAI's reference: "required … for inputs longer than 30 seconds").
    expect((await transcribe({ model, response_format: 'diarized_json' }, wavBytes(30))).status).toBe(200);
    const res = await transcribe(
      { model, response_format: 'diarized_json', chunking_strategy: 'auto' },
      wavBytes(31),
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      duration: number;
      segments: Array<{ speaker: string; end: number }>;
    };
    expect(body.duration).toBe(31);
    expect(body.segments.map((segment) => segment.speaker).slice(0, 2)).toEqual(['A', 'B']);
    expect(body.segments.at(-1)!.end).toBe(31);
  });

  it('estimates the duration of compressed uploads from their size', async () => {
    const body = (await (
      await transcribe(
        { model: 'whisper-1', response_format: 'verbose_json' },
        new Uint8Array(160_000),
        'a.mp3',
      )
    ).json()) as Verbose;
    expect(body.duration).toBe(10);
  });
});

describe('translations', () => {
  it('always answers in English', async () => {
    const res = await v1(gw, '/v1/audio/translations', {
      method: 'POST',
      body: audioForm({ model: 'whisper-1', response_format: 'verbose_json' }, wavBytes(3), 'de.wav'),
    });
    const body = (await res.json()) as Verbose;
    expect(body).toMatchObject({ task: 'translate', language: 'english', duration: 3 });
  });
});

describe('speech', () => {
  const speak = (body: Record<string, unknown>) =>
    v1Json(gw, '/v1/audio/speech', {
      model: 'gpt-4o-mini-tts',
      voice: 'alloy',
      input: 'Hello there',
      ...body,
    });

  it('returns a valid 24 kHz mono WAV whose length grows with the input', async () => {
    const short = await speak({ response_format: 'wav' });
    expect(short.headers.get('content-type')).toBe('audio/wav');
    const bytes = Buffer.from(await short.arrayBuffer());
    expect(bytes.toString('latin1', 0, 4)).toBe('RIFF');
    expect(bytes.toString('latin1', 8, 12)).toBe('WAVE');
    expect(bytes.readUInt32LE(24)).toBe(24_000);
    expect(bytes.readUInt16LE(22)).toBe(1);
    expect(bytes.readUInt32LE(40)).toBe(bytes.length - 44);
    const long = Buffer.from(
      await (await speak({ response_format: 'wav', input: 'Hello there '.repeat(4) })).arrayBuffer(),
    );
    expect(long.length).toBeGreaterThan(bytes.length * 3);
    // Not silence: the tone is really there.
    let peak = 0;
    for (let i = 44; i < bytes.length; i += 2) peak = Math.max(peak, Math.abs(bytes.readInt16LE(i)));
    expect(peak).toBeGreaterThan(5000);
  });

  it('returns headerless pcm: 2 bytes per sample at 24 kHz, ~60 ms per character', async () => {
    const res = await speak({ response_format: 'pcm', input: 'x'.repeat(20) });
    expect(res.headers.get('content-type')).toBe('audio/pcm');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.toString('latin1', 0, 4)).not.toBe('RIFF');
    expect(bytes.length).toBe(Math.round(20 * 0.06 * 24_000) * 2);
  });

  it('types the other formats by their Content-Type, mp3 by default, each a real file of the format', async () => {
    const seconds = 11 * 0.06;
    const bodies: Record<string, Buffer> = {};
    for (const [format, type] of [
      ['mp3', 'audio/mpeg'],
      ['opus', 'audio/ogg'],
      ['aac', 'audio/aac'],
      ['flac', 'audio/flac'],
    ] as const) {
      const res = await speak(format === 'mp3' ? {} : { response_format: format });
      expect(res.headers.get('content-type')).toBe(type);
      bodies[format] = Buffer.from(await res.arrayBuffer());
    }
    // FLAC: STREAMINFO says 24 kHz, mono, 16 bits and the exact sample count of the pcm.
    const flac = bodies.flac!;
    expect(flac.toString('latin1', 0, 4)).toBe('fLaC');
    const info = flac.readBigUInt64BE(18);
    expect(Number(info >> 44n)).toBe(24_000);
    expect(Number((info >> 36n) & 0x1fn) + 1).toBe(16);
    expect(Number(info & 0xfffffffffn)).toBe(Math.round(seconds * 24_000));
    // MP3: back-to-back 96-byte MPEG-2 Layer III frames of 576 samples.
    const mp3 = bodies.mp3!;
    expect(mp3.length % 96).toBe(0);
    expect([mp3[0], mp3[1], mp3[96], mp3[97]]).toEqual([0xff, 0xf3, 0xff, 0xf3]);
    expect((mp3.length / 96) * 576).toBeGreaterThanOrEqual(seconds * 24_000);
    // Ogg Opus: pages with the Opus headers; AAC: ADTS frames.
    expect(bodies.opus!.toString('latin1', 0, 4)).toBe('OggS');
    expect(bodies.opus!.includes('OpusHead')).toBe(true);
    expect([bodies.aac![0], bodies.aac![1]]).toEqual([0xff, 0xf1]);
  });

  it('refuses input over 4096 characters, a missing voice and a non-JSON body', async () => {
    const long = await speak({ input: 'a'.repeat(4097) });
    expect(long.status).toBe(400);
    expect(((await long.json()) as { error: { param: string; code: string } }).error).toMatchObject({
      param: 'input',
      code: 'string_too_long',
    });
    expect((await speak({ input: 'a'.repeat(4096), response_format: 'pcm' })).status).toBe(200);
    expect((await speak({ voice: undefined })).status).toBe(400);
    const text = await v1(gw, '/v1/audio/speech', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: '{}',
    });
    expect(text.status).toBe(400);
  });

  it('streams base64 audio as SSE when asked, except on tts-1', async () => {
    const res = await speak({ response_format: 'pcm', stream_format: 'sse' });
    const events = parseSse(await res.text()).map(
      (e) => JSON.parse(e.data) as { type: string; audio?: string },
    );
    expect(events.at(-1)!.type).toBe('speech.audio.done');
    const audio = Buffer.concat(events.slice(0, -1).map((e) => Buffer.from(e.audio!, 'base64')));
    expect(audio.length).toBe(Math.round(11 * 0.06 * 24_000) * 2);
    expect((await speak({ model: 'tts-1', stream_format: 'sse' })).status).toBe(400);
  });
});
