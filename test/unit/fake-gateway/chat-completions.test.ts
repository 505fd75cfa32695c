// /v1/chat/completions as new-api serves it (WIRE.md Part 2 "Chat Completions"), and new-api's routing of
// each model to the formats its `supported_endpoint_types` list.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { faults, startFakeGateway } from '../../fake-gateway/server.ts';
import type { FakeGateway } from '../../fake-gateway/types.ts';
import {
  chatBody,
  contentBody,
  joinText,
  parseSse,
  readChunks,
  responsesBody,
  v1,
  v1beta,
  v1betaJson,
  v1Json,
} from './helpers.ts';

let gw: Required<FakeGateway>;
beforeAll(async () => {
  gw = await startFakeGateway({ eventDelayMs: 0 });
});
beforeEach(() => gw.reset());
afterAll(() => gw.close());

interface Delta {
  role?: string;
  content?: string | null;
  reasoning_content?: string;
  tool_calls?: Array<{ index: number; id?: string; function: { name?: string; arguments: string } }>;
}
interface Chunk {
  id: string;
  object: string;
  created: number;
  model: string;
  choices: Array<{ index: number; delta: Delta; finish_reason: string | null }>;
  usage?: Usage | null;
}
interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  completion_tokens_details: { reasoning_tokens: number };
}
interface Completion {
  id: string;
  object: string;
  created: number;
  model: string;
  choices: Array<{
    index: number;
    message: {
      role: string;
      content: string | null;
      reasoning_content?: string;
      tool_calls?: Array<{ id: string; type: string; function: { name: string; arguments: string } }>;
    };
    finish_reason: string;
  }>;
  usage: Usage;
}

const complete = (extra: Record<string, unknown> = {}) => v1Json(gw, '/v1/chat/completions', chatBody(extra));

/** The stream's `data:` payloads: the JSON chunks, and whether `[DONE]` came last. */
async function streamOf(extra: Record<string, unknown> = {}) {
  const res = await complete({ stream: true, ...extra });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const data = parseSse(await res.text()).map((e) => e.data);
  const doneLast = data.at(-1) === '[DONE]';
  const chunks = data.filter((d) => d !== '[DONE]').map((d) => JSON.parse(d) as Chunk);
  return { chunks, doneLast, doneCount: data.filter((d) => d === '[DONE]').length };
}

const deltasOf = (chunks: Chunk[]) => chunks.flatMap((c) => c.choices.map((choice) => choice.delta));
const joined = (chunks: Chunk[], field: 'content' | 'reasoning_content') =>
  deltasOf(chunks)
    .map((d) => d[field] ?? '')
    .join('');

