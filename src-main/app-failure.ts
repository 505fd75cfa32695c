// The one error type main-side code throws. The IPC choke point turns it into the `AppError` of a
// result object; anything else thrown becomes `internal`. The gateway client has its own error type
// (gateway/gateway-error.ts), which this one extends: main's failures carry the same fields, so a failure
// thrown by main's code into the client (the app's fetch) passes through it unchanged, and the boundary below
// recognises both as failures a user may be told about.
import type { AppError, ErrorCode } from '../src-preload/contract.ts';
import { GatewayError, type GatewayErrorDetails } from './gateway/gateway-error.ts';

export class AppFailure extends GatewayError {
  constructor(code: ErrorCode, message: string, details: GatewayErrorDetails = {}) {
    super(code, message, details);
    this.name = 'AppFailure';
  }

  /** Rebuilds a failure from its serialised form (e.g. to rethrow one family's error). */
  static from(error: AppError): AppFailure {
    const details: GatewayErrorDetails = {};
    if (error.hint !== undefined) details.hint = error.hint;
    if (error.status !== undefined) details.status = error.status;
    if (error.requestId !== undefined) details.requestId = error.requestId;
    return new AppFailure(error.code, error.message, details);
  }
}

/** A failure raised on purpose, by main's code or by the gateway client (not a bug). */
export type Failure = AppFailure | GatewayError;

/** Whether a thrown value is a `Failure`: what a service checks before passing an error on as it is. */
export function isFailure(error: unknown): error is Failure {
  return error instanceof GatewayError;
}

/** Any thrown value as an `AppError`, without leaking stack traces or internals to the renderer. */
export function toAppError(error: unknown): AppError {
  if (isFailure(error)) return error.toAppError();
  return {
    code: 'internal',
    message: 'Something went wrong inside Gateway Studio.',
    hint: 'Try again; if it keeps happening, restart the app.',
  };
}
