// The stream vocabulary every streamed method speaks, and the inspector's record of a request.

import type { TranscriptPartPlan, TranscriptPartStatus } from './audio.ts';
import type { TokenUsage } from './chat.ts';
import type { AppError } from './errors.ts';

// ─── Streams ─────────────────────────────────────────────────────────────────────────────────────

/**
 * The one event vocabulary every stream speaks, whichever format or job produced it.
 * Chat streams use text/reasoning/usage/done; audio jobs add progress and a final result.
 */
export type StreamEvent =
  /** Text as it arrives; a long recording's live transcript names the `part` it belongs to. */
  | { type: 'text-delta'; text: string; part?: number }
  | { type: 'reasoning-delta'; text: string }
  | { type: 'usage'; usage: TokenUsage }
  | { type: 'upload-progress'; sent: number; total: number }
  /** A job made of steps (a long text spoken in parts): `step` of `steps` has begun. */
  | { type: 'progress'; step: number; steps: number }
  | { type: 'result'; data: unknown }
  /** A long recording being cut into parts: `doneSec` of `totalSec` seconds of it written so far. */
  | { type: 'split-progress'; doneSec: number; totalSec: number }
  /** A long recording's parts, once cut (and again on a resume): what each covers, and which are done. */
  | { type: 'parts'; jobId: string; parts: TranscriptPartPlan[] }
  /** One part has moved on (sending, done, failed); a failure says why. */
  | { type: 'part-status'; part: number; status: TranscriptPartStatus; error?: AppError }
  /** One part's upload: `sent` of `total` bytes. */
  | { type: 'part-upload'; part: number; sent: number; total: number }
  | { type: 'done'; status: string; responseId?: string }
  | { type: 'error'; error: AppError }
  /**
   * A chat stream asked to keep its inspector record (`keepDetailAs`): main kept it, once the reply had
   * ended. In the last batch, after `done`/`error` (a stopped stream's `done` comes just after it), maybe a
   * batch after the end itself. `detailBytes`: what its owner's records weigh now. The record itself
   * stays in main; the inspector asks for it (`conversations.detail`).
   */
  | { type: 'detail-kept'; detailBytes: number }
  /** Main could not keep the record: its conversation was deleted meanwhile (`not_found`), or a write failed. */
  | { type: 'detail-failed'; error: AppError };

/** The `done` status of a stream the user stopped (its partial output is kept). */
export const STOPPED_STATUS = 'stopped';

export interface StreamStarted {
  streamId: string;
}

/** A batch of events for one stream. `final` marks the last batch: the stream is over. */
export interface StreamBatch {
  streamId: string;
  events: StreamEvent[];
  final: boolean;
}

// ─── Inspector ───────────────────────────────────────────────────────────────────────────────────

/** What stands in for the key wherever a request is shown or copied (a shell variable, for curl). */
export const KEY_PLACEHOLDER = '$GATEWAY_API_KEY';

// An extra header's placeholder is in ../secret-placeholders.ts: only the inspector needs it in the window,
// and this module's code is loaded before the first screen.

/** A request exactly as main sent it to the gateway, with the key replaced by `KEY_PLACEHOLDER`. */
export interface SentRequest {
  method: string;
  /** The full URL, query included. */
  url: string;
  /** Header names lower-cased, in the order sent. */
  headers: Array<[name: string, value: string]>;
  /** The body text byte for byte (JSON calls only; `null` for a body that is not text). */
  body: string | null;
}

/** One SSE event as the gateway sent it. */
export interface RawStreamEvent {
  /** Milliseconds from the request being sent to this event being read. */
  atMs: number;
  /** The `event:` field, when there was one. */
  event?: string;
  data: string;
}

/** What came back for one request: the raw body, or the streamed events (the first and last ones when there were very many). */
export interface ExchangeLog {
  status: number | null;
  requestId: string | null;
  contentType: string | null;
  events: RawStreamEvent[];
  /** Events left out of `events` (between its first and last part) to keep the log small. */
  omittedEvents: number;
  /** A non-streamed answer's body text (cut to `MAX_LOGGED_BODY` characters). */
  body: string | null;
  /** Whether `body` was cut. */
  bodyTruncated: boolean;
}

export const MAX_LOGGED_EVENTS = 1000;
export const MAX_LOGGED_BODY = 1_000_000;
