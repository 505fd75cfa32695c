// Every fault the fake gateway can stage, through the client: the code and hint the user gets,
// retries counted on the server, and what a stream delivers before it fails.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ErrorCode } from '../../../src-preload/contract.ts';
import { defaultModels } from '../../fake-gateway/catalogue.ts';
import { faults } from '../../fake-gateway/server.ts';
import type { Fault } from '../../fake-gateway/types.ts';
import { collect, fakeGateway, type StartedGateway, textOf } from './helpers.ts';

let gateway: StartedGateway;
let client: Awaited<ReturnType<typeof fakeGateway>>['client'];

beforeAll(async () => {
  ({ gateway, client } = await fakeGateway());
});
afterAll(() => gateway.close());
beforeEach(() => gateway.reset());

const ask = { model: 'gpt-5-mini', input: 'hello' };
const askContent = {
  model: 'gemini-2.5-flash',
  contents: [{ role: 'user' as const, parts: [{ text: 'hello' }] }],
};
const REPLY = 'Ünïcödé reply — 東京 🚀, long enough for several deltas.';

describe('status faults', () => {
  const table: Array<[keyof typeof faults, ErrorCode, RegExp, number]> = [
    ['invalidKey', 'auth_invalid', /invalid, disabled, expired or out of quota/, 1],
    ['keyQuotaExhausted', 'auth_invalid', /out of quota/, 1],
    ['quotaExhausted', 'quota_exhausted', /top it up/i, 1],
    ['preConsumeFailed', 'quota_exhausted', /quota/, 1],
    ['modelNotAllowed', 'forbidden', /not allowed/, 1],
    ['priceNotConfigured', 'bad_request', /model name/, 1],
    // A chat call has no file to shorten (issue 14, item 23): its conversation is what is too large.
    ['payloadTooLarge', 'too_large', /conversation/, 1],
    ['payloadTooLargeProxy', 'too_large', /conversation/, 1],
    ['convertRequestFailed', 'format_unsupported', /Responses format/, 1],
    ['invalidRequest500', 'bad_request', /settings/, 1],
    // A POST is resent only when the gateway provably did not take it: a 500 may follow one it ran.
    ['internalError', 'gateway_error', /try again/i, 1],
    ['badGateway', 'upstream_unavailable', /provider/, 3],
    ['modelNotFound', 'model_not_found', /another model/, 1],
    ['serviceUnavailable', 'upstream_unavailable', /provider/, 3],
    ['gatewayTimeout', 'upstream_unavailable', /provider/, 3],
    ['upstreamTimeout', 'upstream_unavailable', /provider/, 3],
    ['geminiInvalidKey', 'auth_invalid', /key/, 1],
  ];

  it.each(table)('%s → %s (%#)', async (name, code, hint, attempts) => {
    gateway.inject({ fault: faults[name] as Fault, times: 10 });
    const failure = await client()
      .responses(ask)
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(failure).toMatchObject({ code, status: (faults[name] as { status: number }).status });
    expect((failure as { hint: string }).hint).toMatch(hint);
    expect((failure as { message: string }).message).not.toMatch(/request id/);
    expect(gateway.requests).toHaveLength(attempts);
  });

  it('keeps the request id from the message for "copy details"', async () => {
    gateway.inject({ fault: faults.invalidKey });
    await expect(client().responses(ask)).rejects.toMatchObject({ requestId: faults.invalidKey.requestId });
  });

  it('retries a bare 429 after its Retry-After, then succeeds', async () => {
    const waits: number[] = [];
    gateway.inject({ fault: faults.rateLimited, times: 2 });
    const result = await client({ sleep: async (ms) => void waits.push(ms) }).responses(ask);
    expect(result.status).toBe('completed');
    expect(gateway.requests).toHaveLength(3);
    expect(waits).toEqual([1000, 1000]);
  });

  it('reports a Google-shaped 429 as rate_limited after the retries', async () => {
    gateway.inject({ fault: faults.geminiResourceExhausted, times: 10 });
    await expect(client().generateContent(askContent)).rejects.toMatchObject({
      code: 'rate_limited',
      message: 'Resource has been exhausted (e.g. check quota).',
    });
    expect(gateway.requests).toHaveLength(3);
  });

  it('reports a stream request that fails before any output as one error event, after retries', async () => {
    gateway.inject({ fault: faults.badGateway, times: 10 });
    const events = await collect(client().streamResponses(ask));
    expect(events).toEqual([
      { type: 'error', error: expect.objectContaining({ code: 'upstream_unavailable', status: 502 }) },
    ]);
    expect(gateway.requests).toHaveLength(3);
  });
});

