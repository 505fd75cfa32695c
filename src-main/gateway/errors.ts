// Every way a gateway call can fail, turned into one `GatewayError` with a stable code, a clean message
// and a hint in plain words (WIRE.md part 3). Pure functions: no I/O here.
import { type AppError, type ErrorCode, HTTP_STATUS_TEXT } from '../../src-preload/contract.ts';
import { GatewayError } from './gateway-error.ts';
import { isRecord } from './json.ts';
import { describeTlsFailure } from './tls-failure.ts';
import { type Phrase, readBack, type Words, words } from './words.ts';

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
const FORMAT_NAMES: Record<ChatOperation, Words> = {
  responses: words('format.responses'),
  chat: words('format.chat'),
  content: words('format.content'),
};

/**
 * The format that failed, and the way out: another format the model's channel speaks. Which ones it speaks
 * is the model list's to say (the error's buttons offer them), so the hint names none of them itself.
 */
function formatHint(operation: Operation): Words {
  if (isChatOperation(operation)) return words('hint.formatChat', { format: FORMAT_NAMES[operation] });
  if (operation === 'compact') return words('hint.formatCompact', { format: FORMAT_NAMES.responses });
  return words('hint.formatOther');
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
    const mb = sizeLimitOfWords(error.message);
    if (bytes !== undefined) stated.maxBytes = Number(bytes);
    else if (mb !== undefined) stated.maxBytes = Math.floor(Number(mb) * 1024 * 1024);
  }
  const seconds = durationLimitOf(error.message);
  if (seconds !== undefined && seconds > 0) stated.maxSeconds = seconds;
  return stated;
}

/** What a 413 asks of the user: the part of the request that can be made smaller on this call. */
function tooLargeHint(operation: Operation): Words {
  switch (operation) {
    case 'transcribe':
    case 'translate':
      return words('hint.tooLargeUpload');
    case 'speech':
      return words('hint.tooLargeSpeech');
    case 'responses':
    case 'chat':
    case 'content':
    case 'compact':
      return words('hint.tooLargeChat');
    case 'models':
      // A listing sends no body: the gateway, or a proxy in front of it, is set up strangely.
      return words('hint.tooLargeModels');
  }
}

function audioAdvice(operation: Operation): Words | undefined {
  if (operation === 'transcribe' || operation === 'translate') return words('hint.audioAdviceUpload');
  if (operation === 'speech') return words('hint.audioAdviceSpeech');
  return undefined;
}

/** Adds the audio advice WIRE.md asks for to any failure of an audio call. */
export function withOperationAdvice(failure: GatewayError, operation: Operation): GatewayError {
  const advice = audioAdvice(operation);
  // A request that could not be built fails the same with any file: the advice would mislead.
  if (advice === undefined || failure.code === 'aborted' || failure.code === 'invalid_input') return failure;
  if (failure.hintPhrases?.some((phrase) => typeof phrase !== 'string' && phrase.key === advice.key))
    return failure;
  return new GatewayError(failure.code, failure.messagePhrase, {
    hint: [...(failure.hintPhrases ?? []), advice],
    status: failure.status,
    requestId: failure.requestId,
    retryable: failure.retryable,
    retryAfterMs: failure.retryAfterMs,
    cause: failure.cause,
  });
}

