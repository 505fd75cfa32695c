// What a user sees from a streamed Chat Completions answer, fed through the whole client with a stub fetch.
// The bodies are written as WIRE.md part 2 ("Chat Completions") describes the stream: `data:` chunks of
// `object: "chat.completion.chunk"`, a role-only first chunk, empty-content chunks, `reasoning_content`
// deltas, a `finish_reason` on the last chunk with choices, a usage chunk with `choices: []`, `data: [DONE]`.
import { describe, expect, it } from 'vitest';
import type { StreamEvent } from '../../../src-preload/contract.ts';
import { collect, encoder, sseResponse, stubClient, stubFetch, textOf } from './helpers.ts';

const ID = 'chatcmpl-7x';

const data = (value: unknown): string => `data: ${JSON.stringify(value)}\n\n`;
const chunk = (delta: Record<string, unknown>, finishReason: string | null = null): string =>
  data({
    id: ID,
    object: 'chat.completion.chunk',
    created: 1_700_000_000,
    model: 'deepseek-reasoner',
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  });
const usageChunk = data({
  id: ID,
  object: 'chat.completion.chunk',
  model: 'deepseek-reasoner',
  choices: [],
  usage: {
    prompt_tokens: 11,
    completion_tokens: 40,
    total_tokens: 51,
    completion_tokens_details: { reasoning_tokens: 25 },
  },
});
const DONE = 'data: [DONE]\n\n';

/** A reasoning model's whole answer, as far as its finish reason. */
const answer = (finishReason: string): string =>
  chunk({ role: 'assistant', content: '' }) +
  chunk({ reasoning_content: 'Weighing the café ' }) +
  chunk({ reasoning_content: 'question 🤔' }) +
  chunk({ content: '' }) +
  chunk({ content: 'Grüße aus ' }) +
  chunk({ content: '東京 👋🏽' }) +
  chunk({}, finishReason);

async function eventsOf(body: string | Uint8Array[], contentType?: string): Promise<StreamEvent[]> {
  const chunks = typeof body === 'string' ? [encoder.encode(body)] : body;
  const { fetch } = stubFetch(() => sseResponse(chunks, contentType));
  return collect(
    stubClient(fetch).streamChatCompletions({ model: 'm', messages: [{ role: 'user', content: 'hi' }] }),
  );
}

