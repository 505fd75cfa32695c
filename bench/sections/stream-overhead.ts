// (a) Stream overhead: events per second through the client's normalised stream vs. a raw read of the
// same SSE bytes from the same local server (a child process). Target: client time ≤ 1.2 × raw time.
import { createAppFetch } from '../../src-main/app-fetch.ts';
import { createGatewayClient } from '../../src-main/gateway/index.ts';
import { startChild } from '../support/child.ts';
import { type BenchSection, median } from '../types.ts';

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

async function clientRead(baseUrl: string): Promise<{ seconds: number; deltas: number }> {
  const client = createGatewayClient({ baseUrl, apiKey: 'sk-bench', fetch: appFetch });
  const started = performance.now();
  let deltas = 0;
  let done = false;
  for await (const event of client.streamResponses({ model: 'bench', input: 'x' })) {
    if (event.type === 'text-delta') deltas++;
    else if (event.type === 'done') done = true;
    else if (event.type === 'error') throw new Error(`stream failed: ${event.error.message}`);
  }
  if (!done || deltas !== EVENTS) throw new Error(`expected ${EVENTS} deltas and done, got ${deltas}`);
  return { seconds: (performance.now() - started) / 1000, deltas };
}

const section: BenchSection = {
  name: 'stream-overhead',
  description: `${EVENTS.toLocaleString('en-US')} Responses deltas, client stream vs raw byte read (best of ${ROUNDS})`,
  async run() {
    const server = await startChild('sse-server.ts', [String(EVENTS)]);
    const baseUrl = server.firstLine;
    const url = `${baseUrl}/v1/responses`;
    try {
      // Warm up both paths (JIT, connection pool).
      await rawRead(url);
      await clientRead(baseUrl);
      const raw: number[] = [];
      const client: number[] = [];
      let bytes = 0;
      for (let round = 0; round < ROUNDS; round++) {
        const r = await rawRead(url);
        bytes = r.bytes;
        raw.push(r.seconds);
        client.push((await clientRead(baseUrl)).seconds);
      }
      const rawSeconds = fastest(raw);
      const clientSeconds = fastest(client);
      const medians = `medians: raw ${(median(raw) * 1000).toFixed(0)} ms, client ${(median(client) * 1000).toFixed(0)} ms`;
      return [
        {
          metric: 'raw read',
          value: EVENTS / rawSeconds,
          unit: 'events/s',
          detail: `${(bytes / 1e6).toFixed(1)} MB per run`,
        },
        { metric: 'client stream', value: EVENTS / clientSeconds, unit: 'events/s' },
        {
          metric: 'time ratio client/raw',
          value: clientSeconds / rawSeconds,
          unit: '×',
          target: { op: '<=', limit: 1.2 },
          detail: `best: raw ${(rawSeconds * 1000).toFixed(0)} ms, client ${(clientSeconds * 1000).toFixed(0)} ms; ${medians}`,
        },
      ];
    } finally {
      await server.stop();
    }
  },
};

export default section;
