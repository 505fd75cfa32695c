import { describe, expect, it } from 'vitest';
import { GatewayError } from '../../../src-main/gateway/gateway-error.ts';
import type { WireObserver } from '../../../src-main/gateway/types.ts';
import { scrubSecret, shieldObserver, shieldSecret } from '../../../src-main/services/secret-shield.ts';
import type { SentRequest } from '../../../src-preload/contract.ts';
import { stubClient, stubFetch } from '../gateway/helpers.ts';

const KEY = 'sk-shield-secret-123';
/** A key as gateways issue them: long, random, letters and digits. */
const LONG_KEY = 'sk-proj-Q7v2Lm9XcT4rWb8Nz1Kd6Hs3Jf0Pa5Ye';
/** A second secret of the profile: an extra header's value (a Cloudflare Access client secret). */
const HEADER_SECRET = '3f9c1a7e5b2d48f6a0c9e1b7d3f5a2c8e4b6d0f9';

/** Every 8-character piece of `secret` found in `text` (what must never reach the window). */
function piecesOf(secret: string, text: string): string[] {
  const found = new Set<string>();
  for (let i = 0; i + 8 <= secret.length; i++) {
    const piece = secret.slice(i, i + 8);
    if (text.includes(piece)) found.add(piece);
  }
  return [...found];
}

const base64 = (text: string) => Buffer.from(text).toString('base64');
const base64url = (text: string) => Buffer.from(text).toString('base64url');

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

  it('hides a part of the key a gateway echoes: its first 16 characters, or any 8 in a row', () => {
    const message = `Incorrect API key provided: ${LONG_KEY.slice(0, 16)}***. You can find your key at …`;
    const scrubbed = scrubSecret(message, LONG_KEY);
    expect(scrubbed).toBe('Incorrect API key provided: [key hidden]***. You can find your key at …');
    const middle = `id ${LONG_KEY.slice(11, 19)} end`;
    expect(scrubSecret(middle, LONG_KEY)).toBe('id [key hidden] end');
    // A key of lowercase words and dashes (as test gateways hand out) is no less a key.
    const plainKey = 'sk-fake-gateway-studio';
    expect(scrubSecret(`bad key ${plainKey.slice(0, 16)}…`, plainKey)).toBe('bad key [key hidden]…');
  });

  it('hides the key JSON-escaped, even when every character is a \\u escape, and escaped twice', () => {
    const key = 'ab"c\\d-9XyZ7qW2'; // a key with JSON punctuation in it (visible ASCII is allowed)
    const once = JSON.stringify({ echo: key }); // {"echo":"ab\"c\\d-9XyZ7qW2"}
    const unicode = `{"echo":"${[...LONG_KEY].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')}"}`;
    const twice = JSON.stringify({ data: once });
    for (const [text, secret] of [
      [once, key],
      [unicode, LONG_KEY],
      [twice, key],
    ] as const) {
      const scrubbed = scrubSecret(text, secret);
      expect(scrubbed).toContain('[key hidden]');
      expect(JSON.parse(JSON.stringify(scrubbed))).toBe(scrubbed);
      expect(piecesOf(secret, scrubbed)).toEqual([]);
      // Decoding what is left shows no piece of the key either.
      expect(piecesOf(secret, JSON.stringify(JSON.parse(scrubbed)))).toEqual([]);
    }
    expect(JSON.parse(scrubSecret(unicode, LONG_KEY))).toEqual({ echo: '[key hidden]' });
  });

  it('hides the key base64-encoded at every byte alignment, alone or as `Bearer <key>` / `user:<key>`', () => {
    const encoded = [
      base64(LONG_KEY),
      base64(`Bearer ${LONG_KEY}`),
      base64(`user:${LONG_KEY}`),
      base64(`x${LONG_KEY}y`),
      base64url(`{"authorization":"Bearer ${LONG_KEY}"}`),
    ];
    for (const text of encoded) {
      const scrubbed = scrubSecret(`Authorization: Basic ${text}`, LONG_KEY);
      expect(scrubbed).toContain('[key hidden]');
      // What is left decodes to at most a few characters of the key at either edge.
      const left = scrubbed.slice('Authorization: Basic '.length).split('[key hidden]');
      for (const part of left)
        expect(piecesOf(LONG_KEY, Buffer.from(part, 'base64').toString('latin1'))).toEqual([]);
      expect(scrubbed.length).toBeLessThan(text.length);
    }
  });

  it('hides the key percent-encoded, hex-encoded and as HTML character references', () => {
    const key = 'sk+proj/Q7v2=Lm9Xc';
    expect(scrubSecret(`?key=${encodeURIComponent(key)}&x=1`, key)).toBe('?key=[key hidden]&x=1');
    const hex = Buffer.from(LONG_KEY).toString('hex');
    // Hex is caught where it holds a letter a-f; what an all-digit stretch leaves is under 8 characters' worth.
    const dump = scrubSecret(`dump ${hex} end`, LONG_KEY);
    expect(dump).toMatch(/^dump \[key hidden\].* end$/);
    for (const left of dump.slice('dump '.length, -' end'.length).split('[key hidden]'))
      expect(left.length).toBeLessThan(16);
    const entities = [...LONG_KEY].map((c) => `&#${c.charCodeAt(0)};`).join('');
    expect(scrubSecret(`<p>${entities}</p>`, LONG_KEY)).toBe('<p>[key hidden]</p>');
  });

  it('hides every secret of a list: the key and each extra-header value', () => {
    const value = {
      message: `key ${LONG_KEY.slice(0, 12)} and header ${HEADER_SECRET.slice(4, 24)}`,
      headers: [['cf-access-client-secret', HEADER_SECRET]],
    };
    const scrubbed = scrubSecret(value, [LONG_KEY, HEADER_SECRET]);
    expect(scrubbed).toEqual({
      message: 'key [key hidden] and header [key hidden]',
      headers: [['cf-access-client-secret', '[key hidden]']],
    });
  });

  it('leaves ordinary text whole: words and numbers that share fewer than 8 characters, or an ordinary header value', () => {
    const text =
      'The sk-pro plan costs 3f9c1a7 credits. The assistant said: productions use application/json; ' +
      'created 2023-06-01T10:00:00Z, id 0123456789abcdef.';
    // Each secret shares 7 characters in a row with the text at most; the header values are a word, a
    // version string and a date, which must not blot those out of every answer ("assistant", dates).
    expect(scrubSecret(text, [LONG_KEY, HEADER_SECRET, 'production', 'assistants=v2', '2023-06-01'])).toBe(
      text,
    );
    // Such values are hidden where they stand whole.
    expect(scrubSecret('env: production.', ['production'])).toBe('env: [key hidden].');
  });

  it('takes time in proportion to the text, not its square (it runs on every streamed token)', () => {
    const secrets = [LONG_KEY, HEADER_SECRET, ...Array.from({ length: 8 }, (_, i) => `${LONG_KEY}${i}`)];
    // Text that keeps almost matching: pieces of the key 7 characters long, escapes and percent signs.
    const unit = `${LONG_KEY.slice(0, 7)} \\u0041%41&#65; ${HEADER_SECRET.slice(3, 10)} x-x-x-`;
    const timeFor = (size: number) => {
      const text = unit.repeat(Math.ceil(size / unit.length));
      const started = performance.now();
      scrubSecret(text, secrets);
      return performance.now() - started;
    };
    timeFor(100_000); // warm-up
    const small = Math.min(timeFor(250_000), timeFor(250_000));
    const large = Math.min(timeFor(1_000_000), timeFor(1_000_000));
    // Four times the text: about four times the time (a quadratic scan would take sixteen). Only the
    // ratio is checked: absolute times on a shared CI machine say nothing (`npm run bench` measures them).
    expect(large / small).toBeLessThan(8);
  });
});

