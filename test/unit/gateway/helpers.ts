// Shared test helpers: event collection, a stub fetch that answers with given bytes, temp folders.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createGatewayClient } from '../../../src-main/gateway/index.ts';
import type { FetchLike, GatewayClient, GatewayClientOptions } from '../../../src-main/gateway/types.ts';
import type { StreamEvent } from '../../../src-preload/contract.ts';
import { startFakeGateway } from '../../fake-gateway/server.ts';
import type { FakeGatewayOptions } from '../../fake-gateway/types.ts';

export const encoder = new TextEncoder();

export async function collect(stream: AsyncIterable<StreamEvent>): Promise<StreamEvent[]> {
  const events: StreamEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

/** Adjacent deltas of one kind joined, so two streams that split text differently compare equal. */
export function textOf(events: StreamEvent[], kind: 'text-delta' | 'reasoning-delta' = 'text-delta'): string {
  return events
    .filter((event): event is { type: typeof kind; text: string } => event.type === kind)
    .map((event) => event.text)
    .join('');
}

export function streamOf(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  let index = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[index++];
      if (chunk === undefined) controller.close();
      else controller.enqueue(chunk);
    },
  });
}

export interface StubCall {
  url: string;
  init: RequestInit;
}

/** A fetch that answers every call from `answer`, recording the calls. */
export function stubFetch(answer: (call: StubCall, index: number) => Response | Promise<Response>): {
  fetch: FetchLike;
  calls: StubCall[];
} {
  const calls: StubCall[] = [];
  const fetch: FetchLike = async (input, init = {}) => {
    const call = { url: String(input), init };
    calls.push(call);
    return answer(call, calls.length - 1);
  };
  return { fetch, calls };
}

export function sseResponse(chunks: Uint8Array[], contentType = 'text/event-stream'): Response {
  return new Response(streamOf(chunks), { status: 200, headers: { 'content-type': contentType } });
}

export const noSleep = async (): Promise<void> => undefined;

export function stubClient(fetch: FetchLike, extra: Partial<GatewayClientOptions> = {}): GatewayClient {
  return createGatewayClient({
    baseUrl: 'http://gateway.test',
    apiKey: 'sk-test',
    fetch,
    sleep: noSleep,
    ...extra,
  });
}

export async function withTempDir<T>(run: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'gs-gateway-'));
  try {
    return await run(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export type StartedGateway = Awaited<ReturnType<typeof startFakeGateway>>;

/** Starts a fake gateway (no pacing) and builds clients for it with a fast sleep. */
export async function fakeGateway(options: FakeGatewayOptions = {}): Promise<{
  gateway: StartedGateway;
  client: (extra?: Partial<GatewayClientOptions>) => GatewayClient;
}> {
  const gateway = await startFakeGateway({ eventDelayMs: 0, ...options });
  const client = (extra: Partial<GatewayClientOptions> = {}): GatewayClient =>
    createGatewayClient({
      baseUrl: gateway.baseUrl,
      apiKey: gateway.apiKey,
      vendorKeyHeader: gateway.vendorKeyHeader,
      sleep: noSleep,
      ...extra,
    });
  return { gateway, client };
}

export function lastRequest(gateway: StartedGateway) {
  const request = gateway.requests.at(-1);
  if (!request) throw new Error('the gateway received no request');
  return request;
}

/** A small valid PCM WAV file: 16-bit mono at `rate`, `seconds` long, a quiet tone. */
export function wavBytes(seconds = 1, rate = 16_000): Uint8Array {
  const samples = Math.round(seconds * rate);
  const buffer = Buffer.alloc(44 + samples * 2);
  buffer.write('RIFF', 0, 'ascii');
  buffer.writeUInt32LE(36 + samples * 2, 4);
  buffer.write('WAVE', 8, 'ascii');
  buffer.write('fmt ', 12, 'ascii');
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20);
  buffer.writeUInt16LE(1, 22);
  buffer.writeUInt32LE(rate, 24);
  buffer.writeUInt32LE(rate * 2, 28);
  buffer.writeUInt16LE(2, 32);
  buffer.writeUInt16LE(16, 34);
  buffer.write('data', 36, 'ascii');
  buffer.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++)
    buffer.writeInt16LE(Math.round(3000 * Math.sin((i / rate) * 2 * Math.PI * 440)), 44 + i * 2);
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}
