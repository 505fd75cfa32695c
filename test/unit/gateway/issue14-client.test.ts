// Issue 14 (client side): compaction errors classified by what the gateway said, 200 answers carrying an
// error on the audio endpoints, paged /v1beta/models, Google's RetryInfo wait, and local errors while
// building a request. Each against the fake gateway, as a real gateway would answer.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  failureFromHttp,
  retryDelayFromDetails,
  trailingErrorObject,
} from '../../../src-main/gateway/errors.ts';
import { faults } from '../../fake-gateway/server.ts';
import type { FakeModel } from '../../fake-gateway/types.ts';
import { fakeGateway, type StartedGateway, stubClient, stubFetch, wavBytes } from './helpers.ts';

let gateway: StartedGateway;
let client: Awaited<ReturnType<typeof fakeGateway>>['client'];

beforeAll(async () => {
  ({ gateway, client } = await fakeGateway());
});
afterAll(() => gateway.close());
beforeEach(() => gateway.reset());

function failureOf(promise: Promise<unknown>): Promise<Record<string, unknown>> {
  return promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error as Record<string, unknown>,
  );
}

describe('compact: classified by what the gateway said', () => {
  const compact = (model = 'gpt-5-mini') => client().compact({ model, input: 'hello' });

  it('keeps a price error as a bad request with the gateway message', async () => {
    gateway.inject({ match: { path: '/v1/responses/compact' }, fault: faults.priceNotConfigured });
    const failure = await failureOf(compact());
    expect(failure.code).toBe('bad_request');
    expect(failure.message).toBe(faults.priceNotConfigured.message);
    expect(failure.hint).not.toMatch(/does not offer compaction/i);
  });

  it('keeps a bad request (missing input) as a bad request', async () => {
    const failure = await failureOf(client().compact({ model: 'gpt-5-mini', input: undefined as never }));
    expect(failure.code).toBe('bad_request');
    expect(failure.message).toMatch(/Missing required parameter: 'input'/);
  });

  it('reports a model the gateway does not have as model_not_found', async () => {
    const failure = await failureOf(compact('no-such-model'));
    expect(failure.code).toBe('model_not_found');
    expect(failure.message).toMatch(/No available channel for model no-such-model/);
  });

  it('still says "does not offer compaction" for a real unsupported-endpoint answer', async () => {
    await expect(compact('gpt-4o-mini')).rejects.toMatchObject({ code: 'compact_unsupported' });
    gateway.inject({ match: { path: '/v1/responses/compact' }, fault: faults.compactUnsupported });
    await expect(compact()).rejects.toMatchObject({ code: 'compact_unsupported' });
  });

  it('reads new-api\'s 503 for the "-openai-compact" route as "does not offer compaction"', async () => {
    gateway.inject({ match: { path: '/v1/responses/compact' }, fault: faults.compactNoChannel, times: 5 });
    const failure = await failureOf(compact());
    expect(failure.code).toBe('compact_unsupported');
    expect(gateway.requests).toHaveLength(1);
  });
});

describe('audio: a 200 answer that carries an error', () => {
  const audio = { bytes: wavBytes(0.5), name: 'clip.wav', type: 'audio/wav' };

  it.each(['transcribe', 'translate'] as const)('%s: a bare {error} body is an error', async (mode) => {
    gateway.inject({ fault: { kind: 'error-event', afterEvents: 0, message: 'upstream said no' } });
    const failure = await failureOf(client()[mode](audio, { model: 'whisper-1' }));
    expect(failure.code).not.toBe('internal');
    expect(failure.message).toBe('upstream said no');
    expect(failure.hint).toMatch(/shorter audio file/);
  });

  it.each(['json', 'verbose_json', 'text', 'srt', 'vtt'] as const)(
    'a %s body that ends in an {error} is an error',
    async (responseFormat) => {
      gateway.inject({ fault: { kind: 'error-event', afterEvents: 1, message: 'cut by upstream' } });
      const failure = await failureOf(client().transcribe(audio, { model: 'whisper-1', responseFormat }));
      expect(failure.message).toBe('cut by upstream');
    },
  );

  it('a transcript whose body carries {error: null} is still a transcript', async () => {
    const { fetch } = stubFetch(
      () =>
        new Response(JSON.stringify({ text: 'hello', error: null }), {
          headers: { 'content-type': 'application/json' },
        }),
    );
    const transcript = await stubClient(fetch).transcribe(audio, { model: 'whisper-1' });
    expect(transcript.text).toBe('hello');
  });
});

