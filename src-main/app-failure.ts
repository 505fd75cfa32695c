// The one error type main-side code throws. The IPC choke point turns it into the `AppError` of a
// result object; anything else thrown becomes `internal`. Plain TypeScript: the gateway client uses it too.
import type { AppError, ErrorCode } from '../src-preload/contract.ts';

export interface FailureDetails {
  hint?: string;
  status?: number;
  requestId?: string;
  /** Whether repeating the same request may succeed (used by the gateway's retry loop). */
  retryable?: boolean;
  retryAfterMs?: number;
  cause?: unknown;
}

export class AppFailure extends Error {
  readonly code: ErrorCode;
  readonly hint: string | undefined;
  readonly status: number | undefined;
  readonly requestId: string | undefined;
  readonly retryable: boolean;
  readonly retryAfterMs: number | undefined;

  constructor(code: ErrorCode, message: string, details: FailureDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'AppFailure';
    this.code = code;
    this.hint = details.hint;
    this.status = details.status;
    this.requestId = details.requestId;
    this.retryable = details.retryable ?? false;
    this.retryAfterMs = details.retryAfterMs;
  }

  /** Rebuilds a failure from its serialised form (e.g. to rethrow one family's error). */
  static from(error: AppError): AppFailure {
    const details: FailureDetails = {};
    if (error.hint !== undefined) details.hint = error.hint;
    if (error.status !== undefined) details.status = error.status;
    if (error.requestId !== undefined) details.requestId = error.requestId;
    return new AppFailure(error.code, error.message, details);
  }

  toAppError(): AppError {
    const error: AppError = { code: this.code, message: this.message };
    if (this.hint !== undefined) error.hint = this.hint;
    if (this.status !== undefined) error.status = this.status;
    if (this.requestId !== undefined) error.requestId = this.requestId;
    return error;
  }
}

/** Any thrown value as an `AppError`, without leaking stack traces or internals to the renderer. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppFailure) return error.toAppError();
  return {
    code: 'internal',
    message: 'Something went wrong inside Gateway Studio.',
    hint: 'Try again; if it keeps happening, restart the app.',
  };
}
