// Time to first token through main and the bridge, minus the client's own. A local gateway (a child
// process) answers after a fixed "thinking" delay; each round times the first text delta twice:
//   (a) the gateway client alone, in this process (the floor: HTTP, SSE parsing, normalising);
//   (b) the whole app: a page invokes `chat.responses`, main runs the same client, the stream manager
//       batches, the bridge delivers `stream.batch` — timed in the page from invoke to the first delta.
// (b) − (a) is what main and the bridge add. Target (issue 6): ≤ 15 ms. Measured for the Responses format,
// then for Chat Completions (`chat.completions`, issue 15), with the same target.
import { loadavg } from 'node:os';
import { createAppFetch } from '../../src-main/app-fetch.ts';
import { createGatewayClient } from '../../src-main/gateway/index.ts';
import type { GatewayClient } from '../../src-main/gateway/types.ts';
import { DEFAULT_BATCH_INTERVAL_MS } from '../../src-main/ipc/stream-manager.ts';
import type { Bridge, StreamBatch, StreamEvent } from '../../src-preload/contract.ts';
import { type OpenApp, openApp } from '../support/app-page.ts';
import { startChild } from '../support/child.ts';
import { type BenchSection, median, type Row } from '../types.ts';

const FIRST_TOKEN_DELAY_MS = 40;
const WARM_UP_ROUNDS = 5;
const MEASURED_ROUNDS = 25;
const API_KEY = 'sk-bench-first-token';

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const ms = (value: number): string => `${value.toFixed(1)} ms`;

type FormatName = 'responses' | 'chat';

interface Format {
  name: FormatName;
  /** Row names are prefixed with it (none for Responses, whose rows keep their earlier names). */
  label: string;
  stream(client: GatewayClient): AsyncIterable<StreamEvent>;
}

const FORMATS: Format[] = [
  {
    name: 'responses',
    label: '',
    stream: (client) => client.streamResponses({ model: 'bench', input: 'hi' }),
  },
  {
    name: 'chat',
    label: 'Chat Completions: ',
    stream: (client) =>
      client.streamChatCompletions({ model: 'bench', messages: [{ role: 'user', content: 'hi' }] }),
  },
];

/** (a) From the call to the first text delta, the client alone; the stream is read to its end. */
async function clientFirstToken(
  baseUrl: string,
  fetch: ReturnType<typeof createAppFetch>,
  format: Format,
): Promise<number> {
  const client = createGatewayClient({ baseUrl, apiKey: API_KEY, fetch });
  const started = performance.now();
  let first: number | undefined;
  for await (const event of format.stream(client)) {
    if (event.type === 'text-delta') first ??= performance.now();
    else if (event.type === 'error') throw new Error(`client stream failed: ${event.error.message}`);
  }
  if (first === undefined) throw new Error('the client stream had no text');
  return first - started;
}

/**
 * (b) Runs in the page: invoke → first batch holding a text delta for that stream. The listener is on
 * before the invoke, and batches are kept by stream id, since the id is known only once invoke returns.
 * Resolves after the stream's final batch, so rounds do not overlap.
 */
async function pageFirstToken(format: FormatName): Promise<number> {
  const bridge = (window as unknown as { gatewayStudio: Bridge }).gatewayStudio;
  const firstTextAt = new Map<string, number>();
  const finished = new Set<string>();
  let wake: () => void = () => {};
  const off = bridge.on('stream.batch', (batch: StreamBatch) => {
    if (!firstTextAt.has(batch.streamId) && batch.events.some((event) => event.type === 'text-delta'))
      firstTextAt.set(batch.streamId, performance.now());
    if (batch.final) finished.add(batch.streamId);
    wake();
  });
  try {
    const started = performance.now();
    // Written out in full: this function runs in the page, so it can use nothing from this module.
    const result =
      format === 'chat'
        ? await bridge.invoke('chat.completions', {
            request: { model: 'bench', messages: [{ role: 'user', content: 'hi' }] },
            stream: true,
          })
        : await bridge.invoke('chat.responses', { request: { model: 'bench', input: 'hi' }, stream: true });
    if (!result.ok) throw new Error(`chat.${format} failed: ${result.error.message}`);
    const { streamId } = result.data;
    while (!finished.has(streamId)) await new Promise<void>((resolve) => (wake = resolve));
    const first = firstTextAt.get(streamId);
    if (first === undefined) throw new Error('the stream had no text');
    return first - started;
  } finally {
    off();
  }
}

async function measure(
  format: Format,
  baseUrl: string,
  fetch: ReturnType<typeof createAppFetch>,
  opened: OpenApp,
): Promise<Row[]> {
  const client: number[] = [];
  const app: number[] = [];
  const differences: number[] = [];
  for (let round = 0; round < WARM_UP_ROUNDS + MEASURED_ROUNDS; round++) {
    // Interleaved, so a busy moment on the machine weighs on both sides alike.
    const a = await clientFirstToken(baseUrl, fetch, format);
    const b = await opened.page.evaluate(pageFirstToken, format.name);
    if (round < WARM_UP_ROUNDS) continue;
    client.push(a);
    app.push(b);
    differences.push(b - a);
  }
  const [load1, load5] = loadavg();
  const clientMedian = median(client);
  const appMedian = median(app);
  return [
    {
      metric: `${format.label}client alone`,
      value: clientMedian,
      unit: 'ms',
      detail: `median of ${MEASURED_ROUNDS}; min ${ms(Math.min(...client))}, p90 ${ms(percentile(client, 90))}`,
    },
    {
      metric: `${format.label}through main + bridge`,
      value: appMedian,
      unit: 'ms',
      detail: `median of ${MEASURED_ROUNDS}; min ${ms(Math.min(...app))}, p90 ${ms(percentile(app, 90))}; batch interval ${DEFAULT_BATCH_INTERVAL_MS} ms`,
    },
    {
      metric: `${format.label}added by main + bridge`,
      value: appMedian - clientMedian,
      unit: 'ms',
      target: { op: '<=', limit: 15 },
      detail: `difference of medians; per round: median ${ms(median(differences))}, p90 ${ms(percentile(differences, 90))}; load average ${load1!.toFixed(2)} (1 min), ${load5!.toFixed(2)} (5 min)`,
    },
  ];
}

const section: BenchSection = {
  name: 'first-token',
  description: `time to first token, app (main + bridge) minus client alone, Responses then Chat Completions; gateway thinks ${FIRST_TOKEN_DELAY_MS} ms; ${MEASURED_ROUNDS} rounds each`,
  async run() {
    const server = await startChild('first-token-server.ts', [String(FIRST_TOKEN_DELAY_MS)]);
    const baseUrl = server.firstLine;
    const fetch = createAppFetch();
    const opened = await openApp({
      gateway: { baseUrl, apiKey: API_KEY },
      // The interval the app runs with: the first token must not wait for a batch timer.
      batchIntervalMs: DEFAULT_BATCH_INTERVAL_MS,
    });
    try {
      const rows: Row[] = [];
      for (const format of FORMATS) rows.push(...(await measure(format, baseUrl, fetch, opened)));
      return rows;
    } finally {
      await opened.close();
      await server.stop();
    }
  },
};

export default section;
