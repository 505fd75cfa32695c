// Issue 14, item 1: a relay bills every request it forwards, so a POST is sent again automatically only
// when the gateway provably did not take it (WIRE.md part 3, "Retrying"): the connection was never made,
// a 429, a 503 with Retry-After, or a 502/503/504 that came back at once. Any other failure of a POST
// reaches the user once, still offering a retry. GETs keep their retries. Against the fake gateway.
import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_RETRY } from '../../../src-main/gateway/defaults.ts';
import { GatewayError } from '../../../src-main/gateway/gateway-error.ts';
import { mayResend } from '../../../src-main/gateway/http.ts';
import { createGatewayClient } from '../../../src-main/gateway/index.ts';
import type { GatewayClient, GatewayClientOptions } from '../../../src-main/gateway/types.ts';
import type { StreamEvent } from '../../../src-preload/contract.ts';
import { defaultModels } from '../../fake-gateway/catalogue.ts';
import { faults } from '../../fake-gateway/server.ts';
import type { Fault } from '../../fake-gateway/types.ts';
import {
  collect,
  fakeGateway,
  noSleep,
  type StartedGateway,
  stubClient,
  stubFetch,
  wavBytes,
  withTempDir,
} from './helpers.ts';

let gateway: StartedGateway;
let baseClient: Awaited<ReturnType<typeof fakeGateway>>['client'];

// The "answered at once" threshold, lowered from 2 s so a slow answer costs a test a fraction of a second.
const FAST_MS = 250;
const SLOW_MS = 500;

const client = (extra: Partial<GatewayClientOptions> = {}): GatewayClient =>
  baseClient({ ...extra, retry: { fastFailureMs: FAST_MS, ...extra.retry } });

beforeAll(async () => {
  ({ gateway, client: baseClient } = await fakeGateway());
});
afterAll(() => gateway.close());
beforeEach(() => gateway.reset());

/** What a call ended with: its failure (thrown, or a stream's error event), or `ok`. */
type Outcome = { ok: true } | { ok: false; code: string; hint?: string; message: string; status?: number };

async function outcomeOf(run: Promise<unknown> | AsyncIterable<StreamEvent>): Promise<Outcome> {
  if (Symbol.asyncIterator in run) {
    const last = (await collect(run)).at(-1);
    return last?.type === 'error' ? { ok: false, ...last.error } : { ok: true };
  }
  try {
    await run;
    return { ok: true };
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    const { code, hint, message, status } = error;
    return { ok: false, code, message, ...(hint === undefined ? {} : { hint }), status };
  }
}

const ask = { model: 'gpt-5-mini', input: 'hello' };
const askContent = {
  model: 'gemini-2.5-flash',
  contents: [{ role: 'user' as const, parts: [{ text: 'hello' }] }],
};
const clip = () => ({ name: 'meeting.wav', type: 'audio/wav', bytes: wavBytes(1) });

type Call = (c: GatewayClient) => Promise<unknown> | AsyncIterable<StreamEvent>;

/** Every POST the client makes, with the path prefix its requests arrive at. */
const POSTS: Array<[string, string, Call]> = [
  ['transcribe', '/v1/audio/transcriptions', (c) => c.transcribe(clip(), { model: 'whisper-1' })],
  ['translate', '/v1/audio/translations', (c) => c.translate(clip(), { model: 'whisper-1' })],
  [
    'speech',
    '/v1/audio/speech',
    (c) =>
      withTempDir((directory) => c.speech({ model: 'tts-1', voice: 'alloy', input: 'Hi' }, { directory })),
  ],
  ['responses', '/v1/responses', (c) => c.responses(ask)],
  ['streamResponses', '/v1/responses', (c) => c.streamResponses(ask)],
  ['compact', '/v1/responses/compact', (c) => c.compact(ask)],
  ['generateContent', '/v1beta/models/', (c) => c.generateContent(askContent)],
  ['streamGenerateContent', '/v1beta/models/', (c) => c.streamGenerateContent(askContent)],
];

/** The UI's one-click retry: a code it shows "Try again" for, and a hint that says so. */
function expectRetryOffered(outcome: Outcome, code: string): void {
  expect(outcome).toMatchObject({ ok: false, code });
  expect((outcome as { hint?: string }).hint).toMatch(/try again/i);
}

function inject(path: string, fault: Fault, times = 10): void {
  gateway.inject({ match: { method: 'POST', path }, fault, times });
}

