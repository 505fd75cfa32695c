// What the client tells an observer (the inspector's source): each attempt's request as it went out,
// with the key masked, and what came back — raw SSE messages before normalising, or a whole body.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { WireObserver } from '../../../src-main/gateway/types.ts';
import { KEY_PLACEHOLDER, type SentRequest } from '../../../src-preload/contract.ts';
import {
  collect,
  fakeGateway,
  lastRequest,
  type StartedGateway,
  stubClient,
  stubFetch,
  textOf,
  wavBytes,
} from './helpers.ts';

let gateway: StartedGateway;
let client: Awaited<ReturnType<typeof fakeGateway>>['client'];

beforeAll(async () => {
  ({ gateway, client } = await fakeGateway());
});
afterAll(() => gateway.close());
beforeEach(() => gateway.reset());

/** An observer that keeps everything it is told, in order. */
function watcher() {
  const seen: Array<
    | { kind: 'request'; sent: SentRequest }
    | { kind: 'response'; status: number; contentType: string | null }
    | { kind: 'sse'; event: string | undefined; data: string }
    | { kind: 'body'; text: string }
  > = [];
  const observer: WireObserver = {
    request: (sent) => seen.push({ kind: 'request', sent }),
    response: (status, headers) =>
      seen.push({ kind: 'response', status, contentType: headers.get('content-type') }),
    sseMessage: ({ event, data }) => seen.push({ kind: 'sse', event, data }),
    body: (text) => seen.push({ kind: 'body', text }),
  };
  const requests = () => seen.flatMap((item) => (item.kind === 'request' ? [item.sent] : []));
  const messages = () => seen.flatMap((item) => (item.kind === 'sse' ? [item] : []));
  return { observer, seen, requests, messages };
}

describe('the request as sent', () => {
  it('on /v1: method, full URL, headers in order with Bearer masked, and the exact body text', async () => {
    gateway.setChatReply({ text: 'Hello, inspector.' });
    const watch = watcher();
    await collect(
      client({ extraHeaders: { 'X-Team': 'blue' } }).streamResponses(
        { model: 'gpt-5-mini', input: 'Hi', settings: { temperature: 0.5 } },
        { observer: watch.observer },
      ),
    );
    const [sent] = watch.requests();
    const received = lastRequest(gateway);
    expect(watch.requests()).toHaveLength(1);
    expect(sent).toEqual({
      method: 'POST',
      url: `${gateway.baseUrl}/v1/responses`,
      headers: [
        // An extra header's value is a secret like the key (issue 14, item 12).
        ['x-team', '$X_TEAM'],
        ['accept', 'text/event-stream'],
        ['content-type', 'application/json'],
        ['authorization', `Bearer ${KEY_PLACEHOLDER}`],
      ],
      body: JSON.stringify(received.json),
    });
    expect(JSON.parse(sent!.body!)).toMatchObject({ model: 'gpt-5-mini', input: 'Hi', temperature: 0.5 });
    expect(JSON.stringify(sent)).not.toContain(gateway.apiKey);
  });

  it('on /v1beta: the vendor header (whatever its name) carries the placeholder, and no Bearer', async () => {
    const goog = await fakeGateway({ vendorKeyHeader: 'x-goog-api-key' });
    try {
      const watch = watcher();
      await goog
        .client()
        .generateContent(
          { model: 'gemini-2.5-flash', contents: [{ role: 'user', parts: [{ text: 'hi' }] }] },
          { observer: watch.observer },
        );
      const [sent] = watch.requests();
      expect(sent?.url).toBe(`${goog.gateway.baseUrl}/v1beta/models/gemini-2.5-flash:generateContent`);
      expect(sent?.headers).toEqual([
        ['accept', 'application/json'],
        ['content-type', 'application/json'],
        ['x-goog-api-key', KEY_PLACEHOLDER],
      ]);
      expect(JSON.stringify(sent)).not.toContain(goog.gateway.apiKey);
    } finally {
      await goog.gateway.close();
    }
  });

  it('reports the very string fetch sent, and every retry attempt again', async () => {
    const { fetch, calls } = stubFetch((_call, index) =>
      index === 0
        ? new Response('{"error":{"message":"busy"}}', {
            status: 503,
            headers: { 'content-type': 'application/json' },
          })
        : new Response('{"id":"r1","object":"response","status":"completed","output":[]}', {
            status: 200,
            headers: { 'content-type': 'application/json', 'x-request-id': 'req-7' },
          }),
    );
    const watch = watcher();
    await stubClient(fetch).responses({ model: 'm', input: 'x' }, { observer: watch.observer });
    expect(calls).toHaveLength(2);
    expect(watch.requests()).toHaveLength(2);
    expect(watch.requests().map((sent) => sent.body)).toEqual(calls.map((call) => call.init.body));
    expect(watch.seen.map((item) => (item.kind === 'response' ? item.status : item.kind))).toEqual([
      'request',
      503,
      'body',
      'request',
      200,
      'body',
    ]);
  });

  it('an upload is reported without its body', async () => {
    const watch = watcher();
    await client().transcribe(
      { name: 'clip.wav', type: 'audio/wav', bytes: wavBytes(0.5) },
      { model: 'whisper-1' },
      { observer: watch.observer },
    );
    const [sent] = watch.requests();
    expect(sent?.body).toBeNull();
    expect(sent?.headers.find(([name]) => name === 'content-type')?.[1]).toMatch(/^multipart\/form-data/);
    expect(sent?.headers.find(([name]) => name === 'authorization')?.[1]).toBe(`Bearer ${KEY_PLACEHOLDER}`);
  });

  it('a compaction result carries its request', async () => {
    const result = await client().compact({ model: 'gpt-5-mini', input: 'Remember 7.' });
    expect(result.request).toMatchObject({
      method: 'POST',
      url: `${gateway.baseUrl}/v1/responses/compact`,
      body: JSON.stringify(lastRequest(gateway).json),
    });
    expect(JSON.stringify(result.request)).not.toContain(gateway.apiKey);
  });
});

