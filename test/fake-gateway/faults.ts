// Fault rules (tried in the order added, each used up after `times` matches), how a `status` fault is
// answered, and presets for the statuses real gateways send (WIRE.md part 3).
import {
  cloudflareErrorPage,
  geminiErrorBody,
  geminiQuotaDetails,
  googleStatus,
  htmlErrorPage,
  openaiErrorBody,
  reasonPhrase,
} from './errors.ts';
import type { Fault, FaultRule } from './types.ts';

type StatusFault = Extract<Fault, { kind: 'status' }>;

export class FaultBook {
  private rules: Array<{ rule: FaultRule; left: number }> = [];

  inject(rule: FaultRule): void {
    this.rules.push({ rule, left: rule.times ?? 1 });
  }

  clear(): void {
    this.rules = [];
  }

  /** The fault for this request, if a rule matches; the rule's count goes down by one. */
  take(method: string, path: string): Fault | undefined {
    for (const entry of this.rules) {
      if (entry.left <= 0 || !matches(entry.rule, method, path)) continue;
      entry.left -= 1;
      return entry.rule.fault;
    }
    return undefined;
  }
}

function matches(rule: FaultRule, method: string, path: string): boolean {
  const match = rule.match;
  if (!match) return true;
  if (match.method && match.method.toUpperCase() !== method.toUpperCase()) return false;
  if (match.path === undefined) return true;
  return typeof match.path === 'string' ? path.startsWith(match.path) : match.path.test(path);
}

export interface StatusReply {
  status: number;
  headers: Record<string, string | number>;
  body: string;
}

export function statusReply(fault: StatusFault): StatusReply {
  const headers: Record<string, string | number> = {};
  if (fault.requestId) headers['x-request-id'] = fault.requestId;
  if (fault.retryAfterSeconds !== undefined) headers['retry-after'] = String(fault.retryAfterSeconds);
  const message = fault.message ?? reasonPhrase(fault.status);
  let body = '';
  switch (fault.shape) {
    case 'openai':
      headers['content-type'] = 'application/json';
      body = openaiErrorBody(
        {
          status: fault.status,
          message,
          code: fault.code ?? null,
          ...(fault.type ? { type: fault.type } : {}),
        },
        fault.requestId,
      );
      break;
    case 'gemini': {
      headers['content-type'] = 'application/json';
      const withId = fault.requestId ? `${message} (request id: ${fault.requestId})` : message;
      const statusName = typeof fault.code === 'string' ? fault.code : googleStatus(fault.status);
      const details = fault.retryDelay === undefined ? undefined : geminiQuotaDetails(fault.retryDelay);
      body = geminiErrorBody(fault.status, withId, statusName, details);
      break;
    }
    case 'text':
      headers['content-type'] = 'text/html';
      body = fault.message ?? htmlErrorPage(fault.status);
      break;
    case 'empty':
      break;
  }
  headers['content-length'] = Buffer.byteLength(body);
  return { status: fault.status, headers, body };
}

