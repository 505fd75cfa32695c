// Both stream formats, through the whole client, with the recorded bytes split at every position:
// the user must see exactly the same events however the network cut the bytes.
import { describe, expect, it } from 'vitest';
import { CONTENT_EVENTS, CONTENT_SSE, RESPONSES_EVENTS, RESPONSES_SSE } from './fixtures/streams.ts';
import { collect, encoder, sseResponse, stubClient, stubFetch } from './helpers.ts';

function splitAt(bytes: Uint8Array, index: number): Uint8Array[] {
  return [bytes.slice(0, index), bytes.slice(index)];
}

async function eventsFor(format: 'responses' | 'content', chunks: Uint8Array[]) {
  const { fetch } = stubFetch(() => sseResponse(chunks));
  const client = stubClient(fetch);
  return format === 'responses'
    ? collect(client.streamResponses({ model: 'gpt-5-mini', input: 'hi' }))
    : collect(
        client.streamGenerateContent({
          model: 'gemini-2.5-flash',
          contents: [{ role: 'user', parts: [{ text: 'hi' }] }],
        }),
      );
}

const cases = [
  { format: 'responses' as const, body: RESPONSES_SSE, expected: RESPONSES_EVENTS },
  { format: 'content' as const, body: CONTENT_SSE, expected: CONTENT_EVENTS },
];

describe.each(cases)('$format stream', ({ format, body, expected }) => {
  const bytes = encoder.encode(body);

  it('contains multi-byte characters, so some splits fall inside one', () => {
    expect(bytes.length).toBeGreaterThan(body.length);
  });

  it('gives the same events in one piece', async () => {
    expect(await eventsFor(format, [bytes])).toEqual(expected);
  });

  it('gives the same events split at every byte position', async () => {
    for (let index = 0; index <= bytes.length; index++) {
      const events = await eventsFor(format, splitAt(bytes, index));
      if (JSON.stringify(events) !== JSON.stringify(expected)) {
        // Name the failing position instead of only diffing.
        expect({ index, events }).toEqual({ index, events: expected });
      }
    }
  });

  it('gives the same events one byte at a time', async () => {
    const single = Array.from(bytes, (byte) => Uint8Array.of(byte));
    expect(await eventsFor(format, single)).toEqual(expected);
  });

  it('gives the same events with \\r\\n line endings', async () => {
    const crlf = encoder.encode(body.replace(/\r?\n/g, '\r\n'));
    for (const index of [1, 17, Math.floor(crlf.length / 2), crlf.length - 3]) {
      expect(await eventsFor(format, splitAt(crlf, index))).toEqual(expected);
    }
  });
});
