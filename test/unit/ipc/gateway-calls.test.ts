// Every gateway capability through the real IPC layer (choke point → handlers → stream manager →
// gateway client) against the fake gateway: what the renderer would receive.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type ExchangeLog,
  KEY_PLACEHOLDER,
  type SentRequest,
  type StreamBatch,
  type StreamEvent,
} from '../../../src-preload/contract.ts';
import { startFakeGateway } from '../../fake-gateway/server.ts';
import type { FakeGateway } from '../../fake-gateway/types.ts';
import { createTestLayer, type TestLayer } from '../../support/test-layer.ts';

let gateway: Required<FakeGateway>;
let t: TestLayer;

beforeAll(async () => {
  gateway = await startFakeGateway({ eventDelayMs: 2 });
});
afterAll(() => gateway.close());

beforeEach(async () => {
  gateway.reset();
  gateway.setEventDelay(2);
  t = createTestLayer();
  await t.ok('profiles.create', { name: 'Fake', baseUrl: gateway.baseUrl, apiKey: gateway.apiKey });
});
afterEach(() => t.close());

const batchesOf = (streamId: string) =>
  t.events
    .filter((e) => e.event === 'stream.batch' && (e.payload as StreamBatch).streamId === streamId)
    .map((e) => e.payload as StreamBatch);

async function finished(streamId: string): Promise<StreamEvent[]> {
  await expect.poll(() => batchesOf(streamId).some((b) => b.final), { timeout: 10_000 }).toBe(true);
  return batchesOf(streamId).flatMap((b) => b.events);
}

const textOf = (events: StreamEvent[]) => events.map((e) => (e.type === 'text-delta' ? e.text : '')).join('');
const requestsOf = (events: StreamEvent[]): SentRequest[] =>
  events.flatMap((e) => (e.type === 'request' ? [e.request] : []));
const exchangesOf = (events: StreamEvent[]): ExchangeLog[] =>
  events.flatMap((e) => (e.type === 'exchange' ? [e.log] : []));
/** The event types, with runs of deltas folded into one entry (to read the order of the rest). */
const shapeOf = (events: StreamEvent[]) =>
  events.map((e) => e.type).filter((type, i, all) => type !== 'text-delta' || all[i - 1] !== 'text-delta');

describe('chat through the IPC layer', () => {
  it('streams a Responses reply in batches, not one send per token, ending with usage and done', async () => {
    const reply = 'Streaming works: café — 你好 👋. '.repeat(20);
    gateway.setChatReply({ text: reply, chunkSize: 4 });
    gateway.setEventDelay(0);
    const { streamId } = await t.ok('chat.responses', {
      request: { model: 'gpt-5-mini', input: 'Hi' },
      stream: true,
    });
    const events = await finished(streamId);
    expect(textOf(events)).toBe(reply);
    const deltas = events.filter((e) => e.type === 'text-delta').length;
    expect(deltas).toBeGreaterThan(100);
    expect(batchesOf(streamId).length).toBeLessThan(deltas / 5);
    expect(events.find((e) => e.type === 'usage')).toBeTruthy();
    expect(events.at(-1)).toMatchObject({ type: 'done', status: 'completed' });
  });

  it('streams a content-generation reply with the same event vocabulary', async () => {
    gateway.setChatReply({ text: 'Hello from the content format.' });
    const { streamId } = await t.ok('chat.generateContent', {
      request: { model: 'gemini-2.5-flash', contents: [{ role: 'user', parts: [{ text: 'Hi' }] }] },
      stream: true,
    });
    const events = await finished(streamId);
    expect(textOf(events)).toBe('Hello from the content format.');
    expect(events.at(-1)).toMatchObject({ type: 'done' });
    const request = gateway.requests.at(-1)!;
    expect(request.path).toBe('/v1beta/models/gemini-2.5-flash:streamGenerateContent');
    expect(request.headers['x-vendor-api-key']).toBe(gateway.apiKey);
    expect(request.headers.authorization).toBeUndefined();
  });

  it('tells a non-streamed reply in the same events, with the raw body for the inspector', async () => {
    gateway.setChatReply({ text: 'Whole reply.' });
    const { streamId } = await t.ok('chat.responses', {
      request: { model: 'gpt-5-mini', input: 'Hi' },
      stream: false,
    });
    const events = await finished(streamId);
    expect(textOf(events)).toBe('Whole reply.');
    const exchange = exchangesOf(events)[0];
    expect(JSON.parse(exchange?.body ?? '')).toMatchObject({ object: 'response' });
    expect(exchange).toMatchObject({ status: 200, contentType: expect.stringMatching(/json/), events: [] });
  });

  it('stop aborts the upstream request within 100 ms and keeps the partial reply', async () => {
    gateway.setChatReply({ text: 'word '.repeat(2_000), chunkSize: 5 });
    gateway.setEventDelay(10);
    const { streamId } = await t.ok('chat.responses', {
      request: { model: 'gpt-5-mini', input: 'Hi' },
      stream: true,
    });
    await expect.poll(() => textOf(batchesOf(streamId).flatMap((b) => b.events)).length).toBeGreaterThan(20);
    const closed = gateway.nextRequestClosed(2_000);
    const stoppedAt = performance.now();
    expect(await t.ok('stream.stop', { streamId })).toEqual({ stopped: true });
    const { at } = await closed;
    expect(at - stoppedAt).toBeLessThan(100);
    const events = await finished(streamId);
    expect(textOf(events).length).toBeGreaterThan(20);
    // One end, and it says stopped: no error about the abort the user asked for.
    const ends = events.filter((e) => e.type === 'done' || e.type === 'error');
    expect(ends).toEqual([{ type: 'done', status: 'stopped' }]);
  });

  it('a closed window aborts its streams', async () => {
    gateway.setChatReply({ text: 'word '.repeat(2_000), chunkSize: 5 });
    gateway.setEventDelay(10);
    await t.ok('chat.responses', { request: { model: 'gpt-5-mini', input: 'Hi' }, stream: true });
    await expect.poll(() => gateway.activeRequests).toBe(1);
    const closed = gateway.nextRequestClosed(2_000);
    t.layer.closeOwner(1);
    await expect(closed).resolves.toBeTruthy();
  });

  it('shows a gateway error as an error event with its hint', async () => {
    const { streamId } = await t.ok('chat.responses', {
      request: { model: 'no-such-model', input: 'Hi' },
      stream: true,
    });
    const events = await finished(streamId);
    expect(events.at(-1)).toMatchObject({
      type: 'error',
      error: { code: 'model_not_found', hint: expect.any(String) },
    });
  });

  it('compacts a conversation', async () => {
    const result = await t.ok('chat.compact', {
      model: 'gpt-5-mini',
      input: [{ role: 'user', content: 'Remember the number 7.' }],
    });
    expect(result.output.at(-1)).toMatchObject({ type: 'compaction' });
    expect(result.request).toMatchObject({
      url: `${gateway.baseUrl}/v1/responses/compact`,
      body: JSON.stringify(gateway.requests.at(-1)?.json),
    });
  });
});

