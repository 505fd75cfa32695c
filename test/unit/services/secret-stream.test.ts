// A hostile gateway that splits the key across stream deltas: the window joins the deltas into one text,
// so the shield must hold back enough of each delta to see the key whole. Through the real client, with
// the gateway's bytes as the Responses and content-generation streams carry them (WIRE.md: Responses SSE
// `event: <type>` + `data: {"type": …, "delta": …}`; `:streamGenerateContent?alt=sse` partial responses).
import { describe, expect, it } from 'vitest';
import type { GatewayClient } from '../../../src-main/gateway/types.ts';
import { compileSecrets } from '../../../src-main/services/secret-matcher.ts';
import { HeldText } from '../../../src-main/services/secret-scrub.ts';
import { shieldSecret } from '../../../src-main/services/secret-shield.ts';
import type { StreamEvent } from '../../../src-preload/contract.ts';
import { collect, encoder, sseResponse, stubClient, stubFetch } from '../gateway/helpers.ts';

const KEY = 'sk-proj-Q7v2Lm9XcT4rWb8Nz1Kd6Hs3Jf0Pa5Ye';
const HEADER_SECRET = '3f9c1a7e5b2d48f6a0c9e1b7d3f5a2c8e4b6d0f9';

/** Every 8-character piece of `secret` in `text`. */
function piecesOf(secret: string, text: string): string[] {
  const found: string[] = [];
  for (let i = 0; i + 8 <= secret.length; i++)
    if (text.includes(secret.slice(i, i + 8))) found.push(secret.slice(i, i + 8));
  return found;
}

/** What the window shows: the deltas of each kind joined, as the renderer's stream store joins them. */
function shown(events: StreamEvent[], kind: 'text-delta' | 'reasoning-delta' = 'text-delta'): string {
  return events.flatMap((event) => (event.type === kind ? [event.text] : [])).join('');
}

function responsesSse(
  deltas: Array<{ kind?: 'text' | 'reasoning'; text: string }>,
  end = 'completed',
): string {
  const events = deltas.map(({ kind = 'text', text }) => {
    const type = kind === 'text' ? 'response.output_text.delta' : 'response.reasoning_summary_text.delta';
    const index =
      kind === 'text' ? { output_index: 1, content_index: 0 } : { output_index: 0, summary_index: 0 };
    return `event: ${type}\ndata: ${JSON.stringify({ type, ...index, delta: text })}\n\n`;
  });
  const last =
    end === 'completed'
      ? `event: response.completed\ndata: ${JSON.stringify({ type: 'response.completed', response: { id: 'resp_1', status: 'completed' } })}\n\n`
      : `event: error\ndata: ${JSON.stringify({ type: 'error', error: { message: 'The server had an error', type: 'server_error' } })}\n\n`;
  return events.join('') + last;
}

function contentSse(texts: string[]): string {
  const parts = texts.map(
    (text, i) =>
      `data: ${JSON.stringify({
        candidates: [
          {
            content: { role: 'model', parts: [{ text }] },
            ...(i === texts.length - 1 ? { finishReason: 'STOP' } : {}),
          },
        ],
      })}\r\n\r\n`,
  );
  return parts.join('');
}

function shieldedClient(body: string): GatewayClient {
  // Each SSE event arrives in its own network chunk, as a gateway flushing per token sends it.
  const chunks = body.split(/(?<=\n\n)/).map((chunk) => encoder.encode(chunk));
  const { fetch } = stubFetch(() => sseResponse(chunks));
  return shieldSecret(stubClient(fetch, { apiKey: KEY }), [KEY, HEADER_SECRET]);
}

const streamResponses = (body: string) =>
  collect(shieldedClient(body).streamResponses({ model: 'gpt-5-mini', input: 'hi' }));

