// Every way a gateway call can fail, turned into one `GatewayError` with a stable code, a clean message
// and a hint in plain words (WIRE.md part 3). Pure functions: no I/O here.
import { type AppError, type ErrorCode, HTTP_STATUS_TEXT } from '../../src-preload/contract.ts';
import { GatewayError } from './gateway-error.ts';
import { isRecord } from './json.ts';
import { describeTlsFailure } from './tls-failure.ts';

/** What the failed call was doing: picks the hint (format advice, audio advice, compaction). */
export type Operation =
  | 'transcribe'
  | 'translate'
  | 'speech'
  | 'responses'
  | 'compact'
  | 'chat'
  | 'content'
  | 'models';

/** The chat formats: a call of one of them that the model's channel cannot take can go to another. */
type ChatOperation = 'responses' | 'chat' | 'content';

function isChatOperation(operation: Operation): operation is ChatOperation {
  return operation === 'responses' || operation === 'chat' || operation === 'content';
}

/** The fields every known error body shape boils down to. */
export interface ErrorFields {
  message?: string;
  /** OpenAI `error.code` (string or number, as text) or Gemini numeric `code` as text. */
  code?: string;
  /** OpenAI `error.type`. */
  type?: string;
  /** Gemini `error.status`, e.g. `RESOURCE_EXHAUSTED`. */
  status?: string;
  /** Google's `google.rpc.RetryInfo.retryDelay` from `error.details`, in milliseconds. */
  retryDelayMs?: number;
}

/** Gemini status names, as the HTTP status they stand for, so both shapes classify alike. */
const GOOGLE_STATUS: Record<string, number> = {
  INVALID_ARGUMENT: 400,
  FAILED_PRECONDITION: 400,
  OUT_OF_RANGE: 400,
  UNAUTHENTICATED: 401,
  PERMISSION_DENIED: 403,
  NOT_FOUND: 404,
  RESOURCE_EXHAUSTED: 429,
  CANCELLED: 499,
  INTERNAL: 500,
  UNKNOWN: 500,
  UNIMPLEMENTED: 501,
  UNAVAILABLE: 503,
  DEADLINE_EXCEEDED: 504,
};

/** OpenAI-style error codes seen inside streams, as the HTTP status they stand for. */
/** A gateway's code is data: only the table's own entries count (no `constructor` from the prototype). */
function statusOfCode(code: string | undefined): number | undefined {
  return code !== undefined && Object.hasOwn(OPENAI_CODE_STATUS, code) ? OPENAI_CODE_STATUS[code] : undefined;
}

const OPENAI_CODE_STATUS: Record<string, number> = {
  invalid_request_error: 400,
  invalid_prompt: 400,
  context_length_exceeded: 400,
  invalid_api_key: 401,
  authentication_error: 401,
  permission_error: 403,
  not_found_error: 404,
  rate_limit_exceeded: 429,
  rate_limit_error: 429,
  // Quota and balance codes, with the status they come with over HTTP (WIRE.md part 3): the same code
  // inside a stream (no status there) must read as the same error.
  insufficient_quota: 429,
  quota_exceeded: 429,
  insufficient_user_quota: 403,
  pre_consume_token_quota_failed: 403,
  server_error: 500,
  api_error: 500,
  overloaded_error: 503,
};

const REQUEST_ID_SUFFIX = /\s*\(request id:\s*([^)]+)\)\s*$/i;
const REQUEST_ID_HEADERS = ['x-request-id', 'x-oneapi-request-id', 'x-new-api-request-id', 'request-id'];
const QUOTA_MARKERS =
  /insufficient_user_quota|pre_consume_token_quota_failed|insufficient_quota|quota_exceeded/i;