describe('what came back', () => {
  it('a Responses stream: every SSE message as received, before normalising, with its event name', async () => {
    gateway.setChatReply({ text: 'One two three four.', chunkSize: 4 });
    const watch = watcher();
    const events = await collect(
      client().streamResponses({ model: 'gpt-5-mini', input: 'Hi' }, { observer: watch.observer }),
    );
    expect(watch.seen[1]).toEqual({
      kind: 'response',
      status: 200,
      contentType: expect.stringMatching(/event-stream/),
    });
    const messages = watch.messages();
    expect(messages[0]?.event).toBe('response.created');
    expect(messages.at(-1)?.event).toBe('response.completed');
    for (const message of messages) expect(JSON.parse(message.data).type).toBe(message.event);
    const deltas = messages
      .filter((message) => message.event === 'response.output_text.delta')
      .map((message) => JSON.parse(message.data).delta as string);
    expect(deltas.join('')).toBe(textOf(events));
    expect(watch.seen.some((item) => item.kind === 'body')).toBe(false);
  });

  it('a content-generation stream: messages without event names, data as sent', async () => {
    gateway.setChatReply({ text: 'Gemini says hi.' });
    const watch = watcher();
    await collect(
      client().streamGenerateContent(
        { model: 'gemini-2.5-flash', contents: [{ role: 'user', parts: [{ text: 'Hi' }] }] },
        { observer: watch.observer },
      ),
    );
    const messages = watch.messages();
    expect(messages.length).toBeGreaterThan(1);
    expect(messages.every((message) => message.event === undefined)).toBe(true);
    expect(JSON.parse(messages.at(-1)!.data).candidates[0].finishReason).toBeTruthy();
  });

  it('a whole answer: its body text', async () => {
    gateway.setChatReply({ text: 'Whole.' });
    const watch = watcher();
    const result = await client().responses(
      { model: 'gpt-5-mini', input: 'Hi' },
      { observer: watch.observer },
    );
    const body = watch.seen.find((item) => item.kind === 'body');
    expect(body?.kind === 'body' && JSON.parse(body.text)).toEqual(result.raw);
  });

  it('an error answer: its status and body', async () => {
    const watch = watcher();
    await expect(
      client().responses({ model: 'no-such-model', input: 'Hi' }, { observer: watch.observer }),
    ).rejects.toMatchObject({ code: 'model_not_found' });
    const response = watch.seen.find((item) => item.kind === 'response');
    expect(response).toMatchObject({ status: expect.any(Number) });
    expect(response?.kind === 'response' && response.status).toBeGreaterThanOrEqual(400);
    const body = watch.seen.find((item) => item.kind === 'body');
    expect(body?.kind === 'body' && body.text).toContain('no-such-model');
  });
});