describe('the inspector', () => {
  it('gets the request as sent first, and the raw event log once, just before the end', async () => {
    gateway.setChatReply({ text: 'Inspect me, please.', chunkSize: 3 });
    const { streamId } = await t.ok('chat.responses', {
      request: { model: 'gpt-5-mini', input: 'Hi', settings: { temperature: 0.2 } },
      stream: true,
    });
    const events = await finished(streamId);
    expect(shapeOf(events)).toEqual(['request', 'text-delta', 'usage', 'exchange', 'done']);

    const [request] = requestsOf(events);
    expect(request).toMatchObject({ method: 'POST', url: `${gateway.baseUrl}/v1/responses` });
    expect(request?.headers).toContainEqual(['authorization', `Bearer ${KEY_PLACEHOLDER}`]);
    expect(request?.body).toBe(JSON.stringify(gateway.requests.at(-1)?.json));

    const [log] = exchangesOf(events);
    expect(log).toMatchObject({
      status: 200,
      contentType: expect.stringMatching(/event-stream/),
      body: null,
    });
    expect(log?.requestId).toBeTruthy();
    expect(log?.events[0]?.event).toBe('response.created');
    expect(log?.events.at(-1)?.event).toBe('response.completed');
    const deltas = (log?.events ?? [])
      .filter((e) => e.event === 'response.output_text.delta')
      .map((e) => JSON.parse(e.data).delta as string);
    expect(deltas.join('')).toBe('Inspect me, please.');
    const times = (log?.events ?? []).map((e) => e.atMs);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('shows the vendor header masked on a content-generation request, and its raw chunks', async () => {
    gateway.setChatReply({ text: 'Content here.' });
    const { streamId } = await t.ok('chat.generateContent', {
      request: { model: 'gemini-2.5-flash', contents: [{ role: 'user', parts: [{ text: 'Hi' }] }] },
      stream: true,
    });
    const events = await finished(streamId);
    const [request] = requestsOf(events);
    expect(request?.url).toBe(
      `${gateway.baseUrl}/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse`,
    );
    expect(request?.headers).toContainEqual(['x-vendor-api-key', KEY_PLACEHOLDER]);
    expect(request?.headers.some(([name]) => name === 'authorization')).toBe(false);
    const [log] = exchangesOf(events);
    expect(log?.events.length).toBeGreaterThan(0);
    expect(exchangesOf(events)).toHaveLength(1);
  });

  it('still gets the log when the user stops the reply', async () => {
    gateway.setChatReply({ text: 'word '.repeat(2_000), chunkSize: 5 });
    gateway.setEventDelay(5);
    const { streamId } = await t.ok('chat.responses', {
      request: { model: 'gpt-5-mini', input: 'Hi' },
      stream: true,
    });
    await expect.poll(() => textOf(batchesOf(streamId).flatMap((b) => b.events)).length).toBeGreaterThan(20);
    await t.ok('stream.stop', { streamId });
    const events = await finished(streamId);
    expect(shapeOf(events)).toEqual(['request', 'text-delta', 'exchange', 'done']);
    expect(events.at(-1)).toEqual({ type: 'done', status: 'stopped' });
    expect(exchangesOf(events)[0]?.events.length).toBeGreaterThan(1);
  });

  it('still gets the log when the gateway refuses, with the error answer’s status and body', async () => {
    for (const stream of [true, false]) {
      const { streamId } = await t.ok('chat.responses', {
        request: { model: 'no-such-model', input: 'Hi' },
        stream,
      });
      const events = await finished(streamId);
      expect(shapeOf(events)).toEqual(['request', 'exchange', 'error']);
      const [log] = exchangesOf(events);
      expect(log?.status).toBeGreaterThanOrEqual(400);
      expect(log?.body).toContain('no-such-model');
    }
  });
});

describe('the key never reaches the renderer', () => {
  it('is blotted out of a gateway error that echoes it, and of a body that repeats it', async () => {
    gateway.inject({
      match: { path: '/v1/models' },
      fault: {
        kind: 'status',
        status: 401,
        shape: 'openai',
        message: `Invalid token: Bearer ${gateway.apiKey}`,
      },
    });
    const report = await t.ok('gateway.testConnection', {});
    expect(report.v1).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('[key hidden]') },
    });

    gateway.setChatReply({ text: `Your key is ${gateway.apiKey}.` });
    const { streamId } = await t.ok('chat.responses', {
      request: { model: 'gpt-5-mini', input: 'Hi' },
      stream: false,
    });
    const events = await finished(streamId);
    expect(textOf(events)).toBe('Your key is [key hidden].');
    expect(JSON.stringify([t.results, t.events])).not.toContain(gateway.apiKey);
  });

  it('is blotted out of the inspector’s request and raw answer, streamed or whole, in both formats', async () => {
    // The key echoed in every text delta's SSE data and in the whole JSON body.
    gateway.setChatReply({ text: `Echo ${gateway.apiKey} echo.`, chunkSize: 400 });
    const calls = [
      () => t.ok('chat.responses', { request: { model: 'gpt-5-mini', input: 'Hi' }, stream: true }),
      () => t.ok('chat.responses', { request: { model: 'gpt-5-mini', input: 'Hi' }, stream: false }),
      () =>
        t.ok('chat.generateContent', {
          request: { model: 'gemini-2.5-flash', contents: [{ role: 'user', parts: [{ text: 'Hi' }] }] },
          stream: true,
        }),
      () =>
        t.ok('chat.generateContent', {
          request: { model: 'gemini-2.5-flash', contents: [{ role: 'user', parts: [{ text: 'Hi' }] }] },
          stream: false,
        }),
    ];
    for (const start of calls) {
      const events = await finished((await start()).streamId);
      const [request] = requestsOf(events);
      const [log] = exchangesOf(events);
      const auth = request?.headers.find(([name]) => name === 'authorization' || name === 'x-vendor-api-key');
      expect(auth?.[1]).toMatch(/^(Bearer )?\$GATEWAY_API_KEY$/);
      const raw = log?.body ?? log?.events.map((e) => e.data).join('\n') ?? '';
      expect(raw).toContain('[key hidden]');
    }
    expect(JSON.stringify([t.results, t.events])).not.toContain(gateway.apiKey);
  });
});