const FORMAT_MARKERS = /convert_request_failed|not[ _]implemented/i;
// A gateway saying the endpoint itself is not offered ("The compact endpoint is not supported by this
// channel", "unsupported endpoint"), as opposed to any other 400 it may send on that endpoint.
const UNSUPPORTED_MARKERS =
  /unsupported[ _]endpoint|(?:endpoint|compact\w*)\b[^.]*\b(?:not supported|unsupported|not available|not enabled)|(?:does not|doesn't|not) support\w*\b[^.]*\b(?:endpoint|compact)/i;
/**
 * A 404 that is the gateway's own answer about this model on this path, not an address it does not know:
 * OpenAI's "This is not a chat model and thus not supported in the v1/chat/completions endpoint", Google's
 * "models/x is not found for API version v1beta, or is not supported for generateContent", a relay's
 * "model x is not supported" / "unsupported endpoint". Texts that only say the address is unknown (new-api's
 * "Invalid URL (POST /v1/…)", a router's "404 page not found") are left out on purpose: those mean a wrong
 * base URL as often as anything (a base URL that already ends in /v1 makes every path /v1/v1/…).
 */
const FORMAT_REFUSED_404 =
  /unsupported[ _](?:endpoint|path|model)|\b(?:models?|endpoint|path|url)\b[^.]*\b(?:is|are) not supported|(?:does not|doesn't|do not|don't|not) support\w*\b[^.]*\b(?:endpoint|path|url|models?)\b|not supported (?:for|on|in|by)\b|not a chat model/i;
/** How a provider says it does not know the model at all (Google's 404, OpenAI's `model_not_found`). */
const MODEL_NOT_FOUND_MARKERS = /is not found for API version|model_not_found|\bdoes not exist\b/i;
// new-api routes a compaction as `<model>-openai-compact`: "no channel for that model" means no channel
// offers compaction for this model, not that the model is missing.
const COMPACT_ROUTE = /-openai-compact\b/i;
const MAX_MESSAGE_CHARS = 500;
/**
 * How much of an error's text is searched for markers. A gateway says what went wrong in its first
 * sentences; the phrase patterns above scan to the end of a sentence from each keyword, which on a long
 * hostile body without full stops (up to 64 KB) would take seconds.
 */
const MAX_MARKER_CHARS = 2_000;

function asText(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() === '' ? undefined : value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** Reads the fields of an already-parsed error body, whichever shape it has. */
export function errorFieldsFromObject(body: unknown): ErrorFields {
  // Gemini sometimes wraps its error in a one-element array.
  const root = Array.isArray(body) ? body[0] : body;
  if (!isRecord(root)) return {};
  // Responses stream `response.failed` carries the error inside the response object.
  if (isRecord(root.response) && isRecord(root.response.error)) return errorFieldsFromObject(root.response);
  const inner = root.error;
  if (typeof inner === 'string') return { message: inner, code: asText(root.code), type: asText(root.type) };
  const source = isRecord(inner) ? inner : root;
  const fields: ErrorFields = {};
  const message = asText(source.message) ?? asText(source.detail) ?? asText(source.msg);
  if (message !== undefined) fields.message = message;
  const code = asText(source.code);
  if (code !== undefined) fields.code = code;
  const type = asText(source.type);
  // A stream's `{type: "error", ...}` names the event, not the kind of error.
  if (type !== undefined && type !== 'error' && type !== 'response.failed') fields.type = type;
  const status = asText(source.status);
  if (status !== undefined) fields.status = status;
  const retryDelayMs = retryDelayFromDetails(source.details);
  if (retryDelayMs !== undefined) fields.retryDelayMs = retryDelayMs;
  return fields;
}

/**
 * Google sends its wait in the body, not in a header: `details[]` holds a `google.rpc.RetryInfo` whose
 * `retryDelay` is a protobuf Duration, JSON-encoded as seconds with an `s` (`"34s"`, `"1.5s"`).
 */
export function retryDelayFromDetails(details: unknown): number | undefined {
  if (!Array.isArray(details)) return undefined;
  for (const detail of details) {
    if (!isRecord(detail)) continue;
    const type = typeof detail['@type'] === 'string' ? detail['@type'] : '';
    if (!type.endsWith('google.rpc.RetryInfo')) continue;
    const delay = detail.retryDelay;
    if (typeof delay === 'string') {
      const match = /^\s*(\d+(?:\.\d+)?)s\s*$/.exec(delay);
      if (match) return Math.round(Number(match[1]) * 1000);
    } else if (isRecord(delay)) {
      // The same Duration as an object, as some relays re-encode it.
      const seconds = Number(delay.seconds ?? 0);
      const nanos = Number(delay.nanos ?? 0);
      if (Number.isFinite(seconds) && Number.isFinite(nanos) && seconds >= 0 && nanos >= 0)
        return Math.round(seconds * 1000 + nanos / 1e6);
    }
  }
  return undefined;
}

/** Reads an error body as text: JSON in either shape, an HTML page, plain text, or nothing. */
export function errorFieldsFromText(text: string): ErrorFields {
  const trimmed = text.trim();
  if (trimmed === '') return {};
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      return errorFieldsFromObject(JSON.parse(trimmed));
    } catch {
      // Not JSON after all: fall through to plain text.
    }
  }
  if (trimmed.startsWith('<')) {
    // A proxy's or web server's HTML page: its title is the only readable part.
    const title = /<title[^>]*>([^<]*)<\/title>/i.exec(trimmed)?.[1]?.trim();
    return title ? { message: title } : {};
  }
  return { message: trimmed };
}