describe('shieldSecret (the client as main uses it)', () => {
  const echoed = LONG_KEY.slice(0, 16);

  it('hides the first 16 characters of the key echoed in a 401 message and in x-request-id', async () => {
    const { fetch } = stubFetch(
      () =>
        new Response(
          JSON.stringify({
            error: { message: `Incorrect API key provided: ${echoed}****`, type: 'invalid_request_error' },
          }),
          { status: 401, headers: { 'content-type': 'application/json', 'x-request-id': `req_${echoed}` } },
        ),
    );
    const client = shieldSecret(stubClient(fetch, { apiKey: LONG_KEY }), LONG_KEY);
    const seen: unknown[] = [];
    const failure = await client
      .listModelsV1({
        observer: {
          response: (_status, headers) => seen.push([...headers]),
          body: (text) => seen.push(text),
        },
      })
      .catch((error: unknown) => error);
    // The gateway's own error, rebuilt scrubbed as the same type.
    expect(failure).toBeInstanceOf(GatewayError);
    const error = (failure as GatewayError).toAppError();
    expect(error.message).toContain('[key hidden]');
    expect(piecesOf(LONG_KEY, JSON.stringify([error, seen]))).toEqual([]);
    expect(JSON.stringify(seen)).toContain('req_[key hidden]');
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

  it('hides a partial key in a response header and the encoded key in SSE data', () => {
    const { seen, observer } = recorder();
    const shielded = shieldObserver(observer, LONG_KEY);
    shielded.response?.(401, new Headers({ 'x-request-id': `req-${LONG_KEY.slice(0, 16)}` }));
    shielded.sseMessage?.({
      event: undefined,
      data: JSON.stringify({ delta: base64(`Bearer ${LONG_KEY}`) }),
    });
    expect(seen[0]).toEqual({ status: 401, headers: [['x-request-id', 'req-[key hidden]']] });
    expect(JSON.stringify(seen[1])).toContain('[key hidden]');
    expect(piecesOf(LONG_KEY, JSON.stringify(seen))).toEqual([]);
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