describe('streamed chat completions', () => {
  it('sends role first, reasoning, text, an empty chunk, the finish reason, usage, then [DONE]', async () => {
    gw.setChatReply({ text: 'Hello café — 你好 👋 world', reasoning: 'Think first.', chunkSize: 5 });
    const { chunks, doneLast, doneCount } = await streamOf({ stream_options: { include_usage: true } });
    expect(doneLast).toBe(true);
    expect(doneCount).toBe(1);
    expect(new Set(chunks.map((c) => c.id)).size).toBe(1);
    expect(chunks[0]!.id).toMatch(/^chatcmpl-/);
    expect(chunks.every((c) => c.object === 'chat.completion.chunk' && c.model === 'deepseek-chat')).toBe(
      true,
    );

    // Role only, with empty content, and nothing else.
    expect(chunks[0]!.choices[0]!.delta).toEqual({ role: 'assistant', content: '' });
    const deltas = deltasOf(chunks);
    expect(joined(chunks, 'reasoning_content')).toBe('Think first.');
    expect(joined(chunks, 'content')).toBe('Hello café — 你好 👋 world');
    const lastReasoning = deltas.findLastIndex((d) => d.reasoning_content);
    const firstText = deltas.findIndex((d) => typeof d.content === 'string' && d.content !== '');
    expect(lastReasoning).toBeGreaterThan(0);
    expect(lastReasoning).toBeLessThan(firstText);
    // An empty content chunk besides the first, which a client must not take for the end.
    expect(deltas.slice(1).some((d) => d.content === '')).toBe(true);

    const finishing = chunks.filter((c) => c.choices[0]?.finish_reason);
    expect(finishing).toHaveLength(1);
    expect(finishing[0]!.choices[0]!.finish_reason).toBe('stop');
    expect(chunks.indexOf(finishing[0]!)).toBeGreaterThan(firstText);

    // The usage chunk comes last with no choices; every chunk before it says `usage: null`.
    const usageChunk = chunks.at(-1)!;
    expect(usageChunk.choices).toEqual([]);
    const usage = usageChunk.usage!;
    expect(usage.total_tokens).toBe(usage.prompt_tokens + usage.completion_tokens);
    expect(usage.completion_tokens_details.reasoning_tokens).toBeGreaterThan(0);
    expect(usage.completion_tokens).toBeGreaterThan(usage.completion_tokens_details.reasoning_tokens);
    expect(chunks.slice(0, -1).every((c) => c.usage === null)).toBe(true);
  });

  it('sends no usage chunk unless stream_options.include_usage is true', async () => {
    for (const streamOptions of [undefined, { include_usage: false }]) {
      const { chunks, doneLast } = await streamOf(streamOptions ? { stream_options: streamOptions } : {});
      expect(doneLast).toBe(true);
      expect(chunks.some((c) => c.choices.length === 0)).toBe(false);
      expect(chunks.some((c) => 'usage' in c)).toBe(false);
      expect(chunks.at(-1)!.choices[0]!.finish_reason).toBe('stop');
    }
  });

  it('sends the default reply’s reasoning only when reasoning_effort asks for it', async () => {
    const quiet = await streamOf();
    expect(joined(quiet.chunks, 'reasoning_content')).toBe('');
    expect(joined(quiet.chunks, 'content')).toContain('“Hello”');
    const asked = await streamOf({ reasoning_effort: 'low' });
    expect(joined(asked.chunks, 'reasoning_content').length).toBeGreaterThan(0);
  });

  it('ends with finish_reason length, content_filter or tool_calls when the reply says so', async () => {
    gw.setChatReply({ text: 'abcdefgh', incomplete: 'max_output_tokens' });
    let { chunks } = await streamOf();
    expect(joined(chunks, 'content')).toBe('abcd');
    expect(chunks.at(-1)!.choices[0]!.finish_reason).toBe('length');

    gw.setChatReply({ text: 'abcdefgh', incomplete: 'content_filter' });
    ({ chunks } = await streamOf());
    expect(joined(chunks, 'content')).toBe('');
    expect(chunks.at(-1)!.choices[0]!.finish_reason).toBe('content_filter');

    gw.setChatReply({ text: '', toolCall: { name: 'get_weather', arguments: '{"city":"Paris"}' } });
    ({ chunks } = await streamOf());
    const calls = deltasOf(chunks).flatMap((d) => d.tool_calls ?? []);
    expect(calls[0]).toMatchObject({
      index: 0,
      id: expect.stringMatching(/^call_/),
      function: { name: 'get_weather' },
    });
    expect(calls.map((c) => c.function.arguments).join('')).toBe('{"city":"Paris"}');
    expect(chunks.at(-1)!.choices[0]!.finish_reason).toBe('tool_calls');
  });
});

describe('non-streamed chat completions', () => {
  it('answers a chat.completion with the message, finish reason and usage', async () => {
    gw.setChatReply({ text: 'Plain answer.', reasoning: 'Because.' });
    const res = await complete({ max_completion_tokens: 100, temperature: 0.2 });
    expect(res.headers.get('content-type')).toBe('application/json');
    const body = (await res.json()) as Completion;
    expect(body).toMatchObject({ object: 'chat.completion', model: 'deepseek-chat' });
    expect(body.id).toMatch(/^chatcmpl-/);
    expect(Math.abs(body.created - Date.now() / 1000)).toBeLessThan(60);
    expect(body.choices).toHaveLength(1);
    expect(body.choices[0]).toMatchObject({
      index: 0,
      message: { role: 'assistant', content: 'Plain answer.', reasoning_content: 'Because.' },
      finish_reason: 'stop',
    });
    const { usage } = body;
    expect(usage.total_tokens).toBe(usage.prompt_tokens + usage.completion_tokens);
    expect(usage.completion_tokens_details.reasoning_tokens).toBeGreaterThan(0);
    expect(gw.requests[0]!.json).toEqual(chatBody({ max_completion_tokens: 100, temperature: 0.2 }));
  });

  it('echoes the last user message (string or text parts) and leaves reasoning_content out when there is none', async () => {
    const messages = [
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'First' },
      { role: 'assistant', content: 'Answer' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Second ' },
          { type: 'text', text: 'question' },
        ],
      },
    ];
    const body = (await (await complete({ messages })).json()) as Completion;
    const message = body.choices[0]!.message;
    expect(message.content).toContain('“Second question”');
    expect(message).not.toHaveProperty('reasoning_content');
  });

  it('reports length and tool calls', async () => {
    gw.setChatReply({ text: 'abcdefgh', incomplete: 'max_output_tokens' });
    let body = (await (await complete()).json()) as Completion;
    expect(body.choices[0]).toMatchObject({ message: { content: 'abcd' }, finish_reason: 'length' });
    gw.setChatReply({ text: '', toolCall: { name: 'lookup', arguments: '{}' } });
    body = (await (await complete()).json()) as Completion;
    expect(body.choices[0]!.finish_reason).toBe('tool_calls');
    expect(body.choices[0]!.message.content).toBeNull();
    expect(body.choices[0]!.message.tool_calls).toEqual([
      {
        id: expect.stringMatching(/^call_/),
        type: 'function',
        function: { name: 'lookup', arguments: '{}' },
      },
    ]);
  });
});

