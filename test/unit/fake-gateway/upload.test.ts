import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMultipart } from '../../fake-gateway/multipart.ts';
import { startFakeGateway } from '../../fake-gateway/server.ts';
import type { FakeGateway } from '../../fake-gateway/types.ts';
import { audioForm, v1, wavBytes } from './helpers.ts';

let gw: Required<FakeGateway>;
beforeAll(async () => {
  gw = await startFakeGateway();
});
afterAll(() => gw.close());

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

  it('answers 413 past maxUploadBytes', async () => {
    const capped = await startFakeGateway({ maxUploadBytes: 1000 });
    try {
      const res = await v1(capped, '/v1/audio/transcriptions', {
        method: 'POST',
        body: audioForm({ model: 'whisper-1' }, wavBytes(1), 'a.wav'),
      });
      expect(res.status).toBe(413);
    } finally {
      await capped.close();
    }
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
