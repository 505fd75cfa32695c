// Stopping: a consumer that stops reading, or a signal that fires, must end the HTTP request at once,
// and the gateway must see the connection close.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StreamEvent } from '../../../src-preload/contract.ts';
import { fakeGateway, type StartedGateway } from './helpers.ts';

let gateway: StartedGateway;
let client: Awaited<ReturnType<typeof fakeGateway>>['client'];

beforeAll(async () => {
  ({ gateway, client } = await fakeGateway());
});
afterAll(() => gateway.close());
beforeEach(() => {
  gateway.reset();
  gateway.setChatReply({ text: 'word '.repeat(400), chunkSize: 5 });
  gateway.setEventDelay(10);
});

const ask = { model: 'gpt-5-mini', input: 'hello' };
const askContent = {
  model: 'gemini-2.5-flash',
  contents: [{ role: 'user' as const, parts: [{ text: 'hello' }] }],
};

describe('stopping a stream', () => {
  it.each(['responses', 'content'] as const)(
    'closes the %s request when the consumer breaks',
    async (format) => {
      const closed = gateway.nextRequestClosed!(3000);
      const stream =
        format === 'responses' ? client().streamResponses(ask) : client().streamGenerateContent(askContent);
      let seen = 0;
      for await (const event of stream) {
        if (event.type === 'text-delta' && ++seen === 3) break;
      }
      const event = await closed;
      expect(event.eventsSent).toBeLessThan(50);
      expect(gateway.activeRequests).toBe(0);
    },
  );

  it('ends with `aborted` when the signal fires, and the gateway sees the close promptly', async () => {
    const controller = new AbortController();
    const closed = gateway.nextRequestClosed!(3000);
    const events: StreamEvent[] = [];
    let abortedAt = 0;
    for await (const event of client().streamResponses(ask, { signal: controller.signal })) {
      events.push(event);
      if (events.length === 3) {
        abortedAt = performance.now();
        controller.abort();
      }
    }
    const settledAt = performance.now();
    const closedEvent = await closed;
    expect(events.at(-1)).toMatchObject({ type: 'error', error: { code: 'aborted' } });
    // The bench measures the real numbers (target < 100 ms); here the bound only has to catch an abort
    // that does not reach the socket at all, without flaking on a busy machine.
    expect(settledAt - abortedAt).toBeLessThan(500);
    expect(closedEvent.at - abortedAt).toBeLessThan(1000);
  });

  it('aborts a request still waiting for headers, without retrying', async () => {
    gateway.inject({ fault: { kind: 'stall-headers', ms: 5000 } });
    const controller = new AbortController();
    const closed = gateway.nextRequestClosed!(3000);
    const pending = client().responses(ask, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toMatchObject({ code: 'aborted' });
    await closed;
    expect(gateway.requests).toHaveLength(1);
  });

  it('leaves nothing running after a stream completes normally', async () => {
    gateway.setEventDelay(0);
    for await (const _event of client().streamResponses(ask)) {
      // read to the end
    }
    expect(gateway.closedByClient).toBe(0);
  });
});
