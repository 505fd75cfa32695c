// Small fetch helpers for the fake gateway's self-tests: calls with the right auth per family, and an SSE
// reader that keeps the raw framing so tests can look at separators and comments.
import type { FakeGateway } from '../../fake-gateway/types.ts';

export function v1(gw: FakeGateway, path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (!headers.has('authorization')) headers.set('authorization', `Bearer ${gw.apiKey}`);
  return fetch(`${gw.baseUrl}${path}`, { ...init, headers });
}

export function v1Json(
  gw: FakeGateway,
  path: string,
  body: unknown,
  init: RequestInit = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('content-type', 'application/json');
  return v1(gw, path, { method: 'POST', ...init, headers, body: JSON.stringify(body) });
}

export function v1beta(gw: FakeGateway, path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (!headers.has(gw.vendorKeyHeader)) headers.set(gw.vendorKeyHeader, gw.apiKey);
  return fetch(`${gw.baseUrl}${path}`, { ...init, headers });
}

export function v1betaJson(
  gw: FakeGateway,
  path: string,
  body: unknown,
  init: RequestInit = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('content-type', 'application/json');
  return v1beta(gw, path, { method: 'POST', ...init, headers, body: JSON.stringify(body) });
}

export interface ParsedEvent {
  event?: string;
  data: string;
}

/** Splits SSE text into events (either separator), dropping comment lines. */
export function parseSse(text: string): ParsedEvent[] {
  const events: ParsedEvent[] = [];
  for (const block of text.split(/\r?\n\r?\n/)) {
    let event: string | undefined;
    const data: string[] = [];
    for (const line of block.split(/\r?\n/)) {
      if (line.startsWith('event: ')) event = line.slice(7);
      else if (line.startsWith('data: ')) data.push(line.slice(6));
    }
    if (data.length > 0)
      events.push(event === undefined ? { data: data.join('\n') } : { event, data: data.join('\n') });
  }
  return events;
}

/** Reads a body chunk by chunk, keeping what arrived when the stream failed. */
export async function readChunks(res: Response): Promise<{ chunks: Uint8Array[]; error?: unknown }> {
  const chunks: Uint8Array[] = [];
  const reader = res.body!.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { chunks };
      chunks.push(value);
    }
  } catch (error) {
    return { chunks, error };
  }
}

export function joinText(chunks: Uint8Array[]): string {
  return Buffer.concat(chunks).toString('utf8');
}

/** A PCM WAV file of silence, `seconds` long at `sampleRate` (16-bit mono). */
export function wavBytes(seconds: number, sampleRate = 16_000): Uint8Array<ArrayBuffer> {
  const dataBytes = Math.round(seconds * sampleRate) * 2;
  const b = Buffer.alloc(44 + dataBytes);
  b.write('RIFF', 0, 'latin1');
  b.writeUInt32LE(36 + dataBytes, 4);
  b.write('WAVEfmt ', 8, 'latin1');
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(1, 22);
  b.writeUInt32LE(sampleRate, 24);
  b.writeUInt32LE(sampleRate * 2, 28);
  b.writeUInt16LE(2, 32);
  b.writeUInt16LE(16, 34);
  b.write('data', 36, 'latin1');
  b.writeUInt32LE(dataBytes, 40);
  return new Uint8Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.length));
}

export function audioForm(
  fields: Record<string, string | string[]>,
  file: Uint8Array<ArrayBuffer>,
  filename: string,
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) form.append(name, v);
  }
  form.append('file', new Blob([file], { type: 'audio/wav' }), filename);
  return form;
}

export const responsesBody = (extra: Record<string, unknown> = {}) => ({
  model: 'gpt-5-mini',
  input: 'Hello',
  ...extra,
});
export const contentBody = { contents: [{ role: 'user', parts: [{ text: 'Hello' }] }] };
export const chatBody = (extra: Record<string, unknown> = {}) => ({
  model: 'deepseek-chat',
  messages: [{ role: 'user', content: 'Hello' }],
  ...extra,
});

/** A 1×1 transparent PNG, as a base64 data URL (what the app sends for a picked image). */
export const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
export const PNG_DATA_URL = `data:image/png;base64,${PNG_BASE64}`;
