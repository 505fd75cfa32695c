import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeGateway } from '../../fake-gateway/server.ts';
import type { FakeGateway } from '../../fake-gateway/types.ts';
import { contentBody, responsesBody, v1, v1beta, v1betaJson, v1Json } from './helpers.ts';

let gw: Required<FakeGateway>;
beforeAll(async () => {
  gw = await startFakeGateway({ eventDelayMs: 0 });
});
beforeEach(() => gw.reset());
afterAll(() => gw.close());

interface ResponseObject {
  id: string;
  object: string;
  status: string;
  model: string;
  output: Array<{
    type: string;
    role?: string;
    content?: Array<{ type: string; text: string }>;
    summary?: Array<{ text: string }>;
  }>;
  usage: { input_tokens: number; output_tokens: number; total_tokens: number };
  incomplete_details: { reason: string } | null;
}

const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string; param: string } }).error;

describe('model listings', () => {
  it('lists the default catalogue in both shapes', async () => {
    const openai = (await (await v1(gw, '/v1/models')).json()) as {
      object: string;
      data: Array<{ id: string; owned_by: string; supported_endpoint_types: string[] }>;
    };
    expect(openai.object).toBe('list');
    expect(openai.data.map((m) => m.id)).toEqual(
      expect.arrayContaining(['gpt-4o-mini', 'gpt-5-mini', 'whisper-1', 'tts-1', 'gemini-2.5-pro']),
    );
    expect(openai.data.find((m) => m.id === 'gpt-5-mini')!.supported_endpoint_types).toContain(
      'openai-response-compact',
    );
    const gemini = (await (await v1beta(gw, '/v1beta/models')).json()) as {
      models: Array<{
        name: string;
        displayName: string;
        supportedGenerationMethods: string[];
        inputTokenLimit: number;
      }>;
    };
    expect(gemini.models.map((m) => m.name)).toEqual(['models/gemini-2.5-flash', 'models/gemini-2.5-pro']);
    expect(gemini.models[0]).toMatchObject({ displayName: 'Gemini 2.5 Flash', inputTokenLimit: 1_048_576 });
    expect(gemini.models[0]!.supportedGenerationMethods).toContain('streamGenerateContent');
  });

  it('can be replaced by the test', async () => {
    gw.setModels([{ id: 'only-one', ownedBy: 'custom', endpointTypes: ['openai-response', 'gemini'] }]);
    const openai = (await (await v1(gw, '/v1/models')).json()) as { data: Array<{ id: string }> };
    expect(openai.data.map((m) => m.id)).toEqual(['only-one']);
    expect((await v1Json(gw, '/v1/responses', responsesBody({ model: 'only-one' }))).status).toBe(200);
    expect((await v1Json(gw, '/v1/responses', responsesBody())).status).toBe(503);
  });
});

