// Error normalisation: every status and body shape of WIRE.md part 3 → the code, message and hint a user sees.
import { describe, expect, it } from 'vitest';
import {
  callsForSplit,
  errorFieldsFromText,
  failureFromHttp,
  networkFailure,
  type Operation,
  retryAfterMsFromHeaders,
  splitRequestId,
  statedUploadLimits,
} from '../../../src-main/gateway/errors.ts';

const openai = (message: string, code: string | number | null = null, type = 'new_api_error'): string =>
  JSON.stringify({ error: { message, type, param: null, code } });
const gemini = (status: number, message: string, name: string): string =>
  JSON.stringify({ error: { code: status, message, status: name } });

function map(
  status: number,
  bodyText: string,
  operation: Operation = 'responses',
  headers?: Record<string, string>,
) {
  return failureFromHttp({ status, bodyText, operation, headers: new Headers(headers) });
}

describe('status mapping', () => {
  it.each([
    [401, openai('Invalid token'), 'auth_invalid', /invalid, disabled, expired or out of quota/],
    [403, openai('Insufficient user quota', 'insufficient_user_quota'), 'quota_exhausted', /top it up/i],
    [
      403,
      openai('pre-consume token quota failed', 'pre_consume_token_quota_failed'),
      'quota_exhausted',
      /quota/,
    ],
    [
      403,
      openai('This token has no access to the requested model', 'model_not_allowed'),
      'forbidden',
      /not allowed/,
    ],
    [400, openai('Model gpt-x ratio or price not set', 'model_price_error'), 'bad_request', /model name/],
    [
      413,
      openai('Maximum content size limit exceeded', 'request_body_too_large'),
      'too_large',
      // On a chat call (the table's operation) the conversation is too large, not a file (issue 14: 23).
      /conversation/,
    ],
    [429, '', 'rate_limited', /wait/],
    [429, openai('You exceeded your current quota', 'insufficient_quota'), 'quota_exhausted', /quota/],
    [500, openai('not implemented', 'convert_request_failed'), 'format_unsupported', /Responses format/],
    [
      500,
      openai('invalid request: field messages is required', 'invalid_request'),
      'bad_request',
      /settings/,
    ],
    [500, openai('internal error', 'internal_error'), 'gateway_error', /try again/i],
    [501, '', 'format_unsupported', /Responses format/],
    [502, '<html><head><title>502 Bad Gateway</title></head></html>', 'upstream_unavailable', /provider/],
    [503, openai('No available channel for model x', 'model_not_found'), 'model_not_found', /another model/],
    [503, '', 'upstream_unavailable', /provider/],
    [504, openai('upstream timeout', 'do_request_failed'), 'upstream_unavailable', /provider/],
    [
      400,
      gemini(400, 'API key not valid. Please pass a valid API key.', 'INVALID_ARGUMENT'),
      'auth_invalid',
      /key/,
    ],
    [400, gemini(400, 'Invalid JSON payload received.', 'INVALID_ARGUMENT'), 'bad_request', /settings/],
    [
      429,
      gemini(429, 'Resource has been exhausted (e.g. check quota).', 'RESOURCE_EXHAUSTED'),
      'rate_limited',
      /wait/,
    ],
  ] as const)('%i %s → %s', (status, body, code, hint) => {
    const failure = map(status, body);
    expect(failure.code).toBe(code);
    expect(failure.status).toBe(status);
    expect(failure.hint).toMatch(hint);
  });

  it('names the format that failed and says to switch to one the channel speaks', () => {
    const fromResponses = map(500, openai('not implemented', 'convert_request_failed'), 'responses');
    expect(fromResponses.hint).toMatch(/Responses format \(\/v1\/responses\)/);
    expect(fromResponses.hint).toMatch(/Switch to a format/);
    const fromContent = map(500, openai('not implemented', 'convert_request_failed'), 'content');
    expect(fromContent.hint).toMatch(/content-generation format \(\/v1beta\)/);
    expect(fromContent.hint).toMatch(/Switch to a format/);
  });

  it('treats 400 and 503 from compaction as "does not offer compaction"', () => {
    for (const status of [400, 503]) {
      const failure = map(
        status,
        openai('The compact endpoint is not supported', 'invalid_request'),
        'compact',
      );
      expect(failure.code).toBe('compact_unsupported');
      expect(failure.hint?.toLowerCase()).toContain("this model's channel does not offer compaction");
      expect(failure.retryable).toBe(false);
    }
  });

  it('adds the shorter-audio advice to every failed audio request', () => {
    for (const [status, body] of [
      [401, openai('Invalid token')],
      [500, ''],
      [413, '<html><title>413</title></html>'],
    ] as const) {
      for (const operation of ['transcribe', 'translate'] as const) {
        expect(map(status, body, operation).hint).toMatch(/retry with a shorter audio file/);
      }
      expect(map(status, body, 'speech').hint).toMatch(/shorter text/);
      expect(map(status, body, 'responses').hint).not.toMatch(/shorter audio/);
    }
  });

  it('marks only transient failures as retryable', () => {
    expect(map(429, '').retryable).toBe(true);
    expect(map(408, '').retryable).toBe(true);
    expect(map(409, '').retryable).toBe(true);
    expect(map(500, openai('internal error')).retryable).toBe(true);
    expect(map(502, '').retryable).toBe(true);
    expect(map(501, '').retryable).toBe(false);
    expect(map(500, openai('not implemented', 'convert_request_failed')).retryable).toBe(false);
    expect(map(503, openai('No channel', 'model_not_found')).retryable).toBe(false);
    expect(map(400, openai('bad')).retryable).toBe(false);
    expect(map(401, openai('bad')).retryable).toBe(false);
  });
});

