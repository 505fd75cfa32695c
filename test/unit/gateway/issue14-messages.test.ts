// Issue 14, item 23: what a failure says must fit the call that failed, and what the gateway reports
// about a finished call (what a transcription was billed, why a reply was cut) must reach the user.
import { describe, expect, it } from 'vitest';
import { failureFromHttp, malformedEventFailure } from '../../../src-main/gateway/errors.ts';
import { GatewayError } from '../../../src-main/gateway/gateway-error.ts';
import { responseStatusOf } from '../../../src-main/gateway/responses-output.ts';
import { normaliseTranscript, transcriptionUsageOf } from '../../../src-main/gateway/transcript.ts';
import { encoder, sseResponse, stubClient, stubFetch } from './helpers.ts';

/** Why a call failed, as the renderer receives it. */
async function failureOf(run: () => Promise<unknown>): Promise<GatewayError> {
  try {
    await run();
  } catch (error) {
    if (error instanceof GatewayError) return error;
    throw error;
  }
  throw new Error('the call did not fail');
}

/**
 * A body whose connection drops after `first` arrived. Undici (Node's fetch) then rejects the body read
 * with `TypeError: terminated`, its cause a `SocketError` with code `UND_ERR_SOCKET` (undici
 * docs/api/Errors.md; lib/web/fetch/index.js `onAborted` → "terminated").
 */
function cutBody(first: string, contentType: string): Response {
  let sent = false;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (!sent) {
        sent = true;
        controller.enqueue(encoder.encode(first));
        return;
      }
      controller.error(new TypeError('terminated', { cause: { code: 'UND_ERR_SOCKET' } }));
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': contentType } });
}

const ask = { model: 'gpt-5-mini', input: 'hi' };

describe('a connection lost in the middle of the answer', () => {
  it('does not claim anything was kept on a call answered whole', async () => {
    const { fetch } = stubFetch(() => cutBody('{"id":"resp_1","output":[{"type":"mess', 'application/json'));
    const failure = await failureOf(() => stubClient(fetch).responses(ask));
    expect(failure.message).toBe('The connection closed before the answer was complete.');
    expect(failure.hint).not.toMatch(/arrived so far is kept/i);
    expect(failure.hint).toMatch(/none of it is shown/);
  });

  it('says that the text shown so far is kept on a streamed reply', async () => {
    const { fetch } = stubFetch(() =>
      cutBody(
        'event: response.output_text.delta\ndata: {"type":"response.output_text.delta","output_index":0,"content_index":0,"delta":"Hel"}\n\n',
        'text/event-stream',
      ),
    );
    const events: unknown[] = [];
    for await (const event of stubClient(fetch).streamResponses(ask)) events.push(event);
    expect(events.at(-1)).toMatchObject({
      type: 'error',
      error: { code: 'network', hint: expect.stringMatching(/what arrived so far is kept/i) },
    });
  });
});

describe('the 413 hint', () => {
  const tooLarge = (operation: Parameters<typeof failureFromHttp>[0]['operation']) =>
    failureFromHttp({
      status: 413,
      bodyText: '{"error":{"message":"Request Entity Too Large"}}',
      operation,
    });

  it('speaks of a shorter file only for an upload', () => {
    expect(tooLarge('transcribe').hint).toMatch(/shorter file/);
    expect(tooLarge('translate').hint).toMatch(/shorter file/);
  });

  it('speaks of the conversation on chat calls, of the text on speech, and of no file on a list', () => {
    for (const operation of ['responses', 'content', 'compact'] as const) {
      expect(tooLarge(operation).hint).toMatch(/conversation/);
      expect(tooLarge(operation).hint).not.toMatch(/file/);
    }
    expect(tooLarge('speech').hint).toMatch(/shorter text/);
    expect(tooLarge('models').hint).not.toMatch(/file|conversation/);
  });
});

describe('a model list answered 200 with an error body', () => {
  const errorBody = JSON.stringify({
    error: { message: 'Invalid token (request id: 2025abc)', type: 'new_api_error', code: '' },
  });
  const answer200 = () =>
    stubFetch(
      () => new Response(errorBody, { status: 200, headers: { 'content-type': 'application/json' } }),
    );

  it('reports the gateway’s message on /v1/models', async () => {
    const failure = await failureOf(() => stubClient(answer200().fetch).listModelsV1());
    expect(failure.message).toBe('Invalid token');
    expect(failure.requestId).toBe('2025abc');
    expect(`${failure.message} ${failure.hint}`).not.toMatch(/`data`|web page/);
  });

  it('reports the gateway’s message on /v1beta/models', async () => {
    const failure = await failureOf(() => stubClient(answer200().fetch).listModelsV1beta());
    expect(failure.message).toBe('Invalid token');
    expect(`${failure.message} ${failure.hint}`).not.toMatch(/`models`|web page/);
  });
});