describe('connection faults', () => {
  it('retries a reset connection of a GET, then reports network', async () => {
    gateway.inject({ fault: { kind: 'reset' }, times: 10 });
    await expect(client().listModelsV1()).rejects.toMatchObject({
      code: 'network',
      hint: expect.any(String),
    });
    expect(gateway.requests).toHaveLength(3);
  });

  it('recovers when only the first connection is reset', async () => {
    gateway.inject({ fault: { kind: 'reset' } });
    await expect(client().listModelsV1()).resolves.toHaveLength(defaultModels.length);
  });

  it('times out when the headers do not come', async () => {
    gateway.inject({ fault: { kind: 'stall-headers', ms: 2000 } });
    const started = Date.now();
    await expect(client({ timeouts: { headersMs: 100 } }).responses(ask)).rejects.toMatchObject({
      code: 'timeout',
    });
    expect(Date.now() - started).toBeLessThan(1500);
    // A timeout is not retried: the user already waited the whole limit.
    expect(gateway.requests).toHaveLength(1);
  });

  it('times out a stream that goes silent, keeping the text so far', async () => {
    gateway.setChatReply({ text: REPLY, chunkSize: 4 });
    gateway.inject({ fault: { kind: 'stall-stream', afterEvents: 6, ms: 3000 } });
    const events = await collect(client({ timeouts: { idleMs: 150 } }).streamResponses(ask));
    expect(textOf(events).length).toBeGreaterThan(0);
    expect(REPLY.startsWith(textOf(events))).toBe(true);
    expect(events.at(-1)).toMatchObject({ type: 'error', error: { code: 'timeout' } });
  });

  it('waits through a pause shorter than the idle limit', async () => {
    gateway.setChatReply({ text: REPLY });
    gateway.inject({ fault: { kind: 'stall-stream', afterEvents: 4, ms: 200 } });
    const events = await collect(client({ timeouts: { idleMs: 1000 } }).streamResponses(ask));
    expect(textOf(events)).toBe(REPLY);
  });

  it.each(['responses', 'content'] as const)(
    'reports a cut %s stream after delivering its text',
    async (format) => {
      gateway.setChatReply({ text: REPLY, chunkSize: 4 });
      gateway.inject({ fault: { kind: 'cut-stream', afterEvents: 5 } });
      const stream =
        format === 'responses' ? client().streamResponses(ask) : client().streamGenerateContent(askContent);
      const events = await collect(stream);
      const text = textOf(events);
      expect(text.length).toBeGreaterThan(0);
      expect(REPLY.startsWith(text)).toBe(true);
      expect(events.at(-1)).toMatchObject({ type: 'error', error: { code: 'network' } });
      expect(gateway.requests).toHaveLength(1);
    },
  );

  it('reads a reply that trickles in one byte at a time (split characters included)', async () => {
    gateway.setChatReply({ text: 'é東🚀 ok', chunkSize: 2 });
    gateway.inject({ fault: { kind: 'trickle', bytesPerChunk: 1, delayMs: 0 }, times: 2 });
    const responses = await collect(client().streamResponses(ask));
    expect(textOf(responses)).toBe('é東🚀 ok');
    const content = await collect(client().streamGenerateContent(askContent));
    expect(textOf(content)).toBe('é東🚀 ok');
  });
});

describe('stream faults', () => {
  it.each([
    ['error', 'responses'],
    ['response.failed', 'responses'],
    ['error', 'content'],
  ] as const)('turns a mid-stream %s (%s) into an error event after the text', async (event, format) => {
    gateway.setChatReply({ text: REPLY, chunkSize: 4 });
    gateway.inject({
      fault: { kind: 'error-event', afterEvents: 6, message: 'upstream error: overloaded', event },
    });
    const stream =
      format === 'responses' ? client().streamResponses(ask) : client().streamGenerateContent(askContent);
    const events = await collect(stream);
    expect(textOf(events).length).toBeGreaterThan(0);
    expect(events.at(-1)).toEqual({
      type: 'error',
      error: expect.objectContaining({ code: 'gateway_error', message: 'upstream error: overloaded' }),
    });
  });

  it('reports a failed non-streamed response as an error', async () => {
    gateway.inject({ fault: { kind: 'error-event', afterEvents: 0, message: 'model failed' } });
    await expect(client().responses(ask)).rejects.toMatchObject({
      code: 'gateway_error',
      message: 'model failed',
    });
  });

  it('stops an oversized event', async () => {
    gateway.inject({ fault: { kind: 'oversize-event', bytes: 300_000 } });
    const events = await collect(client({ limits: { maxEventBytes: 64 * 1024 } }).streamResponses(ask));
    expect(events.at(-1)).toMatchObject({ type: 'error', error: { code: 'stream_too_large' } });
  });

  it('accepts a large event under the limit', async () => {
    gateway.inject({ fault: { kind: 'oversize-event', bytes: 300_000 } });
    const events = await collect(client().streamResponses(ask));
    expect(events.at(-1)).toMatchObject({ type: 'done', status: 'completed' });
  });

  it('reports malformed JSON, streamed and not', async () => {
    gateway.inject({ fault: { kind: 'malformed-json' }, times: 2 });
    await expect(client().responses(ask)).rejects.toMatchObject({ code: 'malformed_response' });
    const events = await collect(client().streamResponses(ask));
    expect(events).toEqual([
      { type: 'error', error: expect.objectContaining({ code: 'malformed_response' }) },
    ]);
  });

  it('reports a cut non-streamed body as network, without retrying it', async () => {
    gateway.inject({ fault: { kind: 'cut-stream', afterEvents: 0 } });
    await expect(client().responses(ask)).rejects.toMatchObject({ code: 'network' });
    expect(gateway.requests).toHaveLength(1);
  });
});
