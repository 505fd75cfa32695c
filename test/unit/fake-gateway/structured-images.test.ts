// Structured output and images in the three chat formats: the JSON default reply follows the schema the
// request asked for, and image parts are checked as the providers check them (WIRE.md Part 2).
import Ajv2020 from 'ajv/dist/2020.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeGateway } from '../../fake-gateway/server.ts';
import { sampleFromSchema } from '../../fake-gateway/structured.ts';
import type { FakeGateway } from '../../fake-gateway/types.ts';
import {
  chatBody,
  PNG_BASE64,
  PNG_DATA_URL,
  parseSse,
  responsesBody,
  v1betaJson,
  v1Json,
} from './helpers.ts';

let gw: Required<FakeGateway>;
beforeAll(async () => {
  gw = await startFakeGateway({ eventDelayMs: 0 });
});
beforeEach(() => gw.reset());
afterAll(() => gw.close());

const ajv = new Ajv2020({ strict: false });
// The two formats the schema below uses, checked (Ajv leaves formats to a plugin).
ajv.addFormat('email', /^[^@\s]+@[^@\s]+\.[^@\s]+$/);
ajv.addFormat('uri', (text: string) => URL.canParse(text));

/** A schema like the editor's starting examples: nested objects, enums, arrays, integers, optional fields. */
const recipe = {
  type: 'object',
  properties: {
    note: { type: 'string' },
    title: { type: 'string', minLength: 3 },
    servings: { type: 'integer', minimum: 2, maximum: 12 },
    difficulty: { type: 'string', enum: ['easy', 'medium', 'hard'] },
    vegetarian: { type: 'boolean' },
    rating: { type: 'number', minimum: 0, maximum: 1 },
    ingredients: {
      type: 'array',
      items: {
        type: 'object',
        properties: { name: { type: 'string' }, grams: { type: 'number' } },
        required: ['name', 'grams'],
        additionalProperties: false,
      },
    },
    author: { $ref: '#/$defs/person' },
    source: { anyOf: [{ type: 'string', format: 'uri' }, { type: 'null' }] },
  },
  required: ['title', 'servings', 'difficulty', 'vegetarian', 'rating', 'ingredients', 'author', 'source'],
  additionalProperties: false,
  $defs: {
    person: {
      type: 'object',
      properties: { name: { type: 'string' }, email: { type: 'string', format: 'email' } },
      required: ['name'],
    },
  },
};

const validateRecipe = ajv.compile(recipe);
const validRecipe = (value: unknown) =>
  validateRecipe(value) ? 'valid' : ajv.errorsText(validateRecipe.errors);

