// Chat sends through the real IPC layer. Structured output: a schema that cannot be used is refused before
// anything is sent, in all three chat formats, and a usable one goes out in each format's shape;
// `chat.checkStructured` checks a schema and a reply. Images: the gateway gets each image's bytes, the
// inspector's copy of the request does not. The gateway is a small HTTP server on 127.0.0.1 that records what reaches it
// and answers every chat call with a short SSE stream of its format (WIRE.md part 2).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ATTACHMENT_REF_PREFIX,
  type StreamBatch,
  type StreamEvent,
  type StructuredOutput,
} from '../../../src-preload/contract.ts';
import { pngImage } from '../../support/test-images.ts';
import { createTestLayer, type TestLayer } from '../../support/test-layer.ts';

interface Received {
  path: string;
  body: Record<string, unknown>;
}

let server: Server;
let baseUrl: string;
let received: Received[] = [];

/** The smallest complete stream of each format, for the path asked. */
function streamFor(path: string): string {
  const data = (value: unknown) => `data: ${JSON.stringify(value)}\n\n`;
  if (path.startsWith('/v1/chat/completions')) {
    const chunk = {
      id: 'c1',
      object: 'chat.completion.chunk',
      choices: [{ index: 0, delta: { content: '{}' }, finish_reason: 'stop' }],
    };
    return `${data(chunk)}data: [DONE]\n\n`;
  }
  if (path.startsWith('/v1/responses'))
    return `event: response.completed\n${data({ type: 'response.completed', response: { id: 'r1', status: 'completed', output: [] } })}`;
  return data({ candidates: [{ content: { parts: [{ text: '{}' }] }, finishReason: 'STOP' }] });
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (piece: string) => {
      text += piece;
    });
    req.on('end', () => {
      const path = req.url ?? '';
      received.push({ path, body: text === '' ? {} : JSON.parse(text) });
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(streamFor(path));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

let t: TestLayer;
beforeEach(async () => {
  t = createTestLayer();
  await t.ok('profiles.create', { name: 'Local', baseUrl, apiKey: 'sk-structured-test' });
  received = [];
});
afterEach(() => t.close());

const PERSON = JSON.stringify({
  type: 'object',
  properties: { name: { type: 'string' } },
  required: ['name'],
});

const structured = (schema: string): StructuredOutput => ({ name: 'person', schema, strict: true });

/** Starts the call of one format with these settings; the result as the renderer gets it. */
function send(format: 'responses' | 'chat' | 'content', schema: string) {
  const settings = { structuredOutput: structured(schema) };
  if (format === 'responses')
    return t.call('chat.responses', { request: { model: 'm', input: 'hi', settings }, stream: true });
  if (format === 'chat')
    return t.call('chat.completions', {
      request: { model: 'm', messages: [{ role: 'user', content: 'hi' }], settings },
      stream: true,
    });
  return t.call('chat.generateContent', {
    request: { model: 'm', contents: [{ role: 'user', parts: [{ text: 'hi' }] }], settings },
    stream: true,
  });
}

async function finished(streamId: string): Promise<StreamEvent[]> {
  const batches = () =>
    t.events
      .filter((e) => e.event === 'stream.batch' && (e.payload as StreamBatch).streamId === streamId)
      .map((e) => e.payload as StreamBatch);
  await expect.poll(() => batches().some((b) => b.final), { timeout: 10_000 }).toBe(true);
  return batches().flatMap((b) => b.events);
}

const FORMATS = ['responses', 'chat', 'content'] as const;

describe('a schema that cannot be used', () => {
  it.each(FORMATS)('is refused on %s with the validator’s message, and nothing is sent', async (format) => {
    const notJson = await send(format, '{"type": "object"');
    expect(notJson).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: expect.stringMatching(/^The schema is not JSON: /) },
    });
    const notSchema = await send(format, JSON.stringify({ type: 'object', required: 'name' }));
    expect(notSchema).toEqual({
      ok: false,
      error: {
        code: 'invalid_input',
        message: 'The schema is not valid JSON Schema: data/required must be array',
        hint: expect.any(String),
      },
    });
    // No stream was started, and the gateway saw nothing.
    expect(t.events.filter((e) => e.event === 'stream.batch')).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(received).toEqual([]);
  });
});