/** Removes a trailing ` (request id: X)` from a message and returns X separately. */
export function splitRequestId(message: string): { message: string; requestId?: string } {
  const match = REQUEST_ID_SUFFIX.exec(message);
  if (!match) return { message: message.trim() };
  return { message: message.slice(0, match.index).trim(), requestId: match[1]!.trim() };
}

export function requestIdFromHeaders(headers: Headers | undefined): string | undefined {
  if (!headers) return undefined;
  for (const name of REQUEST_ID_HEADERS) {
    const value = headers.get(name);
    if (value) return value;
  }
  return undefined;
}

/**
 * `Retry-After` (seconds or an HTTP date) and OpenAI's `retry-after-ms`, in milliseconds.
 * Returns undefined when absent or unreadable.
 */
export function retryAfterMsFromHeaders(headers: Headers | undefined, now = Date.now()): number | undefined {
  if (!headers) return undefined;
  const precise = headers.get('retry-after-ms');
  if (precise !== null && /^\s*\d+(\.\d+)?\s*$/.test(precise)) return Math.round(Number(precise));
  const value = headers.get('retry-after');
  if (value === null) return undefined;
  if (/^\s*\d+(\.\d+)?\s*$/.test(value)) return Math.round(Number(value) * 1000);
  const date = Date.parse(value);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/** Each chat format as a hint names it: in words, with its path. */
const FORMAT_NAMES: Record<ChatOperation, string> = {
  responses: 'the Responses format (/v1/responses)',
  chat: 'the Chat Completions format (/v1/chat/completions)',
  content: 'the content-generation format (/v1beta)',
};

/**
 * The format that failed, and the way out: another format the model's channel speaks. Which ones it speaks
 * is the model list's to say (the error's buttons offer them), so the hint names none of them itself.
 */
function formatHint(operation: Operation): string {
  if (isChatOperation(operation)) {
    return `This model's channel does not speak ${FORMAT_NAMES[operation]}. Switch to a format it speaks, as the model list shows.`;
  }
  if (operation === 'compact') {
    return (
      `This model's channel does not speak ${FORMAT_NAMES.responses}, which compaction needs. ` +
      'Keep the conversation as it is, or switch to a format the channel speaks.'
    );
  }
  return "This model's channel does not offer this endpoint. Pick a model made for it.";
}

/**
 * Upstream's 413 for an upload over its cap, passed on by the gateway: "Maximum content size limit
 * (26214400) exceeded (26306794 bytes read)" (OpenAI, quoted in github.com/StanGirard/speechdigest/issues/1
 * and github.com/chidiwilliams/buzz/issues/381). The byte count is how far upstream read, not the file's size.
 */
const CONTENT_SIZE_LIMIT = /maximum content size limit \((\d+)\) exceeded/i;
/**
 * Upstream's 400 for audio longer than the model takes: "audio duration 1830.530612 seconds is longer than
 * 1400 seconds which is the maximum for this model" (OpenAI, `invalid_value`; quoted in
 * github.com/murtaza-nasir/speakr/issues/168 and github.com/fastrepl/anarlog/pull/7135), and the same
 * refusal in other words from other providers.
 */
// Only audio or a file: "input is too long" is how chat models refuse a long prompt, not a long recording.
const DURATION_LIMIT =
  /audio duration [\d.]+ seconds? is longer than ([\d.]+) seconds?|\b(?:audio|file)\b[^.]{0,60}\b(?:is too long|longer than the maximum|exceeds the maximum (?:duration|length))/i;

/** How many seconds the model takes, when its refusal says. */
function durationLimitOf(message: string | undefined): number | undefined {
  const seconds = message === undefined ? undefined : DURATION_LIMIT.exec(message)?.[1];
  return seconds === undefined ? undefined : Number(seconds);
}

function isUpload(operation: Operation): boolean {
  return operation === 'transcribe' || operation === 'translate';
}

/**
 * Whether the gateway refused an upload for its size (413: its own cap, or upstream's 25 MB audio cap,
 * WIRE.md part 3) or for its length (upstream's duration limit): the same recording sent in smaller parts
 * can go through, where sending it again as it is cannot.
 */
export function callsForSplit(error: AppError): boolean {
  if (error.status === 413) return true;
  return (error.status === 400 || error.code === 'too_large') && DURATION_LIMIT.test(error.message);
}

/**
 * What one request may carry, where the refusal says: the bytes of a 413 (upstream's count, or our own
 * wording of it, sizeLimitMessage) and the seconds of a duration refusal. Parts are cut to these.
 */
export function statedUploadLimits(error: AppError): { maxBytes?: number; maxSeconds?: number } {
  const stated: { maxBytes?: number; maxSeconds?: number } = {};
  if (error.status === 413) {
    const bytes = CONTENT_SIZE_LIMIT.exec(error.message)?.[1];
    const mb = SIZE_LIMIT_WORDS.exec(error.message)?.[1];
    if (bytes !== undefined) stated.maxBytes = Number(bytes);
    else if (mb !== undefined) stated.maxBytes = Math.floor(Number(mb) * 1024 * 1024);
  }
  const seconds = durationLimitOf(error.message);
  if (seconds !== undefined && seconds > 0) stated.maxSeconds = seconds;
  return stated;
}

/** What a 413 asks of the user: the part of the request that can be made smaller on this call. */
function tooLargeHint(operation: Operation): string {
  switch (operation) {
    case 'transcribe':
    case 'translate':
      return "The upload is too large for the gateway. Use a shorter file, or lower this profile's audio upload limit in Settings to what the gateway takes, so long recordings go in smaller parts.";
    case 'speech':
      return 'The request is too large for the gateway. Use a shorter text.';
    case 'responses':
    case 'chat':
    case 'content':
    case 'compact':
      return 'The request is too large for the gateway. Start a new conversation, or remove long messages and attachments from this one.';
    case 'models':
      // A listing sends no body: the gateway, or a proxy in front of it, is set up strangely.
      return 'The gateway refused the request as too large, though it carried nothing. Check the base URL, or ask the gateway owner.';
  }
}

function audioAdvice(operation: Operation): string | undefined {
  if (operation === 'transcribe' || operation === 'translate') {
    return 'If it keeps failing, first retry with a shorter audio file to check the request.';
  }
  if (operation === 'speech') {
    return 'If it keeps failing, first retry with a shorter text (a shorter audio clip) to check the request.';
  }
  return undefined;
}

/** Adds the audio advice WIRE.md asks for to any failure of an audio call. */
export function withOperationAdvice(failure: GatewayError, operation: Operation): GatewayError {
  const advice = audioAdvice(operation);
  // A request that could not be built fails the same with any file: the advice would mislead.
  if (advice === undefined || failure.code === 'aborted' || failure.code === 'invalid_input') return failure;
  if (failure.hint?.includes(advice)) return failure;
  const hint = failure.hint ? `${failure.hint} ${advice}` : advice;
  return new GatewayError(failure.code, failure.message, {
    hint,
    status: failure.status,
    requestId: failure.requestId,
    retryable: failure.retryable,
    retryAfterMs: failure.retryAfterMs,
    cause: failure.cause,
  });
}

function secondsText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  return seconds >= 120 ? `${Math.ceil(seconds / 60)} minutes` : `${seconds} s`;
}