/** Statuses seen from new-api-style gateways, with their real-looking bodies. Spread one to change a field. */
export const faults = {
  /** 401: key unknown, disabled or expired. */
  invalidKey: {
    kind: 'status',
    status: 401,
    shape: 'openai',
    message: 'Invalid token',
    type: 'new_api_error',
    code: '',
    requestId: '20250915103000123456789fakeA1',
  },
  /** 401: the key itself has no quota left (new-api says 401 here, not 402/403). */
  keyQuotaExhausted: {
    kind: 'status',
    status: 401,
    shape: 'openai',
    message: 'The token quota has been used up: sk-fak***ake',
    type: 'new_api_error',
    code: '',
    requestId: '20250915103000123456789fakeA2',
  },
  /** 403: the user's balance is too low. */
  quotaExhausted: {
    kind: 'status',
    status: 403,
    shape: 'openai',
    message: 'Insufficient user quota, remaining quota: $0.000000',
    type: 'new_api_error',
    code: 'insufficient_user_quota',
    requestId: '20250915103000123456789fakeA3',
  },
  /** 403: pre-consumption of the key's quota failed. */
  preConsumeFailed: {
    kind: 'status',
    status: 403,
    shape: 'openai',
    message: 'pre-consume token quota failed, token remaining quota: $0.01, need quota: $0.05',
    type: 'new_api_error',
    code: 'pre_consume_token_quota_failed',
    requestId: '20250915103000123456789fakeA4',
  },
  /** 403: this key may not use the model. */
  modelNotAllowed: {
    kind: 'status',
    status: 403,
    shape: 'openai',
    message: 'This token has no access to the requested model',
    type: 'new_api_error',
    code: 'model_not_allowed',
  },
  /** 400: the gateway's admin never priced the model. */
  priceNotConfigured: {
    kind: 'status',
    status: 400,
    shape: 'openai',
    message:
      'Model gpt-5-mini ratio or price not set, please ask the administrator to set it, or enable self-use mode',
    type: 'new_api_error',
    code: 'model_price_error',
    requestId: '20250915103000123456789fakeA5',
  },
  /** 400: the model's channel has no compact endpoint. */
  compactUnsupported: {
    kind: 'status',
    status: 400,
    shape: 'openai',
    message: 'The compact endpoint is not supported by this channel',
    type: 'invalid_request_error',
    code: 'invalid_request',
  },
  /** 413 from the gateway itself. */
  payloadTooLarge: {
    kind: 'status',
    status: 413,
    shape: 'openai',
    message: 'Maximum content size limit (26214400) exceeded (26543210 bytes read)',
    type: 'invalid_request_error',
    code: 'request_body_too_large',
  },
  /**
   * Upstream's refusal of audio longer than the model takes in one request, relayed with its status: OpenAI's
   * 400 `invalid_value` for gpt-4o-transcribe-diarize over 1400 s (quoted in
   * github.com/murtaza-nasir/speakr/issues/168).
   */
  audioTooLong: {
    kind: 'status',
    status: 400,
    shape: 'openai',
    message:
      'audio duration 1830.530612 seconds is longer than 1400 seconds which is the maximum for this model',
    type: 'invalid_request_error',
    code: 'invalid_value',
  },
  /** 413 from a reverse proxy in front of the gateway: an HTML page. */
  payloadTooLargeProxy: { kind: 'status', status: 413, shape: 'text' },
  /** 429 with no body at all, only `Retry-After`. */
  rateLimited: { kind: 'status', status: 429, shape: 'empty', retryAfterSeconds: 1 },
  /** 429 with an OpenAI body. */
  rateLimitedWithBody: {
    kind: 'status',
    status: 429,
    shape: 'openai',
    message: 'Rate limit reached for requests. Please try again in 1s.',
    type: 'requests',
    code: 'rate_limit_exceeded',
    retryAfterSeconds: 1,
  },
  /** 500: the model's channel cannot speak this format (new-api's conversion is missing). */
  convertRequestFailed: {
    kind: 'status',
    status: 500,
    shape: 'openai',
    message: 'not implemented',
    type: 'new_api_error',
    code: 'convert_request_failed',
    requestId: '20250915103000123456789fakeA6',
  },
  /** 500 used for a validation failure. */
  invalidRequest500: {
    kind: 'status',
    status: 500,
    shape: 'openai',
    message: 'invalid request: field messages is required',
    type: 'new_api_error',
    code: 'invalid_request',
  },
  /** 500: a plain internal error. */
  internalError: {
    kind: 'status',
    status: 500,
    shape: 'openai',
    message: 'internal error',
    type: 'new_api_error',
    code: 'internal_error',
    requestId: '20250915103000123456789fakeA7',
  },
  /** 502 from a reverse proxy: an HTML page. */
  badGateway: { kind: 'status', status: 502, shape: 'text' },
  /** 503: no channel offers this model to this key. */
  modelNotFound: {
    kind: 'status',
    status: 503,
    shape: 'openai',
    message: 'No available channel for model gpt-5-mini under group default (distributor)',
    type: 'new_api_error',
    code: 'model_not_found',
    requestId: '20250915103000123456789fakeA8',
  },
  /** 503 with an empty body. */
  serviceUnavailable: { kind: 'status', status: 503, shape: 'empty' },
  /** 503 with `Retry-After`: the gateway declines the request for now and says when to come back. */
  overloadedRetryAfter: {
    kind: 'status',
    status: 503,
    shape: 'openai',
    message: 'The server is overloaded or not ready yet.',
    type: 'new_api_error',
    code: 'server_overloaded',
    retryAfterSeconds: 1,
  },
  /** 504 from a reverse proxy: an HTML page. */
  gatewayTimeout: { kind: 'status', status: 504, shape: 'text' },
  /** 504 from the gateway: the upstream did not answer in time. */
  upstreamTimeout: {
    kind: 'status',
    status: 504,
    shape: 'openai',
    message: 'upstream timeout',
    type: 'new_api_error',
    code: 'do_request_failed',
  },
  /**
   * 524 from Cloudflare in front of the gateway: the gateway took the request but sent no headers within
   * Cloudflare's 100 s, so it may still be working on it (and billing it). A real one comes after those
   * 100 s; spread it with a `delayMs` to make it wait (answered at once here, so preset sweeps stay quick).
   */
  cloudflareTimeout: {
    kind: 'status',
    status: 524,
    shape: 'text',
    message: cloudflareErrorPage(524),
  },
  /** A Google-shaped 429, as a gateway passing upstream errors through would send. */
  geminiResourceExhausted: {
    kind: 'status',
    status: 429,
    shape: 'gemini',
    message: 'Resource has been exhausted (e.g. check quota).',
    code: 'RESOURCE_EXHAUSTED',
  },
  /**
   * Google's per-minute quota 429: the wait is in the body (`google.rpc.RetryInfo`), with no `Retry-After`.
   * Spread it with another `retryDelay` to change the wait.
   */
  geminiRateLimitRetryInfo: {
    kind: 'status',
    status: 429,
    shape: 'gemini',
    message:
      'You exceeded your current quota, please check your plan and billing details. For more information on this error, head to: https://ai.google.dev/gemini-api/docs/rate-limits. Please retry in 34.123456s.',
    code: 'RESOURCE_EXHAUSTED',
    retryDelay: '34s',
  },
  /**
   * 503 on /v1/responses/compact from new-api: compaction is routed as `<model>-openai-compact`, and no
   * channel offers that variant of the model.
   */
  compactNoChannel: {
    kind: 'status',
    status: 503,
    shape: 'openai',
    message: 'No available channel for model gpt-5-mini-openai-compact under group default (distributor)',
    type: 'new_api_error',
    code: 'model_not_found',
    requestId: '20250915103000123456789fakeA9',
  },
  /** A Google-shaped bad key. */
  geminiInvalidKey: {
    kind: 'status',
    status: 400,
    shape: 'gemini',
    message: 'API key not valid. Please pass a valid API key.',
    code: 'INVALID_ARGUMENT',
  },
} satisfies Record<string, StatusFault>;
