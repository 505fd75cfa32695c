// Issue 14 (items 25, 26, 27, 29): stream shapes real relays send, fed as recorded SSE text through the
// whole client with a stub fetch, and what the user must see from each.
import { describe, expect, it } from 'vitest';
import { failureFromHttp } from '../../../src-main/gateway/errors.ts';
import type { StreamEvent } from '../../../src-preload/contract.ts';
import { collect, encoder, sseResponse, stubClient, stubFetch, textOf } from './helpers.ts';

const block = (type: string, fields: Record<string, unknown> = {}): string =>
  `event: ${type}\ndata: ${JSON.stringify({ type, ...fields })}\n\n`;

function responsesEvents(body: string, contentType?: string): Promise<StreamEvent[]> {
  const { fetch } = stubFetch(() => sseResponse([encoder.encode(body)], contentType));
  return collect(stubClient(fetch).streamResponses({ model: 'm', input: 'hi' }));
}

function contentEvents(body: string, contentType?: string): Promise<StreamEvent[]> {
  const { fetch } = stubFetch(() => sseResponse([encoder.encode(body)], contentType));
  return collect(
    stubClient(fetch).streamGenerateContent({
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

// GitHub Copilot's `/responses` gives every event of one output item a fresh `item_id` (an opaque blob);
// only `output_index` (and the part index) stay the same.
let copilotId = 0;
const freshId = (): string => `cp_${++copilotId}_${'x'.repeat(12)}`;

/** A two-part reasoning summary, a short preamble message, then the answer, as one Responses stream. */
function preambleStream(ids: (outputIndex: number) => string): {
  sse: string;
  response: Record<string, unknown>;
} {
  const response = {
    id: 'resp_p',
    object: 'response',
    status: 'completed',
    output: [
      {
        type: 'reasoning',
        summary: [
          { type: 'summary_text', text: '**Reading** the question.' },
          { type: 'summary_text', text: '**Planning** a short list.' },
        ],
      },
      {
        type: 'message',
        role: 'assistant',
        content: [{ type: 'output_text', text: 'Let me summarize.' }],
      },
      {
        type: 'message',
        role: 'assistant',
        content: [{ type: 'output_text', text: 'Here are a few points.' }],
      },
    ],
    usage: { input_tokens: 5, output_tokens: 20, total_tokens: 25 },
  };
  const summary = (summary_index: number, delta: string): string =>
    block('response.reasoning_summary_text.delta', {
      item_id: ids(0),
      output_index: 0,
      summary_index,
      delta,
    });
  const text = (output_index: number, delta: string): string =>
    block('response.output_text.delta', {
      item_id: ids(output_index),
      output_index,
      content_index: 0,
      delta,
    });
  const textDone = (output_index: number, value: string): string =>
    block('response.output_text.done', {
      item_id: ids(output_index),
      output_index,
      content_index: 0,
      text: value,
    });
  const sse =
    block('response.created', { response: { id: 'resp_p', status: 'in_progress', output: [] } }) +
    block('response.output_item.added', { output_index: 0, item: { id: ids(0), type: 'reasoning' } }) +
    summary(0, '**Reading** ') +
    summary(0, 'the question.') +
    block('response.reasoning_summary_text.done', {
      item_id: ids(0),
      output_index: 0,
      summary_index: 0,
      text: '**Reading** the question.',
    }) +
    summary(1, '**Planning** a short list.') +
    block('response.reasoning_summary_text.done', {
      item_id: ids(0),
      output_index: 0,
      summary_index: 1,
      text: '**Planning** a short list.',
    }) +
    block('response.output_item.added', { output_index: 1, item: { id: ids(1), type: 'message' } }) +
    text(1, 'Let me ') +
    text(1, 'summarize.') +
    textDone(1, 'Let me summarize.') +
    block('response.output_item.added', { output_index: 2, item: { id: ids(2), type: 'message' } }) +
    text(2, 'Here are ') +
    text(2, 'a few points.') +
    textDone(2, 'Here are a few points.') +
    block('response.completed', { response });
  return { sse, response };
}

describe('item 26: Responses parts are identified by output_index, not item_id', () => {
  it('shows the answer once when every event of a part has a new item_id (Copilot)', async () => {
    const ids = [freshId(), freshId(), freshId(), freshId()];
    const events = await responsesEvents(
      block('response.output_item.added', { output_index: 0, item: { id: ids[0], type: 'message' } }) +
        block('response.content_part.added', { item_id: ids[1], output_index: 0, content_index: 0 }) +
        block('response.output_text.delta', {
          item_id: ids[2],
          output_index: 0,
          content_index: 0,
          delta: 'Hello ',
        }) +
        block('response.output_text.delta', {
          item_id: ids[3],
          output_index: 0,
          content_index: 0,
          delta: 'there.',
        }) +
        block('response.output_text.done', {
          item_id: freshId(),
          output_index: 0,
          content_index: 0,
          text: 'Hello there.',
        }) +
        block('response.completed', {
          response: {
            id: 'r',
            status: 'completed',
            output: [{ type: 'message', content: [{ type: 'output_text', text: 'Hello there.' }] }],
          },
        }),
    );
    expect(textOf(events)).toBe('Hello there.');
    expect(events.at(-1)).toEqual({ type: 'done', status: 'completed', responseId: 'r' });
  });

  it('shows reasoning and text once, with parts apart, for a whole Copilot-style turn', async () => {
    const { sse } = preambleStream(freshId);
    const events = await responsesEvents(sse);
    expect(textOf(events, 'reasoning-delta')).toBe('**Reading** the question.\n\n**Planning** a short list.');
    expect(textOf(events)).toBe('Let me summarize.\n\nHere are a few points.');
  });

  it('gives the same events for a Copilot-style turn delivered one byte at a time', async () => {
    const { sse } = preambleStream(freshId);
    const whole = await responsesEvents(sse);
    const bytes = encoder.encode(sse);
    const { fetch } = stubFetch(() => sseResponse(Array.from(bytes, (byte) => Uint8Array.of(byte))));
    const single = await collect(stubClient(fetch).streamResponses({ model: 'm', input: 'hi' }));
    expect(single).toEqual(whole);
  });

  it('does not repeat a part whose `.done` leaves out the part index its deltas had', async () => {
    const events = await responsesEvents(
      block('response.output_text.delta', {
        item_id: freshId(),
        output_index: 0,
        content_index: 0,
        delta: 'x',
      }) +
        block('response.output_text.done', { item_id: freshId(), output_index: 0, text: 'x' }) +
        block('response.completed', { response: { id: 'r', status: 'completed', output: [] } }),
    );
    expect(textOf(events)).toBe('x');
  });

  it('still delivers a part that arrives only as its `.done` event (text and reasoning)', async () => {
    const events = await responsesEvents(
      block('response.reasoning_summary_text.done', {
        item_id: freshId(),
        output_index: 0,
        summary_index: 0,
        text: 'Thought it over.',
      }) +
        block('response.output_text.done', {
          item_id: freshId(),
          output_index: 1,
          content_index: 0,
          text: 'Only the finished part.',
        }) +
        // A relay that does not repeat the output in its final event.
        block('response.completed', { response: { id: 'r', status: 'completed', output: [] } }),
    );
    expect(textOf(events, 'reasoning-delta')).toBe('Thought it over.');
    expect(textOf(events)).toBe('Only the finished part.');
  });
});

describe('item 27: several messages and summary parts are separated by a blank line', () => {
  it('separates a preamble message from the answer, and summary parts, when streamed (stable ids)', async () => {
    // Spec-conforming ids: one per output item.
    const { sse } = preambleStream((outputIndex) => `item_${outputIndex}`);
    const events = await responsesEvents(sse);
    expect(textOf(events)).toBe('Let me summarize.\n\nHere are a few points.');
    expect(textOf(events, 'reasoning-delta')).toBe('**Reading** the question.\n\n**Planning** a short list.');
  });

  it('gives the same text and reasoning from a buffered final response as from the deltas', async () => {
    const { sse, response } = preambleStream(freshId);
    const streamed = await responsesEvents(sse);
    const buffered = await responsesEvents(block('response.completed', { response }));
    expect(textOf(buffered)).toBe(textOf(streamed));
    expect(textOf(buffered, 'reasoning-delta')).toBe(textOf(streamed, 'reasoning-delta'));
  });

  it('gives the same text from a gateway that answered the stream request with one JSON body', async () => {
    const { sse, response } = preambleStream(freshId);
    const streamed = await responsesEvents(sse);
    const json = await responsesEvents(JSON.stringify(response), 'application/json');
    expect(textOf(json)).toBe(textOf(streamed));
    expect(textOf(json, 'reasoning-delta')).toBe(textOf(streamed, 'reasoning-delta'));
  });

  it('keeps content parts of one message together (only messages are set apart)', async () => {
    const part = (content_index: number, delta: string): string =>
      block('response.output_text.delta', { item_id: 'm', output_index: 0, content_index, delta });
    const events = await responsesEvents(
      part(0, 'one ') +
        part(1, 'message') +
        block('response.completed', { response: { id: 'r', status: 'completed', output: [] } }),
    );
    expect(textOf(events)).toBe('one message');
  });
});

describe('item 29: a quota error inside a stream is classified like the same error over HTTP', () => {
  const quotaBody = {
    error: {
      message: 'You exceeded your current quota, please check your plan and billing details.',
      type: 'insufficient_quota',
      param: null,
      code: 'insufficient_quota',
    },
  };
  const overHttp = failureFromHttp({
    status: 429,
    bodyText: JSON.stringify(quotaBody),
    operation: 'responses',
  });

  it('reads an `error` event with code insufficient_quota as quota_exhausted', async () => {
    const events = await responsesEvents(
      block('response.output_text.delta', { item_id: 'm', output_index: 0, content_index: 0, delta: 'Hi' }) +
        block('error', {
          code: 'insufficient_quota',
          message: 'You exceeded your current quota, please check your plan and billing details.',
          param: null,
        }),
    );
    expect(textOf(events)).toBe('Hi');
    expect(overHttp.code).toBe('quota_exhausted');
    expect(lastError(events)).toMatchObject({
      code: overHttp.code,
      hint: overHttp.hint,
      message: overHttp.message,
    });
    // No HTTP status is invented for an error that came inside a 200 answer.
    expect(lastError(events).status).toBeUndefined();
  });

  it('reads `response.failed` with an insufficient_quota error as quota_exhausted', async () => {
    const events = await responsesEvents(
      block('response.failed', {
        response: {
          id: 'r',
          status: 'failed',
          error: { code: 'insufficient_quota', message: 'Out of quota' },
        },
      }),
    );
    expect(lastError(events)).toMatchObject({ code: 'quota_exhausted', hint: overHttp.hint });
  });

  it('reads an `error` event nesting the OpenAI error object as quota_exhausted', async () => {
    const events = await responsesEvents(block('error', quotaBody));
    expect(lastError(events)).toMatchObject({ code: 'quota_exhausted', hint: overHttp.hint });
  });

  it("reads a new-api quota error mid content-generation stream as quota_exhausted (403's hint)", async () => {
    const body = {
      error: { message: 'user quota is not enough', type: 'new_api_error', code: 'insufficient_user_quota' },
    };
    const http = failureFromHttp({ status: 403, bodyText: JSON.stringify(body), operation: 'content' });
    const events = await contentEvents(
      `data: ${JSON.stringify({ candidates: [{ content: { parts: [{ text: 'a' }] } }] })}\n\ndata: ${JSON.stringify(body)}\n\n`,
    );
    expect(textOf(events)).toBe('a');
    expect(lastError(events)).toMatchObject({ code: 'quota_exhausted', hint: http.hint });
  });

  it('leaves other stream errors as they were (server_error stays gateway_error)', async () => {
    const events = await responsesEvents(block('error', { code: 'server_error', message: 'boom' }));
    expect(lastError(events)).toMatchObject({ code: 'gateway_error', message: 'boom' });
  });
});

describe('item 25: content-generation answers that are not plain SSE JSON objects', () => {
  const chunk = (text: string, extra: Record<string, unknown> = {}) => ({
    candidates: [{ content: { role: 'model', parts: [{ text }] }, index: 0, ...extra }],
    responseId: 'gem_a',
  });
  const last = {
    ...chunk('!', { finishReason: 'STOP' }),
    usageMetadata: { promptTokenCount: 2, candidatesTokenCount: 3, totalTokenCount: 5 },
  };

  it('reads the JSON array a relay that dropped alt=sse answers with', async () => {
    const body = `[${JSON.stringify(chunk('Hello'))},\r\n${JSON.stringify(chunk(' world'))},\r\n${JSON.stringify(last)}]`;
    const events = await contentEvents(body, 'application/json; charset=UTF-8');
    expect(events).toEqual([
      { type: 'text-delta', text: 'Hello' },
      { type: 'text-delta', text: ' world' },
      { type: 'text-delta', text: '!' },
      { type: 'usage', usage: { inputTokens: 2, outputTokens: 3, reasoningTokens: null, totalTokens: 5 } },
      { type: 'done', status: 'STOP', responseId: 'gem_a' },
    ]);
  });

  it('reports an error inside such an array after the text before it', async () => {
    const body = JSON.stringify([
      chunk('Par'),
      { error: { code: 503, message: 'overloaded', status: 'UNAVAILABLE' } },
    ]);
    const events = await contentEvents(body, 'application/json');
    expect(textOf(events)).toBe('Par');
    expect(lastError(events)).toMatchObject({ code: 'upstream_unavailable', message: 'overloaded' });
  });

  it('skips a non-JSON keep-alive event (`data: ping`) instead of failing the stream', async () => {
    const events = await contentEvents(
      `data: ${JSON.stringify(chunk('a'))}\r\n\r\ndata: ping\r\n\r\ndata: ${JSON.stringify(last)}\r\n\r\n`,
    );
    expect(textOf(events)).toBe('a!');
    expect(events.at(-1)).toEqual({ type: 'done', status: 'STOP', responseId: 'gem_a' });
  });

  it('still reports a JSON event cut in the middle as malformed', async () => {
    const events = await contentEvents(`data: ${JSON.stringify(chunk('a'))}\n\ndata: {"candidates": [\n\n`);
    expect(lastError(events).code).toBe('malformed_response');
  });

  it('shows a plain-text `error` event in a Responses stream as the error it is', async () => {
    const events = await responsesEvents('event: error\ndata: upstream timed out\n\n');
    expect(lastError(events)).toMatchObject({ code: 'gateway_error', message: 'upstream timed out' });
  });

  it('skips a non-JSON keep-alive event in a Responses stream too', async () => {
    const events = await responsesEvents(
      `data: ping\n\n${block('response.output_text.delta', { output_index: 0, content_index: 0, delta: 'ok' })}` +
        block('response.completed', { response: { id: 'r', status: 'completed', output: [] } }),
    );
    expect(textOf(events)).toBe('ok');
    expect(events.at(-1)?.type).toBe('done');
  });
});