/**
 * Only an answer that says the endpoint is not offered means "no compaction here"; a price error, a bad
 * request or a missing model on the compact endpoint is that error, with the gateway's own message.
 */
function compactUnsupported(effective: number | undefined, fields: ErrorFields, markers: string): boolean {
  if (effective !== 400 && effective !== 404 && effective !== 503 && effective !== 501) return false;
  if (UNSUPPORTED_MARKERS.test(markers)) return true;
  const noChannel = fields.code === 'model_not_found' || fields.type === 'model_not_found';
  return noChannel && COMPACT_ROUTE.test(fields.message ?? '');
}

interface Classified {
  code: ErrorCode;
  hint: string;
  retryable: boolean;
}

/**
 * Whether a chat call was refused because the model's channel does not speak its format, beyond the
 * markers every operation shares (500 `convert_request_failed` / "not implemented", 501): a 400 saying the
 * endpoint is not offered (WIRE.md: "or 400 'unsupported endpoint'"), or a 404 in which the gateway itself
 * says so about this model or path (`FORMAT_REFUSED_404`). A 404 that is not the gateway's own error
 * object (no body, a proxy's page) still means the address is wrong, and says to check the base URL.
 */
function chatFormatRefused(
  effective: number | undefined,
  fields: ErrorFields,
  markers: string,
  operation: Operation,
  fromErrorObject: boolean,
): boolean {
  if (!isChatOperation(operation)) return false;
  // A model no channel offers, or one Google does not know (a typo: "models/x is not found for API
  // version v1beta, or is not supported for generateContent"), is a missing model, not a wrong format:
  // another format would fail the same, and offering one would teach the app a choice for a typo.
  if (fields.code === 'model_not_found' || fields.type === 'model_not_found') return false;
  if (MODEL_NOT_FOUND_MARKERS.test(markers)) return false;
  if (effective === 400) return UNSUPPORTED_MARKERS.test(markers);
  return effective === 404 && fromErrorObject && FORMAT_REFUSED_404.test(markers);
}

