// The one error type the gateway client throws (and reports in a stream's `error` event): a stable code from
// the contract, a message and hint a user can act on, and what the retry loop needs. The gateway's own, so the
// client depends on nothing else in main; main's boundary (app-failure.ts `toAppError`) turns it into an `AppError`.
import type { AppError, ErrorCode } from '../../src-preload/contract.ts';

export interface GatewayErrorDetails {
  hint?: string;
  status?: number;
  requestId?: string;
  /** Whether repeating the same request may succeed (used by the retry loop). */
  retryable?: boolean;
  retryAfterMs?: number;
  cause?: unknown;
}

export class GatewayError extends Error {
  readonly code: ErrorCode;
  readonly hint: string | undefined;
  readonly status: number | undefined;
  readonly requestId: string | undefined;
  readonly retryable: boolean;
  readonly retryAfterMs: number | undefined;

  constructor(code: ErrorCode, message: string, details: GatewayErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'GatewayError';
    this.code = code;
    this.hint = details.hint;
    this.status = details.status;
    this.requestId = details.requestId;
    this.retryable = details.retryable ?? false;
    this.retryAfterMs = details.retryAfterMs;
  }

  /** What the renderer is told: the code, message, hint, status and request id (no cause, no stack). */
  toAppError(): AppError {
    const error: AppError = { code: this.code, message: this.message };
    if (this.hint !== undefined) error.hint = this.hint;
    if (this.status !== undefined) error.status = this.status;
    if (this.requestId !== undefined) error.requestId = this.requestId;
    return error;
  }
}