describe('a POST the gateway may have taken is sent once', () => {
  it.each(POSTS)('%s: a reset after the body was sent', async (_name, path, call) => {
    inject(path, { kind: 'reset', afterBody: true });
    const outcome = await outcomeOf(call(client()));
    expect(gateway.requests).toHaveLength(1);
    expectRetryOffered(outcome, 'network');
    // The gateway did get the whole request: that is why it must not get it twice.
    expect(gateway.requests[0]!.bodyBytes).toBeGreaterThan(0);
  });

  it.each(POSTS)('%s: a 502 that took longer than the fast threshold', async (_name, path, call) => {
    inject(path, { ...faults.badGateway, delayMs: SLOW_MS });
    const outcome = await outcomeOf(call(client()));
    expect(gateway.requests).toHaveLength(1);
    expectRetryOffered(outcome, 'upstream_unavailable');
  });

  it.each([
    ['503', faults.serviceUnavailable],
    ['504', faults.upstreamTimeout],
  ] as const)('a slow %s', async (_status, fault) => {
    inject('/v1/responses', { ...fault, delayMs: SLOW_MS });
    const outcome = await outcomeOf(client().responses(ask));
    expect(gateway.requests).toHaveLength(1);
    expectRetryOffered(outcome, 'upstream_unavailable');
  });

  it.each([
    ['fast', 0],
    ['slow', SLOW_MS],
  ])("Cloudflare's 524 (%s): the gateway accepted the request and is still on it", async (_how, delayMs) => {
    inject('/v1/', { ...faults.cloudflareTimeout, delayMs });
    const responses = await outcomeOf(client().responses(ask));
    expectRetryOffered(responses, 'gateway_error');
    expect(responses).toMatchObject({ status: 524, message: expect.stringMatching(/524/) });
    const transcribe = await outcomeOf(client().transcribe(clip(), { model: 'whisper-1' }));
    expectRetryOffered(transcribe, 'gateway_error');
    expect(gateway.requests).toHaveLength(2);
  });

  it('a 500 from the gateway', async () => {
    inject('/v1/responses', faults.internalError);
    const outcome = await outcomeOf(client().responses(ask));
    expect(gateway.requests).toHaveLength(1);
    expectRetryOffered(outcome, 'gateway_error');
  });

  it('a reset as the request arrives: the client cannot tell how much of it was taken', async () => {
    inject('/v1/responses', { kind: 'reset' });
    const outcome = await outcomeOf(client().responses(ask));
    expect(gateway.requests).toHaveLength(1);
    expectRetryOffered(outcome, 'network');
  });

  it('uploads a file from disk once when the connection resets after the upload', async () => {
    await withTempDir(async (dir) => {
      const path = join(dir, 'lecture.wav');
      await writeFile(path, wavBytes(30));
      inject('/v1/audio/', { kind: 'reset', afterBody: true });
      const progress: number[] = [];
      const outcome = await outcomeOf(
        client().transcribe(
          { path },
          { model: 'whisper-1' },
          { onUploadProgress: (sent, total) => sent === total && progress.push(sent) },
        ),
      );
      expect(gateway.requests).toHaveLength(1);
      expect(progress).toHaveLength(1);
      expectRetryOffered(outcome, 'network');
      expect(gateway.requests[0]!.bodyBytes).toBe(progress[0]);
    });
  });

  it('says why it did not send the request again', async () => {
    inject('/v1/responses', { kind: 'reset', afterBody: true });
    const outcome = await outcomeOf(client().responses(ask));
    expect((outcome as { hint: string }).hint).toMatch(/not sent again automatically/i);
    expect((outcome as { message: string }).message).not.toMatch(/could not reach/i);
  });
});

