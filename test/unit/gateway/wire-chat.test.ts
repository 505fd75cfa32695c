// Chat endpoints on the wire, against the fake gateway: auth per family, headers, paths and JSON bodies,
// and what comes back.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGatewayClient } from '../../../src-main/gateway/index.ts';
import type { ChatSettings } from '../../../src-preload/contract.ts';
import { collect, fakeGateway, lastRequest, noSleep, type StartedGateway, textOf } from './helpers.ts';

let gateway: StartedGateway;
let client: Awaited<ReturnType<typeof fakeGateway>>['client'];

beforeAll(async () => {
  ({ gateway, client } = await fakeGateway());
});
afterAll(() => gateway.close());
beforeEach(() => gateway.reset());

const settings: ChatSettings = {
  instructions: 'Be brief.',
  temperature: 0.3,
  topP: 0.9,
  maxOutputTokens: 500,
  reasoningEffort: 'high',
  thinkingBudget: 1024,
  stopSequences: ['END'],
};

describe('auth per family', () => {
  it('sends Bearer on /v1 and never the vendor header there', async () => {
    await client().listModelsV1();
    const request = lastRequest(gateway);
    expect(request.path).toBe('/v1/models');
    expect(request.headers.authorization).toBe(`Bearer ${gateway.apiKey}`);
    expect(request.headers['x-vendor-api-key']).toBeUndefined();
  });

  it('sends the vendor header on /v1beta and never Bearer there', async () => {
    await client().listModelsV1beta();
    const request = lastRequest(gateway);
    expect(request.path).toBe('/v1beta/models');
    expect(request.headers['x-vendor-api-key']).toBe(gateway.apiKey);
    expect(request.headers.authorization).toBeUndefined();
  });

  it('uses a custom vendor header name (x-goog-api-key) when the profile says so', async () => {
    const goog = await fakeGateway({ vendorKeyHeader: 'x-goog-api-key' });
    try {
      const result = await goog.client().generateContent({
        model: 'gemini-2.5-flash',
        contents: [{ role: 'user', parts: [{ text: 'hi' }] }],
      });
      expect(result.text).toContain('hi');
      const request = lastRequest(goog.gateway);
      expect(request.headers['x-goog-api-key']).toBe(goog.gateway.apiKey);
      expect(request.headers['x-vendor-api-key']).toBeUndefined();
      expect(request.headers.authorization).toBeUndefined();
    } finally {
      await goog.gateway.close();
    }
  });

  it('sends extra headers on every call, but never lets them replace the key', async () => {
    const extra = client({
      extraHeaders: { 'X-Route': 'eu', Authorization: 'Bearer leaked', 'x-vendor-api-key': 'other' },
    });
    await extra.listModelsV1();
    await extra.listModelsV1beta();
    const [v1, v1beta] = gateway.requests;
    expect(v1!.headers['x-route']).toBe('eu');
    expect(v1!.headers.authorization).toBe(`Bearer ${gateway.apiKey}`);
    expect(v1!.headers['x-vendor-api-key']).toBeUndefined();
    expect(v1beta!.headers['x-route']).toBe('eu');
    expect(v1beta!.headers.authorization).toBeUndefined();
    expect(v1beta!.headers['x-vendor-api-key']).toBe(gateway.apiKey);
  });

  it('tolerates a trailing slash on the base URL', async () => {
    const slashed = createGatewayClient({
      baseUrl: `${gateway.baseUrl}/`,
      apiKey: gateway.apiKey,
      sleep: noSleep,
    });
    await slashed.listModelsV1();
    expect(lastRequest(gateway).path).toBe('/v1/models');
  });

  it('reports a wrong key as auth_invalid with the key hint', async () => {
    const wrong = createGatewayClient({ baseUrl: gateway.baseUrl, apiKey: 'sk-wrong', sleep: noSleep });
    await expect(wrong.listModelsV1()).rejects.toMatchObject({
      code: 'auth_invalid',
      status: 401,
      message: 'Invalid token',
      requestId: expect.any(String),
      hint: expect.stringMatching(/invalid, disabled, expired or out of quota/),
    });
  });
});

