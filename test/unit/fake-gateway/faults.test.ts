import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { faults, startFakeGateway } from '../../fake-gateway/server.ts';
import type { FakeGateway, Fault } from '../../fake-gateway/types.ts';
import {
  contentBody,
  joinText,
  parseSse,
  readChunks,
  responsesBody,
  v1,
  v1betaJson,
  v1Json,
} from './helpers.ts';

let gw: Required<FakeGateway>;
beforeAll(async () => {
  gw = await startFakeGateway({ eventDelayMs: 0 });
});
beforeEach(() => gw.reset());
afterAll(() => gw.close());

const respond = (stream = false) => v1Json(gw, '/v1/responses', responsesBody({ stream }));
const streamContent = () =>
  v1betaJson(gw, '/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse', contentBody);
const typesOf = (text: string) => parseSse(text).map((e) => (JSON.parse(e.data) as { type: string }).type);

describe('status faults', () => {
  it('answers in the OpenAI shape with the request id in the message and a header', async () => {
    gw.inject({
      fault: {
        kind: 'status',
        status: 403,
        shape: 'openai',
        message: 'No quota',
        code: 'insufficient_user_quota',
        requestId: 'R1',
      },
    });
    const res = await respond();
    expect(res.status).toBe(403);
    expect(res.headers.get('x-request-id')).toBe('R1');
    expect(await res.json()).toEqual({
      error: {
        message: 'No quota (request id: R1)',
        type: 'new_api_error',
        param: null,
        code: 'insufficient_user_quota',
      },
    });
  });

  it('answers in the Gemini shape', async () => {
    gw.inject({ fault: faults.geminiResourceExhausted });
    const res = await streamContent();
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual({
      error: {
        code: 429,
        message: 'Resource has been exhausted (e.g. check quota).',
        status: 'RESOURCE_EXHAUSTED',
      },
    });
  });

  it('answers a bare 429 with Retry-After and no body', async () => {
    gw.inject({ fault: faults.rateLimited });
    const res = await respond();
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('1');
    expect(await res.text()).toBe('');
  });

  it('answers an HTML page for the text shape', async () => {
    gw.inject({ fault: faults.badGateway });
    const res = await respond();
    expect(res.status).toBe(502);
    expect(res.headers.get('content-type')).toBe('text/html');
    expect(await res.text()).toContain('<h1>502 Bad Gateway</h1>');
  });

  it('has presets for every status real gateways send', async () => {
    const statuses = new Set<number>();
    const presets: Array<Extract<Fault, { kind: 'status' }>> = Object.values(faults);
    for (const preset of presets) {
      gw.inject({ fault: preset });
      const res = await respond();
      expect(res.status).toBe(preset.status);
      statuses.add(res.status);
      const text = await res.text();
      if (preset.shape !== 'openai') continue;
      const suffix = preset.requestId ? ` (request id: ${preset.requestId})` : '';
      expect(JSON.parse(text).error.message).toBe(`${preset.message}${suffix}`);
      if (preset.requestId) expect(res.headers.get('x-request-id')).toBe(preset.requestId);
    }
    // 524 is Cloudflare's "a timeout occurred" in front of a slow gateway.
    expect([...statuses].sort()).toEqual([400, 401, 403, 413, 429, 500, 502, 503, 504, 524]);
  });
});

describe('rules', () => {
  it('are tried in order, matched by method and path, and used up after `times`', async () => {
    gw.inject({ match: { path: '/v1beta' }, fault: faults.modelNotFound });
    gw.inject({ match: { method: 'POST', path: /^\/v1\/responses$/ }, times: 2, fault: faults.rateLimited });
    gw.inject({ fault: faults.internalError });
    expect((await respond()).status).toBe(429);
    expect((await respond()).status).toBe(429);
    expect((await respond()).status).toBe(500);
    expect((await respond()).status).toBe(200);
    expect((await streamContent()).status).toBe(503);
    expect((await streamContent()).status).toBe(200);
  });

  it('spare requests refused for a bad key, and can be cleared', async () => {
    gw.inject({ fault: faults.internalError });
    expect((await v1(gw, '/v1/models', { headers: { authorization: 'Bearer nope' } })).status).toBe(401);
    gw.clearFaults();
    expect((await respond()).status).toBe(200);
  });
});