describe('the JSON a schema asks for', () => {
  it('follows the schema: required properties first, first enum value, bounds, one array item, $ref, anyOf', () => {
    const value = sampleFromSchema(recipe) as Record<string, unknown>;
    expect(validRecipe(value)).toBe('valid');
    expect(Object.keys(value)).toEqual([...recipe.required, 'note']);
    expect(value.difficulty).toBe('easy');
    expect(value.servings).toBe(2);
    expect(value.ingredients).toHaveLength(1);
    expect(value.author).toEqual({ name: expect.any(String), email: expect.stringContaining('@') });
  });

  it('reads Gemini’s upper-case OpenAPI type names', () => {
    const value = sampleFromSchema({
      type: 'OBJECT',
      properties: { items: { type: 'ARRAY', items: { type: 'STRING' } }, count: { type: 'INTEGER' } },
    });
    expect(value).toEqual({ items: [expect.any(String)], count: expect.any(Number) });
  });

  const ask = {
    responses: async (schema: object, stream = false) => {
      const body = responsesBody({
        stream,
        text: { format: { type: 'json_schema', name: 'recipe', schema, strict: false } },
      });
      const res = await v1Json(gw, '/v1/responses', body);
      expect(res.status).toBe(200);
      if (stream) {
        const events = parseSse(await res.text()).map(
          (e) => JSON.parse(e.data) as { type: string; text?: string },
        );
        return events.find((e) => e.type === 'response.output_text.done')!.text!;
      }
      const json = (await res.json()) as {
        output: Array<{ type: string; content?: Array<{ text: string }> }>;
      };
      return json.output.find((o) => o.type === 'message')!.content![0]!.text;
    },
    chat: async (schema: object, stream = false) => {
      const body = chatBody({
        stream,
        response_format: { type: 'json_schema', json_schema: { name: 'recipe', schema, strict: false } },
      });
      const res = await v1Json(gw, '/v1/chat/completions', body);
      expect(res.status).toBe(200);
      if (stream) {
        return parseSse(await res.text())
          .filter((e) => e.data !== '[DONE]')
          .map(
            (e) =>
              (JSON.parse(e.data) as { choices: Array<{ delta: { content?: string } }> }).choices[0]?.delta,
          )
          .map((delta) => delta?.content ?? '')
          .join('');
      }
      const json = (await res.json()) as { choices: Array<{ message: { content: string } }> };
      return json.choices[0]!.message.content;
    },
    content: async (schema: object, stream = false) => {
      const action = stream ? 'streamGenerateContent?alt=sse' : 'generateContent';
      const res = await v1betaJson(gw, `/v1beta/models/gemini-2.5-flash:${action}`, {
        contents: [{ role: 'user', parts: [{ text: 'A recipe' }] }],
        generationConfig: { responseMimeType: 'application/json', responseJsonSchema: schema },
      });
      expect(res.status).toBe(200);
      type Part = { text?: string; thought?: boolean };
      const bodies = stream
        ? parseSse(await res.text()).map(
            (e) => JSON.parse(e.data) as { candidates: Array<{ content: { parts: Part[] } }> },
          )
        : [(await res.json()) as { candidates: Array<{ content: { parts: Part[] } }> }];
      return bodies
        .flatMap((b) => b.candidates[0]!.content.parts)
        .filter((p) => !p.thought)
        .map((p) => p.text ?? '')
        .join('');
    },
  };

  it.each([
    ['responses', false],
    ['responses', true],
    ['chat', false],
    ['chat', true],
    ['content', false],
    ['content', true],
  ] as const)('%s (streamed: %s) answers JSON that parses and follows the schema', async (format, stream) => {
    const text = await ask[format](recipe, stream);
    expect(validRecipe(JSON.parse(text))).toBe('valid');
    // The request is recorded as sent, so a test can check the schema went out in this format's shape.
    expect(JSON.stringify(gw.requests.at(-1)!.json)).toContain('"minLength":3');
  });

  it('enforces strict mode on OpenAI’s own models, as OpenAI does, and not on other channels', async () => {
    const strictly = (model: string, schema: object, format: 'responses' | 'chat') =>
      format === 'responses'
        ? v1Json(
            gw,
            '/v1/responses',
            responsesBody({
              model,
              text: { format: { type: 'json_schema', name: 'recipe', schema, strict: true } },
            }),
          )
        : v1Json(
            gw,
            '/v1/chat/completions',
            chatBody({
              model,
              response_format: { type: 'json_schema', json_schema: { name: 'recipe', schema, strict: true } },
            }),
          );
    // `note` is optional and `author` (a $ref) allows extra properties: strict mode refuses both.
    const responses = await strictly('gpt-5-mini', recipe, 'responses');
    expect(responses.status).toBe(400);
    expect(((await responses.json()) as { error: unknown }).error).toMatchObject({
      param: 'text.format.schema',
      code: 'invalid_json_schema',
      message: expect.stringMatching(
        /^Invalid schema for response_format 'recipe': In context=\(\), 'required' is required .* Missing 'note'\./,
      ),
    });
    const fixedRoot = { ...recipe, required: [...recipe.required, 'note'] };
    const chat = await strictly('gpt-4o-mini', fixedRoot, 'chat');
    expect(chat.status).toBe(400);
    expect(((await chat.json()) as { error: { param: string; message: string } }).error).toMatchObject({
      param: 'response_format',
      message: expect.stringContaining("In context=('$defs', 'person'), 'additionalProperties'"),
    });
    const compliant = {
      ...fixedRoot,
      $defs: {
        person: { ...recipe.$defs.person, required: ['name', 'email'], additionalProperties: false },
      },
    };
    expect((await strictly('gpt-4o-mini', compliant, 'chat')).status).toBe(200);
    expect((await strictly('gpt-5-mini', compliant, 'responses')).status).toBe(200);
    expect((await strictly('deepseek-chat', recipe, 'chat')).status).toBe(200);
  });

  it('answers the scripted reply rather than the schema’s document', async () => {
    gw.setChatReply({ text: 'not json at all' });
    expect(await ask.chat(recipe)).toBe('not json at all');
  });

  it('refuses a JSON request a provider would refuse', async () => {
    const chat = await v1Json(
      gw,
      '/v1/chat/completions',
      chatBody({
        response_format: { type: 'json_schema', json_schema: { name: 'bad name!', schema: recipe } },
      }),
    );
    expect(chat.status).toBe(400);
    const responses = await v1Json(
      gw,
      '/v1/responses',
      responsesBody({ text: { format: { type: 'json_schema', schema: recipe } } }),
    );
    expect(responses.status).toBe(400);
    expect(((await responses.json()) as { error: { param: string } }).error.param).toBe('text.format.name');
    const content = await v1betaJson(gw, '/v1beta/models/gemini-2.5-flash:generateContent', {
      contents: [{ parts: [{ text: 'x' }] }],
      generationConfig: { responseJsonSchema: recipe },
    });
    expect(content.status).toBe(400);
  });
});