/** `fromErrorObject`: the fields came from the gateway's own JSON error object, not from plain text. */
function classify(
  status: number | undefined,
  fields: ErrorFields,
  operation: Operation,
  retryAfterMs: number | undefined,
  fromErrorObject = true,
): Classified {
  const markers = [fields.code, fields.type, fields.status, fields.message]
    .filter(Boolean)
    .join(' ')
    .slice(0, MAX_MARKER_CHARS);
  const effective =
    status ??
    (fields.code && /^\d{3}$/.test(fields.code) ? Number(fields.code) : undefined) ??
    (fields.status ? GOOGLE_STATUS[fields.status] : undefined) ??
    statusOfCode(fields.code) ??
    statusOfCode(fields.type);

  if (operation === 'compact' && compactUnsupported(effective, fields, markers)) {
    return {
      code: 'compact_unsupported',
      hint: "This model's channel does not offer compaction. Keep the conversation as it is, or pick a model whose channel supports it.",
      retryable: false,
    };
  }
  // Google answers a bad key with 400 INVALID_ARGUMENT; the user needs the key advice, not "bad request".
  if (effective === 401 || (effective === 400 && /api[ _]key not valid|API_KEY_INVALID/i.test(markers))) {
    return {
      code: 'auth_invalid',
      hint: "The key may be invalid, disabled, expired or out of quota. Check it in the gateway's dashboard, then in this profile.",
      retryable: false,
    };
  }
  if ((effective === 402 || effective === 403 || effective === 429) && QUOTA_MARKERS.test(markers)) {
    return {
      code: 'quota_exhausted',
      hint: "The key's balance or quota is used up. Top it up in the gateway's dashboard, or use another key.",
      retryable: false,
    };
  }
  if (
    ((effective === 400 || effective === 500 || effective === 501) && FORMAT_MARKERS.test(markers)) ||
    chatFormatRefused(effective, fields, markers, operation, fromErrorObject)
  ) {
    return { code: 'format_unsupported', hint: formatHint(operation), retryable: false };
  }
  if (effective === 400 && isUpload(operation) && DURATION_LIMIT.test(markers)) {
    const limit = durationLimitOf(fields.message);
    const most =
      limit === undefined
        ? 'only so much audio'
        : limit >= 120
          ? `at most ${limit} seconds (about ${Math.floor(limit / 60)} minutes) of audio`
          : `at most ${limit} seconds of audio`;
    return {
      code: 'too_large',
      hint: `This model takes ${most} in one request. Choose a shorter part length in the transcription options, so long recordings go in smaller parts, or use a shorter file.`,
      retryable: false,
    };
  }
  if (fields.code === 'model_not_found' || fields.type === 'model_not_found') {
    return {
      code: 'model_not_found',
      hint: 'No channel of this gateway offers this model to your key. Pick another model from the list, or ask the gateway owner to enable it.',
      retryable: false,
    };
  }
  switch (effective) {
    case 402:
      return {
        code: 'quota_exhausted',
        hint: "The key's balance is used up. Top it up in the gateway's dashboard, or use another key.",
        retryable: false,
      };
    case 403:
      return {
        code: 'forbidden',
        hint: 'This key is not allowed to do this: the model may not be enabled for it, or your IP address may not be allowed. Ask the gateway owner.',
        retryable: false,
      };
    case 404:
      return {
        code: 'bad_request',
        hint: 'The gateway does not know this address or model. Check the base URL and the model name.',
        retryable: false,
      };
    case 408:
      return {
        code: 'timeout',
        hint: 'The gateway gave up waiting. Try again.',
        retryable: true,
      };
    case 409:
      return {
        code: 'gateway_error',
        hint: 'The gateway reported a conflict. Try again.',
        retryable: true,
      };
    case 413:
      return { code: 'too_large', hint: tooLargeHint(operation), retryable: false };
    case 429:
      return {
        code: 'rate_limited',
        hint:
          retryAfterMs === undefined
            ? 'Too many requests for now: wait a moment and try again.'
            : `Too many requests for now: wait about ${secondsText(retryAfterMs)} and try again.`,
        retryable: true,
      };
    case 500:
      if (/invalid_request/i.test(markers)) {
        // Some gateways report validation failures as 500; repeating the same request cannot help.
        return {
          code: 'bad_request',
          hint: 'The gateway rejected the request. Check the model name and the settings.',
          retryable: false,
        };
      }
      return {
        code: 'gateway_error',
        hint: "The gateway failed on its side. Try again; if it keeps happening, tell the gateway's owner.",
        retryable: true,
      };
    case 501:
      return { code: 'format_unsupported', hint: formatHint(operation), retryable: false };
    case 502:
    case 503:
    case 504:
      return {
        code: 'upstream_unavailable',
        hint: 'The provider behind the gateway is not answering. Try again in a minute, or pick another model.',
        retryable: true,
      };
    default:
      break;
  }
  if (effective !== undefined && effective >= 500) {
    return {
      code: 'gateway_error',
      hint: "The gateway failed on its side. Try again; if it keeps happening, tell the gateway's owner.",
      retryable: true,
    };
  }
  if (effective !== undefined && effective >= 400) {
    return {
      code: 'bad_request',
      hint: 'The gateway rejected the request. Check the model name and the settings (some models refuse some settings).',
      retryable: false,
    };
  }
  return {
    code: 'gateway_error',
    hint: 'The reply stopped with an error from the gateway or the model. Try again.',
    retryable: false,
  };
}

