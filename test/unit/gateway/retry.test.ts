// Retries, Retry-After, timeouts and abort in the request core, with a stub fetch and a recording sleep.
import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY } from '../../../src-main/gateway/defaults.ts';
import type { GatewayError } from '../../../src-main/gateway/gateway-error.ts';
import { retryDelayMs } from '../../../src-main/gateway/http.ts';
import { collect, encoder, sseResponse, stubClient, stubFetch } from './helpers.ts';

const okResponse = (): Response =>
  new Response(JSON.stringify({ id: 'r', status: 'completed', output: [] }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
const okListing = (): Response => Response.json({ data: [{ id: 'm', owned_by: 'x' }] });
const status = (code: number, headers: Record<string, string> = {}, body = ''): Response =>
  new Response(body, { status: code, headers });

function recordingSleep() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

async function failureOf(promise: Promise<unknown>): Promise<GatewayError> {
  try {
    await promise;
  } catch (error) {
    return error as GatewayError;
  }
  throw new Error('expected a failure');
}

describe('retries', () => {
  it('retries a GET on 408/409/429/5xx and then succeeds', async () => {
    for (const code of [408, 409, 429, 500, 502, 503, 504]) {
      const { fetch, calls } = stubFetch((_call, index) => (index < 2 ? status(code) : okListing()));
      await expect(stubClient(fetch).listModelsV1()).resolves.toHaveLength(1);
      expect(calls).toHaveLength(3);
    }
  });

  // Issue 14: a POST only when the gateway provably did not take it (issue14-post-retries.test.ts).
  it('retries a POST on 429 and on a 502/503/504 that came back at once, and then succeeds', async () => {
    for (const code of [429, 502, 503, 504]) {
      const { fetch, calls } = stubFetch((_call, index) => (index < 2 ? status(code) : okResponse()));
      const result = await stubClient(fetch).responses({ model: 'm', input: 'x' });
      expect(result.status).toBe('completed');
      expect(calls).toHaveLength(3);
    }
  });

  it('does not resend a POST after 408, 409 or 500: the gateway may have started on it', async () => {
    for (const code of [408, 409, 500]) {
      const { fetch, calls } = stubFetch(() => status(code));
      const failure = await failureOf(stubClient(fetch).responses({ model: 'm', input: 'x' }));
      expect(failure.hint).toMatch(/try again/i);
      expect(calls).toHaveLength(1);
    }
  });

  it('gives up after the configured number of retries with the last error', async () => {
    const { fetch, calls } = stubFetch(() => status(503));
    const failure = await failureOf(stubClient(fetch).responses({ model: 'm', input: 'x' }));
    expect(failure.code).toBe('upstream_unavailable');
    expect(calls).toHaveLength(1 + DEFAULT_RETRY.maxRetries);

    const none = stubFetch(() => status(503));
    await failureOf(
      stubClient(none.fetch, { retry: { maxRetries: 0 } }).responses({ model: 'm', input: 'x' }),
    );
    expect(none.calls).toHaveLength(1);
  });

  it('does not retry 501, 400, 401, 403 or a format mismatch', async () => {
    for (const response of [
      () => status(501),
      () => status(400),
      () => status(401),
      () => status(403),
      () =>
        status(
          500,
          {},
          JSON.stringify({ error: { message: 'not implemented', code: 'convert_request_failed' } }),
        ),
    ]) {
      const { fetch, calls } = stubFetch(response);
      await failureOf(stubClient(fetch).responses({ model: 'm', input: 'x' }));
      expect(calls).toHaveLength(1);
    }
  });

  it('retries a GET after a network failure before the headers', async () => {
    const { fetch, calls } = stubFetch((_call, index) => {
      if (index === 0) throw new TypeError('fetch failed', { cause: { code: 'ECONNRESET' } });
      return okListing();
    });
    await stubClient(fetch).listModelsV1();
    expect(calls).toHaveLength(2);
  });

  it('does not retry a host name that does not resolve, or a TLS failure', async () => {
    for (const code of ['ENOTFOUND', 'CERT_HAS_EXPIRED']) {
      const { fetch, calls } = stubFetch(() => {
        throw new TypeError('fetch failed', { cause: { code } });
      });
      const failure = await failureOf(stubClient(fetch).listModelsV1());
      expect(failure.code).toBe('network');
      expect(failure.hint).toMatch(/base URL|address/);
      expect(calls).toHaveLength(1);
    }
  });

  it('maps a refused connection to network with a hint about the address', async () => {
    const { fetch } = stubFetch(() => {
      throw new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } });
    });
    const failure = await failureOf(stubClient(fetch).listModelsV1());
    expect(failure.code).toBe('network');
    expect(failure.hint).toMatch(/base URL/);
  });

  it('waits with exponential backoff and jitter between attempts', async () => {
    const { waits, sleep } = recordingSleep();
    const { fetch } = stubFetch(() => status(502));
    await failureOf(
      stubClient(fetch, { sleep, retry: { maxRetries: 3, baseDelayMs: 100, maxDelayMs: 300 } }).responses({
        model: 'm',
        input: 'x',
      }),
    );
    expect(waits).toHaveLength(3);
    expect(waits[0]).toBeGreaterThanOrEqual(50);
    expect(waits[0]).toBeLessThanOrEqual(100);
    expect(waits[1]).toBeGreaterThanOrEqual(100);
    expect(waits[1]).toBeLessThanOrEqual(200);
    // Capped by maxDelayMs.
    expect(waits[2]).toBeGreaterThanOrEqual(150);
    expect(waits[2]).toBeLessThanOrEqual(300);
  });

  it('honours Retry-After in seconds and as an HTTP date', async () => {
    const seconds = recordingSleep();
    const first = stubFetch((_c, i) => (i === 0 ? status(429, { 'retry-after': '2' }) : okResponse()));
    await stubClient(first.fetch, { sleep: seconds.sleep }).responses({ model: 'm', input: 'x' });
    expect(seconds.waits).toEqual([2000]);

    const date = recordingSleep();
    const when = new Date(Date.now() + 5000).toUTCString();
    const second = stubFetch((_c, i) => (i === 0 ? status(503, { 'retry-after': when }) : okResponse()));
    await stubClient(second.fetch, { sleep: date.sleep }).responses({ model: 'm', input: 'x' });
    expect(date.waits[0]).toBeGreaterThan(3000);
    expect(date.waits[0]).toBeLessThanOrEqual(5000);
  });

  it('does not hide a Retry-After longer than the cap: it fails at once and says when to try', async () => {
    const { waits, sleep } = recordingSleep();
    const { fetch, calls } = stubFetch(() => status(429, { 'retry-after': '600' }));
    const failure = await failureOf(stubClient(fetch, { sleep }).responses({ model: 'm', input: 'x' }));
    expect(calls).toHaveLength(1);
    expect(waits).toEqual([]);
    expect(failure.code).toBe('rate_limited');
    expect(failure.retryAfterMs).toBe(600_000);
    expect(failure.hint).toMatch(/10 minutes/);
  });

  it('never replays a stream that already produced an event', async () => {
    const body = encoder.encode(
      'event: response.output_text.delta\ndata: {"type":"response.output_text.delta","delta":"Hi"}\n\n',
    );
    const { fetch, calls } = stubFetch(
      () =>
        new Response(
          (() => {
            let pulls = 0;
            return new ReadableStream<Uint8Array>({
              pull(controller) {
                if (pulls++ === 0) controller.enqueue(body);
                else controller.error(new TypeError('terminated', { cause: { code: 'UND_ERR_SOCKET' } }));
              },
            });
          })(),
          { status: 200, headers: { 'content-type': 'text/event-stream' } },
        ),
    );
    const events = await collect(stubClient(fetch).streamResponses({ model: 'm', input: 'x' }));
    expect(calls).toHaveLength(1);
    expect(events[0]).toEqual({ type: 'text-delta', text: 'Hi' });
    expect(events.at(-1)).toMatchObject({ type: 'error', error: { code: 'network' } });
  });

  it('retries a stream whose request failed before any output', async () => {
    const ok = encoder.encode(
      'data: {"type":"response.output_text.delta","delta":"A"}\n\ndata: {"type":"response.completed","response":{"status":"completed"}}\n\n',
    );
    const { fetch, calls } = stubFetch((_c, i) => (i === 0 ? status(502) : sseResponse([ok])));
    const events = await collect(stubClient(fetch).streamResponses({ model: 'm', input: 'x' }));
    expect(calls).toHaveLength(2);
    expect(events).toEqual([
      { type: 'text-delta', text: 'A' },
      { type: 'done', status: 'completed' },
    ]);
  });

  it('computes no delay beyond the cap for Retry-After', () => {
    expect(retryDelayMs(0, 31_000, DEFAULT_RETRY)).toBeUndefined();
    expect(retryDelayMs(0, 1_000, { ...DEFAULT_RETRY, maxRetryAfterMs: 500 })).toBeUndefined();
    expect(retryDelayMs(5, undefined, DEFAULT_RETRY, () => 1)).toBe(DEFAULT_RETRY.maxDelayMs);
  });
});