describe('messages and request ids', () => {
  it('strips a trailing request id from the message and keeps it', () => {
    const failure = map(401, openai('Invalid token (request id: 2025091510300012345)'));
    expect(failure.message).toBe('Invalid token');
    expect(failure.requestId).toBe('2025091510300012345');
  });

  it('takes the request id from a header when the message has none', () => {
    expect(map(500, openai('boom'), 'responses', { 'x-oneapi-request-id': 'hdr-1' }).requestId).toBe('hdr-1');
    expect(map(500, '', 'responses', { 'x-request-id': 'hdr-2' }).requestId).toBe('hdr-2');
  });

  it('prefers the id in the message over the header', () => {
    expect(
      map(500, openai('boom (request id: msg-id)'), 'responses', { 'x-request-id': 'hdr' }).requestId,
    ).toBe('msg-id');
  });

  it('says what happened when the body is empty, HTML or plain text', () => {
    expect(map(429, '').message).toBe('The gateway answered 429 Too Many Requests.');
    expect(
      map(502, '<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>').message,
    ).toBe('502 Bad Gateway');
    expect(map(500, 'upstream exploded').message).toBe('upstream exploded');
  });

  it('reads numeric and empty OpenAI codes, and a Gemini error wrapped in an array', () => {
    expect(errorFieldsFromText(openai('m', 429))).toMatchObject({ message: 'm', code: '429' });
    expect(errorFieldsFromText(openai('m', ''))).toEqual({ message: 'm', type: 'new_api_error' });
    expect(errorFieldsFromText(`[${gemini(403, 'denied', 'PERMISSION_DENIED')}]`)).toMatchObject({
      message: 'denied',
      status: 'PERMISSION_DENIED',
    });
    expect(errorFieldsFromText('{"error":"plain string error"}')).toEqual({ message: 'plain string error' });
  });

  it('splits ids only at the end of a message', () => {
    expect(splitRequestId('a (request id: x) b')).toEqual({ message: 'a (request id: x) b' });
  });
});

describe('Retry-After', () => {
  it('reads seconds, milliseconds and HTTP dates', () => {
    expect(retryAfterMsFromHeaders(new Headers({ 'retry-after': '3' }))).toBe(3000);
    expect(retryAfterMsFromHeaders(new Headers({ 'retry-after': '1.5' }))).toBe(1500);
    expect(retryAfterMsFromHeaders(new Headers({ 'retry-after-ms': '250', 'retry-after': '9' }))).toBe(250);
    const now = Date.parse('2025-01-01T00:00:00Z');
    const date = new Headers({ 'retry-after': 'Wed, 01 Jan 2025 00:00:10 GMT' });
    expect(retryAfterMsFromHeaders(date, now)).toBe(10_000);
    expect(retryAfterMsFromHeaders(new Headers({ 'retry-after': 'soon' }))).toBeUndefined();
  });

  it('puts the wait into the rate-limit hint', () => {
    expect(map(429, '', 'responses', { 'retry-after': '20' }).hint).toMatch(/about 20 s/);
    expect(map(429, '', 'responses', { 'retry-after': '20' }).retryAfterMs).toBe(20_000);
  });
});