function cleanMessage(raw: string | undefined, fallback: string): { message: string; requestId?: string } {
  if (raw === undefined) return { message: fallback };
  const split = splitRequestId(raw);
  let message = split.message === '' ? fallback : split.message;
  if (message.length > MAX_MESSAGE_CHARS) message = `${message.slice(0, MAX_MESSAGE_CHARS)}…`;
  return split.requestId === undefined ? { message } : { message, requestId: split.requestId };
}

export interface HttpErrorInput {
  status: number;
  statusText?: string;
  bodyText: string;
  headers?: Headers;
  operation: Operation;
}

/** A non-2xx answer as a `GatewayError`. */
export function failureFromHttp(input: HttpErrorInput): GatewayError {
  const fields = errorFieldsFromText(input.bodyText);
  // A header wins; Google's body-borne RetryInfo counts the same when there is none.
  const retryAfterMs = retryAfterMsFromHeaders(input.headers) ?? fields.retryDelayMs;
  const classified = classify(
    input.status,
    fields,
    input.operation,
    retryAfterMs,
    isErrorObjectText(input.bodyText),
  );
  const statusText = input.statusText || HTTP_STATUS_TEXT[input.status] || '';
  const fallback = `The gateway answered ${input.status}${statusText ? ` ${statusText}` : ''}.`;
  const cleaned = cleanMessage(fields.message, fallback);
  const { requestId } = cleaned;
  const message = input.status === 413 ? sizeLimitMessage(cleaned.message, input.operation) : cleaned.message;
  return withOperationAdvice(
    new GatewayError(classified.code, message, {
      hint: classified.hint,
      status: input.status,
      requestId: requestId ?? requestIdFromHeaders(input.headers),
      retryable: classified.retryable,
      retryAfterMs,
    }),
    input.operation,
  );
}

/** Upstream's byte count in words: "Maximum content size limit (26214400) exceeded" says 25 MB. */
function sizeLimitMessage(message: string, operation: Operation): string {
  const limit = CONTENT_SIZE_LIMIT.exec(message)?.[1];
  if (limit === undefined) return message;
  const mb = Number(limit) / (1024 * 1024);
  const what = isUpload(operation) ? 'The audio file is' : 'The request is';
  return `${what} larger than the gateway takes: at most ${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB per request.`;
}
/** sizeLimitMessage's limit read back (statedUploadLimits): the error the page holds carries only these words. */
const SIZE_LIMIT_WORDS = /larger than the gateway takes: at most ([\d.]+) MB per request/;

/** Whether an error body is a JSON error object (`{error: …}`, either shape, or Gemini's array of one). */
function isErrorObjectText(text: string): boolean {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return false;
  try {
    const parsed: unknown = JSON.parse(trimmed);
    return carriesError(Array.isArray(parsed) ? parsed[0] : parsed);
  } catch {
    return false;
  }
}

/** An error object that arrived inside a 200 answer or a stream (either shape). */
export function failureFromErrorObject(body: unknown, operation: Operation, headers?: Headers): GatewayError {
  const fields = errorFieldsFromObject(body);
  const numeric = fields.code && /^\d{3}$/.test(fields.code) ? Number(fields.code) : undefined;
  const classified = classify(undefined, fields, operation, fields.retryDelayMs);
  const { message, requestId } = cleanMessage(fields.message, 'The gateway reported an error.');
  return withOperationAdvice(
    new GatewayError(classified.code, message, {
      hint: classified.hint,
      status: numeric,
      requestId: requestId ?? requestIdFromHeaders(headers),
      retryable: false,
      retryAfterMs: fields.retryDelayMs,
    }),
    operation,
  );
}

/** Whether a parsed 2xx answer is an error object instead of a result: `{error: …}` set to something. */
export function carriesError(body: unknown): body is Record<string, unknown> {
  if (!isRecord(body)) return false;
  const error = body.error;
  return error !== undefined && error !== null && error !== false && error !== '';
}

