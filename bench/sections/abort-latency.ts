// (c) Abort latency: from `abort()` to the client's stream settling, and to the gateway seeing the socket
// close, on a live stream from the fake gateway. Target: < 100 ms (worst of the runs).
import { createAppFetch } from '../../src-main/app-fetch.ts';
import { createGatewayClient } from '../../src-main/gateway/index.ts';
import { startFakeGateway } from '../../test/fake-gateway/server.ts';
import { type BenchSection, median } from '../types.ts';

const RUNS = 20;

const section: BenchSection = {
  name: 'abort-latency',
  description: `abort() → stream settled and socket closed at the gateway, ${RUNS} runs per format`,
  async run() {
    const gateway = await startFakeGateway({ eventDelayMs: 10 });
    gateway.setChatReply({ text: 'word '.repeat(2000), chunkSize: 5 });
    const client = createGatewayClient({
      baseUrl: gateway.baseUrl,
      apiKey: gateway.apiKey,
      vendorKeyHeader: gateway.vendorKeyHeader,
      fetch: createAppFetch(),
    });
    const settled: number[] = [];
    const closed: number[] = [];
    try {
      for (let run = 0; run < RUNS; run++) {
        const controller = new AbortController();
        const serverSaw = gateway.nextRequestClosed(5000);
        const stream =
          run % 2 === 0
            ? client.streamResponses({ model: 'gpt-5-mini', input: 'go' }, { signal: controller.signal })
            : client.streamGenerateContent(
                { model: 'gemini-2.5-flash', contents: [{ role: 'user', parts: [{ text: 'go' }] }] },
                { signal: controller.signal },
              );
        let abortedAt = 0;
        let deltas = 0;
        let last = '';
        for await (const event of stream) {
          last = event.type === 'error' ? event.error.code : event.type;
          if (event.type === 'text-delta' && ++deltas === 5) {
            // Abort from a timer, as a Stop button would, not from inside the loop.
            setTimeout(() => {
              abortedAt = performance.now();
              controller.abort();
            }, 5);
          }
        }
        const settledAt = performance.now();
        if (last !== 'aborted') throw new Error(`run ${run}: the stream ended with ${last}, not aborted`);
        const event = await serverSaw;
        settled.push(settledAt - abortedAt);
        closed.push(event.at - abortedAt);
      }
    } finally {
      await gateway.close();
    }
    return [
      {
        metric: 'stream settled (worst)',
        value: Math.max(...settled),
        unit: 'ms',
        target: { op: '<', limit: 100 },
      },
      { metric: 'stream settled (median)', value: median(settled), unit: 'ms' },
      {
        metric: 'socket closed at gateway (worst)',
        value: Math.max(...closed),
        unit: 'ms',
        target: { op: '<', limit: 100 },
      },
      { metric: 'socket closed at gateway (median)', value: median(closed), unit: 'ms' },
    ];
  },
};

export default section;