describe('the HTTP stack’s own time limits', () => {
  it.each(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT'])(
    '%s is a timeout that is not retried (the gateway may already be working on it)',
    (code) => {
      const error = new TypeError('fetch failed', { cause: Object.assign(new Error('timeout'), { code }) });
      const failure = networkFailure(error, 'responses');
      expect(failure).toMatchObject({ code: 'timeout', retryable: false });
    },
  );

  it('a refused connection stays a retryable network error', () => {
    const error = new TypeError('fetch failed', {
      cause: Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }),
    });
    expect(networkFailure(error, 'responses')).toMatchObject({ code: 'network', retryable: true });
  });
});

describe('refusals that call for sending a recording in parts', () => {
  // Upstream's bodies as users quoted them (github.com/StanGirard/speechdigest/issues/1,
  // github.com/murtaza-nasir/speakr/issues/168).
  const sizeCap = JSON.stringify({
    error: {
      message: 'Maximum content size limit (26214400) exceeded (26306794 bytes read)',
      type: 'server_error',
      param: null,
      code: null,
    },
  });
  const durationCap = openai(
    'audio duration 1830.530612 seconds is longer than 1400 seconds which is the maximum for this model',
    'invalid_value',
    'invalid_request_error',
  );

  it("says upstream's 413 in megabytes, with a hint to send smaller parts", () => {
    const failure = map(413, sizeCap, 'transcribe');
    expect(failure).toMatchObject({ code: 'too_large', status: 413, retryable: false });
    expect(failure.message).toBe(
      'The audio file is larger than the gateway takes: at most 25 MB per request.',
    );
    expect(failure.hint).toMatch(/shorter file/);
    expect(failure.hint).toMatch(/upload limit in Settings/);
    expect(callsForSplit(failure)).toBe(true);
    // Any 413, whatever its body (a proxy's page, nothing at all), is about size.
    expect(
      callsForSplit(map(413, '<html><title>413 Request Entity Too Large</title></html>', 'translate')),
    ).toBe(true);
    expect(callsForSplit(map(413, '', 'transcribe'))).toBe(true);
  });

  it("reads upstream's duration limit as too long for one request, naming the model's limit", () => {
    const failure = map(400, durationCap, 'transcribe');
    expect(failure).toMatchObject({ code: 'too_large', status: 400, retryable: false });
    expect(failure.message).toMatch(/^audio duration 1830\.530612 seconds is longer than 1400 seconds/);
    expect(failure.hint).toMatch(/at most 1400 seconds \(about 23 minutes\) of audio/);
    expect(failure.hint).toMatch(/shorter part length/);
    expect(callsForSplit(failure)).toBe(true);
  });

  it('reads back what one request may carry, so parts are cut to the stated limit', () => {
    expect(statedUploadLimits(map(413, sizeCap, 'transcribe'))).toEqual({ maxBytes: 26_214_400 });
    expect(statedUploadLimits(map(400, durationCap, 'transcribe'))).toEqual({ maxSeconds: 1400 });
    // A 413 that names nothing leaves the limit to be guessed.
    expect(statedUploadLimits(map(413, '', 'transcribe'))).toEqual({});
  });

  it('leaves every other refusal alone: sending parts would fail the same', () => {
    for (const failure of [
      map(
        400,
        openai('Audio file is too short. Minimum audio length is 0.1 seconds.', 'audio_too_short'),
        'transcribe',
      ),
      map(400, openai("Invalid file format. Supported formats: ['flac', 'mp3']"), 'transcribe'),
      map(401, openai('Invalid token'), 'transcribe'),
      map(429, '', 'transcribe'),
      map(500, openai('internal error'), 'transcribe'),
      map(503, openai('No channel', 'model_not_found'), 'transcribe'),
      // A prompt too long for the model: a shorter recording would not help.
      map(400, openai('The input is too long for the prompt field.'), 'transcribe'),
    ]) {
      expect(callsForSplit(failure)).toBe(false);
    }
    // A file the app itself cannot cut is not the gateway's refusal.
    expect(
      callsForSplit({
        code: 'too_large',
        message: 'The file is 300.0 MB; this profile sends at most 25.0 MB.',
      }),
    ).toBe(false);
  });
});