describe('a usable schema', () => {
  it.each([
    [
      'responses',
      '/v1/responses',
      (body: Record<string, unknown>) => (body.text as { format: unknown }).format,
    ],
    [
      'chat',
      '/v1/chat/completions',
      (body: Record<string, unknown>) => (body.response_format as { json_schema: unknown }).json_schema,
    ],
    [
      'content',
      '/v1beta/models/m:streamGenerateContent?alt=sse',
      (body: Record<string, unknown>) =>
        (body.generationConfig as { responseJsonSchema: unknown }).responseJsonSchema,
    ],
  ] as const)('goes out on %s in its shape', async (format, path, schemaIn) => {
    const result = await send(format, PERSON);
    if (!result.ok) throw new Error(result.error.message);
    const events = await finished(result.data.streamId);
    expect(events.at(-1)).toMatchObject({ type: 'done' });
    expect(received).toHaveLength(1);
    expect(received[0]!.path).toBe(path);
    const sent = schemaIn(received[0]!.body);
    const schema = JSON.parse(PERSON);
    expect(format === 'content' ? sent : (sent as { schema: unknown }).schema).toEqual(schema);
  });
});

describe('chat.checkStructured', () => {
  it('checks a reply against the schema', async () => {
    expect(await t.ok('chat.checkStructured', { schema: PERSON, text: '{"name": "Ada"}' })).toEqual({
      verdict: { parsed: true, valid: true, errors: [] },
    });
    expect(await t.ok('chat.checkStructured', { schema: PERSON, text: '{"age": 3}' })).toEqual({
      verdict: { parsed: true, valid: false, errors: ["(root) must have required property 'name'"] },
    });
  });

  it('checks the schema alone when there is no reply', async () => {
    expect(await t.ok('chat.checkStructured', { schema: PERSON })).toEqual({ verdict: null });
    const refused = await t.call('chat.checkStructured', { schema: '{"type": 5}' });
    expect(refused).toMatchObject({
      ok: false,
      error: {
        code: 'invalid_input',
        message: expect.stringMatching(/^The schema is not valid JSON Schema: /),
      },
    });
  });
});

describe('an image in a send', () => {
  it('reaches the gateway whole, while the inspector’s copy of the request leaves its bytes out', async () => {
    const bytes = pngImage(256, 256, [10, 20, 30], [200, 100, 50]);
    const base64 = Buffer.from(bytes).toString('base64');
    const added = await t.ok('chat.pasteImage', { name: 'shot.png', mimeType: 'image/png', data: bytes });
    const image = added.images[0]!;
    const started = await t.ok('chat.completions', {
      request: {
        model: 'm',
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'What is this?' },
              { type: 'image_url', image_url: { url: `${ATTACHMENT_REF_PREFIX}${image.id}` } },
            ],
          },
        ],
      },
      stream: true,
      keepDetailAs: { id: 'conv-image', messageId: 'a-image' },
    });
    const events = await finished(started.streamId);
    expect(events.some((event) => event.type === 'detail-kept')).toBe(true);
    const sent = received[0]!.body as {
      messages: Array<{ content: Array<{ image_url?: { url: string } }> }>;
    };
    expect(sent.messages[0]!.content[1]!.image_url!.url).toBe(`data:image/png;base64,${base64}`);
    // The inspector's copy, as main kept it: what the inspector opens.
    const { detail } = await t.ok('conversations.detail', { id: 'conv-image', messageId: 'a-image' });
    const body = detail?.request?.body ?? '';
    expect(body).toContain('What is this?');
    expect(body).toMatch(/data:image\/png;base64,<\d+ KB image, not kept in the inspector>/);
    expect(body).not.toContain(base64.slice(0, 200));
  });
});