describe('/v1/responses', () => {
  it('builds the body from the settings: only what is set, store false, no stop sequences', async () => {
    const result = await client().responses({
      model: 'gpt-5-mini',
      input: 'Say hi',
      settings,
      previousResponseId: 'resp_prev',
    });
    const request = lastRequest(gateway);
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.json).toEqual({
      model: 'gpt-5-mini',
      input: 'Say hi',
      instructions: 'Be brief.',
      temperature: 0.3,
      top_p: 0.9,
      max_output_tokens: 500,
      reasoning: { effort: 'high', summary: 'auto' },
      previous_response_id: 'resp_prev',
      store: false,
    });
    expect(result.text).toContain('You said: “Say hi”');
    expect(result.reasoning).toBeTruthy();
    expect(result.status).toBe('completed');
    expect(result.responseId).toMatch(/^resp_/);
    expect(result.usage?.totalTokens).toBeGreaterThan(0);
  });

  it('sends a minimal body when nothing is set, and keeps store when asked', async () => {
    await client().responses({ model: 'gpt-5-mini', input: [{ role: 'user', content: 'x' }], store: true });
    expect(lastRequest(gateway).json).toEqual({
      model: 'gpt-5-mini',
      input: [{ role: 'user', content: 'x' }],
      store: true,
    });
  });

  it('streams text, reasoning, usage and done, matching the non-streamed answer', async () => {
    gateway.setChatReply({
      text: 'Ünïcödé 👋 streamed text, long enough to need many deltas.',
      reasoning: 'Thinking.',
      chunkSize: 3,
    });
    const events = await collect(client().streamResponses({ model: 'gpt-5-mini', input: 'x', settings }));
    const request = lastRequest(gateway);
    expect(request.json).toMatchObject({ stream: true, store: false });
    expect(request.headers.accept).toBe('text/event-stream');
    expect(textOf(events)).toBe('Ünïcödé 👋 streamed text, long enough to need many deltas.');
    expect(textOf(events, 'reasoning-delta')).toBe('Thinking.');
    expect(events.at(-2)).toMatchObject({ type: 'usage' });
    expect(events.at(-1)).toMatchObject({
      type: 'done',
      status: 'completed',
      responseId: expect.stringMatching(/^resp_/),
    });
  });

  // An `incomplete` answer is reported by what cut it (`incomplete_details.reason`), as a content-generation
  // answer's finish reason is, so that the reply can say why it ended early (playground/reply-ending.ts).
  for (const reason of ['max_output_tokens', 'content_filter'] as const) {
    it(`reports a turn cut short (${reason}) by its reason, streamed or not`, async () => {
      gateway.setChatReply({ text: 'A long answer that will be cut', incomplete: reason });
      const result = await client().responses({ model: 'gpt-5-mini', input: 'x' });
      expect(result.status).toBe(reason);
      const events = await collect(client().streamResponses({ model: 'gpt-5-mini', input: 'x' }));
      expect(events.at(-1)).toMatchObject({ type: 'done', status: reason });
    });
  }

  it('says to switch format when the model cannot speak Responses', async () => {
    await expect(client().responses({ model: 'gemini-2.5-flash', input: 'x' })).rejects.toMatchObject({
      code: 'format_unsupported',
      status: 500,
      hint: expect.stringMatching(/Responses format.*Switch to a format/),
    });
  });

  it('reports an unknown model as model_not_found', async () => {
    await expect(client().responses({ model: 'no-such-model', input: 'x' })).rejects.toMatchObject({
      code: 'model_not_found',
      status: 503,
    });
    // Not retried: no channel will appear by asking again.
    expect(gateway.requests).toHaveLength(1);
  });
});

