// A chat call sent in a format the model's channel does not speak: which answers say so (WIRE.md part 2,
// "Chat Completions": 500 `convert_request_failed` "not implemented", or 400 "unsupported endpoint"; and a
// 404 in which the gateway itself says the model or path is not supported), which do not (a bare 404 is a
// wrong address), and what the hint tells the user to do.
import { describe, expect, it } from 'vitest';
import { failureFromHttp, type Operation } from '../../../src-main/gateway/errors.ts';

const openai = (message: string, code: string | null = null, type = 'invalid_request_error'): string =>
  JSON.stringify({ error: { message, type, param: null, code } });

const map = (status: number, bodyText: string, operation: Operation) =>
  failureFromHttp({ status, bodyText, operation, headers: new Headers() });

const NOT_IMPLEMENTED = openai('not implemented', 'convert_request_failed', 'new_api_error');
const BASE_URL_HINT = /Check the base URL/;

describe('format hints', () => {
  it.each([
    ['responses', /Responses format \(\/v1\/responses\)/],
    ['chat', /Chat Completions format \(\/v1\/chat\/completions\)/],
    ['content', /content-generation format \(\/v1beta\)/],
  ] as const)(
    'a %s call names its own format and says to switch to one the channel speaks',
    (operation, named) => {
      const failure = map(500, NOT_IMPLEMENTED, operation);
      expect(failure.code).toBe('format_unsupported');
      expect(failure.retryable).toBe(false);
      expect(failure.hint).toMatch(named);
      expect(failure.hint).toMatch(/Switch to a format it speaks/);
      // The app can send every format now: no hint may say one "needs" a format it cannot use.
      expect(failure.hint).not.toMatch(/needs \/v1\/chat\/completions/);
    },
  );

  it('a compaction the channel cannot convert says compaction needs the Responses format', () => {
    const failure = map(500, NOT_IMPLEMENTED, 'compact');
    expect(failure.code).toBe('format_unsupported');
    expect(failure.hint).toMatch(/Responses format.*which compaction needs/);
  });

  it('a compaction the channel does not offer keeps its own code', () => {
    const failure = map(400, openai('The compact endpoint is not supported by this channel'), 'compact');
    expect(failure.code).toBe('compact_unsupported');
  });
});

describe('400 "unsupported endpoint" on a chat call', () => {
  it.each(['responses', 'chat', 'content'] as const)('is a format mismatch on %s', (operation) => {
    const failure = map(
      400,
      openai('unsupported endpoint: /v1/chat/completions', 'unsupported_endpoint'),
      operation,
    );
    expect(failure).toMatchObject({ code: 'format_unsupported', status: 400 });
  });

  it('is not one on an audio call, which has no other format to go to', () => {
    expect(map(400, openai('unsupported endpoint'), 'transcribe').code).toBe('bad_request');
  });

  it('leaves a refused setting a bad request: the format is fine, the parameter is not', () => {
    const failure = map(
      400,
      openai(
        "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
      ),
      'chat',
    );
    expect(failure.code).toBe('bad_request');
  });
});

describe('404 on a chat call', () => {
  it('is a format mismatch when the gateway says this model is not supported on this endpoint', () => {
    // OpenAI's answer to a model sent to the wrong format (status 404, type invalid_request_error).
    const failure = map(
      404,
      openai(
        'This is not a chat model and thus not supported in the v1/chat/completions endpoint. Did you mean to use v1/completions?',
      ),
      'chat',
    );
    expect(failure).toMatchObject({ code: 'format_unsupported', status: 404 });
    expect(failure.hint).toMatch(/Chat Completions/);
  });

  it("keeps Google's NOT_FOUND for a model it does not know a missing model, not a format to switch", () => {
    const body = JSON.stringify({
      error: {
        code: 404,
        message:
          'models/gpt-5-mini is not found for API version v1beta, or is not supported for generateContent. Call ListModels to see the list of available models and their supported methods.',
        status: 'NOT_FOUND',
      },
    });
    // The same sentence answers a typo: offering another format would only teach the app a choice for it.
    const failure = map(404, body, 'content');
    expect(failure).toMatchObject({ code: 'bad_request', status: 404 });
    expect(failure.hint).toMatch(/model name/);
  });

  it('is a format mismatch when a relay names the model as not supported on the path', () => {
    const failure = map(404, openai('model claude-sonnet-4 is not supported on /v1/responses'), 'responses');
    expect(failure.code).toBe('format_unsupported');
  });

  it.each([
    ['no body', ''],
    ['a router page', '404 page not found'],
    ['an HTML page', '<html><head><title>404 Not Found</title></head></html>'],
    // new-api's own answer for a path it does not route: as often a base URL ending in /v1 (/v1/v1/…).
    ['an unknown address', openai('Invalid URL (POST /v1/v1/chat/completions)')],
    ['plain text that mentions "not supported"', 'model not supported on this endpoint'],
  ])('with %s still says to check the base URL', (_, body) => {
    const failure = map(404, body, 'chat');
    expect(failure.code).toBe('bad_request');
    expect(failure.hint).toMatch(BASE_URL_HINT);
  });

  it('keeps a missing model a missing model', () => {
    const failure = map(
      404,
      openai('The model `gpt-9` does not exist or you do not have access to it.', 'model_not_found'),
      'chat',
    );
    expect(failure.code).toBe('model_not_found');
    // Even when its words would otherwise read as a format the path does not support.
    const worded = map(404, openai('model gpt-x is not supported', 'model_not_found'), 'responses');
    expect(worded.code).toBe('model_not_found');
  });

  it('reads a long hostile error body quickly', () => {
    // Keywords over and over without a full stop: the phrase patterns must not scan all 64 KB from each.
    const body = openai('model '.repeat(10_900));
    const started = performance.now();
    expect(map(404, body, 'chat').code).toBe('bad_request');
    expect(performance.now() - started).toBeLessThan(200);
  });

  it('is not a format mismatch outside the chat formats', () => {
    expect(map(404, openai('model whisper-2 is not supported'), 'transcribe').code).toBe('bad_request');
  });
});