describe('/v1/responses (not streamed)', () => {
  it('answers a response object with a message, usage, and the non-ASCII default text', async () => {
    const res = await v1Json(gw, '/v1/responses', responsesBody({ input: 'Bonjour' }));
    expect(res.headers.get('content-type')).toBe('application/json');
    const body = (await res.json()) as ResponseObject;
    expect(body).toMatchObject({ object: 'response', status: 'completed', model: 'gpt-5-mini' });
    expect(body.id).toMatch(/^resp_/);
    expect(body.output).toHaveLength(1);
    const message = body.output[0]!;
    expect(message).toMatchObject({ type: 'message', role: 'assistant' });
    expect(message.content![0]!.type).toBe('output_text');
    expect(message.content![0]!.text).toContain('“Bonjour”');
    expect(message.content![0]!.text).toContain('café — 你好 👋');
    expect(body.usage.total_tokens).toBe(body.usage.input_tokens + body.usage.output_tokens);
    expect(gw.requests[0]!.json).toEqual(responsesBody({ input: 'Bonjour' }));
  });

  it('adds a reasoning item when the request asks for summaries, or always for a reply that has one', async () => {
    const asked = (await (
      await v1Json(gw, '/v1/responses', responsesBody({ reasoning: { effort: 'low', summary: 'auto' } }))
    ).json()) as ResponseObject;
    expect(asked.output.map((o) => o.type)).toEqual(['reasoning', 'message']);
    gw.setChatReply({ text: 'Plain.', reasoning: 'Thinking hard.' });
    const set = (await (await v1Json(gw, '/v1/responses', responsesBody())).json()) as ResponseObject;
    expect(set.output[0]!.summary![0]!.text).toBe('Thinking hard.');
    expect(set.output[1]!.content![0]!.text).toBe('Plain.');
  });

  it('reads item inputs, and reports an incomplete turn', async () => {
    gw.setChatReply({ text: 'abcdefgh', incomplete: 'max_output_tokens' });
    const input = [
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: [{ type: 'input_text', text: 'Hi' }] },
    ];
    const body = (await (
      await v1Json(gw, '/v1/responses', responsesBody({ input }))
    ).json()) as ResponseObject;
    expect(body.status).toBe('incomplete');
    expect(body.incomplete_details).toEqual({ reason: 'max_output_tokens' });
    expect(body.output[0]!.content![0]!.text).toBe('abcd');
  });

  it('refuses a missing model, an unknown model and a model whose channel cannot speak Responses', async () => {
    const missing = await v1Json(gw, '/v1/responses', { input: 'x' });
    expect(missing.status).toBe(400);
    expect(await errorOf(missing)).toMatchObject({ param: 'model', code: 'missing_required_parameter' });
    const unknown = await v1Json(gw, '/v1/responses', responsesBody({ model: 'gpt-9' }));
    expect(unknown.status).toBe(503);
    expect((await errorOf(unknown)).message).toMatch(
      /^No available channel for model gpt-9 .*\(request id: \w+\)$/,
    );
    const gemini = await v1Json(gw, '/v1/responses', responsesBody({ model: 'gemini-2.5-flash' }));
    expect(gemini.status).toBe(500);
    expect(await errorOf(gemini)).toMatchObject({
      code: 'convert_request_failed',
      message: expect.stringMatching(/^not implemented/),
    });
  });

  it('wants JSON with a JSON Content-Type', async () => {
    const plain = await v1(gw, '/v1/responses', { method: 'POST', body: JSON.stringify(responsesBody()) });
    expect(plain.status).toBe(400);
    expect((await errorOf(plain)).code).toBe('invalid_content_type');
    const broken = await v1(gw, '/v1/responses', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"model":',
    });
    expect(broken.status).toBe(400);
    expect((await errorOf(broken)).code).toBe('invalid_json');
  });
});

describe('/v1/responses/compact', () => {
  it('keeps the user messages and adds a compaction item', async () => {
    const input = [
      { role: 'user', content: 'First question' },
      { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'First answer' }] },
      { role: 'user', content: [{ type: 'input_text', text: 'Second question' }] },
    ];
    const res = await v1Json(gw, '/v1/responses/compact', { model: 'gpt-5-mini', input });
    const body = (await res.json()) as {
      object: string;
      output: Array<Record<string, unknown>>;
      usage: unknown;
    };
    expect(body.object).toBe('response.compaction');
    expect(body.output).toHaveLength(3);
    expect(body.output[0]).toMatchObject({
      role: 'user',
      content: [{ type: 'input_text', text: 'First question' }],
    });
    expect(body.output[1]).toMatchObject({
      role: 'user',
      content: [{ type: 'input_text', text: 'Second question' }],
    });
    expect(body.output[2]).toMatchObject({ type: 'compaction', encrypted_content: expect.any(String) });
    expect(body.usage).toBeTruthy();
    // The compacted history goes back as input on the next turn.
    const next = await v1Json(
      gw,
      '/v1/responses',
      responsesBody({ input: [...body.output, { role: 'user', content: 'Third' }] }),
    );
    expect(next.status).toBe(200);
  });

  it('answers 400 for a model whose channel has no compaction', async () => {
    const res = await v1Json(gw, '/v1/responses/compact', { model: 'gpt-4o-mini', input: 'x' });
    expect(res.status).toBe(400);
  });
});

