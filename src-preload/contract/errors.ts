// Errors every method can answer with, and the result object every method answers in.

// ─── Errors ──────────────────────────────────────────────────────────────────────────────────────

export type ErrorCode =
  // Raised by the IPC choke point and the app's own services.
  | 'invalid_input'
  | 'forbidden_sender'
  | 'unknown_method'
  | 'not_found'
  | 'no_profile'
  | 'no_key'
  | 'plaintext_consent_required'
  | 'encryption_unavailable'
  | 'file_error'
  | 'busy'
  | 'internal'
  // Raised by the gateway client (src-main/gateway).
  | 'auth_invalid'
  | 'quota_exhausted'
  | 'forbidden'
  | 'model_not_found'
  | 'format_unsupported'
  | 'compact_unsupported'
  | 'too_large'
  | 'rate_limited'
  | 'bad_request'
  | 'gateway_error'
  | 'upstream_unavailable'
  | 'timeout'
  | 'network'
  | 'aborted'
  | 'malformed_response'
  | 'stream_too_large';

/** The runtime list of error codes; the `satisfies` makes it complete and exact with respect to `ErrorCode`. */
export const ERROR_CODES = Object.keys({
  invalid_input: true,
  forbidden_sender: true,
  unknown_method: true,
  not_found: true,
  no_profile: true,
  no_key: true,
  plaintext_consent_required: true,
  encryption_unavailable: true,
  file_error: true,
  busy: true,
  internal: true,
  auth_invalid: true,
  quota_exhausted: true,
  forbidden: true,
  model_not_found: true,
  format_unsupported: true,
  compact_unsupported: true,
  too_large: true,
  rate_limited: true,
  bad_request: true,
  gateway_error: true,
  upstream_unavailable: true,
  timeout: true,
  network: true,
  aborted: true,
  malformed_response: true,
  stream_too_large: true,
} satisfies Record<ErrorCode, true>) as [ErrorCode, ...ErrorCode[]];

export interface AppError {
  code: ErrorCode;
  /** Clean, user-facing message (request-id suffixes removed). */
  message: string;
  /** What the user can do about it, in plain words. */
  hint?: string;
  status?: number;
  requestId?: string;
}

export type Result<T> = { ok: true; data: T } | { ok: false; error: AppError };

// ─── HTTP ────────────────────────────────────────────────────────────────────────────────────────

/**
 * Reason phrases of the statuses a gateway commonly answers with: for error messages in main (when the
 * response carries none) and for the inspector's status badge.
 */
export const HTTP_STATUS_TEXT: Readonly<Record<number, string>> = {
  200: 'OK',
  201: 'Created',
  204: 'No Content',
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};