describe('request checks', () => {
  const errorOf = async (res: Response) =>
    ((await res.json()) as { error: { message: string; type: string; param: string | null; code: string } })
      .error;

  it.each([
    ['no model', { model: undefined }, 'model', 'missing_required_parameter'],
    ['no messages', { messages: undefined }, 'messages', 'missing_required_parameter'],
    ['messages not an array', { messages: 'Hello' }, 'messages', 'invalid_type'],
    ['empty messages', { messages: [] }, 'messages', 'empty_array'],
    ['an unknown role', { messages: [{ role: 'bot', content: 'x' }] }, 'messages[0].role', 'invalid_value'],
    [
      'a user message without content',
      { messages: [{ role: 'user' }] },
      'messages[0].content',
      'missing_required_parameter',
    ],
    [
      'content neither string nor parts',
      { messages: [{ role: 'user', content: 42 }] },
      'messages[0].content',
      'invalid_type',
    ],
    [
      'an unknown part type',
      { messages: [{ role: 'user', content: [{ type: 'input_text', text: 'x' }] }] },
      'messages[0].content[0].type',
      'invalid_value',
    ],
    [
      'a text part without text',
      { messages: [{ role: 'user', content: [{ type: 'text' }] }] },
      'messages[0].content[0].text',
      'missing_required_parameter',
    ],
    [
      'a tool message without tool_call_id',
      {
        messages: [
          { role: 'user', content: 'x' },
          { role: 'tool', content: '{}' },
        ],
      },
      'messages[1].tool_call_id',
      'missing_required_parameter',
    ],
    [
      'stream_options without stream',
      { stream_options: { include_usage: true } },
      'stream_options',
      'invalid_value',
    ],
    [
      'a json_schema response_format without a name',
      { response_format: { type: 'json_schema', json_schema: { schema: { type: 'object' } } } },
      'response_format.json_schema.name',
      'missing_required_parameter',
    ],
  ])('answers 400 in the OpenAI shape for %s', async (_name, extra, param, code) => {
    const res = await complete(extra);
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error).toMatchObject({ type: 'invalid_request_error', param, code });
    expect(error.message).toMatch(/\(request id: \w+\)$/);
  });

  it('takes every role the format has', async () => {
    const messages = [
      { role: 'system', content: 'Rules.' },
      { role: 'developer', content: [{ type: 'text', text: 'More rules.' }] },
      { role: 'user', content: 'Call it.' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'f', arguments: '{}' } }],
      },
      { role: 'tool', tool_call_id: 'call_1', content: '{"ok":true}' },
      { role: 'user', content: 'Thanks.' },
    ];
    expect((await complete({ messages })).status).toBe(200);
  });

  it('wants the Bearer key, as every /v1 call', async () => {
    const noKey = await fetch(`${gw.baseUrl}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(chatBody()),
    });
    expect(noKey.status).toBe(401);
    const vendor = await v1Json(gw, '/v1/chat/completions', chatBody(), {
      headers: { authorization: '', [gw.vendorKeyHeader]: gw.apiKey },
    });
    expect(vendor.status).toBe(401);
    const wrong = await v1Json(gw, '/v1/chat/completions', chatBody(), {
      headers: { authorization: 'Bearer sk-wrong' },
    });
    expect(wrong.status).toBe(401);
  });
});

describe('faults on /v1/chat/completions', () => {
  const stream = () => complete({ stream: true, stream_options: { include_usage: true } });

  it('sends an {error} chunk mid-stream and no [DONE]', async () => {
    gw.inject({ fault: { kind: 'error-event', afterEvents: 2, message: 'upstream died' } });
    const data = parseSse(await (await stream()).text()).map((e) => e.data);
    expect(data).toHaveLength(3);
    expect(JSON.parse(data[2]!)).toEqual({
      error: { message: 'upstream died', type: 'server_error', param: null, code: 'internal_error' },
    });
    expect(data).not.toContain('[DONE]');
  });

  it('cuts the stream without [DONE]', async () => {
    gw.inject({ fault: { kind: 'cut-stream', afterEvents: 3 } });
    const res = await stream();
    const { chunks, error } = await readChunks(res);
    expect(error).toBeDefined();
    const text = joinText(chunks);
    expect(parseSse(text)).toHaveLength(3);
    expect(text).not.toContain('[DONE]');
  });

  it('answers status faults and a non-streamed error-event in the OpenAI shape', async () => {
    gw.inject({ match: { path: '/v1/chat/completions' }, fault: faults.rateLimitedWithBody });
    const limited = await complete();
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
    gw.inject({ fault: { kind: 'error-event', afterEvents: 0 } });
    const failed = await complete();
    expect(failed.status).toBe(500);
    expect(((await failed.json()) as { error: { message: string } }).error.message).toMatch(
      /^upstream error/,
    );
  });

  it('stalls, pads and breaks chunks like the other streams', async () => {
    gw.inject({ fault: { kind: 'stall-stream', afterEvents: 2, ms: 150 } });
    const started = performance.now();
    const { doneLast } = await streamOf();
    expect(doneLast).toBe(true);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);

    gw.inject({ fault: { kind: 'oversize-event', bytes: 100_000 } });
    const big = parseSse(await (await stream()).text());
    expect(big[0]!.data.length).toBeGreaterThanOrEqual(100_000);
    expect((JSON.parse(big[0]!.data) as Chunk).choices[0]!.delta.role).toBe('assistant');

    gw.inject({ fault: { kind: 'malformed-json' } });
    const broken = parseSse(await (await stream()).text());
    expect(() => JSON.parse(broken[0]!.data)).toThrow();
  });
});

describe('routing by supported_endpoint_types', () => {
  const call = {
    chat: (model: string) => v1Json(gw, '/v1/chat/completions', chatBody({ model })),
    responses: (model: string) => v1Json(gw, '/v1/responses', responsesBody({ model })),
    content: (model: string) => v1betaJson(gw, `/v1beta/models/${model}:generateContent`, contentBody),
  };
  // What new-api answers for each default model and format: 200 where the model lists the format.
  const expected: Record<string, Record<keyof typeof call, 200 | 500>> = {
    'gpt-4o-mini': { chat: 200, responses: 200, content: 500 },
    'gemini-2.5-flash': { chat: 200, responses: 500, content: 200 },
    'claude-sonnet-4-5': { chat: 200, responses: 500, content: 500 },
    'deepseek-chat': { chat: 200, responses: 500, content: 500 },
    'o3-pro': { chat: 500, responses: 200, content: 500 },
  };
  const cases = Object.entries(expected).flatMap(([model, formats]) =>
    Object.entries(formats).map(([format, status]) => [model, format as keyof typeof call, status] as const),
  );

  it.each(cases)('%s on %s → %i', async (model, format, status) => {
    const res = await call[format](model);
    expect(res.status).toBe(status);
    if (status === 200) return;
    const requestId = res.headers.get('x-request-id');
    expect(await res.json()).toEqual({
      error: {
        message: `not implemented (request id: ${requestId})`,
        type: 'new_api_error',
        param: null,
        code: 'convert_request_failed',
      },
    });
  });

  it('opens no format for types it does not know, and 503 for a model no channel has', async () => {
    gw.setModels([{ id: 'claude-only', ownedBy: 'anthropic', endpointTypes: ['anthropic'] }]);
    for (const format of ['chat', 'responses', 'content'] as const) {
      expect((await call[format]('claude-only')).status).toBe(500);
    }
    expect((await call.chat('gpt-9')).status).toBe(503);
  });

  it('lists the new models with their endpoint types, and only Gemini-format models on /v1beta', async () => {
    const listing = (await (await v1(gw, '/v1/models')).json()) as {
      data: Array<{ id: string; owned_by: string; supported_endpoint_types: string[] }>;
    };
    const byId = new Map(listing.data.map((m) => [m.id, m]));
    expect(byId.get('claude-sonnet-4-5')).toMatchObject({
      owned_by: 'anthropic',
      supported_endpoint_types: ['anthropic', 'openai'],
    });
    expect(byId.get('deepseek-chat')!.supported_endpoint_types).toEqual(['openai']);
    expect(byId.get('o3-pro')!.supported_endpoint_types).toEqual(['openai-response']);
    expect(byId.get('gemini-2.5-pro')!.supported_endpoint_types).toEqual(['gemini', 'openai']);
    const gemini = (await (await v1beta(gw, '/v1beta/models')).json()) as { models: Array<{ name: string }> };
    expect(gemini.models.map((m) => m.name)).toEqual(['models/gemini-2.5-flash', 'models/gemini-2.5-pro']);
  });
});

describe('one scripted reply, every format', () => {
  it('gives the same text and reasoning in Chat Completions, Responses and content generation', async () => {
    gw.setChatReply({ text: 'Same everywhere.', reasoning: 'Shared thought.' });
    const chat = (await (await complete()).json()) as Completion;
    expect(chat.choices[0]!.message).toMatchObject({
      content: 'Same everywhere.',
      reasoning_content: 'Shared thought.',
    });
    const responses = (await (await v1Json(gw, '/v1/responses', responsesBody())).json()) as {
      output: Array<{ type: string; content?: Array<{ text: string }>; summary?: Array<{ text: string }> }>;
    };
    expect(responses.output[0]!.summary![0]!.text).toBe('Shared thought.');
    expect(responses.output[1]!.content![0]!.text).toBe('Same everywhere.');
    const content = (await (
      await v1betaJson(gw, '/v1beta/models/gemini-2.5-flash:generateContent', contentBody)
    ).json()) as { candidates: Array<{ content: { parts: Array<{ text: string; thought?: boolean }> } }> };
    expect(content.candidates[0]!.content.parts).toEqual([
      { text: 'Shared thought.', thought: true },
      { text: 'Same everywhere.' },
    ]);
  });

  it('keeps a Chat Completions reply to that format', async () => {
    gw.setChatReplyFor('chat', { text: 'only chat' });
    const chat = (await (await complete()).json()) as Completion;
    expect(chat.choices[0]!.message.content).toBe('only chat');
    const responses = (await (await v1Json(gw, '/v1/responses', responsesBody())).json()) as {
      output: Array<{ content?: Array<{ text: string }> }>;
    };
    expect(responses.output[0]!.content![0]!.text).not.toBe('only chat');
  });

  it('ends with a tool call in the other two formats as well', async () => {
    gw.setChatReply({ text: '', toolCall: { name: 'lookup', arguments: '{"q":"x"}' } });
    const responses = (await (await v1Json(gw, '/v1/responses', responsesBody())).json()) as {
      output: Array<Record<string, unknown>>;
    };
    expect(responses.output).toEqual([
      expect.objectContaining({ type: 'function_call', name: 'lookup', arguments: '{"q":"x"}' }),
    ]);
    const streamed = parseSse(
      await (await v1Json(gw, '/v1/responses', responsesBody({ stream: true }))).text(),
    ).map((e) => JSON.parse(e.data) as { type: string; delta?: string });
    expect(
      streamed
        .filter((e) => e.type === 'response.function_call_arguments.delta')
        .map((e) => e.delta)
        .join(''),
    ).toBe('{"q":"x"}');
    const content = (await (
      await v1betaJson(gw, '/v1beta/models/gemini-2.5-flash:generateContent', contentBody)
    ).json()) as { candidates: Array<{ content: { parts: unknown[] }; finishReason: string }> };
    expect(content.candidates[0]!.content.parts).toEqual([
      { functionCall: { name: 'lookup', args: { q: 'x' } } },
    ]);
    expect(content.candidates[0]!.finishReason).toBe('STOP');
  });
});