describe('abort and time limits', () => {
  it('stops retrying when aborted during the backoff, and reports aborted', async () => {
    const controller = new AbortController();
    const { fetch, calls } = stubFetch(() => status(503));
    const sleep = async () => controller.abort();
    const failure = await failureOf(
      stubClient(fetch, { sleep }).responses({ model: 'm', input: 'x' }, { signal: controller.signal }),
    );
    expect(failure.code).toBe('aborted');
    expect(calls).toHaveLength(1);
  });

  it('does not even start when the signal is already aborted', async () => {
    const { fetch, calls } = stubFetch(() => okResponse());
    const failure = await failureOf(
      stubClient(fetch).responses({ model: 'm', input: 'x' }, { signal: AbortSignal.abort() }),
    );
    expect(failure.code).toBe('aborted');
    expect(calls).toHaveLength(0);
  });

  it('times out waiting for headers, even with a fetch that ignores the signal', async () => {
    const { fetch } = stubFetch(() => new Promise<Response>(() => undefined));
    const failure = await failureOf(
      stubClient(fetch, { timeouts: { headersMs: 30 } }).responses({ model: 'm', input: 'x' }),
    );
    expect(failure.code).toBe('timeout');
    expect(failure.message).toMatch(/did not answer/);
  });

  it('times out an idle stream and keeps what arrived', async () => {
    const first = encoder.encode('data: {"type":"response.output_text.delta","delta":"so far"}\n\n');
    const { fetch } = stubFetch(
      () =>
        new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              controller.enqueue(first);
            },
          }),
          { status: 200, headers: { 'content-type': 'text/event-stream' } },
        ),
    );
    const started = Date.now();
    const events = await collect(
      stubClient(fetch, { timeouts: { idleMs: 40 } }).streamResponses({ model: 'm', input: 'x' }),
    );
    expect(Date.now() - started).toBeLessThan(2000);
    expect(events[0]).toEqual({ type: 'text-delta', text: 'so far' });
    expect(events.at(-1)).toMatchObject({ type: 'error', error: { code: 'timeout' } });
    expect((events.at(-1) as { error: { message: string } }).error.message).toMatch(/silent/);
  });

  it('reports aborted when the signal fires mid-stream', async () => {
    const controller = new AbortController();
    const first = encoder.encode('data: {"type":"response.output_text.delta","delta":"x"}\n\n');
    const { fetch } = stubFetch(() => sseResponse([first, first, first, first]));
    const events: unknown[] = [];
    for await (const event of stubClient(fetch).streamResponses(
      { model: 'm', input: 'x' },
      { signal: controller.signal },
    )) {
      events.push(event);
      if (events.length === 2) controller.abort();
    }
    expect(events.at(-1)).toMatchObject({ type: 'error', error: { code: 'aborted' } });
    expect(events.filter((event) => (event as { type: string }).type === 'text-delta').length).toBeLessThan(
      4,
    );
  });

  it('rejects extra headers that are not valid HTTP headers, before any request', async () => {
    const { fetch, calls } = stubFetch(() => okResponse());
    const failure = await failureOf(
      stubClient(fetch, { extraHeaders: { 'bad header': 'x' } }).responses({ model: 'm', input: 'x' }),
    );
    expect(failure.code).toBe('invalid_input');
    expect(calls).toHaveLength(0);
  });

  it('cancels the response body when the consumer stops early', async () => {
    let cancelled = false;
    const chunk = encoder.encode('data: {"type":"response.output_text.delta","delta":"x"}\n\n');
    const { fetch } = stubFetch(
      () =>
        new Response(
          new ReadableStream<Uint8Array>({
            pull(controller) {
              controller.enqueue(chunk);
            },
            cancel() {
              cancelled = true;
            },
          }),
          { status: 200, headers: { 'content-type': 'text/event-stream' } },
        ),
    );
    for await (const event of stubClient(fetch).streamResponses({ model: 'm', input: 'x' })) {
      expect(event.type).toBe('text-delta');
      break;
    }
    expect(cancelled).toBe(true);
  });
});
