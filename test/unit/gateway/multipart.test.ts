// The multipart encoder: exact Content-Length, fields and file as a standard parser reads them,
// progress to the last byte, and a file that changes size mid-upload.
import { describe, expect, it } from 'vitest';
import { encodeMultipart, type FilePart } from '../../../src-main/gateway/multipart.ts';

function filePart(bytes: Uint8Array, overrides: Partial<FilePart> = {}): FilePart {
  return {
    name: 'file',
    filename: 'clip.wav',
    contentType: 'audio/wav',
    size: bytes.byteLength,
    open: async function* () {
      for (let offset = 0; offset < bytes.byteLength; offset += 1000)
        yield bytes.subarray(offset, offset + 1000);
    },
    ...overrides,
  };
}

async function drain(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  const reader = stream.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) chunks.push(next.value);
  return Buffer.concat(chunks);
}

describe('encodeMultipart', () => {
  const audio = new Uint8Array(4500).map((_, i) => i % 251);

  it('produces exactly `length` bytes that a standard parser reads back', async () => {
    const body = encodeMultipart([
      { name: 'model', value: 'whisper-1' },
      { name: 'prompt', value: 'Grüße, "quoted"\nnext line' },
      { name: 'timestamp_granularities[]', value: 'segment' },
      { name: 'timestamp_granularities[]', value: 'word' },
      filePart(audio, { filename: 'Grüße "x".wav' }),
    ]);
    const bytes = await drain(body.stream());
    expect(bytes.byteLength).toBe(body.length);
    const form = await new Response(new Uint8Array(bytes), {
      headers: { 'content-type': body.contentType },
    }).formData();
    expect(form.get('model')).toBe('whisper-1');
    expect(form.get('prompt')).toBe('Grüße, "quoted"\nnext line');
    expect(form.getAll('timestamp_granularities[]')).toEqual(['segment', 'word']);
    const file = form.get('file') as File;
    expect(file.type).toBe('audio/wav');
    expect(file.name).toBe('Grüße "x".wav');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(audio);
  });

  it('reports progress up to the total, once per chunk', async () => {
    const body = encodeMultipart([{ name: 'model', value: 'm' }, filePart(audio)]);
    const seen: Array<[number, number]> = [];
    await drain(body.stream((sent, total) => seen.push([sent, total])));
    expect(seen[0]).toEqual([0, body.length]);
    expect(seen.at(-1)).toEqual([body.length, body.length]);
    for (let i = 1; i < seen.length; i++) expect(seen[i]![0]).toBeGreaterThan(seen[i - 1]![0]);
  });

  it('can be streamed again from the start (a retry)', async () => {
    const body = encodeMultipart([filePart(audio)]);
    const first = await drain(body.stream());
    const second = await drain(body.stream());
    expect(second).toEqual(first);
  });

  it('fails with file_error when the file is not the size announced', async () => {
    const body = encodeMultipart([filePart(audio, { size: audio.byteLength + 10 })]);
    await expect(drain(body.stream())).rejects.toMatchObject({ code: 'file_error' });
    const shrunk = encodeMultipart([filePart(audio, { size: 100 })]);
    await expect(drain(shrunk.stream())).rejects.toMatchObject({ code: 'file_error' });
  });
});