describe('/v1beta/models: every page', () => {
  const many: FakeModel[] = Array.from({ length: 35 }, (_, i) => ({
    id: `gemini-test-${String(i).padStart(2, '0')}`,
    ownedBy: 'vertex-ai',
    endpointTypes: ['gemini'],
  }));

  it('follows nextPageToken to the last page', async () => {
    gateway.setModels(many);
    gateway.setModelPageSize(10);
    const models = await client().listModelsV1beta();
    expect(models.map((model) => model.id)).toEqual(many.map((model) => model.id));
    const listings = gateway.requests.filter((request) => request.path === '/v1beta/models');
    expect(listings).toHaveLength(4);
    expect(listings[0]!.query.pageToken).toBeUndefined();
    expect(listings[1]!.query.pageToken).toBeTruthy();
  });

  it('stops after a bounded number of pages when the token never ends', async () => {
    let served = 0;
    const { fetch, calls } = stubFetch(() => {
      served += 1;
      const body = { models: [{ name: `models/m-${served}` }], nextPageToken: `t-${served}` };
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    });
    const models = await stubClient(fetch).listModelsV1beta();
    expect(calls).toHaveLength(20);
    expect(models).toHaveLength(20);
  });

  it('stops when a gateway hands back the same token again', async () => {
    const { fetch, calls } = stubFetch(
      () =>
        new Response(JSON.stringify({ models: [{ name: 'models/a' }], nextPageToken: 'same' }), {
          headers: { 'content-type': 'application/json' },
        }),
    );
    const models = await stubClient(fetch).listModelsV1beta();
    expect(calls).toHaveLength(2);
    expect(models.map((model) => model.id)).toEqual(['a']);
  });
});

describe("Google's RetryInfo wait", () => {
  const askContent = {
    model: 'gemini-2.5-flash',
    contents: [{ role: 'user' as const, parts: [{ text: 'hello' }] }],
  };

  it('waits the retryDelay of the body, as it waits a Retry-After', async () => {
    const waits: number[] = [];
    gateway.inject({ fault: { ...faults.geminiRateLimitRetryInfo, retryDelay: '2s' }, times: 2 });
    const result = await client({ sleep: async (ms) => void waits.push(ms) }).generateContent(askContent);
    expect(result.text).not.toBe('');
    expect(waits).toEqual([2000, 2000]);
  });

  it('reads fractional delays', async () => {
    const waits: number[] = [];
    gateway.inject({ fault: { ...faults.geminiRateLimitRetryInfo, retryDelay: '1.5s' } });
    await client({ sleep: async (ms) => void waits.push(ms) }).generateContent(askContent);
    expect(waits).toEqual([1500]);
  });

  it('does not retry a wait longer than the budget, and says how long to wait', async () => {
    gateway.inject({ fault: faults.geminiRateLimitRetryInfo, times: 10 });
    const failure = await failureOf(client().generateContent(askContent));
    expect(failure).toMatchObject({ code: 'rate_limited', retryAfterMs: 34_000 });
    expect(failure.hint).toMatch(/wait about 34 s/);
    expect(gateway.requests).toHaveLength(1);
  });
});

