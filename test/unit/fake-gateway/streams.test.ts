import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeGateway } from '../../fake-gateway/server.ts';
import type { FakeGateway } from '../../fake-gateway/types.ts';
import { contentBody, parseSse, responsesBody, v1betaJson, v1Json } from './helpers.ts';

let gw: Required<FakeGateway>;
beforeAll(async () => {
  gw = await startFakeGateway({ eventDelayMs: 0 });
});
beforeEach(() => gw.reset());
afterAll(() => gw.close());

interface ResponsesEvent {
  type: string;
  sequence_number: number;
  delta?: string;
  text?: string;
  response?: { status: string; usage: { total_tokens: number } | null };
}

const streamResponses = (extra: Record<string, unknown> = {}) =>
  v1Json(gw, '/v1/responses', responsesBody({ stream: true, ...extra }));

describe('Responses stream', () => {
  it('sends the full event sequence of a text turn with rising sequence numbers and no [DONE]', async () => {
    gw.setChatReply({ text: 'Hello café — 你好 👋 world', chunkSize: 5 });
    const res = await streamResponses();
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const raw = await res.text();
    expect(raw).not.toContain('[DONE]');
    expect(raw).toContain('\n: keep-alive\n\n');
    const parsed = parseSse(raw);
    const events = parsed.map((e) => JSON.parse(e.data) as ResponsesEvent);
    expect(parsed.map((e) => e.event)).toEqual(events.map((e) => e.type));
    const types = events.map((e) => e.type);
    const deltas = types.filter((t) => t === 'response.output_text.delta').length;
    expect(deltas).toBe(5);
    expect(types).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.content_part.added',
      ...Array(deltas).fill('response.output_text.delta'),
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.completed',
    ]);
    expect(events.map((e) => e.sequence_number)).toEqual(events.map((_, i) => i));
    const text = events
      .filter((e) => e.type === 'response.output_text.delta')
      .map((e) => e.delta)
      .join('');
    expect(text).toBe('Hello café — 你好 👋 world');
    expect(events.find((e) => e.type === 'response.output_text.done')!.text).toBe(text);
    const completed = events.at(-1)!.response!;
    expect(completed.status).toBe('completed');
    expect(completed.usage!.total_tokens).toBeGreaterThan(0);
  });

  it('sends reasoning summary deltas before the text', async () => {
    gw.setChatReply({ text: 'Answer.', reasoning: 'Let me think about it.' });
    const types = parseSse(await (await streamResponses()).text()).map(
      (e) => (JSON.parse(e.data) as ResponsesEvent).type,
    );
    const firstReasoning = types.indexOf('response.reasoning_summary_text.delta');
    const firstText = types.indexOf('response.output_text.delta');
    expect(firstReasoning).toBeGreaterThan(0);
    expect(firstReasoning).toBeLessThan(firstText);
    expect(types).toContain('response.reasoning_summary_text.done');
  });

  it('ends an incomplete turn with response.incomplete', async () => {
    gw.setChatReply({ text: 'cut short', incomplete: 'max_output_tokens' });
    const events = parseSse(await (await streamResponses()).text()).map(
      (e) => JSON.parse(e.data) as ResponsesEvent,
    );
    expect(events.at(-1)!.type).toBe('response.incomplete');
  });

  it('paces events with the event delay', async () => {
    gw.setChatReply({ text: 'x'.repeat(40), chunkSize: 4 });
    gw.setEventDelay(10);
    const started = performance.now();
    await (await streamResponses()).text();
    // 17 events, 16 gaps of 10 ms.
    expect(performance.now() - started).toBeGreaterThanOrEqual(150);
  });
});

describe('content-generation stream', () => {
  interface Chunk {
    candidates: Array<{
      content: { parts: Array<{ text: string; thought?: boolean }> };
      finishReason?: string;
    }>;
    usageMetadata?: { totalTokenCount: number };
  }

  it('uses \\r\\n\\r\\n separators and sends only new text, the last chunk with finishReason and usage', async () => {
    gw.setChatReply({ text: 'One two three four', chunkSize: 4 });
    const res = await v1betaJson(
      gw,
      '/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse',
      contentBody,
    );
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const raw = await res.text();
    expect(
      raw
        .split('\r\n\r\n')
        .filter(Boolean)
        .every((block) => block.startsWith('data: {')),
    ).toBe(true);
    expect(raw.replaceAll('\r\n\r\n', '')).not.toMatch(/\n/);
    const chunks = parseSse(raw).map((e) => JSON.parse(e.data) as Chunk);
    expect(chunks.map((c) => c.candidates[0]!.content.parts[0]!.text).join('')).toBe('One two three four');
    expect(chunks.slice(0, -1).every((c) => !c.candidates[0]!.finishReason && !c.usageMetadata)).toBe(true);
    expect(chunks.at(-1)!.candidates[0]!.finishReason).toBe('STOP');
    expect(chunks.at(-1)!.usageMetadata!.totalTokenCount).toBeGreaterThan(0);
    expect(gw.requests[0]!.query).toEqual({ alt: 'sse' });
  });

  it('sends thought parts first when the reply has reasoning', async () => {
    gw.setChatReply({ text: 'Answer', reasoning: 'Hmm' });
    const res = await v1betaJson(
      gw,
      '/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse',
      contentBody,
    );
    const parts = parseSse(await res.text()).map(
      (e) => (JSON.parse(e.data) as Chunk).candidates[0]!.content.parts[0]!,
    );
    expect(parts[0]).toEqual({ text: 'Hmm', thought: true });
    expect(parts[1]).toEqual({ text: 'Answer' });
  });
});

describe('client aborts', () => {
  it('stops writing as soon as the client goes away, and says when it noticed', async () => {
    gw.setChatReply({ text: 'y'.repeat(2000), chunkSize: 2 });
    gw.setEventDelay(5);
    const controller = new AbortController();
    const closed = gw.nextRequestClosed(3000);
    const stream = await v1Json(gw, '/v1/responses', responsesBody({ stream: true }), {
      signal: controller.signal,
    });
    const reader = stream.body!.getReader();
    await reader.read();
    expect(gw.activeRequests).toBe(1);
    const abortedAt = performance.now();
    controller.abort();
    const event = await closed;
    expect(event.at - abortedAt).toBeLessThan(200);
    expect(event.eventsSent).toBeLessThan(100);
    expect(event.request.closedByClient).toBe(true);
    expect(gw.closedByClient).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(gw.activeRequests).toBe(0);
  });
});

describe('close', () => {
  it('ends promptly even with a stream in flight', async () => {
    const other = await startFakeGateway({ eventDelayMs: 50 });
    const res = await v1Json(other, '/v1/responses', responsesBody({ stream: true }));
    const reading = res.text().then(
      () => 'ended',
      () => 'failed',
    );
    const started = performance.now();
    await other.close();
    expect(performance.now() - started).toBeLessThan(500);
    expect(await reading).toBe('failed');
  });
});