// Transcription and translation through the layer: transcribe-calls.test.ts beside this file.

describe('connection and catalogue', () => {
  it('tests both API families separately', async () => {
    const report = await t.ok('gateway.testConnection', {});
    expect(report.v1).toMatchObject({
      ok: true,
      modelCount: expect.any(Number),
      latencyMs: expect.any(Number),
    });
    expect(report.v1beta).toMatchObject({ ok: true });
  });

  it('reports a wrong key per family, with the hint about invalid or exhausted keys', async () => {
    const id = (await t.ok('settings.get', undefined)).profiles[0]!.id;
    await t.ok('profiles.setKey', { id, apiKey: 'sk-wrong-key' });
    const report = await t.ok('gateway.testConnection', {});
    expect(report.v1).toMatchObject({
      ok: false,
      error: { code: 'auth_invalid', hint: expect.stringMatching(/quota/) },
    });
    expect(report.v1beta).toMatchObject({ ok: false, error: { code: 'auth_invalid' } });
  });

  it('caches the merged catalogue until refreshed, and forgets it when the key changes', async () => {
    const first = await t.ok('models.list', {});
    expect(first.models.map((m) => m.id)).toEqual(expect.arrayContaining(['gemini-2.5-flash', 'whisper-1']));
    expect(first.models.find((m) => m.id === 'gemini-2.5-flash')?.listedBy).toEqual(['v1', 'v1beta']);
    const listings = () => gateway.requests.filter((r) => r.path.endsWith('/models')).length;
    expect(listings()).toBe(2);

    await t.ok('models.list', {});
    expect(listings()).toBe(2);
    await t.ok('models.list', { refresh: true });
    expect(listings()).toBe(4);

    const id = (await t.ok('settings.get', undefined)).profiles[0]!.id;
    await t.ok('profiles.setKey', { id, apiKey: gateway.apiKey });
    await t.ok('models.list', {});
    expect(listings()).toBe(6);
  });
});
