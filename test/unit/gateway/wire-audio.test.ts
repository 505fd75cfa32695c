// Audio endpoints on the wire: multipart uploads streamed from disk or bytes with progress, every
// transcript format, and speech written to a file of the requested type.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SpeechFormat } from '../../../src-preload/contract.ts';
import { faults } from '../../fake-gateway/server.ts';
import { fakeGateway, lastRequest, type StartedGateway, wavBytes, withTempDir } from './helpers.ts';

let gateway: StartedGateway;
let client: Awaited<ReturnType<typeof fakeGateway>>['client'];

beforeAll(async () => {
  ({ gateway, client } = await fakeGateway());
});
afterAll(() => gateway.close());
beforeEach(() => gateway.reset());

describe('transcription upload', () => {
  it('streams a file from disk as multipart with the right fields, name, type and length', async () => {
    await withTempDir(async (dir) => {
      const path = join(dir, 'Besprechung 1.wav');
      const wav = wavBytes(3);
      await writeFile(path, wav);
      const progress: Array<[number, number]> = [];
      const transcript = await client().transcribe(
        { path },
        {
          model: 'whisper-1',
          language: 'de',
          prompt: 'Namen: Jürgen',
          responseFormat: 'verbose_json',
          temperature: 0,
          timestampGranularities: ['segment', 'word'],
        },
        { onUploadProgress: (sent, total) => progress.push([sent, total]) },
      );
      const request = lastRequest(gateway);
      expect(request.path).toBe('/v1/audio/transcriptions');
      expect(request.headers.authorization).toBe(`Bearer ${gateway.apiKey}`);
      expect(request.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
      expect(Number(request.headers['content-length'])).toBe(request.bodyBytes);
      expect(request.headers['transfer-encoding']).toBeUndefined();
      expect(request.multipart?.fields).toEqual({
        model: 'whisper-1',
        language: 'de',
        prompt: 'Namen: Jürgen',
        response_format: 'verbose_json',
        temperature: '0',
        'timestamp_granularities[]': ['segment', 'word'],
      });
      expect(request.multipart?.files).toEqual([
        { field: 'file', filename: 'Besprechung 1.wav', contentType: 'audio/wav', size: wav.byteLength },
      ]);
      expect(progress.at(-1)).toEqual([request.bodyBytes, request.bodyBytes]);
      expect(transcript.format).toBe('verbose_json');
      expect(transcript.duration).toBe(3);
      expect(transcript.segments.length).toBeGreaterThan(0);
      expect(transcript.words.length).toBeGreaterThan(0);
      expect(transcript.language).toBe('german');
    });
  });

  it('names a recording by its type when it arrives as bytes without an extension', async () => {
    await client().transcribe(
      { name: 'recording', type: 'audio/wav', bytes: wavBytes(1) },
      { model: 'gpt-4o-transcribe' },
    );
    expect(lastRequest(gateway).multipart?.files[0]).toMatchObject({
      filename: 'recording.wav',
      contentType: 'audio/wav',
    });
    expect(lastRequest(gateway).multipart?.fields).toEqual({ model: 'gpt-4o-transcribe' });
  });

  it.each([
    ['json', 'json'],
    ['text', 'text'],
    ['srt', 'srt'],
    ['vtt', 'vtt'],
    ['verbose_json', 'verbose_json'],
  ] as const)('normalises a %s answer', async (format, expected) => {
    gateway.setTranscript?.({ text: 'First sentence. Second sentence.' });
    const transcript = await client().transcribe(
      { name: 'a.wav', type: 'audio/wav', bytes: wavBytes(4) },
      { model: 'whisper-1', responseFormat: format },
    );
    expect(transcript.format).toBe(expected);
    expect(transcript.text).toBe('First sentence. Second sentence.');
    if (format !== 'json' && format !== 'text') {
      expect(transcript.segments.map((segment) => segment.text)).toEqual([
        'First sentence.',
        'Second sentence.',
      ]);
      expect(transcript.segments[1]).toMatchObject({ start: 2, end: 4 });
    }
  });

  it('translates through /v1/audio/translations without a language field', async () => {
    const transcript = await client().translate(
      { name: 'a.wav', type: 'audio/wav', bytes: wavBytes(1) },
      { model: 'whisper-1', language: 'de', responseFormat: 'verbose_json' },
    );
    const request = lastRequest(gateway);
    expect(request.path).toBe('/v1/audio/translations');
    expect(request.multipart?.fields.language).toBeUndefined();
    expect(transcript.language).toBe('english');
  });

  it('streams the file again from the start when the first attempt failed', async () => {
    await withTempDir(async (dir) => {
      const path = join(dir, 'clip.wav');
      const wav = wavBytes(2);
      await writeFile(path, wav);
      gateway.inject({ match: { path: '/v1/audio/' }, times: 1, fault: faults.serviceUnavailable });
      const sizes: number[] = [];
      await client().transcribe(
        { path },
        { model: 'whisper-1' },
        { onUploadProgress: (_sent, total) => sizes.push(total) },
      );
      expect(gateway.requests).toHaveLength(2);
      expect(gateway.requests[1]!.multipart?.files[0]?.size).toBe(wav.byteLength);
      expect(gateway.requests[1]!.bodyBytes).toBe(gateway.requests[0]!.bodyBytes);
    });
  });

  it('reports an upload that is too large with the shorter-file hints', async () => {
    gateway.inject({ match: { path: '/v1/audio/' }, fault: faults.payloadTooLarge });
    await expect(
      client().transcribe({ name: 'a.wav', type: 'audio/wav', bytes: wavBytes(1) }, { model: 'whisper-1' }),
    ).rejects.toMatchObject({
      code: 'too_large',
      status: 413,
      hint: expect.stringMatching(/shorter file.*retry with a shorter audio file/s),
    });
  });

  it('suggests a shorter audio file for any failed audio request', async () => {
    gateway.inject({ match: { path: '/v1/audio/' }, fault: faults.invalidKey });
    await expect(
      client().transcribe({ name: 'a.wav', type: 'audio/wav', bytes: wavBytes(1) }, { model: 'whisper-1' }),
    ).rejects.toMatchObject({ code: 'auth_invalid', hint: expect.stringMatching(/shorter audio file/) });
  });

  it('reports a missing file as file_error before any request', async () => {
    await expect(
      client().transcribe({ path: '/nonexistent/audio.wav' }, { model: 'whisper-1' }),
    ).rejects.toMatchObject({
      code: 'file_error',
    });
    expect(gateway.requests).toHaveLength(0);
  });

  it('aborts an upload in flight and the gateway sees the connection close', async () => {
    await withTempDir(async (dir) => {
      const path = join(dir, 'big.wav');
      await writeFile(path, Buffer.concat([Buffer.from(wavBytes(0.1)), Buffer.alloc(32 * 1024 * 1024)]));
      // Over upstream's 25 MB: this gateway takes any size, so that the abort (not a 413) ends the upload.
      gateway.setUploadLimit?.(null);
      const controller = new AbortController();
      const closed = gateway.nextRequestClosed?.(5000);
      const upload = client().transcribe(
        { path },
        { model: 'whisper-1' },
        {
          signal: controller.signal,
          onUploadProgress: (sent) => {
            if (sent > 1024 * 1024) controller.abort();
          },
        },
      );
      await expect(upload).rejects.toMatchObject({ code: 'aborted' });
      await expect(closed).resolves.toMatchObject({ request: { path: '/v1/audio/transcriptions' } });
    });
  });
});

describe('speech', () => {
  it('sends the JSON body and writes the file with the requested format as extension', async () => {
    await withTempDir(async (dir) => {
      const clip = await client().speech(
        {
          model: 'gpt-4o-mini-tts',
          voice: 'coral',
          input: 'Hallo Welt',
          format: 'flac',
          speed: 1.25,
          instructions: 'Warm.',
        },
        { directory: dir },
      );
      const request = lastRequest(gateway);
      expect(request.path).toBe('/v1/audio/speech');
      expect(request.headers.authorization).toBe(`Bearer ${gateway.apiKey}`);
      expect(request.headers['content-type']).toBe('application/json');
      expect(request.json).toEqual({
        model: 'gpt-4o-mini-tts',
        voice: 'coral',
        input: 'Hallo Welt',
        response_format: 'flac',
        speed: 1.25,
        instructions: 'Warm.',
      });
      expect(clip.path.startsWith(dir)).toBe(true);
      expect(clip.path.endsWith('.flac')).toBe(true);
      expect(clip).toMatchObject({ format: 'flac', extension: 'flac' });
      const bytes = await readFile(clip.path);
      expect(bytes.byteLength).toBe(clip.bytes);
      expect(bytes.subarray(0, 4).toString('latin1')).toBe('fLaC');
      expect(await readdir(dir)).toEqual([clip.path.slice(dir.length + 1)]);
    });
  });

  it.each(['mp3', 'opus', 'aac', 'wav'] as SpeechFormat[])(
    'names a %s clip by the requested format',
    async (format) => {
      await withTempDir(async (dir) => {
        const clip = await client().speech(
          { model: 'tts-1', voice: 'alloy', input: 'Hi', format },
          { directory: dir },
        );
        expect(clip.extension).toBe(format);
        expect(clip.path.endsWith(`.${format}`)).toBe(true);
      });
    },
  );

  it('defaults to mp3', async () => {
    await withTempDir(async (dir) => {
      const clip = await client().speech({ model: 'tts-1', voice: 'alloy', input: 'Hi' }, { directory: dir });
      expect(lastRequest(gateway).json).toMatchObject({ response_format: 'mp3' });
      expect(clip.extension).toBe('mp3');
    });
  });

  it('wraps raw pcm as a playable 24 kHz mono WAV, or keeps it raw when asked', async () => {
    await withTempDir(async (dir) => {
      const progress: number[] = [];
      const wav = await client().speech(
        { model: 'tts-1', voice: 'alloy', input: 'Hello there', format: 'pcm' },
        { directory: dir, onProgress: (received) => progress.push(received) },
      );
      expect(wav).toMatchObject({ format: 'pcm', extension: 'wav' });
      const bytes = await readFile(wav.path);
      expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
      expect(bytes.subarray(8, 12).toString('latin1')).toBe('WAVE');
      expect(bytes.readUInt32LE(24)).toBe(24_000);
      expect(bytes.readUInt16LE(22)).toBe(1);
      expect(bytes.readUInt16LE(34)).toBe(16);
      const dataBytes = bytes.readUInt32LE(40);
      expect(dataBytes).toBe(progress.at(-1));
      expect(bytes.readUInt32LE(4)).toBe(bytes.byteLength - 8);

      const raw = await client().speech(
        { model: 'tts-1', voice: 'alloy', input: 'Hello there', format: 'pcm', keepRawPcm: true },
        { directory: dir },
      );
      expect(raw.extension).toBe('pcm');
      expect((await readFile(raw.path)).byteLength).toBe(dataBytes);
    });
  });

  it('leaves no partial file when the audio stream is cut', async () => {
    await withTempDir(async (dir) => {
      gateway.inject({ match: { path: '/v1/audio/speech' }, fault: { kind: 'cut-stream', afterEvents: 1 } });
      await expect(
        client().speech(
          { model: 'tts-1', voice: 'alloy', input: 'A longer sentence to make audio.'.repeat(5) },
          { directory: dir },
        ),
      ).rejects.toMatchObject({ code: 'network', hint: expect.stringMatching(/shorter/) });
      expect(await readdir(dir)).toEqual([]);
    });
  });

  it('leaves no partial file when stopped', async () => {
    await withTempDir(async (dir) => {
      gateway.setEventDelay(50);
      const controller = new AbortController();
      const speaking = client().speech(
        { model: 'tts-1', voice: 'alloy', input: 'Words '.repeat(100) },
        { directory: dir, signal: controller.signal, onProgress: () => controller.abort() },
      );
      await expect(speaking).rejects.toMatchObject({ code: 'aborted' });
      expect(await readdir(dir)).toEqual([]);
    });
  });
});
