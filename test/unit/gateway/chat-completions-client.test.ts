// The Chat Completions client against a tiny HTTP server on 127.0.0.1 written here: what reaches the
// gateway (path, Bearer key, JSON body) and what the user gets back. The server answers as WIRE.md part 2
// ("Chat Completions") describes: a `chat.completion` object, or a `chat.completion.chunk` stream ending
// with a usage chunk and `data: [DONE]`; errors in the OpenAI shape (WIRE.md part 3).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGatewayClient } from '../../../src-main/gateway/index.ts';
import type { GatewayClient } from '../../../src-main/gateway/types.ts';
import type { ChatCompletionsRequest } from '../../../src-preload/contract.ts';
import { collect, noSleep } from './helpers.ts';

const API_KEY = 'sk-chat-client-test';

interface Received {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

type Answer = (res: ServerResponse, received: Received) => void;

let server: Server;
let baseUrl: string;
let received: Received[] = [];
let answer: Answer = () => {};

beforeAll(async () => {
  server = createServer((req, res) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (piece: string) => {
      text += piece;
    });
    req.on('end', () => {
      const entry: Received = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: text === '' ? {} : JSON.parse(text),
      };
      received.push(entry);
      answer(res, entry);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  received = [];
});

const client = (): GatewayClient =>
  createGatewayClient({ baseUrl, apiKey: API_KEY, sleep: noSleep, retry: { maxRetries: 0 } });

const request: ChatCompletionsRequest = {
  model: 'deepseek-chat',
  messages: [{ role: 'user', content: 'Say hi' }],
  settings: { instructions: 'Be brief.', temperature: 0.5, maxOutputTokens: 100 },
};

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

const completion = (message: Record<string, unknown>, finishReason = 'stop') => ({
  id: 'chatcmpl-1',
  object: 'chat.completion',
  created: 1_700_000_000,
  model: 'deepseek-chat',
  choices: [{ index: 0, message: { role: 'assistant', ...message }, finish_reason: finishReason }],
  usage: {
    prompt_tokens: 9,
    completion_tokens: 12,
    total_tokens: 21,
    completion_tokens_details: { reasoning_tokens: 5 },
  },
});

describe('Chat Completions on the wire', () => {
  it('posts JSON to /v1/chat/completions with the Bearer key, and reads the whole answer', async () => {
    answer = (res) => json(res, 200, completion({ content: 'Hi there!', reasoning_content: 'A greeting.' }));
    const result = await client().chatCompletions(request);
    const [sent] = received;
    expect(sent).toMatchObject({ method: 'POST', path: '/v1/chat/completions' });
    expect(sent!.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(sent!.headers['x-vendor-api-key']).toBeUndefined();
    expect(sent!.headers['content-type']).toMatch(/^application\/json/);
    expect(sent!.body).toEqual({
      model: 'deepseek-chat',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Say hi' },
      ],
      temperature: 0.5,
      max_completion_tokens: 100,
    });
    expect(result).toMatchObject({
      text: 'Hi there!',
      reasoning: 'A greeting.',
      status: 'stop',
      responseId: 'chatcmpl-1',
      usage: { inputTokens: 9, outputTokens: 12, reasoningTokens: 5, totalTokens: 21 },
    });
  });

  it('reads content given as text parts, and a refusal when there is no content', async () => {
    answer = (res) =>
      json(
        res,
        200,
        completion({
          content: [
            { type: 'text', text: 'Part one, ' },
            { type: 'text', text: 'part two.' },
          ],
        }),
      );
    expect((await client().chatCompletions(request)).text).toBe('Part one, part two.');
    answer = (res) =>
      json(res, 200, completion({ content: null, refusal: "I can't help with that." }, 'content_filter'));
    const refused = await client().chatCompletions(request);
    expect(refused).toMatchObject({ text: "I can't help with that.", status: 'content_filter' });
  });

  it('streams: asks for usage, sends the body with stream flags, and delivers the events in order', async () => {
    answer = (res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
        `data: ${JSON.stringify({ id: 'chatcmpl-2', object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
      res.write(chunk({ role: 'assistant', content: '' }));
      res.write(chunk({ content: 'Hel' }));
      res.write(chunk({ content: 'lo' }));
      res.write(chunk({}, 'length'));
      res.write(
        `data: ${JSON.stringify({ id: 'chatcmpl-2', object: 'chat.completion.chunk', choices: [], usage: { prompt_tokens: 2, completion_tokens: 2, total_tokens: 4 } })}\n\n`,
      );
      res.end('data: [DONE]\n\n');
    };
    const events = await collect(client().streamChatCompletions(request));
    const [sent] = received;
    expect(sent!.path).toBe('/v1/chat/completions');
    expect(sent!.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(sent!.headers.accept).toMatch(/text\/event-stream/);
    expect(sent!.body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
    expect(events).toEqual([
      { type: 'text-delta', text: 'Hel' },
      { type: 'text-delta', text: 'lo' },
      { type: 'usage', usage: { inputTokens: 2, outputTokens: 2, reasoningTokens: null, totalTokens: 4 } },
      { type: 'done', status: 'length', responseId: 'chatcmpl-2' },
    ]);
  });

  it('names the Chat Completions format when the model cannot speak it (500 convert_request_failed)', async () => {
    answer = (res) =>
      json(res, 500, {
        error: {
          message: 'not implemented',
          type: 'new_api_error',
          param: '',
          code: 'convert_request_failed',
        },
      });
    await expect(client().chatCompletions(request)).rejects.toMatchObject({
      code: 'format_unsupported',
      status: 500,
      hint: expect.stringMatching(/Chat Completions format \(\/v1\/chat\/completions\).*Switch to a format/),
    });
    const events = await collect(client().streamChatCompletions(request));
    expect(events).toEqual([
      {
        type: 'error',
        error: expect.objectContaining({
          code: 'format_unsupported',
          hint: expect.stringMatching(/Chat Completions/),
        }),
      },
    ]);
  });

  it('reads an {error} object in a 200 answer as the failure it reports', async () => {
    answer = (res) =>
      json(res, 200, { error: { message: 'Invalid token', type: 'new_api_error', code: 401 } });
    await expect(client().chatCompletions(request)).rejects.toMatchObject({
      code: 'auth_invalid',
      message: 'Invalid token',
    });
  });

  it('sends nothing when the structured-output schema is not JSON, streamed or not', async () => {
    answer = (res) => json(res, 200, completion({ content: 'unused' }));
    const broken: ChatCompletionsRequest = {
      ...request,
      settings: { structuredOutput: { name: 'x', schema: '{nope', strict: true } },
    };
    await expect(client().chatCompletions(broken)).rejects.toMatchObject({ code: 'invalid_input' });
    const events = await collect(client().streamChatCompletions(broken));
    expect(events).toEqual([
      {
        type: 'error',
        error: expect.objectContaining({ code: 'invalid_input', message: expect.stringMatching(/not JSON/) }),
      },
    ]);
    expect(received).toHaveLength(0);
  });
});