describe('/v1/responses/compact', () => {
  it('sends the compact body and returns the new history', async () => {
    const result = await client().compact({
      model: 'gpt-5-mini',
      input: [{ role: 'user', content: 'long history' }],
      instructions: 'Keep names.',
      previousResponseId: 'resp_1',
    });
    const request = lastRequest(gateway);
    expect(request.path).toBe('/v1/responses/compact');
    expect(request.json).toEqual({
      model: 'gpt-5-mini',
      input: [{ role: 'user', content: 'long history' }],
      instructions: 'Keep names.',
      previous_response_id: 'resp_1',
    });
    expect(result.output.at(-1)).toMatchObject({ type: 'compaction' });
    expect(result.usage?.inputTokens).toBeGreaterThan(0);
  });

  it('says the channel does not offer compaction, not a crash', async () => {
    await expect(client().compact({ model: 'gpt-4o-mini', input: 'x' })).rejects.toMatchObject({
      code: 'compact_unsupported',
      hint: expect.stringMatching(/this model's channel does not offer compaction/i),
    });
  });
});

describe('/v1beta content generation', () => {
  it('puts the bare, encoded model in the path and maps the settings', async () => {
    const result = await client().generateContent({
      model: 'models/gemini-2.5-flash',
      contents: [{ role: 'user', parts: [{ text: 'Hallo' }] }],
      settings,
    });
    const request = lastRequest(gateway);
    expect(request.path).toBe('/v1beta/models/gemini-2.5-flash:generateContent');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.json).toEqual({
      contents: [{ role: 'user', parts: [{ text: 'Hallo' }] }],
      systemInstruction: { parts: [{ text: 'Be brief.' }] },
      generationConfig: {
        temperature: 0.3,
        topP: 0.9,
        maxOutputTokens: 500,
        stopSequences: ['END'],
        thinkingConfig: { thinkingBudget: 1024, includeThoughts: true },
      },
    });
    expect(result.text).toContain('Hallo');
    expect(result.reasoning).toBeTruthy();
    expect(result.status).toBe('STOP');
    expect(result.usage?.reasoningTokens).toBeGreaterThan(0);
  });

  it('sends no generationConfig when nothing is set', async () => {
    await client().generateContent({
      model: 'gemini-2.5-flash',
      contents: [{ role: 'user', parts: [{ text: 'x' }] }],
    });
    expect(lastRequest(gateway).json).toEqual({ contents: [{ role: 'user', parts: [{ text: 'x' }] }] });
  });

  it('URL-encodes a model name with reserved characters', async () => {
    gateway.setModels([{ id: 'team/model v2', ownedBy: 'x', endpointTypes: ['gemini'] }]);
    await client().generateContent({
      model: 'models/team/model v2',
      contents: [{ role: 'user', parts: [{ text: 'x' }] }],
    });
    expect(lastRequest(gateway).path).toBe('/v1beta/models/team%2Fmodel%20v2:generateContent');
    expect(lastRequest(gateway).status).toBe(200);
  });

  it('streams with alt=sse, thoughts as reasoning, and done at the end', async () => {
    gateway.setChatReply({ text: 'Grüße 🌍 aus dem Stream.', reasoning: 'Hmm.', chunkSize: 2 });
    const events = await collect(
      client().streamGenerateContent({
        model: 'gemini-2.5-flash',
        contents: [{ role: 'user', parts: [{ text: 'x' }] }],
        settings: { thinkingBudget: 200 },
      }),
    );
    const request = lastRequest(gateway);
    expect(request.path).toBe('/v1beta/models/gemini-2.5-flash:streamGenerateContent');
    expect(request.query).toEqual({ alt: 'sse' });
    expect(textOf(events)).toBe('Grüße 🌍 aus dem Stream.');
    expect(textOf(events, 'reasoning-delta')).toBe('Hmm.');
    expect(events.at(-2)).toMatchObject({ type: 'usage' });
    expect(events.at(-1)).toMatchObject({ type: 'done', status: 'STOP' });
  });

  it('reports a blocked prompt clearly, streamed or not', async () => {
    gateway.setChatReply({ text: 'x', incomplete: 'content_filter' });
    const request = {
      model: 'gemini-2.5-flash',
      contents: [{ role: 'user' as const, parts: [{ text: 'x' }] }],
    };
    await expect(client().generateContent(request)).rejects.toMatchObject({
      code: 'bad_request',
      message: expect.stringContaining('blocked'),
      hint: expect.any(String),
    });
    const events = await collect(client().streamGenerateContent(request));
    expect(events).toEqual([{ type: 'error', error: expect.objectContaining({ code: 'bad_request' }) }]);
  });

  it('says to switch format when the model cannot speak content generation', async () => {
    const events = await collect(
      client().streamGenerateContent({
        model: 'gpt-5-mini',
        contents: [{ role: 'user', parts: [{ text: 'x' }] }],
      }),
    );
    expect(events).toEqual([
      {
        type: 'error',
        error: expect.objectContaining({
          code: 'format_unsupported',
          hint: expect.stringMatching(/content-generation format.*Switch to a format/),
        }),
      },
    ]);
  });
});

describe('model listings', () => {
  it('lists both families and merges them', async () => {
    const { mergeCatalogue } = await import('../../../src-main/gateway/index.ts');
    const v1 = await client().listModelsV1();
    const v1beta = await client().listModelsV1beta();
    expect(v1.find((model) => model.id === 'gpt-5-mini')?.families).toEqual(['responses', 'compact', 'chat']);
    expect(v1.find((model) => model.id === 'whisper-1')?.families).toContain('audio');
    expect(v1.find((model) => model.id === 'tts-1')?.families).toContain('speech');
    expect(v1beta.map((model) => model.id)).toEqual(['gemini-2.5-flash', 'gemini-2.5-pro']);
    const merged = mergeCatalogue(v1, v1beta);
    expect(merged.find((model) => model.id === 'gemini-2.5-pro')).toMatchObject({
      listedBy: ['v1', 'v1beta'],
      displayName: 'Gemini 2.5 Pro',
    });
    expect(merged).toHaveLength(v1.length);
  });
});
