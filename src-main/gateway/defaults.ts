// Defaults for time limits, size guards and retries. Chosen for reasoning models that may think for
// minutes before a single byte of a non-streamed answer exists, while still catching a dead gateway.
import type { GatewayTimeouts, RetryPolicy, StreamLimits } from './types.ts';

export const DEFAULT_TIMEOUTS: GatewayTimeouts = {
  // A non-streamed reply from a reasoning model at high effort, or a long transcription, is computed
  // before the headers are sent; 10 minutes covers that without leaving a hung request forever.
  // The clock starts when the request body has been fully sent, so slow uploads do not eat into it.
  headersMs: 10 * 60_000,
  // While a streamed model thinks, a gateway may send nothing at all (or only keep-alive comments).
  // Five minutes of silence mid-reply means the connection is dead in practice.
  idleMs: 5 * 60_000,
};

export const DEFAULT_LIMITS: StreamLimits = {
  // The largest legitimate events are `response.completed` (the whole reply repeated) and base64 media;
  // 16 MiB leaves room for both and stops a runaway event long before memory suffers.
  maxEventBytes: 16 * 1024 * 1024,
  // A 50,000-token reply is ~10 MB of deltas on the wire; 128 MiB is far beyond any real reply.
  maxStreamBytes: 128 * 1024 * 1024,
};

export const DEFAULT_RETRY: RetryPolicy = {
  maxRetries: 2,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  // A proxy or gateway that finds no upstream to hand a request to says so within a second or so; one
  // that answers 502/503/504 later has usually been waiting on an upstream that was working on it.
  fastFailureMs: 2_000,
};

/** A `Retry-After` longer than this is not waited for silently: the error reports when to try again. */
export const DEFAULT_MAX_RETRY_AFTER_MS = 30_000;

/** Error bodies are read only this far: enough for any real message, harmless if a proxy sends a page. */
export const MAX_ERROR_BODY_BYTES = 64 * 1024;

/** Upload chunk size when streaming a file from disk. */
export const UPLOAD_CHUNK_BYTES = 64 * 1024;

/**
 * Pages of `/v1beta/models` followed at most. Google pages by 50 by default (up to 1000 when asked), so 20
 * pages is far beyond any real catalogue, while a gateway that keeps handing out tokens cannot loop forever.
 */
export const MAX_MODEL_PAGES = 20;