const ERROR_OBJECT_START = /\{\s*"error"\s*:/g;
// Only the last few candidates are tried: the error a body ends with starts near its end.
const MAX_TRAILING_TRIES = 8;

/**
 * The error object a 2xx body ends with when the body is not one clean answer: a relay that had started
 * copying an answer appends the error it then ran into (`{"text":"…"}\n{"error":{…}}`), and a JSON array
 * of partial answers may end with one.
 */
export function trailingErrorObject(text: string): Record<string, unknown> | undefined {
  const trimmed = text.trim();
  if (trimmed.endsWith(']') && trimmed.startsWith('[')) {
    try {
      const list: unknown = JSON.parse(trimmed);
      if (Array.isArray(list) && carriesError(list.at(-1))) return list.at(-1) as Record<string, unknown>;
    } catch {
      // Not one array: the object search below may still find an error at the end.
    }
  }
  if (!trimmed.endsWith('}')) return undefined;
  const starts = [...trimmed.matchAll(ERROR_OBJECT_START)].map((match) => match.index);
  for (const start of starts.reverse().slice(0, MAX_TRAILING_TRIES)) {
    try {
      const value: unknown = JSON.parse(trimmed.slice(start));
      if (carriesError(value)) return value;
    } catch {
      // An "error" key inside something else, not an object of its own: try an earlier one.
    }
  }
  return undefined;
}

/**
 * A failure while building a request, before anything was sent: nothing reached the gateway, and sending
 * again would fail the same way, so it is neither retried nor reported as a network problem.
 */
export function localFailure(error: unknown): GatewayError {
  if (error instanceof GatewayError) return error;
  return new GatewayError(
    'invalid_input',
    'The request could not be built, so nothing was sent to the gateway.',
    {
      hint: 'Check the base URL, key and extra headers of this profile.',
      retryable: false,
      cause: error,
    },
  );
}

/**
 * A failure of a POST that could be repeated, but not automatically: the gateway may already have started
 * on the request (and billed it). It keeps its code, so the UI still offers its one-click retry, and the
 * hint says why that click is the user's.
 */
export function notResentFailure(failure: GatewayError): GatewayError {
  const note = 'It was not sent again automatically, as the gateway may already have started on it.';
  const advice = failure.hint ?? 'Try again.';
  return new GatewayError(failure.code, failure.message, {
    hint: /try again/i.test(advice) ? `${advice} ${note}` : `${advice} Try again. ${note}`,
    status: failure.status,
    requestId: failure.requestId,
    retryable: failure.retryable,
    retryAfterMs: failure.retryAfterMs,
    cause: failure.cause,
  });
}

export function abortedFailure(): GatewayError {
  return new GatewayError('aborted', 'Stopped.', { retryable: false });
}

export type TimeoutKind = 'headers' | 'idle' | 'upload';

export function timeoutFailure(kind: TimeoutKind, ms: number, operation: Operation): GatewayError {
  const span = secondsText(ms);
  const message =
    kind === 'headers'
      ? `The gateway did not answer within ${span}.`
      : kind === 'upload'
        ? `The upload stalled: the gateway accepted no data for ${span}.`
        : `The gateway went silent for ${span} in the middle of the answer.`;
  return withOperationAdvice(
    new GatewayError('timeout', message, {
      hint: 'The gateway or the model may be overloaded. Try again later, or raise the time limit.',
      retryable: false,
    }),
    operation,
  );
}

function causeCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && isRecord(current); depth++) {
    if (typeof current.code === 'string') return current.code;
    current = current.cause;
  }
  return undefined;
}

function causeMessage(error: unknown): string {
  let current: unknown = error;
  const messages: string[] = [];
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    messages.push(current.message);
    current = current.cause;
  }
  return messages.join(' ');
}

// Connection failures that prove nothing reached the gateway: the name did not resolve, nothing accepted
// the connection, or it was not made in time (undici's `UND_ERR_CONNECT_TIMEOUT`, its documented code for
// a connect timeout). A reset, a socket error or a broken pipe come after the connection was made, when
// the request may already have been read: `ECONNRESET`, `EPIPE`, undici's `UND_ERR_SOCKET`.
const NEVER_CONNECTED_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT']);
const LOST_CONNECTION_CODES = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'UND_ERR_SOCKET']);

/** Whether a failed fetch proves the connection was never made, so the gateway cannot have seen the request. */
export function connectionNeverMade(error: unknown): boolean {
  const code = causeCode(error);
  return code !== undefined && NEVER_CONNECTED_CODES.has(code);
}