describe('/v1beta generateContent', () => {
  interface Generated {
    candidates?: Array<{
      content: { role: string; parts: Array<{ text: string; thought?: boolean }> };
      finishReason?: string;
    }>;
    usageMetadata: {
      promptTokenCount: number;
      candidatesTokenCount?: number;
      thoughtsTokenCount?: number;
      totalTokenCount: number;
    };
    promptFeedback?: { blockReason: string };
    modelVersion: string;
  }

  it('answers candidates with text, finishReason and usage', async () => {
    const res = await v1betaJson(gw, '/v1beta/models/gemini-2.5-flash:generateContent', contentBody);
    const body = (await res.json()) as Generated;
    expect(body.candidates![0]!.content.role).toBe('model');
    expect(body.candidates![0]!.content.parts).toEqual([{ text: expect.stringContaining('“Hello”') }]);
    expect(body.candidates![0]!.finishReason).toBe('STOP');
    expect(body.usageMetadata.totalTokenCount).toBeGreaterThan(body.usageMetadata.promptTokenCount);
    expect(body.modelVersion).toBe('gemini-2.5-flash');
  });

  it('decodes an encoded model path, and sends thought parts when thoughts are asked for', async () => {
    const res = await v1betaJson(gw, '/v1beta/models/gemini-2.5-pro%3AgenerateContent', {
      ...contentBody,
      generationConfig: { thinkingConfig: { includeThoughts: true } },
    });
    const body = (await res.json()) as Generated;
    const parts = body.candidates![0]!.content.parts;
    expect(parts[0]!.thought).toBe(true);
    expect(parts[1]!.thought).toBeUndefined();
    expect(body.usageMetadata.thoughtsTokenCount).toBeGreaterThan(0);
  });

  it('answers a blocked prompt with promptFeedback and no candidates', async () => {
    gw.setChatReplyFor('content', { text: '', incomplete: 'content_filter' });
    const body = (await (
      await v1betaJson(gw, '/v1beta/models/gemini-2.5-flash:generateContent', contentBody)
    ).json()) as Generated;
    expect(body.candidates).toBeUndefined();
    expect(body.promptFeedback).toEqual({ blockReason: 'SAFETY' });
  });

  it('refuses unknown models, non-Gemini models and empty contents', async () => {
    expect((await v1betaJson(gw, '/v1beta/models/gemini-9:generateContent', contentBody)).status).toBe(503);
    expect((await v1betaJson(gw, '/v1beta/models/gpt-4o-mini:generateContent', contentBody)).status).toBe(
      500,
    );
    expect(
      (await v1betaJson(gw, '/v1beta/models/gemini-2.5-flash:generateContent', { contents: [] })).status,
    ).toBe(400);
    expect((await v1betaJson(gw, '/v1beta/models/gemini-2.5-flash:countTokens', contentBody)).status).toBe(
      404,
    );
  });

  it('streams a JSON array without alt=sse, like Google', async () => {
    const res = await v1betaJson(gw, '/v1beta/models/gemini-2.5-flash:streamGenerateContent', contentBody);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const chunks = (await res.json()) as Generated[];
    expect(chunks.length).toBeGreaterThan(3);
    expect(chunks.at(-1)!.candidates![0]!.finishReason).toBe('STOP');
  });

  it('uses the per-format reply', async () => {
    gw.setChatReplyFor('responses', { text: 'for responses' });
    const content = (await (
      await v1betaJson(gw, '/v1beta/models/gemini-2.5-flash:generateContent', contentBody)
    ).json()) as Generated;
    expect(content.candidates![0]!.content.parts[0]!.text).not.toBe('for responses');
    const responses = (await (await v1Json(gw, '/v1/responses', responsesBody())).json()) as ResponseObject;
    expect(responses.output[0]!.content![0]!.text).toBe('for responses');
  });
});
