// Every gateway capability through the real IPC layer (choke point → handlers → stream manager →
// gateway client) against the fake gateway: what the renderer would receive.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type ExchangeLog,
  KEY_PLACEHOLDER,
  type ReplyInspector,
  type Result,
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
/** Where these tests ask main to keep a reply's inspector record: a conversation as the Playground names it. */
const KEPT_UNDER = 'conv-inspected';
const keepAs = (messageId: string) => ({ keepDetailAs: { id: KEPT_UNDER, messageId } });
/** The record main kept of a reply, read back as the inspector does. */
async function keptRecord(messageId: string): Promise<ReplyInspector | null> {
  return (await t.ok('conversations.detail', { id: KEPT_UNDER, messageId })).detail;
}
const keptLog = async (messageId: string): Promise<ExchangeLog | null> =>
  (await keptRecord(messageId))?.exchange ?? null;
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
      ...keepAs('whole'),
    });
    const events = await finished(streamId);
    expect(textOf(events)).toBe('Whole reply.');
    const exchange = await keptLog('whole');
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

  it('compacts a conversation, main keeping its record under the marker the call names', async () => {
    const result = await t.ok('chat.compact', {
      model: 'gpt-5-mini',
      input: [{ role: 'user', content: 'Remember the number 7.' }],
      ...keepAs('marker'),
    });
    expect(result.output.at(-1)).toMatchObject({ type: 'compaction' });
    // The page gets the compacted output and whether its record was kept; the request (the whole history)
    // and the raw answer stay in main.
    expect(Object.keys(result).sort()).toEqual(['detailKept', 'id', 'output', 'usage']);
    expect(result.detailKept).toBe(true);
    // Read in turn after its write: the record is there as soon as the answer is.
    const record = await keptRecord('marker');
    expect(record?.request).toMatchObject({
      url: `${gateway.baseUrl}/v1/responses/compact`,
      body: JSON.stringify(gateway.requests.at(-1)?.json),
    });
    expect(record?.exchange).toMatchObject({ status: 200, contentType: expect.stringMatching(/json/) });
    expect(JSON.parse(record?.exchange?.body ?? '')).toMatchObject({ output: result.output });
  });

  it('says when it kept no record: none asked for, or its conversation deleted meanwhile', async () => {
    const compact = (extra: object) =>
      t.ok('chat.compact', { model: 'gpt-5-mini', input: [{ role: 'user', content: 'Hi' }], ...extra });
    expect((await compact({})).detailKept).toBe(false);
    await t.ok('conversations.delete', { id: 'conv-gone' });
    const gone = await compact({ keepDetailAs: { id: 'conv-gone', messageId: 'marker' } });
    // The compaction itself succeeded: only its marker will say that no record is kept.
    expect(gone.output.at(-1)).toMatchObject({ type: 'compaction' });
    expect(gone.detailKept).toBe(false);
    expect(await t.ok('conversations.detail', { id: 'conv-gone', messageId: 'marker' })).toEqual({
      detail: null,
    });
  });

  it('keeps no record of a compaction the gateway refused', async () => {
    const refused = await t.call('chat.compact', {
      model: 'no-such-model',
      input: 'hi',
      ...keepAs('refused'),
    });
    expect(refused.ok).toBe(false);
    expect(await keptRecord('refused')).toBeNull();
  });
});

