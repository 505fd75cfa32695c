// What a user sees when a stream misbehaves: errors after partial text, cut connections, bad data,
// oversized events, buffered gateways. Fed through the whole client with a stub fetch.
import { describe, expect, it } from 'vitest';
import type { StreamEvent } from '../../../src-preload/contract.ts';
import { collect, encoder, sseResponse, stubClient, stubFetch, textOf } from './helpers.ts';

const responsesBlock = (type: string, fields: Record<string, unknown> = {}): string =>
  `event: ${type}\ndata: ${JSON.stringify({ type, ...fields })}\n\n`;
const delta = (text: string): string =>
  responsesBlock('response.output_text.delta', {
    item_id: 'm',
    output_index: 0,
    content_index: 0,
    delta: text,
  });
const completed = (fields: Record<string, unknown> = {}): string =>
  responsesBlock('response.completed', {
    response: { id: 'resp_1', status: 'completed', output: [], ...fields },
  });
const contentBlock = (value: unknown): string => `data: ${JSON.stringify(value)}\r\n\r\n`;
const contentText = (text: string, finishReason?: string): string =>
  contentBlock({
    candidates: [{ content: { parts: [{ text }] }, ...(finishReason ? { finishReason } : {}) }],
  });

function responsesEvents(body: string, extra = {}): Promise<StreamEvent[]> {
  const { fetch } = stubFetch(() => sseResponse([encoder.encode(body)]));
  return collect(stubClient(fetch, extra).streamResponses({ model: 'm', input: 'hi' }));
}

function contentEvents(body: string, extra = {}): Promise<StreamEvent[]> {
  const { fetch } = stubFetch(() => sseResponse([encoder.encode(body)]));
  return collect(
    stubClient(fetch, extra).streamGenerateContent({
      model: 'g',
      contents: [{ role: 'user', parts: [{ text: 'hi' }] }],
    }),
  );
}

function lastError(events: StreamEvent[]) {
  const last = events[events.length - 1];
  expect(last?.type).toBe('error');
  return (last as Extract<StreamEvent, { type: 'error' }>).error;
}

describe('Responses stream', () => {
  it('delivers the text so far, then an error event, when an `error` event arrives mid-stream', async () => {
    const events = await responsesEvents(
      delta('Hello ') +
        delta('wor') +
        responsesBlock('error', { code: 'rate_limit_exceeded', message: 'Slow down (request id: abc123)' }),
    );
    expect(textOf(events)).toBe('Hello wor');
    const error = lastError(events);
    expect(error).toMatchObject({ code: 'rate_limited', message: 'Slow down', requestId: 'abc123' });
    expect(error.hint).toBeTruthy();
  });

  it('turns `response.failed` into an error event with its message', async () => {
    const events = await responsesEvents(
      delta('Part') +
        responsesBlock('response.failed', {
          response: {
            id: 'r',
            status: 'failed',
            error: { code: 'server_error', message: 'The model crashed' },
          },
        }),
    );
    expect(textOf(events)).toBe('Part');
    expect(lastError(events)).toMatchObject({ code: 'gateway_error', message: 'The model crashed' });
  });

  it('understands a bare `{error}` object in either shape', async () => {
    const events = await responsesEvents(
      `${delta('x')}data: ${JSON.stringify({ error: { code: 503, message: 'overloaded', status: 'UNAVAILABLE' } })}\n\n`,
    );
    expect(lastError(events)).toMatchObject({
      code: 'upstream_unavailable',
      message: 'overloaded',
      status: 503,
    });
  });

  it('reports malformed JSON as malformed_response, not a silent skip', async () => {
    const events = await responsesEvents(
      `${delta('ok')}event: response.output_text.delta\ndata: {"type":"resp\n\n${completed()}`,
    );
    expect(textOf(events)).toBe('ok');
    expect(lastError(events).code).toBe('malformed_response');
    expect(events.some((event) => event.type === 'done')).toBe(false);
  });

  it('reports a stream that ends without its terminal event as cut off, keeping the text', async () => {
    const events = await responsesEvents(delta('Half an ans'));
    expect(textOf(events)).toBe('Half an ans');
    expect(lastError(events)).toMatchObject({ code: 'network' });
    expect(lastError(events).message).toMatch(/before the answer was complete/);
  });

  it('accepts a `[DONE]` sentinel, after or instead of the terminal event', async () => {
    const after = await responsesEvents(`${delta('a')}${completed()}data: [DONE]\n\n`);
    expect(after.at(-1)).toEqual({ type: 'done', status: 'completed', responseId: 'resp_1' });
    const instead = await responsesEvents(`${delta('a')}data: [DONE]\n\n`);
    expect(instead.at(-1)).toMatchObject({ type: 'done', status: 'completed' });
  });

  it('ignores unknown event types and events after the terminal one', async () => {
    const events = await responsesEvents(
      responsesBlock('response.brand_new_thing', { delta: 'not text' }) +
        delta('a') +
        completed() +
        delta('late'),
    );
    expect(events).toEqual([
      { type: 'text-delta', text: 'a' },
      { type: 'done', status: 'completed', responseId: 'resp_1' },
    ]);
  });

  it('reports `response.incomplete` as done with status incomplete and the usage', async () => {
    const events = await responsesEvents(
      delta('cut by limit') +
        responsesBlock('response.incomplete', {
          response: {
            id: 'r9',
            status: 'incomplete',
            usage: { input_tokens: 1, output_tokens: 2, total_tokens: 3 },
          },
        }),
    );
    expect(events.slice(-2)).toEqual([
      { type: 'usage', usage: { inputTokens: 1, outputTokens: 2, reasoningTokens: null, totalTokens: 3 } },
      { type: 'done', status: 'incomplete', responseId: 'r9' },
    ]);
  });

  it('shows the text of a gateway that buffers and sends only the final response', async () => {
    const events = await responsesEvents(
      completed({
        output: [
          { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'All at once' }] },
        ],
      }),
    );
    expect(textOf(events)).toBe('All at once');
    expect(events.at(-1)?.type).toBe('done');
  });

  it('does not repeat text from `output_text.done` when deltas already delivered it', async () => {
    const events = await responsesEvents(
      delta('abc') +
        responsesBlock('response.output_text.done', {
          item_id: 'm',
          output_index: 0,
          content_index: 0,
          text: 'abc',
        }) +
        completed({ output: [{ type: 'message', content: [{ type: 'output_text', text: 'abc' }] }] }),
    );
    expect(textOf(events)).toBe('abc');
  });

  it('dispatches on the `event:` name when the data has no `type`', async () => {
    const events = await responsesEvents(
      `event: response.output_text.delta\ndata: {"delta":"typed by event line"}\n\n${completed()}`,
    );
    expect(textOf(events)).toBe('typed by event line');
  });

  it('stops an oversized event with stream_too_large', async () => {
    const events = await responsesEvents(delta('a') + delta('x'.repeat(5000)) + completed(), {
      limits: { maxEventBytes: 1024 },
    });
    expect(textOf(events)).toBe('a');
    expect(lastError(events).code).toBe('stream_too_large');
  });

  it('stops an oversized event that arrives in many small pieces', async () => {
    const body = encoder.encode(delta('a') + delta('y'.repeat(5000)) + completed());
    const pieces = Array.from({ length: Math.ceil(body.length / 100) }, (_, i) =>
      body.slice(i * 100, i * 100 + 100),
    );
    const { fetch } = stubFetch(() => sseResponse(pieces));
    const events = await collect(
      stubClient(fetch, { limits: { maxEventBytes: 1024 } }).streamResponses({ model: 'm', input: 'x' }),
    );
    expect(textOf(events)).toBe('a');
    expect(lastError(events).code).toBe('stream_too_large');
  });

  it('stops a stream larger than the total cap with stream_too_large', async () => {
    const events = await responsesEvents(Array.from({ length: 50 }, () => delta('0123456789')).join(''), {
      limits: { maxStreamBytes: 2000 },
    });
    expect(lastError(events).code).toBe('stream_too_large');
  });

  it('reads a gateway that answered the stream request with one JSON body', async () => {
    const body = {
      id: 'resp_json',
      status: 'completed',
      output: [{ type: 'message', content: [{ type: 'output_text', text: 'Not streamed' }] }],
      usage: { input_tokens: 1, output_tokens: 2, total_tokens: 3 },
    };
    const { fetch } = stubFetch(() =>
      sseResponse([encoder.encode(JSON.stringify(body))], 'application/json'),
    );
    const events = await collect(stubClient(fetch).streamResponses({ model: 'm', input: 'x' }));
    expect(events).toEqual([
      { type: 'text-delta', text: 'Not streamed' },
      { type: 'usage', usage: { inputTokens: 1, outputTokens: 2, reasoningTokens: null, totalTokens: 3 } },
      { type: 'done', status: 'completed', responseId: 'resp_json' },
    ]);
  });
});