describe('a local error while building the request', () => {
  it('is not retried and not reported as "Could not reach the gateway"', async () => {
    const { fetch, calls } = stubFetch(() => new Response('{}'));
    const withInvisible = stubClient(fetch, { apiKey: 'sk-\u200btest' });
    for (const call of [
      () => withInvisible.responses({ model: 'gpt-5-mini', input: 'hi' }),
      () => withInvisible.listModelsV1beta(),
    ]) {
      const failure = await failureOf(call());
      expect(failure.code).toBe('invalid_input');
      expect(failure.message).not.toMatch(/could not reach/i);
      expect(failure.retryable).toBe(false);
    }
    expect(calls).toHaveLength(0);
  });

  it('surfaces once, as a stream error, on streamed calls', async () => {
    const { fetch, calls } = stubFetch(() => new Response('{}'));
    const events = [];
    for await (const event of stubClient(fetch, { apiKey: 'sk-\u00a0\u200b' }).streamResponses({
      model: 'gpt-5-mini',
      input: 'hi',
    }))
      events.push(event);
    expect(events).toMatchObject([{ type: 'error', error: { code: 'invalid_input' } }]);
    expect(calls).toHaveLength(0);
  });

  it('reports a base URL that is not an address as a local error', async () => {
    const { fetch, calls } = stubFetch(() => new Response('{}'));
    const failure = await failureOf(
      stubClient(fetch, { baseUrl: 'gateway example' }).responses({ model: 'm', input: 'x' }),
    );
    expect(failure.code).toBe('invalid_input');
    expect(calls).toHaveLength(0);
  });
});

describe('the pure parts', () => {
  it('reads RetryInfo delays in every Duration form, and ignores other details', () => {
    const info = (retryDelay: unknown) => [
      { '@type': 'type.googleapis.com/google.rpc.Help', links: [] },
      { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay },
    ];
    expect(retryDelayFromDetails(info('34s'))).toBe(34_000);
    expect(retryDelayFromDetails(info('0.250s'))).toBe(250);
    expect(retryDelayFromDetails(info({ seconds: 3, nanos: 500_000_000 }))).toBe(3500);
    expect(retryDelayFromDetails(info('soon'))).toBeUndefined();
    expect(retryDelayFromDetails([{ retryDelay: '5s' }])).toBeUndefined();
    expect(retryDelayFromDetails(undefined)).toBeUndefined();
  });

  it('classifies compaction errors by what the gateway said', () => {
    const compactFailure = (status: number, message: string, code: string) =>
      failureFromHttp({
        status,
        bodyText: JSON.stringify({ error: { message, type: 'new_api_error', code } }),
        operation: 'compact',
      });
    expect(compactFailure(400, 'unsupported endpoint', '').code).toBe('compact_unsupported');
    expect(
      compactFailure(503, 'No available channel for model x-openai-compact', 'model_not_found').code,
    ).toBe('compact_unsupported');
    expect(compactFailure(503, 'No available channel for model x', 'model_not_found').code).toBe(
      'model_not_found',
    );
    expect(compactFailure(503, 'upstream overloaded', 'do_request_failed').code).toBe('upstream_unavailable');
    expect(
      compactFailure(400, 'model x-openai-compact ratio or price not set', 'model_price_error').code,
    ).toBe('bad_request');
  });

  it('finds only an error object a body ends with', () => {
    expect(trailingErrorObject('{"text":"a"}\n{"error":{"message":"m"}}')).toEqual({
      error: { message: 'm' },
    });
    expect(trailingErrorObject('[{"text":"a"},{"error":"m"}]')).toEqual({ error: 'm' });
    expect(trailingErrorObject('{"text":"a","meta":{"error":{"message":"m"}}}')).toBeUndefined();
    expect(trailingErrorObject('{"error":null}')).toBeUndefined();
    expect(trailingErrorObject('plain text')).toBeUndefined();
  });

  it('treats a 200 Responses answer with a string error as that error, not an empty reply', async () => {
    const { fetch } = stubFetch(
      () =>
        new Response(JSON.stringify({ error: 'quota exceeded for this key' }), {
          headers: { 'content-type': 'application/json' },
        }),
    );
    await expect(stubClient(fetch).responses({ model: 'm', input: 'x' })).rejects.toMatchObject({
      message: 'quota exceeded for this key',
    });
  });
});
