// The inspector's record of one answer: status, request id, the events of a stream (first and last ones
// of a very long stream), a whole body cut at its limit, and a fresh record for each retry.
import { describe, expect, it } from 'vitest';
import { createExchangeRecorder } from '../../../src-main/gateway/exchange-log.ts';
import {
  KEY_PLACEHOLDER,
  MAX_LOGGED_BODY,
  MAX_LOGGED_EVENTS,
  type SentRequest,
} from '../../../src-preload/contract.ts';

const sent = (body = '{"model":"m"}'): SentRequest => ({
  method: 'POST',
  url: 'http://gateway.test/v1/responses',
  headers: [
    ['accept', 'text/event-stream'],
    ['authorization', `Bearer ${KEY_PLACEHOLDER}`],
  ],
  body,
});

const sseHeaders = new Headers({ 'content-type': 'text/event-stream', 'x-request-id': 'req-42' });

function clock() {
  let now = 1000;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('exchange recorder', () => {
  it('logs status, request id, content type and each event with its time since the request was sent', () => {
    const time = clock();
    const recorder = createExchangeRecorder({ now: time.now });
    recorder.observer.request?.(sent());
    time.advance(120);
    recorder.observer.response?.(200, sseHeaders);
    time.advance(40);
    recorder.observer.sseMessage?.({ event: 'response.created', data: '{"type":"response.created"}' });
    time.advance(12.5);
    recorder.observer.sseMessage?.({ event: undefined, data: '{"candidates":[]}' });

    expect(recorder.request).toEqual(sent());
    expect(recorder.log()).toEqual({
      status: 200,
      requestId: 'req-42',
      contentType: 'text/event-stream',
      events: [
        { atMs: 160, event: 'response.created', data: '{"type":"response.created"}' },
        { atMs: 172.5, data: '{"candidates":[]}' },
      ],
      omittedEvents: 0,
      body: null,
      bodyTruncated: false,
    });
  });

  it('keeps the first and the last halves of a 25,000-event stream, in order, and counts the rest', () => {
    const recorder = createExchangeRecorder();
    recorder.observer.request?.(sent());
    const total = 25_000;
    for (let i = 0; i < total; i++) recorder.observer.sseMessage?.({ event: 'delta', data: String(i) });

    const log = recorder.log();
    const half = MAX_LOGGED_EVENTS / 2;
    expect(log.events).toHaveLength(MAX_LOGGED_EVENTS);
    expect(log.omittedEvents).toBe(total - MAX_LOGGED_EVENTS);
    const numbers = log.events.map((event) => Number(event.data));
    expect(numbers.slice(0, half)).toEqual(Array.from({ length: half }, (_, i) => i));
    expect(numbers.slice(half)).toEqual(Array.from({ length: half }, (_, i) => total - half + i));
  });

  it('keeps every event of a stream that fits, whatever the ring did not yet wrap', () => {
    const recorder = createExchangeRecorder({ maxEvents: 10 });
    recorder.observer.request?.(sent());
    for (let i = 0; i < 8; i++) recorder.observer.sseMessage?.({ event: undefined, data: String(i) });
    expect(recorder.log().events.map((event) => event.data)).toEqual([
      '0',
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
    ]);
    expect(recorder.log().omittedEvents).toBe(0);
    for (let i = 8; i < 13; i++) recorder.observer.sseMessage?.({ event: undefined, data: String(i) });
    expect(recorder.log().events.map((event) => event.data)).toEqual([
      '0',
      '1',
      '2',
      '3',
      '4',
      '8',
      '9',
      '10',
      '11',
      '12',
    ]);
    expect(recorder.log().omittedEvents).toBe(3);
  });

  it('keeps a whole body, and cuts one over the limit, saying so', () => {
    const recorder = createExchangeRecorder();
    recorder.observer.request?.(sent());
    recorder.observer.body?.('{"object":"response"}');
    expect(recorder.log()).toMatchObject({ body: '{"object":"response"}', bodyTruncated: false });

    const huge = 'x'.repeat(MAX_LOGGED_BODY + 10);
    recorder.observer.body?.(huge);
    const log = recorder.log();
    expect(log.body).toHaveLength(MAX_LOGGED_BODY);
    expect(log.bodyTruncated).toBe(true);
  });

  it('starts afresh on a retry and tells every attempt’s request as it is sent', () => {
    const told: SentRequest[] = [];
    const recorder = createExchangeRecorder({ onRequest: (request) => told.push(request) });
    recorder.observer.request?.(sent('{"attempt":1}'));
    recorder.observer.response?.(503, new Headers({ 'content-type': 'application/json' }));
    recorder.observer.body?.('{"error":{"message":"busy"}}');

    recorder.observer.request?.(sent('{"attempt":2}'));
    recorder.observer.response?.(200, sseHeaders);
    recorder.observer.sseMessage?.({ event: 'response.completed', data: '{}' });

    expect(told.map((request) => request.body)).toEqual(['{"attempt":1}', '{"attempt":2}']);
    expect(recorder.request?.body).toBe('{"attempt":2}');
    expect(recorder.log()).toMatchObject({
      status: 200,
      body: null,
      events: [{ event: 'response.completed' }],
    });
  });

  it('has an empty log when nothing was sent or nothing came back', () => {
    const recorder = createExchangeRecorder();
    expect(recorder.request).toBeNull();
    expect(recorder.log()).toEqual({
      status: null,
      requestId: null,
      contentType: null,
      events: [],
      omittedEvents: 0,
      body: null,
      bodyTruncated: false,
    });
  });
});
