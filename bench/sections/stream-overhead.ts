// (a) Stream overhead: events per second through the client's normalised stream vs. a raw read of the
// same SSE bytes from the same local server (a child process), for the Responses format and for Chat
// Completions. Target, for each: client time ≤ 1.2 × raw time.
import { createAppFetch } from '../../src-main/app-fetch.ts';
import { createGatewayClient } from '../../src-main/gateway/index.ts';
import type { GatewayClient } from '../../src-main/gateway/types.ts';
import type { StreamEvent } from '../../src-preload/contract.ts';
import { startChild } from '../support/child.ts';
import { type BenchSection, median, type Row } from '../types.ts';

const fastest = (values: number[]): number => Math.min(...values);

const EVENTS = 50_000;
// Interleaved rounds; the fastest of each is compared, since a shared machine only ever adds time.
const ROUNDS = 7;
// Both sides use the fetch the app runs in main.
const appFetch = createAppFetch();

async function rawRead(url: string): Promise<{ seconds: number; bytes: number }> {
  const started = performance.now();
  const response = await appFetch(url, {
    method: 'POST',
    body: '{}',
    headers: { 'content-type': 'application/json' },
  });
  const reader = response.body!.getReader();
  let bytes = 0;
  for (let next = await reader.read(); !next.done; next = await reader.read()) bytes += next.value.byteLength;
  return { seconds: (performance.now() - started) / 1000, bytes };
}

interface Format {
  /** What `sse-server.ts` is told to send. */
  name: 'responses' | 'chat';
  /** Row names are prefixed with it (none for Responses, whose rows keep their earlier names). */
  label: string;
  path: string;
  stream(client: GatewayClient): AsyncIterable<StreamEvent>;
}

const FORMATS: Format[] = [
  {
    name: 'responses',
    label: '',
    path: '/v1/responses',
    stream: (client) => client.streamResponses({ model: 'bench', input: 'x' }),
  },
  {
    name: 'chat',
    label: 'Chat Completions: ',
    path: '/v1/chat/completions',
    stream: (client) =>
      client.streamChatCompletions({ model: 'bench', messages: [{ role: 'user', content: 'x' }] }),
  },
];

async function clientRead(baseUrl: string, format: Format): Promise<{ seconds: number; deltas: number }> {
  const client = createGatewayClient({ baseUrl, apiKey: 'sk-bench', fetch: appFetch });
  const started = performance.now();
  let deltas = 0;
  let done = false;
  for await (const event of format.stream(client)) {
    if (event.type === 'text-delta') deltas++;
    else if (event.type === 'done') done = true;
    else if (event.type === 'error') throw new Error(`stream failed: ${event.error.message}`);
  }
  if (!done || deltas !== EVENTS) throw new Error(`expected ${EVENTS} deltas and done, got ${deltas}`);
  return { seconds: (performance.now() - started) / 1000, deltas };
}

async function measure(format: Format): Promise<Row[]> {
  const server = await startChild('sse-server.ts', [String(EVENTS), format.name]);
  const baseUrl = server.firstLine;
  const url = `${baseUrl}${format.path}`;
  try {
    // Warm up both paths (JIT, connection pool).
    await rawRead(url);
    await clientRead(baseUrl, format);
    const raw: number[] = [];
    const client: number[] = [];
    let bytes = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const r = await rawRead(url);
      bytes = r.bytes;
      raw.push(r.seconds);
      client.push((await clientRead(baseUrl, format)).seconds);
    }
    const rawSeconds = fastest(raw);
    const clientSeconds = fastest(client);
    const medians = `medians: raw ${(median(raw) * 1000).toFixed(0)} ms, client ${(median(client) * 1000).toFixed(0)} ms`;
    return [
      {
        metric: `${format.label}raw read`,
        value: EVENTS / rawSeconds,
        unit: 'events/s',
        detail: `${(bytes / 1e6).toFixed(1)} MB per run`,
      },
      { metric: `${format.label}client stream`, value: EVENTS / clientSeconds, unit: 'events/s' },
      {
        metric: `${format.label}time ratio client/raw`,
        value: clientSeconds / rawSeconds,
        unit: '×',
        target: { op: '<=', limit: 1.2 },
        detail: `best: raw ${(rawSeconds * 1000).toFixed(0)} ms, client ${(clientSeconds * 1000).toFixed(0)} ms; ${medians}`,
      },
    ];
  } finally {
    await server.stop();
  }
}

const section: BenchSection = {
  name: 'stream-overhead',
  description: `${EVENTS.toLocaleString('en-US')} deltas (Responses, then Chat Completions), client stream vs raw byte read (best of ${ROUNDS})`,
  async run() {
    const rows: Row[] = [];
    for (const format of FORMATS) rows.push(...(await measure(format)));
    return rows;
  },
};

export default section;