/**
 * A failure of the connection itself (no HTTP answer, or the answer was cut). `midAnswer`: the answer had
 * begun; `partKept`: the caller keeps what had arrived (a streamed reply's text), so the hint may say so.
 * An answer read whole (a non-streamed reply, a transcript, a list) keeps nothing of a cut body.
 */
export function networkFailure(
  error: unknown,
  operation: Operation,
  midAnswer = false,
  partKept = midAnswer,
): GatewayError {
  const code = causeCode(error);
  // Which certificate was refused and why (tls-failure.ts).
  const tlsProblem = describeTlsFailure(error);
  let message = midAnswer
    ? 'The connection closed before the answer was complete.'
    : 'Could not reach the gateway.';
  let hint = 'Check the base URL, your internet connection, and that the gateway is running.';
  let retryable = !midAnswer;
  if (/unexpected redirect/i.test(causeMessage(error))) {
    message =
      'The gateway answered with a redirect, which Gateway Studio does not follow (it would send your key elsewhere).';
    hint = 'Use the address it redirects to (often the https:// one) as the base URL of this profile.';
    retryable = false;
  } else if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    message = "The gateway's host name could not be found.";
    hint = 'Check the base URL for typos, and your internet connection.';
    // A name that does not resolve will not resolve a second later either.
    retryable = retryable && code === 'EAI_AGAIN';
  } else if (code === 'ECONNREFUSED') {
    message = 'Nothing is listening at the gateway address.';
    hint = 'Check the base URL and its port, and that the gateway is running.';
  } else if (!midAnswer && code !== undefined && LOST_CONNECTION_CODES.has(code)) {
    // The gateway was reached: the address is fine, the connection was dropped while it had the request.
    message = 'The connection to the gateway was closed before it answered.';
    hint = 'The gateway, or a proxy in front of it, dropped the connection. Try again.';
  } else if (tlsProblem !== null) {
    ({ message, hint } = tlsProblem);
    retryable = false;
  } else if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
    // The HTTP stack's own limit (a fetch without the app's dispatcher). The request reached the
    // gateway, which may be working on it: sending it again would bill it twice.
    return withOperationAdvice(
      new GatewayError('timeout', 'The gateway took too long to answer.', {
        hint: 'Try again later, or with a smaller request.',
        retryable: false,
        cause: error,
      }),
      operation,
    );
  } else if (midAnswer) {
    hint = partKept
      ? 'What arrived so far is kept. Try again.'
      : 'An answer cut short cannot be read, so none of it is shown. Try again.';
  }
  return withOperationAdvice(
    new GatewayError('network', message, { hint, retryable, cause: error }),
    operation,
  );
}

export function malformedFailure(detail: string, operation: Operation): GatewayError {
  return withOperationAdvice(
    new GatewayError('malformed_response', `The gateway's answer could not be read: ${detail}`, {
      hint: "Check that the base URL points at the gateway's API (not a web page), then try again.",
      retryable: false,
    }),
    operation,
  );
}

/** How much of a malformed event a message quotes: enough to recognise it, short enough to read. */
const EVENT_PREVIEW_CHARS = 80;

/**
 * A stream event whose data could not be read as JSON. Its start is quoted as it arrived, on one line
 * (`JSON.stringify` would show every quote as `\"`, which reads as a different text).
 */
export function malformedEventFailure(data: string, operation: Operation): GatewayError {
  const flat = data.replace(/\s+/g, ' ').trim();
  const preview = flat.length > EVENT_PREVIEW_CHARS ? `${flat.slice(0, EVENT_PREVIEW_CHARS)}…` : flat;
  return malformedFailure(`a stream event was not valid JSON: “${preview}”.`, operation);
}

export function tooLargeStreamFailure(
  what: 'event' | 'answer',
  limitBytes: number,
  operation: Operation,
): GatewayError {
  const mb = Math.round(limitBytes / (1024 * 1024));
  return withOperationAdvice(
    new GatewayError(
      'stream_too_large',
      what === 'event'
        ? `One event of the answer was larger than ${mb} MB, so it was stopped.`
        : `The answer grew larger than ${mb} MB, so it was stopped.`,
      {
        hint: 'Ask for a shorter answer (lower the output token limit), or raise the size limit.',
        retryable: false,
      },
    ),
    operation,
  );
}

/** Any thrown value as a `GatewayError` (unknown errors become `internal`, never raw). */
export function asFailure(error: unknown): GatewayError {
  if (error instanceof GatewayError) return error;
  return new GatewayError('internal', 'Something went wrong inside the gateway client.', {
    hint: 'Try again; if it keeps happening, restart the app.',
    cause: error,
  });
}