describe('Chat Completions stream', () => {
  it('shows reasoning and text, skips the role-only and empty chunks, ends with usage and the finish reason', async () => {
    const events = await eventsOf(answer('stop') + usageChunk + DONE);
    expect(events).toEqual([
      { type: 'reasoning-delta', text: 'Weighing the café ' },
      { type: 'reasoning-delta', text: 'question 🤔' },
      { type: 'text-delta', text: 'Grüße aus ' },
      { type: 'text-delta', text: '東京 👋🏽' },
      {
        type: 'usage',
        usage: { inputTokens: 11, outputTokens: 40, reasoningTokens: 25, totalTokens: 51 },
      },
      { type: 'done', status: 'stop', responseId: ID },
    ]);
  });

  it.each(['stop', 'length', 'content_filter', 'tool_calls'])(
    'reports finish_reason %s as the status of the reply',
    async (reason) => {
      const events = await eventsOf(answer(reason) + usageChunk + DONE);
      expect(events.at(-1)).toEqual({ type: 'done', status: reason, responseId: ID });
    },
  );

  it('takes reasoning under `reasoning`, as some relays name it', async () => {
    const events = await eventsOf(
      chunk({ reasoning: 'Thinking' }) + chunk({ content: 'Answer' }, 'stop') + DONE,
    );
    expect(textOf(events, 'reasoning-delta')).toBe('Thinking');
    expect(textOf(events)).toBe('Answer');
  });

  it('reads characters split between network chunks', async () => {
    const bytes = encoder.encode(answer('stop') + DONE);
    const pieces: Uint8Array[] = [];
    for (let at = 0; at < bytes.length; at += 7) pieces.push(bytes.slice(at, at + 7));
    const events = await eventsOf(pieces);
    expect(textOf(events)).toBe('Grüße aus 東京 👋🏽');
    expect(events.at(-1)).toMatchObject({ type: 'done', status: 'stop' });
  });

  it('is complete when the body ends after a finish reason without [DONE] (and without usage)', async () => {
    const events = await eventsOf(answer('length'));
    expect(textOf(events)).toBe('Grüße aus 東京 👋🏽');
    expect(events.at(-1)).toEqual({ type: 'done', status: 'length', responseId: ID });
    expect(events.some((event) => event.type === 'error')).toBe(false);
  });

  it('keeps the usage when it came before the body ended without [DONE]', async () => {
    const events = await eventsOf(answer('stop') + usageChunk);
    expect(events.at(-2)).toMatchObject({ type: 'usage', usage: { totalTokens: 51 } });
    expect(events.at(-1)).toMatchObject({ type: 'done', status: 'stop' });
  });

  it('is cut off when the body ends with neither a finish reason nor [DONE]: the text so far, then a network error', async () => {
    const events = await eventsOf(chunk({ role: 'assistant' }) + chunk({ content: 'Half an ans' }));
    expect(textOf(events)).toBe('Half an ans');
    expect(events.at(-1)).toEqual({
      type: 'error',
      error: expect.objectContaining({
        code: 'network',
        message: 'The connection closed before the answer was complete.',
        hint: expect.stringMatching(/kept/),
      }),
    });
  });

  it('turns an {error} object mid-stream into an error event after the text so far', async () => {
    const events = await eventsOf(
      chunk({ content: 'Partial' }) +
        data({
          error: { message: 'Upstream overloaded (request id: r-9)', type: 'server_error', code: null },
        }) +
        chunk({ content: ' never shown' }, 'stop') +
        DONE,
    );
    expect(textOf(events)).toBe('Partial');
    expect(events).toHaveLength(2);
    expect(events.at(-1)).toEqual({
      type: 'error',
      error: expect.objectContaining({
        code: 'gateway_error',
        message: 'Upstream overloaded',
        requestId: 'r-9',
      }),
    });
  });

  it('ignores keep-alive comments and non-JSON pings', async () => {
    const events = await eventsOf(`: ping\n\ndata: ping\n\n${chunk({ content: 'ok' }, 'stop')}${DONE}`);
    expect(events).toEqual([
      { type: 'text-delta', text: 'ok' },
      { type: 'done', status: 'stop', responseId: ID },
    ]);
  });

  it('reads a JSON answer to a stream request as the events of the whole answer', async () => {
    const completion = {
      id: 'chatcmpl-whole',
      object: 'chat.completion',
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: 'Whole answer', reasoning_content: 'Because' },
          finish_reason: 'stop',
        },
      ],
      usage: { prompt_tokens: 3, completion_tokens: 4, total_tokens: 7 },
    };
    const events = await eventsOf(JSON.stringify(completion), 'application/json');
    expect(events).toEqual([
      { type: 'reasoning-delta', text: 'Because' },
      { type: 'text-delta', text: 'Whole answer' },
      { type: 'usage', usage: { inputTokens: 3, outputTokens: 4, reasoningTokens: null, totalTokens: 7 } },
      { type: 'done', status: 'stop', responseId: 'chatcmpl-whole' },
    ]);
  });

  it('reads a JSON error answer to a stream request as one error event', async () => {
    const events = await eventsOf(
      JSON.stringify({
        error: { message: 'Rate limit reached', type: 'rate_limit_error', code: 'rate_limit_exceeded' },
      }),
      'application/json',
    );
    expect(events).toEqual([
      {
        type: 'error',
        error: expect.objectContaining({ code: 'rate_limited', message: 'Rate limit reached' }),
      },
    ]);
  });
});