function secondsText(ms: number): Words {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  return seconds >= 120
    ? words('span.minutes', { n: Math.ceil(seconds / 60) })
    : words('span.seconds', { n: seconds });
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
  hint: Words;
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
      hint: words('hint.compactUnsupported'),
      retryable: false,
    };
  }
  // Google answers a bad key with 400 INVALID_ARGUMENT; the user needs the key advice, not "bad request".
  if (effective === 401 || (effective === 400 && /api[ _]key not valid|API_KEY_INVALID/i.test(markers))) {
    return {
      code: 'auth_invalid',
      hint: words('hint.authInvalid'),
      retryable: false,
    };
  }
  if ((effective === 402 || effective === 403 || effective === 429) && QUOTA_MARKERS.test(markers)) {
    return {
      code: 'quota_exhausted',
      hint: words('hint.quotaExhausted'),
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
        ? words('hint.durationUnknown')
        : limit >= 120
          ? words('hint.durationMinutes', { limit, minutes: Math.floor(limit / 60) })
          : words('hint.durationSeconds', { limit });
    return {
      code: 'too_large',
      hint: words('hint.durationLimit', { most }),
      retryable: false,
    };
  }
  if (fields.code === 'model_not_found' || fields.type === 'model_not_found') {
    return {
      code: 'model_not_found',
      hint: words('hint.modelNotFound'),
      retryable: false,
    };
  }
  switch (effective) {
    case 402:
      return {
        code: 'quota_exhausted',
        hint: words('hint.balanceUsedUp'),
        retryable: false,
      };
    case 403:
      return {
        code: 'forbidden',
        hint: words('hint.forbidden'),
        retryable: false,
      };
    case 404:
      return {
        code: 'bad_request',
        hint: words('hint.notFound'),
        retryable: false,
      };
    case 408:
      return {
        code: 'timeout',
        hint: words('hint.gaveUpWaiting'),
        retryable: true,
      };
    case 409:
      return {
        code: 'gateway_error',
        hint: words('hint.conflict'),
        retryable: true,
      };
    case 413:
      return { code: 'too_large', hint: tooLargeHint(operation), retryable: false };
    case 429:
      return {
        code: 'rate_limited',
        hint:
          retryAfterMs === undefined
            ? words('hint.rateLimited')
            : words('hint.rateLimitedWait', { span: secondsText(retryAfterMs) }),
        retryable: true,
      };
    case 500:
      if (/invalid_request/i.test(markers)) {
        // Some gateways report validation failures as 500; repeating the same request cannot help.
        return {
          code: 'bad_request',
          hint: words('hint.rejectedCheckModel'),
          retryable: false,
        };
      }
      return {
        code: 'gateway_error',
        hint: words('hint.gatewayFailed'),
        retryable: true,
      };
    case 501:
      return { code: 'format_unsupported', hint: formatHint(operation), retryable: false };
    case 502:
    case 503:
    case 504:
      return {
        code: 'upstream_unavailable',
        hint: words('hint.upstreamUnavailable'),
        retryable: true,
      };
    default:
      break;
  }
  if (effective !== undefined && effective >= 500) {
    return {
      code: 'gateway_error',
      hint: words('hint.gatewayFailed'),
      retryable: true,
    };
  }
  if (effective !== undefined && effective >= 400) {
    return {
      code: 'bad_request',
      hint: words('hint.rejected'),
      retryable: false,
    };
  }
  return {
    code: 'gateway_error',
    hint: words('hint.streamError'),
    retryable: false,
  };
}

/** The gateway's message as it wrote it (trimmed, without its request id), or our words when it wrote none. */
function cleanMessage(raw: string | undefined, fallback: Words): { message: Phrase; requestId?: string } {
  if (raw === undefined) return { message: fallback };
  const split = splitRequestId(raw);
  let message: Phrase = split.message === '' ? fallback : split.message;
  if (typeof message === 'string' && message.length > MAX_MESSAGE_CHARS)
    message = `${message.slice(0, MAX_MESSAGE_CHARS)}…`;
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
  const fallback = words('message.answeredStatus', {
    status: `${input.status}${statusText ? ` ${statusText}` : ''}`,
  });
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
function sizeLimitMessage(message: Phrase, operation: Operation): Phrase {
  const limit = typeof message === 'string' ? CONTENT_SIZE_LIMIT.exec(message)?.[1] : undefined;
  if (limit === undefined) return message;
  const mb = Number(limit) / (1024 * 1024);
  return words(isUpload(operation) ? 'message.audioLargerThanTakes' : 'message.requestLargerThanTakes', {
    mb: Number.isInteger(mb) ? mb : mb.toFixed(1),
  });
}

/**
 * sizeLimitMessage's limit read back (statedUploadLimits): the error the page holds carries only these words,
 * in the interface's language of the moment it failed.
 */
function sizeLimitOfWords(message: string): string | undefined {
  return (
    readBack('message.audioLargerThanTakes', message) ?? readBack('message.requestLargerThanTakes', message)
  )?.mb;
}

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
  const { message, requestId } = cleanMessage(fields.message, words('message.reportedError'));
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
  return new GatewayError('invalid_input', words('message.notBuilt'), {
    hint: words('hint.checkProfile'),
    retryable: false,
    cause: error,
  });
}