describe('the inspector', () => {
  it('is kept by main, the request as sent and the raw event log; the last batch only says so', async () => {
    gateway.setChatReply({ text: 'Inspect me, please.', chunkSize: 3 });
    const { streamId } = await t.ok('chat.responses', {
      request: { model: 'gpt-5-mini', input: 'Hi', settings: { temperature: 0.2 } },
      stream: true,
      ...keepAs('inspected'),
    });
    const events = await finished(streamId);
    expect(shapeOf(events)).toEqual(['text-delta', 'usage', 'done', 'detail-kept']);
    // The record stayed in main: what the page got of it is its size.
    const kept = events.find((e) => e.type === 'detail-kept');
    const onDisk = readdirSync(join(t.dataDir, 'inspector', KEPT_UNDER)).map(
      (name) => statSync(join(t.dataDir, 'inspector', KEPT_UNDER, name)).size,
    );
    expect(kept).toEqual({ type: 'detail-kept', detailBytes: onDisk[0] });
    expect(JSON.stringify(events)).not.toContain('response.completed');
    expect(JSON.stringify(events)).not.toContain('temperature');

    const record = await keptRecord('inspected');
    const request = record?.request;
    expect(request).toMatchObject({ method: 'POST', url: `${gateway.baseUrl}/v1/responses` });
    expect(request?.headers).toContainEqual(['authorization', `Bearer ${KEY_PLACEHOLDER}`]);
    expect(request?.body).toBe(JSON.stringify(gateway.requests.at(-1)?.json));
    const log = record?.exchange;
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

  it('a record asked for the moment the end reaches the page is read, though its write may still run', async () => {
    // As the inspector open on a streaming reply does: it asks in the very task the end arrives in.
    let asked: Promise<Result<{ detail: ReplyInspector | null }>> | null = null;
    const page: TestLayer = createTestLayer({
      overrides: {
        emit: (_owner, event, payload) => {
          const ended =
            event === 'stream.batch' && (payload as StreamBatch).events.some((e) => e.type === 'done');
          if (ended && asked === null)
            asked = page.call('conversations.detail', { id: KEPT_UNDER, messageId: 'at-once' });
        },
      },
    });
    try {
      await page.ok('profiles.create', { name: 'Fake', baseUrl: gateway.baseUrl, apiKey: gateway.apiKey });
      gateway.setChatReply({ text: 'Read me at once.', chunkSize: 4 });
      await page.ok('chat.responses', {
        request: { model: 'gpt-5-mini', input: 'Hi' },
        stream: true,
        ...keepAs('at-once'),
      });
      await expect.poll(() => asked !== null, { timeout: 10_000 }).toBe(true);
      const result = await asked!;
      expect(result.ok && result.data.detail?.exchange?.events.at(-1)?.event).toBe('response.completed');
    } finally {
      page.close();
    }
  });

  it('keeps no record when the call names no place for it, and sends the page none of the request either', async () => {
    gateway.setChatReply({ text: 'Nothing kept.' });
    const { streamId } = await t.ok('chat.responses', {
      request: { model: 'gpt-5-mini', input: 'A question worth keeping out of the page' },
      stream: true,
    });
    const events = await finished(streamId);
    // The reply and its end only: no copy of the whole conversation going back to the page.
    expect(shapeOf(events)).toEqual(['text-delta', 'usage', 'done']);
    expect(JSON.stringify(events)).not.toContain('worth keeping');
    expect(existsSync(join(t.dataDir, 'inspector'))).toBe(false);
  });

  it('shows the vendor header masked on a content-generation request, and keeps its raw chunks', async () => {
    gateway.setChatReply({ text: 'Content here.' });
    const { streamId } = await t.ok('chat.generateContent', {
      request: { model: 'gemini-2.5-flash', contents: [{ role: 'user', parts: [{ text: 'Hi' }] }] },
      stream: true,
      ...keepAs('content'),
    });
    const events = await finished(streamId);
    const request = (await keptRecord('content'))?.request;
    expect(request?.url).toBe(
      `${gateway.baseUrl}/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse`,
    );
    expect(request?.headers).toContainEqual(['x-vendor-api-key', KEY_PLACEHOLDER]);
    expect(request?.headers.some(([name]) => name === 'authorization')).toBe(false);
    expect(events.filter((e) => e.type === 'detail-kept')).toHaveLength(1);
    expect((await keptLog('content'))?.events.length).toBeGreaterThan(0);
  });

  it('still keeps the log when the user stops the reply', async () => {
    gateway.setChatReply({ text: 'word '.repeat(2_000), chunkSize: 5 });
    gateway.setEventDelay(5);
    const { streamId } = await t.ok('chat.responses', {
      request: { model: 'gpt-5-mini', input: 'Hi' },
      stream: true,
      ...keepAs('stopped'),
    });
    await expect.poll(() => textOf(batchesOf(streamId).flatMap((b) => b.events)).length).toBeGreaterThan(20);
    await t.ok('stream.stop', { streamId });
    const events = await finished(streamId);
    expect(shapeOf(events)).toEqual(['text-delta', 'detail-kept', 'done']);
    expect(events.at(-1)).toEqual({ type: 'done', status: 'stopped' });
    const log = await keptLog('stopped');
    expect(log?.events.length).toBeGreaterThan(1);
    // What it kept is what arrived before the stop: never the end the gateway did not get to send.
    expect(log?.events.some((e) => e.event === 'response.completed')).toBe(false);
  });

  it('still keeps the log when the window goes away mid-reply (nothing waits in the page to be sent)', async () => {
    gateway.setChatReply({ text: 'word '.repeat(2_000), chunkSize: 5 });
    gateway.setEventDelay(5);
    await t.ok('chat.responses', {
      request: { model: 'gpt-5-mini', input: 'Hi' },
      stream: true,
      ...keepAs('window-closed'),
    });
    await expect.poll(() => gateway.activeRequests).toBe(1);
    t.layer.closeOwner(1);
    await expect.poll(() => keptLog('window-closed'), { timeout: 5_000 }).not.toBeNull();
    expect((await keptLog('window-closed'))?.status).toBe(200);
  });

  it('still keeps the log when the gateway refuses, with the error answer’s status and body', async () => {
    for (const stream of [true, false]) {
      const messageId = `refused-${stream}`;
      const { streamId } = await t.ok('chat.responses', {
        request: { model: 'no-such-model', input: 'Hi' },
        stream,
        ...keepAs(messageId),
      });
      const events = await finished(streamId);
      expect(shapeOf(events)).toEqual(['error', 'detail-kept']);
      const log = await keptLog(messageId);
      expect(log?.status).toBeGreaterThanOrEqual(400);
      expect(log?.body).toContain('no-such-model');
    }
  });

  it('keeps nothing for a conversation deleted while its reply streamed, and the reply still ends', async () => {
    gateway.setChatReply({ text: 'word '.repeat(400), chunkSize: 5 });
    gateway.setEventDelay(5);
    const { streamId } = await t.ok('chat.responses', {
      request: { model: 'gpt-5-mini', input: 'Hi' },
      stream: true,
      ...keepAs('orphan'),
    });
    await expect.poll(() => textOf(batchesOf(streamId).flatMap((b) => b.events)).length).toBeGreaterThan(20);
    await t.ok('conversations.delete', { id: KEPT_UNDER });
    const events = await finished(streamId);
    expect(textOf(events)).toBe('word '.repeat(400));
    expect(events.filter((e) => e.type === 'done' || e.type === 'error')).toMatchObject([
      { type: 'done', status: 'completed' },
    ]);
    expect(events.at(-1)).toMatchObject({ type: 'detail-failed', error: { code: 'not_found' } });
    expect(existsSync(join(t.dataDir, 'inspector', KEPT_UNDER))).toBe(false);
  });

  it('refuses a place for the record that is not a conversation’s and a reply’s id, and sends nothing', async () => {
    for (const keepDetailAs of [
      { id: '../prefs', messageId: 'a' },
      { id: 'a/b', messageId: 'a' },
      { id: KEPT_UNDER, messageId: '' },
      { id: KEPT_UNDER, messageId: 'x'.repeat(201) },
      { id: KEPT_UNDER },
    ]) {
      const result = await t.call('chat.responses', {
        request: { model: 'gpt-5-mini', input: 'Hi' },
        stream: true,
        keepDetailAs,
      } as never);
      expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    }
    expect(gateway.requests.filter((r) => r.path === '/v1/responses')).toEqual([]);
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
      (id: string) =>
        t.ok('chat.responses', {
          request: { model: 'gpt-5-mini', input: 'Hi' },
          stream: true,
          ...keepAs(id),
        }),
      (id: string) =>
        t.ok('chat.responses', {
          request: { model: 'gpt-5-mini', input: 'Hi' },
          stream: false,
          ...keepAs(id),
        }),
      (id: string) =>
        t.ok('chat.generateContent', {
          request: { model: 'gemini-2.5-flash', contents: [{ role: 'user', parts: [{ text: 'Hi' }] }] },
          stream: true,
          ...keepAs(id),
        }),
      (id: string) =>
        t.ok('chat.generateContent', {
          request: { model: 'gemini-2.5-flash', contents: [{ role: 'user', parts: [{ text: 'Hi' }] }] },
          stream: false,
          ...keepAs(id),
        }),
    ];
    for (const [index, start] of calls.entries()) {
      await finished((await start(`echo-${index}`)).streamId);
      const request = (await keptRecord(`echo-${index}`))?.request;
      const log = await keptLog(`echo-${index}`);
      const auth = request?.headers.find(([name]) => name === 'authorization' || name === 'x-vendor-api-key');
      expect(auth?.[1]).toMatch(/^(Bearer )?\$GATEWAY_API_KEY$/);
      const raw = log?.body ?? log?.events.map((e) => e.data).join('\n') ?? '';
      expect(raw).toContain('[key hidden]');
    }
    expect(JSON.stringify([t.results, t.events])).not.toContain(gateway.apiKey);
    // Nor is it in the records main wrote.
    const folder = join(t.dataDir, 'inspector', KEPT_UNDER);
    const written = readdirSync(folder).map((name) => readFileSync(join(folder, name), 'utf8'));
    expect(written).toHaveLength(calls.length);
    for (const text of written) expect(text).not.toContain(gateway.apiKey);
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
