// The one error type the gateway client throws (and reports in a stream's `error` event): a stable code from
// the contract, a message and hint a user can act on, and what the retry loop needs. The gateway's own, so the
// client depends on nothing else in main; main's boundary (app-failure.ts `toAppError`) turns it into an `AppError`.
// The client's own words (words.ts) travel as keys with values beside their English; `toAppError` renders them
// in the interface's language, while a message the gateway wrote (new-api writes many in Chinese) stays as written.
import type { AppError, ErrorCode } from '../../src-preload/contract.ts';
import { englishOf, inEnglish, isWords, type Phrase, render, renderAll } from './words.ts';

export interface GatewayErrorDetails {
  /** What the user can do: one sentence, or several (joined as the interface's language joins them). */
  hint?: Phrase | readonly Phrase[] | undefined;
  status?: number;
  requestId?: string;
  /** Whether repeating the same request may succeed (used by the retry loop). */
  retryable?: boolean;
  retryAfterMs?: number;
  cause?: unknown;
}

export class GatewayError extends Error {
  readonly code: ErrorCode;
  /** The hint in English (what the client's logic and its tests read); the renderer gets `toAppError`'s. */
  readonly hint: string | undefined;
  /** The hint's sentences as written: words of the client's, or text as it is. */
  readonly hintPhrases: readonly Phrase[] | undefined;
  /** The message as written, when it is the client's own words (otherwise the text, e.g. the gateway's). */
  readonly messagePhrase: Phrase;
  readonly status: number | undefined;
  readonly requestId: string | undefined;
  readonly retryable: boolean;
  readonly retryAfterMs: number | undefined;

  /** `message`: the client's own words, or a text shown as it is (the gateway's message, main's words). */
  constructor(code: ErrorCode, message: Phrase, details: GatewayErrorDetails = {}) {
    super(inEnglish(message), details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'GatewayError';
    this.code = code;
    this.messagePhrase = message;
    const hint = details.hint;
    this.hintPhrases =
      hint === undefined
        ? undefined
        : typeof hint === 'string' || isWords(hint)
          ? [hint as Phrase]
          : [...hint];
    this.hint = this.hintPhrases === undefined ? undefined : englishOf(this.hintPhrases);
    this.status = details.status;
    this.requestId = details.requestId;
    this.retryable = details.retryable ?? false;
    this.retryAfterMs = details.retryAfterMs;
  }

  /**
   * What the renderer is told: the code, message, hint, status and request id (no cause, no stack). The
   * client's own words in the interface's language (words.ts: main's translator); the gateway's as written.
   */
  toAppError(): AppError {
    const error: AppError = { code: this.code, message: render(this.messagePhrase) };
    if (this.hintPhrases !== undefined) error.hint = renderAll(this.hintPhrases);
    if (this.status !== undefined) error.status = this.status;
    if (this.requestId !== undefined) error.requestId = this.requestId;
    return error;
  }
}
