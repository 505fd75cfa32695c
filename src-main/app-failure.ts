// The one error type main-side code throws. The IPC choke point turns it into the `AppError` of a
// result object; anything else thrown becomes `internal`. The gateway client has its own error type
// (gateway/gateway-error.ts), which this one extends: main's failures carry the same fields, so a failure
// thrown by main's code into the client (the app's fetch) passes through it unchanged, and the boundary below
// recognises both as failures a user may be told about.
import type { AppError, ErrorCode } from '../src-preload/contract.ts';
import { GatewayError, type GatewayErrorDetails } from './gateway/gateway-error.ts';
import type { Phrase } from './gateway/words.ts';
// Main's i18n installs the translator of the gateway client's words (gateway/words.ts) as it loads: every
// failure that reaches the renderer through `toAppError` below has its words in the interface's language.
import { t } from './i18n/index.ts';

/**
 * Main's own words in a failure (messages and hints it writes itself) come from main's catalogue, `t(…)` as
 * the failure is made: already in the interface's language. Text that is not ours (a gateway's message, a
 * file system's) is passed as it is.
 */
export class AppFailure extends GatewayError {
  constructor(code: ErrorCode, message: Phrase, details: GatewayErrorDetails = {}) {
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

/**
 * Any thrown value as an `AppError`, without leaking stack traces or internals to the renderer: the boundary
 * every failure crosses (IPC answers, stream events, stored failures), where the gateway client's words are
 * rendered in the interface's language (`GatewayError.toAppError`) and the gateway's own text stays as written.
 */
export function toAppError(error: unknown): AppError {
  if (isFailure(error)) return error.toAppError();
  return { code: 'internal', message: t('errors.internal.message'), hint: t('errors.internal.hint') };
}