describe('a secret split across stream deltas', () => {
  it('is hidden when split across two deltas, and the rest of the text arrives whole and in order', async () => {
    const events = await streamResponses(
      responsesSse([{ text: `Your key is ${KEY.slice(0, 5)}` }, { text: `${KEY.slice(5)}, keep it safe.` }]),
    );
    expect(shown(events)).toBe('Your key is [key hidden], keep it safe.');
    expect(events.at(-1)).toEqual({ type: 'done', status: 'completed', responseId: 'resp_1' });
  });

  it('is hidden when split across three deltas (and each delta alone holds fewer than 8 characters of it)', async () => {
    const pieces = [KEY.slice(0, 7), KEY.slice(7, 12), KEY.slice(12, 19)];
    const events = await streamResponses(
      responsesSse([
        { text: 'A: ' },
        { text: pieces[0]! },
        { text: pieces[1]! },
        { text: `${pieces[2]!} B` },
        { text: ' and the end.' },
      ]),
    );
    expect(shown(events)).toBe('A: [key hidden] B and the end.');
    // No event, nor all of them joined, holds 8 characters of the key.
    expect(piecesOf(KEY, JSON.stringify(events))).toEqual([]);
  });

  it('is hidden in the reasoning as in the text, each joined on its own, with another secret of the profile', async () => {
    const events = await streamResponses(
      responsesSse([
        { kind: 'reasoning', text: `The header is ${HEADER_SECRET.slice(0, 6)}` },
        { kind: 'reasoning', text: `${HEADER_SECRET.slice(6, 20)}. Done thinking.` },
        { text: 'Answer: ' },
        { text: `${KEY.slice(0, 3)}` },
        { text: `${KEY.slice(3, 10)}!` },
      ]),
    );
    expect(shown(events, 'reasoning-delta')).toBe('The header is [key hidden]. Done thinking.');
    expect(shown(events)).toBe('Answer: [key hidden]!');
    // Everything held is out before the terminal event.
    expect(events.at(-1)?.type).toBe('done');
  });

  it('gives out the held tail of the text before an error ends the stream, so nothing is lost', async () => {
    const events = await streamResponses(
      responsesSse([{ text: 'Partial answer that ends ' }, { text: `with ${KEY.slice(0, 4)}` }], 'error'),
    );
    expect(shown(events)).toBe(`Partial answer that ends with ${KEY.slice(0, 4)}`);
    expect(events.at(-1)?.type).toBe('error');
  });

  it('leaves ordinary text exactly as it came, whatever the deltas', async () => {
    const text =
      'Plain text, with sk- and 3f9c1a7 and a % sign & an ampersand \\ and a backslash, ends here.';
    const deltas = text.match(/.{1,3}/gs)!.map((piece) => ({ text: piece }));
    const events = await streamResponses(responsesSse(deltas));
    expect(shown(events)).toBe(text);
  });

  it('is hidden when split across the partial responses of a content-generation stream', async () => {
    const client = shieldedClient(
      contentSse(['Echo: ', KEY.slice(0, 6), KEY.slice(6, 13), `${KEY.slice(13)} end`]),
    );
    const events = await collect(
      client.streamGenerateContent({
        model: 'gemini-2.5-flash',
        contents: [{ role: 'user', parts: [{ text: 'hi' }] }],
      }),
    );
    expect(shown(events)).toBe('Echo: [key hidden] end');
    expect(events.at(-1)).toMatchObject({ type: 'done', status: 'STOP' });
  });

  it('is hidden when the deltas spell it with JSON escapes', async () => {
    const escaped = [...KEY.slice(0, 12)]
      .map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
      .join('');
    const events = await streamResponses(
      responsesSse([{ text: `x ${escaped.slice(0, 20)}` }, { text: `${escaped.slice(20)} y` }]),
    );
    expect(shown(events)).toBe('x [key hidden] y');
  });

  it('is hidden in the inspector’s raw events too, which side by side would spell it', async () => {
    const pieces = [KEY.slice(0, 3), KEY.slice(3, 9), KEY.slice(9, 14), KEY.slice(14, 20), KEY.slice(20)];
    const raw: string[] = [];
    const client = shieldedClient(
      responsesSse([{ text: 'Key: ' }, ...pieces.map((text) => ({ text })), { text: ' end' }]),
    );
    await collect(
      client.streamResponses(
        { model: 'gpt-5-mini', input: 'hi' },
        { observer: { sseMessage: (message) => raw.push(message.data) } },
      ),
    );
    const deltas = raw
      .map((data) => JSON.parse(data) as { delta?: string })
      .flatMap((event) => event.delta ?? []);
    expect(deltas).toHaveLength(pieces.length + 2); // every event is still there, in order
    expect(deltas.at(-1)).toBe(' end');
    // Joined as the inspector's reader would join them: no 8 characters of the key in a row.
    expect(piecesOf(KEY, deltas.join(''))).toEqual([]);
    expect(deltas.join('')).toContain('[key hidden]');
  });

  it('shows the same text however the deltas cut it, as if it had come in one piece', () => {
    const matcher = compileSecrets([KEY, HEADER_SECRET]);
    const unicode = [...KEY].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
    const texts = [
      `Key ${KEY} and 50% of ${HEADER_SECRET.slice(2, 20)} & more`,
      `JSON "${unicode}" end`,
      `URL ?key=${encodeURIComponent(`${KEY}+/`)}&a=1`,
      `Basic ${Buffer.from(`user:${KEY}`).toString('base64')} end`,
    ];
    for (const text of texts) {
      const whole = matcher.scrub(text);
      expect(piecesOf(KEY, whole)).toEqual([]);
      for (let cut = 0; cut <= text.length; cut += 1) {
        const second = Math.min(text.length, cut + 5);
        const held = new HeldText(matcher);
        const shownText =
          held.push(text.slice(0, cut)) +
          held.push(text.slice(cut, second)) +
          held.push(text.slice(second)) +
          held.flush();
        if (shownText !== whole) expect({ cut, shownText }).toEqual({ cut, shownText: whole });
      }
    }
  });
});

describe('a secret split across a streamed transcript’s deltas', () => {
  /** WIRE.md: `transcript.text.delta` events, then `transcript.text.done` with the whole text. */
  function transcriptSse(deltas: string[]): string {
    const events = deltas.map(
      (delta) => `data: ${JSON.stringify({ type: 'transcript.text.delta', delta })}\n\n`,
    );
    const done = { type: 'transcript.text.done', text: deltas.join('') };
    return `${events.join('')}data: ${JSON.stringify(done)}\n\n`;
  }

  it('is hidden from the live text, which still arrives whole by the time the call ends', async () => {
    const deltas = ['The code is ', KEY.slice(0, 14), KEY.slice(14), ' and that is all.'];
    const { fetch } = stubFetch(() => sseResponse([encoder.encode(transcriptSse(deltas))]));
    const client = shieldSecret(stubClient(fetch, { apiKey: KEY }), [KEY, HEADER_SECRET]);
    const live: string[] = [];
    const transcript = await client.transcribe(
      { name: 'a.wav', type: 'audio/wav', bytes: new Uint8Array([82, 73, 70, 70]) },
      { model: 'gpt-4o-transcribe', stream: true },
      { onTextDelta: (text) => live.push(text) },
    );
    expect(piecesOf(KEY, live.join(''))).toEqual([]);
    expect(live.join('')).toBe('The code is [key hidden] and that is all.');
    expect(transcript.text).toBe(live.join(''));
    // Held back until the key could be seen whole: never a piece of it on its own.
    for (const piece of live) expect(piecesOf(KEY, piece)).toEqual([]);
  });
});