describe('broken bodies and streams', () => {
  it('malformed-json: a 200 whose body does not parse, and a stream whose first event does not', async () => {
    gw.inject({ fault: { kind: 'malformed-json' }, times: 2 });
    const res = await respond();
    expect(res.status).toBe(200);
    await expect(res.json()).rejects.toThrow();
    const first = parseSse(await (await respond(true)).text())[0]!;
    expect(() => JSON.parse(first.data)).toThrow();
  });

  it('cut-stream: the connection drops after N events, without a terminal event', async () => {
    gw.inject({ fault: { kind: 'cut-stream', afterEvents: 3 } });
    const { chunks, error } = await readChunks(await respond(true));
    expect(error).toBeTruthy();
    expect(typesOf(joinText(chunks))).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
    ]);
  });

  it('cut-stream on a non-streamed reply drops it halfway', async () => {
    gw.inject({ fault: { kind: 'cut-stream', afterEvents: 0 } });
    await expect((await respond()).text()).rejects.toThrow();
  });

  it('error-event: an `error` event, or `response.failed`, mid-stream on Responses', async () => {
    gw.inject({ fault: { kind: 'error-event', afterEvents: 4, message: 'boom' } });
    const events = parseSse(await (await respond(true)).text());
    expect(events).toHaveLength(5);
    expect(events[4]!.event).toBe('error');
    expect(JSON.parse(events[4]!.data)).toMatchObject({ type: 'error', message: 'boom', sequence_number: 4 });

    gw.inject({ fault: { kind: 'error-event', afterEvents: 2, event: 'response.failed' } });
    const failed = parseSse(await (await respond(true)).text()).map((e) => JSON.parse(e.data));
    expect(failed.at(-1)).toMatchObject({
      type: 'response.failed',
      response: { status: 'failed', error: { code: 'server_error' } },
    });
  });

  it('error-event: a data: {"error":…} object on content generation', async () => {
    gw.inject({ fault: { kind: 'error-event', afterEvents: 2, message: 'quota' } });
    const events = parseSse(await (await streamContent()).text());
    expect(events).toHaveLength(3);
    expect(JSON.parse(events[2]!.data)).toEqual({
      error: { code: 500, message: 'quota', status: 'INTERNAL' },
    });
  });

  it('stall-headers: nothing for a while, then the normal answer', async () => {
    gw.inject({ fault: { kind: 'stall-headers', ms: 150 } });
    const started = performance.now();
    const res = await respond();
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    expect(res.status).toBe(200);
  });

  it('stall-stream: silence after N events, then the rest', async () => {
    gw.inject({ fault: { kind: 'stall-stream', afterEvents: 2, ms: 150 } });
    const started = performance.now();
    const res = await respond(true);
    const reader = res.body!.getReader();
    let text = '';
    const arrivals: number[] = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += Buffer.from(value).toString();
      while (arrivals.length < parseSse(text).length) arrivals.push(performance.now() - started);
    }
    // The third event cannot arrive before the stall is over; the stream then runs to its end.
    expect(arrivals[2]).toBeGreaterThanOrEqual(145);
    expect(parseSse(text).at(-1)!.event).toBe('response.completed');
  });

  it('oversize-event: one event whose data is as long as asked', async () => {
    gw.inject({ fault: { kind: 'oversize-event', bytes: 300_000 } });
    const events = parseSse(await (await respond(true)).text());
    expect(events[0]!.data.length).toBe(300_000);
    expect(JSON.parse(events[0]!.data).type).toBe('response.created');
    expect(events.at(-1)!.event).toBe('response.completed');
  });

  it('trickle: the reply in tiny pieces that split multi-byte characters', async () => {
    gw.setChatReply({ text: 'café — 你好 👋' });
    gw.inject({ fault: { kind: 'trickle', bytesPerChunk: 1, delayMs: 1 } });
    const { chunks } = await readChunks(await respond());
    const body = JSON.parse(joinText(chunks));
    expect(body.output[0].content[0].text).toBe('café — 你好 👋');
    expect(chunks.length).toBeGreaterThan(50);
    const strict = new TextDecoder('utf-8', { fatal: true });
    const splitInside = chunks.filter((c) => {
      try {
        strict.decode(c);
        return false;
      } catch {
        return true;
      }
    });
    expect(splitInside.length).toBeGreaterThan(0);
  });

  it('reset: the connection is destroyed without an answer', async () => {
    gw.inject({ fault: { kind: 'reset' } });
    await expect(respond()).rejects.toThrow();
    expect(gw.requests).toHaveLength(1);
    expect(gw.requests[0]!.closedByClient).toBeUndefined();
    expect((await respond()).status).toBe(200);
  });

  it('cut-stream on speech audio drops the connection mid-file', async () => {
    gw.inject({ fault: { kind: 'cut-stream', afterEvents: 1 } });
    const res = await v1Json(gw, '/v1/audio/speech', {
      model: 'tts-1',
      voice: 'alloy',
      input: 'long '.repeat(200),
      response_format: 'wav',
    });
    const { chunks, error } = await readChunks(res);
    expect(error).toBeTruthy();
    expect(Buffer.concat(chunks).length).toBe(32 * 1024);
  });
});