/**
 * A failure of a POST that could be repeated, but not automatically: the gateway may already have started
 * on the request (and billed it). It keeps its code, so the UI still offers its one-click retry, and the
 * hint says why that click is the user's.
 */
export function notResentFailure(failure: GatewayError): GatewayError {
  const note = words('hint.notResent');
  const tryAgain = words('hint.tryAgain');
  const advice = failure.hintPhrases ?? [tryAgain];
  // Whether the advice already says to try again is read in English, whatever the interface's language.
  return new GatewayError(failure.code, failure.messagePhrase, {
    hint: /try again/i.test(failure.hint ?? 'Try again.') ? [...advice, note] : [...advice, tryAgain, note],
    status: failure.status,
    requestId: failure.requestId,
    retryable: failure.retryable,
    retryAfterMs: failure.retryAfterMs,
    cause: failure.cause,
  });
}

export function abortedFailure(): GatewayError {
  return new GatewayError('aborted', words('message.stopped'), { retryable: false });
}

export type TimeoutKind = 'headers' | 'idle' | 'upload';

export function timeoutFailure(kind: TimeoutKind, ms: number, operation: Operation): GatewayError {
  const span = secondsText(ms);
  const message = words(
    kind === 'headers'
      ? 'message.noAnswerWithin'
      : kind === 'upload'
        ? 'message.uploadStalled'
        : 'message.silentMidAnswer',
    { span },
  );
  return withOperationAdvice(
    new GatewayError('timeout', message, {
      hint: words('hint.overloaded'),
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
  let message: Phrase = words(midAnswer ? 'message.connectionClosedMidAnswer' : 'message.unreachable');
  let hint: Phrase = words('hint.checkConnection');
  let retryable = !midAnswer;
  if (/unexpected redirect/i.test(causeMessage(error))) {
    message = words('message.redirect');
    hint = words('hint.redirect');
    retryable = false;
  } else if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    message = words('message.hostNotFound');
    hint = words('hint.hostNotFound');
    // A name that does not resolve will not resolve a second later either.
    retryable = retryable && code === 'EAI_AGAIN';
  } else if (code === 'ECONNREFUSED') {
    message = words('message.connectionRefused');
    hint = words('hint.connectionRefused');
  } else if (!midAnswer && code !== undefined && LOST_CONNECTION_CODES.has(code)) {
    // The gateway was reached: the address is fine, the connection was dropped while it had the request.
    message = words('message.closedBeforeAnswer');
    hint = words('hint.connectionDropped');
  } else if (tlsProblem !== null) {
    ({ message, hint } = tlsProblem.words);
    retryable = false;
  } else if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
    // The HTTP stack's own limit (a fetch without the app's dispatcher). The request reached the
    // gateway, which may be working on it: sending it again would bill it twice.
    return withOperationAdvice(
      new GatewayError('timeout', words('message.tookTooLong'), {
        hint: words('hint.smallerRequest'),
        retryable: false,
        cause: error,
      }),
      operation,
    );
  } else if (midAnswer) {
    hint = words(partKept ? 'hint.partKept' : 'hint.cutShort');
  }
  return withOperationAdvice(
    new GatewayError('network', message, { hint, retryable, cause: error }),
    operation,
  );
}

/** `detail`: what was wrong with the answer, in words (or as a technical text, e.g. a parser's). */
export function malformedFailure(detail: Phrase, operation: Operation): GatewayError {
  return withOperationAdvice(
    new GatewayError('malformed_response', words('message.unreadable', { detail }), {
      hint: words('hint.malformed'),
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
  return malformedFailure(words('malformed.eventNotJson', { preview }), operation);
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
      words(what === 'event' ? 'message.eventTooLarge' : 'message.answerTooLarge', { mb }),
      {
        hint: words('hint.streamTooLarge'),
        retryable: false,
      },
    ),
    operation,
  );
}

/** Any thrown value as a `GatewayError` (unknown errors become `internal`, never raw). */
export function asFailure(error: unknown): GatewayError {
  if (error instanceof GatewayError) return error;
  return new GatewayError('internal', words('message.internal'), {
    hint: words('hint.restart'),
    cause: error,
  });
}
