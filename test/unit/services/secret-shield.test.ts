import { describe, expect, it } from 'vitest';
import type { WireObserver } from '../../../src-main/gateway/types.ts';
import { scrubSecret, shieldObserver } from '../../../src-main/services/secret-shield.ts';
import type { SentRequest } from '../../../src-preload/contract.ts';

const KEY = 'sk-shield-secret-123';

describe('scrubSecret', () => {
  it('replaces the key wherever it sits in nested strings', () => {
    const value = { error: { message: `bad key ${KEY}`, list: ['a', `Bearer ${KEY}`] }, n: 3 };
    expect(scrubSecret(value, KEY)).toEqual({
      error: { message: 'bad key [key hidden]', list: ['a', 'Bearer [key hidden]'] },
      n: 3,
    });
    expect(value.error.message).toContain(KEY); // the input is not mutated
  });

  it('returns the very same object when there is nothing to hide (no copy per streamed token)', () => {
    const event = { type: 'text-delta', text: 'hello' };
    expect(scrubSecret(event, KEY)).toBe(event);
    const nested = { data: { output: [{ text: 'fine' }] } };
    expect(scrubSecret(nested, KEY)).toBe(nested);
  });

  it('leaves too-short "keys" alone rather than blotting out ordinary words', () => {
    expect(scrubSecret('the cat', 'cat')).toBe('the cat');
  });
});

describe('shieldObserver', () => {
  function recorder() {
    const seen: unknown[] = [];
    const observer: WireObserver = {
      request: (sent) => seen.push(sent),
      response: (status, headers) => seen.push({ status, headers: [...headers] }),
      sseMessage: (message) => seen.push(message),
      body: (text) => seen.push(text),
    };
    return { seen, observer };
  }

  it('blots the key out of everything an observer is told: request, headers, SSE data and bodies', () => {
    const { seen, observer } = recorder();
    const shielded = shieldObserver(observer, KEY);
    const sent: SentRequest = {
      method: 'POST',
      url: 'http://gateway.test/v1/responses',
      headers: [['authorization', 'Bearer $GATEWAY_API_KEY']],
      body: `{"input":"my key is ${KEY}"}`,
    };
    shielded.request?.(sent);
    shielded.response?.(200, new Headers({ 'x-echo': `Bearer ${KEY}`, 'content-type': 'text/event-stream' }));
    shielded.sseMessage?.({ event: 'response.output_text.delta', data: `{"delta":"${KEY}"}` });
    shielded.body?.(`{"text":"${KEY}"}`);
    expect(JSON.stringify(seen)).not.toContain(KEY);
    expect(seen).toEqual([
      { ...sent, body: '{"input":"my key is [key hidden]"}' },
      {
        status: 200,
        headers: [
          ['content-type', 'text/event-stream'],
          ['x-echo', 'Bearer [key hidden]'],
        ],
      },
      { event: 'response.output_text.delta', data: '{"delta":"[key hidden]"}' },
      '{"text":"[key hidden]"}',
    ]);
  });

  it('passes what holds no key on untouched, and only the callbacks the observer has', () => {
    const { seen, observer } = recorder();
    const message = { event: undefined, data: '{"delta":"hi"}' };
    const headers = new Headers({ 'content-type': 'application/json' });
    const shielded = shieldObserver({ ...observer, body: undefined }, KEY);
    shielded.sseMessage?.(message);
    expect(seen[0]).toBe(message);
    let told: Headers | undefined;
    shieldObserver({ response: (_status, h) => (told = h) }, KEY).response?.(200, headers);
    expect(told).toBe(headers);
    expect(shielded.body).toBeUndefined();
  });
});
