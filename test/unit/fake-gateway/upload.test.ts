import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callsForSplit, createGatewayClient } from '../../../src-main/gateway/index.ts';
import { parseMultipart } from '../../fake-gateway/multipart.ts';
import { DEFAULT_UPLOAD_LIMIT_BYTES, faults, startFakeGateway } from '../../fake-gateway/server.ts';
import type { FakeGateway } from '../../fake-gateway/types.ts';
import { audioForm, v1, wavBytes } from './helpers.ts';

let gw: Required<FakeGateway>;
beforeAll(async () => {
  gw = await startFakeGateway();
});
beforeEach(() => gw.reset());
afterAll(() => gw.close());

/** OpenAI's 413 for an audio upload over 25 MB, as users quoted it (github.com/chidiwilliams/buzz/issues/381). */
const upstream413 = (read: number) => ({
  error: {
    message: `Maximum content size limit (26214400) exceeded (${read} bytes read)`,
    type: 'server_error',
    param: null,
    code: null,
  },
});

/** A multipart body generated on the fly, so neither side ever holds the whole upload. */
function streamedUpload(boundary: string, fileBytes: number): ReadableStream<Uint8Array> {
  const block = new Uint8Array(1024 * 1024).fill(0x41);
  let left = fileBytes;
  let stage = 0;
  const head = new TextEncoder().encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="model"\r\n\r\nwhisper-1\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="long.mp3"\r\nContent-Type: audio/mpeg\r\n\r\n`,
  );
  const tail = new TextEncoder().encode(`\r\n--${boundary}--\r\n`);
  return new ReadableStream({
    pull(controller) {
      if (stage === 0) {
        controller.enqueue(head);
        stage = 1;
      } else if (left > 0) {
        const n = Math.min(left, block.length);
        controller.enqueue(block.subarray(0, n));
        left -= n;
      } else {
        controller.enqueue(tail);
        controller.close();
      }
    },
  });
}

describe('uploads', () => {
  it('counts a large streamed upload without holding it in memory', async () => {
    gw.setUploadLimit(null);
    const size = 96 * 1024 * 1024 + 123;
    const boundary = 'fake-boundary-7f3a';
    const before = process.memoryUsage();
    const res = await v1(gw, '/v1/audio/transcriptions', {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: streamedUpload(boundary, size),
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(200);
    await res.json();
    const after = process.memoryUsage();
    const recorded = gw.requests.at(-1)!;
    expect(recorded.multipart!.files[0]).toEqual({
      field: 'file',
      filename: 'long.mp3',
      contentType: 'audio/mpeg',
      size,
    });
    expect(recorded.multipart!.fields).toEqual({ model: 'whisper-1' });
    expect(recorded.bodyBytes).toBeGreaterThan(size);
    // Buffering the upload would cost ~96 MB; streaming costs a few chunks.
    expect(after.arrayBuffers - before.arrayBuffers).toBeLessThan(48 * 1024 * 1024);
  });

  it('answers 413 past the upload limit set at start, or changed at run time until reset', async () => {
    const capped = await startFakeGateway({ uploadLimitBytes: 1000 });
    try {
      const res = await v1(capped, '/v1/audio/transcriptions', {
        method: 'POST',
        body: audioForm({ model: 'whisper-1' }, wavBytes(1), 'a.wav'),
      });
      expect(res.status).toBe(413);
    } finally {
      await capped.close();
    }
    const send = () =>
      v1(gw, '/v1/audio/translations', {
        method: 'POST',
        body: audioForm({ model: 'whisper-1' }, wavBytes(1), 'a.wav'),
      });
    gw.setUploadLimit(1000);
    expect((await send()).status).toBe(413);
    gw.reset();
    expect((await send()).status).toBe(200);
  });

  it("refuses an upload over 25 MB with upstream's 413 as soon as its headers arrive", async () => {
    const declared = DEFAULT_UPLOAD_LIMIT_BYTES + 1;
    // Headers and a first kilobyte only: the answer must not wait for the rest.
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const url = new URL('/v1/audio/transcriptions', gw.baseUrl);
      const req = request(url, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${gw.apiKey}`,
          'content-type': 'multipart/form-data; boundary=b',
          'content-length': String(declared),
        },
      });
      req.on('error', reject);
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          resolve({ status: res.statusCode!, body: Buffer.concat(chunks).toString('utf8') });
          req.destroy();
        });
      });
      req.write(Buffer.alloc(1024, 0x41));
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual(upstream413(declared));
    expect(gw.requests.at(-1)).toMatchObject({ path: '/v1/audio/transcriptions', status: 413 });
  });

  it('refuses an upload sent without a length once more than the limit has arrived', async () => {
    gw.setUploadLimit(64 * 1024);
    const boundary = 'chunked-b';
    const res = await v1(gw, '/v1/audio/transcriptions', {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: streamedUpload(boundary, 200 * 1024),
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    const body = (await res.json()) as { error: { message: string; type: string } };
    expect(body.error.type).toBe('server_error');
    expect(body.error.message).toMatch(/^Maximum content size limit \(65536\) exceeded \(\d+ bytes read\)$/);
  });

  it('lets the real client read the 413 of a 30 MB upload as an error that calls for parts', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'gs-fake-413-'));
    try {
      const path = join(dir, 'meeting.wav');
      await writeFile(path, Buffer.concat([Buffer.from(wavBytes(1)), Buffer.alloc(30 * 1024 * 1024)]));
      const client = createGatewayClient({
        baseUrl: gw.baseUrl,
        apiKey: gw.apiKey,
        sleep: async () => undefined,
      });
      const failure = await client.transcribe({ path }, { model: 'whisper-1' }).then(
        () => null,
        (error: unknown) => error,
      );
      expect(failure).toMatchObject({
        code: 'too_large',
        status: 413,
        message: 'The audio file is larger than the gateway takes: at most 25 MB per request.',
      });
      expect(callsForSplit(failure as Parameters<typeof callsForSplit>[0])).toBe(true);
      // Refused once, not retried: the same file would be refused again.
      expect(gw.requests.filter((r) => r.path === '/v1/audio/transcriptions')).toHaveLength(1);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('refusals of audio too long for the model', () => {
  it("relays upstream's duration limit, which the client reads as a call for shorter parts", async () => {
    gw.inject({ match: { path: '/v1/audio/transcriptions' }, fault: faults.audioTooLong });
    const client = createGatewayClient({
      baseUrl: gw.baseUrl,
      apiKey: gw.apiKey,
      sleep: async () => undefined,
    });
    const failure = await client
      .transcribe(
        { name: 'a.wav', type: 'audio/wav', bytes: wavBytes(1) },
        { model: 'gpt-4o-transcribe-diarize' },
      )
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(failure).toMatchObject({ code: 'too_large', status: 400 });
    expect(callsForSplit(failure as Parameters<typeof callsForSplit>[0])).toBe(true);
  });
});

describe('multipart parser', () => {
  const boundary = 'XyZ';
  const body = Buffer.from(
    'preamble\r\n' +
      `--${boundary}\r\nContent-Disposition: form-data; name="prompt"\r\n\r\ncafé\r\n--not-the-boundary\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a \\"b\\".wav"\r\nContent-Type: audio/wav\r\n\r\n` +
      `RIFF\r\n--XY\r\n--Xy data\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="include[]"\r\n\r\nlogprobs\r\n` +
      `--${boundary}--\r\nepilogue`,
    'utf8',
  );
  const expected = {
    fields: { prompt: 'café\r\n--not-the-boundary', 'include[]': ['logprobs'] },
    files: [
      {
        field: 'file',
        filename: 'a "b".wav',
        contentType: 'audio/wav',
        size: 21,
        head: Buffer.from('RIFF\r\n--XY\r\n--Xy data'),
      },
    ],
  };

  async function* pieces(bytes: Buffer, cuts: number[]) {
    let from = 0;
    for (const cut of [...cuts, bytes.length]) {
      yield bytes.subarray(from, cut);
      from = cut;
    }
  }

  it('finds boundaries wherever the chunks are split', async () => {
    for (let cut = 1; cut < body.length; cut += 1) {
      expect(await parseMultipart(pieces(body, [cut]), boundary)).toEqual(expected);
    }
    const oneByOne = Array.from({ length: body.length - 1 }, (_, i) => i + 1);
    expect(await parseMultipart(pieces(body, oneByOne), boundary)).toEqual(expected);
  });

  it('rejects a body that ends early', async () => {
    await expect(parseMultipart(pieces(body.subarray(0, 60), []), boundary)).rejects.toThrow(
      /unexpected end/,
    );
  });
});
