// Every gateway capability through the real IPC layer (choke point → handlers → stream manager →
// gateway client) against the fake gateway: what the renderer would receive.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StreamBatch, StreamEvent } from '../../../src-preload/contract.ts';
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
    expect(events.find((e) => e.type === 'result')).toMatchObject({ data: { object: 'response' } });
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
    expect(events.filter((e) => e.type !== 'text-delta')).toEqual([{ type: 'done', status: 'stopped' }]);
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