describe('content-generation stream', () => {
  it('sends done only when the body ends, with the last finish reason and usage', async () => {
    const events = await contentEvents(
      contentText('Hi ') +
        contentBlock({
          candidates: [{ content: { parts: [{ text: 'there' }] }, finishReason: 'MAX_TOKENS' }],
          usageMetadata: { promptTokenCount: 3, candidatesTokenCount: 2, totalTokenCount: 5 },
        }),
    );
    expect(events).toEqual([
      { type: 'text-delta', text: 'Hi ' },
      { type: 'text-delta', text: 'there' },
      { type: 'usage', usage: { inputTokens: 3, outputTokens: 2, reasoningTokens: null, totalTokens: 5 } },
      { type: 'done', status: 'MAX_TOKENS' },
    ]);
  });

  it('delivers the text so far, then an error event, for an `{error}` object mid-stream', async () => {
    const events = await contentEvents(
      contentText('Partial ') +
        contentBlock({ error: { code: 500, message: 'upstream broke', status: 'INTERNAL' } }),
    );
    expect(textOf(events)).toBe('Partial ');
    expect(lastError(events)).toMatchObject({
      code: 'gateway_error',
      message: 'upstream broke',
      status: 500,
    });
  });

  it('reports a blocked prompt as bad_request with a hint', async () => {
    const events = await contentEvents(contentBlock({ promptFeedback: { blockReason: 'SAFETY' } }));
    const error = lastError(events);
    expect(error.code).toBe('bad_request');
    expect(error.message).toContain('SAFETY');
    expect(error.hint).toMatch(/rephrase/i);
  });

  it('reports a stream cut before any finish reason', async () => {
    const events = await contentEvents(contentText('Half'));
    expect(textOf(events)).toBe('Half');
    expect(lastError(events).code).toBe('network');
  });

  it('dispatches a last event that lacks its closing blank line', async () => {
    const events = await contentEvents(
      `${contentText('a')}data: ${JSON.stringify({ candidates: [{ content: { parts: [{ text: 'b' }] }, finishReason: 'STOP' }] })}\n`,
    );
    expect(textOf(events)).toBe('ab');
    expect(events.at(-1)).toEqual({ type: 'done', status: 'STOP' });
  });

  it('reports malformed JSON as malformed_response', async () => {
    const events = await contentEvents(`${contentText('a')}data: {"candidates": [\r\n\r\n`);
    expect(lastError(events).code).toBe('malformed_response');
  });
});