describe('a POST the gateway provably did not take is sent again', () => {
  it.each(POSTS)('%s: a 503 that came back at once', async (_name, path, call) => {
    inject(path, faults.serviceUnavailable, 1);
    expect(await outcomeOf(call(client()))).toEqual({ ok: true });
    expect(gateway.requests).toHaveLength(2);
  });

  it.each([
    ['502', faults.badGateway],
    ['504', faults.gatewayTimeout],
  ] as const)('a %s that came back at once', async (_status, fault) => {
    inject('/v1/responses', fault, 1);
    expect(await outcomeOf(client().responses(ask))).toEqual({ ok: true });
    expect(gateway.requests).toHaveLength(2);
  });

  it('uses 2 s as the default "at once"', () => {
    expect(DEFAULT_RETRY.fastFailureMs).toBe(2_000);
  });

  it('a 503 with Retry-After, however long it took, after the wait it asked for', async () => {
    const waits: number[] = [];
    inject('/v1/responses', { ...faults.overloadedRetryAfter, delayMs: SLOW_MS }, 1);
    const outcome = await outcomeOf(client({ sleep: async (ms) => void waits.push(ms) }).responses(ask));
    expect(outcome).toEqual({ ok: true });
    expect(gateway.requests).toHaveLength(2);
    expect(waits).toEqual([1000]);
  });

  it('a 429 with Retry-After, after the wait it asked for', async () => {
    const waits: number[] = [];
    inject('/v1/audio/', faults.rateLimitedWithBody, 2);
    const outcome = await outcomeOf(
      client({ sleep: async (ms) => void waits.push(ms) }).transcribe(clip(), { model: 'whisper-1' }),
    );
    expect(outcome).toEqual({ ok: true });
    expect(gateway.requests).toHaveLength(3);
    expect(waits).toEqual([1000, 1000]);
  });

  it('a refused connection (nothing listening), up to the retry limit', async () => {
    const port = await freePort();
    let calls = 0;
    const refused = createGatewayClient({
      // `localhost` may resolve to ::1 and 127.0.0.1: both refused is one AggregateError, still refused.
      baseUrl: `http://localhost:${port}`,
      apiKey: 'sk-test',
      sleep: noSleep,
      fetch: (input, init) => {
        calls += 1;
        return globalThis.fetch(input, init);
      },
    });
    const outcome = await outcomeOf(refused.responses(ask));
    expect(outcome).toMatchObject({
      ok: false,
      code: 'network',
      message: expect.stringMatching(/listening/),
    });
    expect(calls).toBe(1 + DEFAULT_RETRY.maxRetries);
  });

  it.each(['ECONNREFUSED', 'UND_ERR_CONNECT_TIMEOUT', 'EAI_AGAIN'])(
    'a connection never made (%s)',
    async (code) => {
      const { fetch, calls } = stubFetch((_call, index) => {
        if (index === 0) throw new TypeError('fetch failed', { cause: { code } });
        return Response.json({ id: 'r', status: 'completed', output: [] });
      });
      expect(await outcomeOf(stubClient(fetch).responses(ask))).toEqual({ ok: true });
      expect(calls).toHaveLength(2);
    },
  );

  it.each(['ECONNRESET', 'UND_ERR_SOCKET', 'EPIPE', 'ETIMEDOUT'])(
    'but not a connection lost after it was made (%s)',
    async (code) => {
      const { fetch, calls } = stubFetch(() => {
        throw new TypeError('fetch failed', { cause: { code } });
      });
      const outcome = await outcomeOf(stubClient(fetch).responses(ask));
      expect(calls).toHaveLength(1);
      expectRetryOffered(outcome, 'network');
    },
  );
});

describe('GETs keep their retries', () => {
  it('the model listing is fetched again after a reset', async () => {
    gateway.inject({ match: { method: 'GET' }, fault: { kind: 'reset', afterBody: true }, times: 2 });
    await expect(client().listModelsV1()).resolves.toHaveLength(defaultModels.length);
    expect(gateway.requests).toHaveLength(3);
  });

  it('and after a slow 502 or a 500', async () => {
    gateway.inject({ match: { method: 'GET' }, fault: { ...faults.badGateway, delayMs: SLOW_MS } });
    gateway.inject({ match: { method: 'GET' }, fault: faults.internalError });
    await expect(client().listModelsV1beta()).resolves.not.toHaveLength(0);
    expect(gateway.requests).toHaveLength(3);
  });

  it('a GET that keeps failing ends with the same failure as before, without the POST note', async () => {
    gateway.inject({ match: { method: 'GET' }, fault: { kind: 'reset' }, times: 10 });
    const outcome = await outcomeOf(client().listModelsV1());
    expect(outcome).toMatchObject({ ok: false, code: 'network' });
    expect((outcome as { hint: string }).hint).not.toMatch(/not sent again/i);
    expect(gateway.requests).toHaveLength(3);
  });
});

describe('the rule, one decision', () => {
  const policy = { ...DEFAULT_RETRY, fastFailureMs: 2_000 };
  const http = (status: number, retryAfterMs?: number) =>
    new GatewayError('upstream_unavailable', 'x', {
      status,
      retryable: true,
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    });
  const lost = new GatewayError('network', 'x', { retryable: true });

  it.each([
    ['POST', 'fast 502', http(502), { answeredAfterMs: 300 }, true],
    ['POST', 'slow 502', http(502), { answeredAfterMs: 2_500 }, false],
    ['POST', 'slow 503 with Retry-After', http(503, 1000), { answeredAfterMs: 60_000 }, true],
    ['POST', 'slow 429', http(429), { answeredAfterMs: 60_000 }, true],
    ['POST', 'fast 500', http(500), { answeredAfterMs: 10 }, false],
    ['POST', 'fast 524', http(524), { answeredAfterMs: 10 }, false],
    ['POST', 'never connected', lost, { neverConnected: true }, true],
    ['POST', 'lost connection', lost, {}, false],
    ['GET', 'slow 502', http(502), { answeredAfterMs: 2_500 }, true],
    ['GET', 'lost connection', lost, {}, true],
    ['GET', 'not retryable', new GatewayError('bad_request', 'x', { status: 400 }), {}, false],
  ] as const)('%s, %s → %s', (method, _what, failure, evidence, expected) => {
    expect(mayResend(method, failure, evidence, policy)).toBe(expected);
  });
});

/** A port on 127.0.0.1 that nothing listens on (just freed), so connecting to it is refused. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