describe('a malformed stream event', () => {
  it('is quoted as it arrived, not as escaped JSON', () => {
    const failure = malformedEventFailure('{"type":"response.output_text.delta","delta":"Hel', 'responses');
    expect(failure.code).toBe('malformed_response');
    expect(failure.message).toContain('{"type":"response.output_text.delta","delta":"Hel');
    expect(failure.message).not.toContain('\\"');
  });

  it('is cut to a short, one-line preview', () => {
    const failure = malformedEventFailure(`{"a":\n${'x'.repeat(500)}`, 'content');
    expect(failure.message).not.toContain('\n');
    expect(failure.message.length).toBeLessThan(200);
    expect(failure.message).toContain('…');
  });

  it('reads that way through a streamed reply', async () => {
    const { fetch } = stubFetch(() =>
      sseResponse([encoder.encode('data: {"type":"response.output_text.delta","delta":\n\n')]),
    );
    const events: unknown[] = [];
    for await (const event of stubClient(fetch).streamResponses(ask)) events.push(event);
    const last = events.at(-1) as { type: string; error: { message: string } };
    expect(last.type).toBe('error');
    expect(last.error.message).toContain('{"type":"response.output_text.delta","delta":');
    expect(last.error.message).not.toContain('\\"');
  });
});

describe('what a transcription was billed', () => {
  it('reads seconds of audio', () => {
    const raw = JSON.stringify({ text: 'Hello.', usage: { type: 'duration', seconds: 7 } });
    expect(normaliseTranscript(raw, 'json', 'application/json').usage).toEqual({
      type: 'duration',
      seconds: 7,
    });
  });

  it('reads tokens, with the audio tokens among the input', () => {
    const raw = JSON.stringify({
      text: 'Hello.',
      usage: {
        type: 'tokens',
        input_tokens: 14,
        input_token_details: { text_tokens: 0, audio_tokens: 14 },
        output_tokens: 45,
        total_tokens: 59,
      },
    });
    expect(normaliseTranscript(raw, 'json', 'application/json').usage).toEqual({
      type: 'tokens',
      inputTokens: 14,
      audioTokens: 14,
      outputTokens: 45,
      totalTokens: 59,
    });
  });

  it('is absent when the gateway said nothing, or nothing readable', () => {
    expect(normaliseTranscript('{"text":"Hi."}', 'json', 'application/json').usage).toBeUndefined();
    expect(transcriptionUsageOf('{"text":"Hi.","usage":{"type":"duration","seconds":"7"}}')).toBeUndefined();
    expect(transcriptionUsageOf('1\n00:00:00,000 --> 00:00:01,000\nHi.\n')).toBeUndefined();
  });
});

describe('why a Responses answer ended', () => {
  it('is the reason an incomplete answer gives', () => {
    const cut = { status: 'incomplete', incomplete_details: { reason: 'content_filter' } };
    expect(responseStatusOf(cut, 'completed')).toBe('content_filter');
    expect(
      responseStatusOf(
        { status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' } },
        'completed',
      ),
    ).toBe('max_output_tokens');
  });

  it('is the status otherwise, or the fallback when there is none', () => {
    expect(responseStatusOf({ status: 'incomplete', incomplete_details: null }, 'completed')).toBe(
      'incomplete',
    );
    expect(responseStatusOf({ status: 'completed' }, 'x')).toBe('completed');
    expect(responseStatusOf({}, 'incomplete')).toBe('incomplete');
  });

  it('reaches a reply answered whole, and a streamed one', async () => {
    const body = {
      id: 'resp_1',
      status: 'incomplete',
      incomplete_details: { reason: 'content_filter' },
      output: [{ type: 'message', content: [{ type: 'output_text', text: 'Part of it' }] }],
    };
    const whole = stubFetch(
      () =>
        new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    expect((await stubClient(whole.fetch).responses(ask)).status).toBe('content_filter');

    const streamed = stubFetch(() =>
      sseResponse([
        encoder.encode(
          `event: response.incomplete\ndata: ${JSON.stringify({ type: 'response.incomplete', response: body })}\n\n`,
        ),
      ]),
    );
    const events: unknown[] = [];
    for await (const event of stubClient(streamed.fetch).streamResponses(ask)) events.push(event);
    expect(events.at(-1)).toMatchObject({ type: 'done', status: 'content_filter' });
  });
});