describe('image parts', () => {
  const errorOf = async (res: Response) =>
    ((await res.json()) as { error: { type: string; param: string; code: string; message: string } }).error;

  // Each format's image part, with the URL or data the test gives.
  const send = {
    responses: (url: unknown) =>
      v1Json(
        gw,
        '/v1/responses',
        responsesBody({
          input: [
            {
              role: 'user',
              content: [
                { type: 'input_text', text: 'What is this?' },
                { type: 'input_image', image_url: url },
              ],
            },
          ],
        }),
      ),
    chat: (url: unknown) =>
      v1Json(
        gw,
        '/v1/chat/completions',
        chatBody({
          messages: [
            {
              role: 'user',
              content: [
                { type: 'text', text: 'What is this?' },
                { type: 'image_url', image_url: { url } },
              ],
            },
          ],
        }),
      ),
  };

  it.each(['responses', 'chat'] as const)('%s takes a PNG data URL and an https URL', async (format) => {
    expect((await send[format](PNG_DATA_URL)).status).toBe(200);
    expect((await send[format]('https://example.com/cat.jpg')).status).toBe(200);
    for (const type of ['jpeg', 'webp', 'gif']) {
      expect((await send[format](`data:image/${type};base64,${PNG_BASE64}`)).status).toBe(200);
    }
  });

  it.each([
    ['responses', 'input[0].content[1].image_url'],
    ['chat', 'messages[0].content[1].image_url.url'],
  ] as const)(
    '%s refuses a bad type, bad base64, a plain path and http, naming %s',
    async (format, param) => {
      const bad = [
        `data:image/bmp;base64,${PNG_BASE64}`,
        'data:image/png;base64,not base64!',
        `data:image/png;base64,${PNG_BASE64.slice(1)}`,
        'data:image/png;base64,',
        '/home/someone/cat.png',
        'http://example.com/cat.png',
      ];
      for (const url of bad) {
        const res = await send[format](url);
        expect(res.status, url).toBe(400);
        const error = await errorOf(res);
        expect(error.type).toBe('invalid_request_error');
        expect(error.param).toBe(param);
      }
    },
  );

  it('chat refuses an image outside a user message and an image_url given as a bare string', async () => {
    const inAssistant = await v1Json(
      gw,
      '/v1/chat/completions',
      chatBody({
        messages: [
          { role: 'user', content: 'Hi' },
          { role: 'assistant', content: [{ type: 'image_url', image_url: { url: PNG_DATA_URL } }] },
          { role: 'user', content: 'And?' },
        ],
      }),
    );
    expect(inAssistant.status).toBe(400);
    expect((await errorOf(inAssistant)).message).toContain("only allowed for messages with role 'user'");
    const bare = await v1Json(
      gw,
      '/v1/chat/completions',
      chatBody({
        messages: [{ role: 'user', content: [{ type: 'image_url', image_url: PNG_DATA_URL }] }],
      }),
    );
    expect(bare.status).toBe(400);
    expect((await errorOf(bare)).param).toBe('messages[0].content[0].image_url');
  });

  const generate = (inline: unknown) =>
    v1betaJson(gw, '/v1beta/models/gemini-2.5-flash:generateContent', {
      contents: [{ role: 'user', parts: [{ text: 'What is this?' }, { inlineData: inline }] }],
    });

  it('content generation takes inlineData with an image type and base64 data', async () => {
    expect((await generate({ mimeType: 'image/png', data: PNG_BASE64 })).status).toBe(200);
    expect((await generate({ mimeType: 'image/webp', data: PNG_BASE64 })).status).toBe(200);
    // Protobuf's JSON mapping also takes the URL-safe alphabet without padding.
    const urlSafe = Buffer.from(PNG_BASE64, 'base64').toString('base64url');
    expect((await generate({ mimeType: 'image/png', data: urlSafe })).status).toBe(200);
  });

  it.each([
    [
      'a type it does not take',
      { mimeType: 'image/bmp', data: PNG_BASE64 },
      'contents[0].parts[1].inline_data.mime_type',
    ],
    ['no type', { data: PNG_BASE64 }, 'contents[0].parts[1].inline_data.mime_type'],
    ['bad base64', { mimeType: 'image/png', data: 'not base64!' }, 'contents[0].parts[1].inline_data.data'],
    [
      'a data URL instead of data',
      { mimeType: 'image/png', data: PNG_DATA_URL },
      'contents[0].parts[1].inline_data.data',
    ],
    ['no data', { mimeType: 'image/png' }, 'contents[0].parts[1].inline_data.data'],
  ])(
    'content generation refuses inlineData with %s (400, OpenAI shape as new-api answers)',
    async (_name, inline, param) => {
      const res = await generate(inline);
      expect(res.status).toBe(400);
      const error = await errorOf(res);
      expect(error.type).toBe('invalid_request_error');
      expect(error.param).toBe(param);
    },
  );
});
