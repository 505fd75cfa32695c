// Drives one streamed chat call: request → SSE messages → a format's normaliser → `StreamEvent`s.
// The iterable never throws: it ends with exactly one `done` or `error` event (or nothing, if the
// consumer stopped early), and stopping early aborts the HTTP request.
import type { AppError, StreamEvent } from '../../src-preload/contract.ts';
import { asFailure, malformedEventFailure, type Operation } from './errors.ts';
import { GatewayError } from './gateway-error.ts';
import type { Exchange, HttpCore, RequestSpec } from './http.ts';
import { readSseBatches, type SseMessage } from './sse.ts';

/** Turns one format's SSE messages into normalised events. */
export interface StreamNormaliser {
  /** Events for one message. Throws `GatewayError` for data it cannot read. */
  push(message: SseMessage): StreamEvent[];
  /** A terminal event (done or error) has been produced; nothing after it matters. */
  readonly finished: boolean;
  /** The body ended: whatever the format still owes (a `done`), or an error when it ended too early. */
  end(): StreamEvent[];
}

export function errorEvent(error: unknown): StreamEvent {
  const failure = error instanceof GatewayError ? error : asFailure(error);
  const appError: AppError = failure.toAppError();
  return { type: 'error', error: appError };
}

/** What `parseJsonData` returns for an event that carries no JSON at all: the normaliser skips it. */
export const SKIP: unique symbol = Symbol('skip');

/**
 * The JSON of one event, or `SKIP` for data that is not JSON at all: some relays send keep-alives as
 * events (`data: ping`) rather than comments. Data that starts like JSON but does not parse (an event cut
 * short, or garbled) is still malformed: skipping it would silently lose part of the answer.
 */
export function parseJsonData(message: SseMessage, operation: Operation): unknown {
  if (!/^\s*[[{]/.test(message.data)) return SKIP;
  try {
    return JSON.parse(message.data);
  } catch {
    throw malformedEventFailure(message.data, operation);
  }
}

/** Normalised events from raw SSE bytes, one array per body chunk; the pure heart of a stream. */
export async function* eventBatchesFromSse(
  chunks: AsyncIterable<Uint8Array>,
  normaliser: StreamNormaliser,
  options: {
    maxEventBytes: number;
    operation: Operation;
    /** Sees each message as received, before the normaliser (the inspector's event log). */
    onMessage?: ((message: SseMessage) => void) | undefined;
  },
): AsyncGenerator<StreamEvent[], void, undefined> {
  const { onMessage } = options;
  try {
    for await (const messages of readSseBatches(chunks, options)) {
      const events: StreamEvent[] = [];
      try {
        for (const message of messages) {
          onMessage?.(message);
          for (const event of normaliser.push(message)) events.push(event);
          if (normaliser.finished) break;
        }
      } catch (error) {
        // What was read before the bad event still reaches the user, then the error.
        events.push(errorEvent(error));
        yield events;
        return;
      }
      if (events.length > 0) yield events;
      if (normaliser.finished) return;
    }
    const last = normaliser.end();
    if (last.length > 0) yield last;
  } catch (error) {
    yield [errorEvent(error)];
  }
}

/**
 * One event at a time from batches, without an async step per event when a batch is at hand.
 * Stopping early (`return`, as `break` in for-await does) is passed on, so the request ends.
 */
export function flattenBatches(
  batches: AsyncGenerator<StreamEvent[], void, undefined>,
): AsyncIterableIterator<StreamEvent> {
  let batch: StreamEvent[] = [];
  let index = 0;
  let over = false;
  const finished: IteratorReturnResult<undefined> = { value: undefined, done: true };

  async function pull(): Promise<IteratorResult<StreamEvent, undefined>> {
    while (!over) {
      const next = await batches.next();
      if (next.done) break;
      if (next.value.length === 0) continue;
      batch = next.value;
      index = 1;
      return { value: batch[0]!, done: false };
    }
    over = true;
    return finished;
  }

  const iterator: AsyncIterableIterator<StreamEvent> = {
    next() {
      if (index < batch.length) return Promise.resolve({ value: batch[index++]!, done: false });
      return pull();
    },
    async return() {
      over = true;
      batch = [];
      await batches.return(undefined);
      return finished;
    },
    [Symbol.asyncIterator]() {
      return iterator;
    },
  };
  return iterator;
}

export interface StreamCall {
  http: HttpCore;
  spec: RequestSpec;
  normaliser: StreamNormaliser;
  /** A gateway that ignores `stream: true` answers with one JSON body: these are its events. */
  eventsFromJson(body: unknown): StreamEvent[];
}

/** The events of one streamed call; see the top of this file for the guarantees. */
export function runEventStream(call: StreamCall): AsyncIterableIterator<StreamEvent> {
  return flattenBatches(streamBatches(call));
}

async function* streamBatches(call: StreamCall): AsyncGenerator<StreamEvent[], void, undefined> {
  const { http, spec } = call;
  let exchange: Exchange;
  try {
    exchange = await http.send(spec);
  } catch (error) {
    yield [errorEvent(error)];
    return;
  }
  const contentType = exchange.response.headers.get('content-type') ?? '';
  if (/json/i.test(contentType) && !/event-stream/i.test(contentType)) {
    let events: StreamEvent[];
    try {
      events = call.eventsFromJson(await exchange.json());
    } catch (error) {
      events = [errorEvent(error)];
    } finally {
      exchange.close();
    }
    yield events;
    return;
  }

  const body = exchange.chunks();
  // Leaving the event loop must not close the body by itself: after a terminal event it is drained instead.
  const borrowed: AsyncIterable<Uint8Array> = { [Symbol.asyncIterator]: () => ({ next: () => body.next() }) };
  try {
    yield* eventBatchesFromSse(borrowed, call.normaliser, {
      maxEventBytes: http.limits.maxEventBytes,
      operation: spec.operation,
      onMessage: spec.observer?.sseMessage?.bind(spec.observer),
    });
  } finally {
    // Reached on completion, on error and when the consumer stops early. If the gateway ended the answer
    // itself, its last bytes are read in the background so the connection can be reused; otherwise
    // (early stop, our own error) the request ends now.
    if (call.normaliser.finished) void drainThenClose(body, exchange);
    else {
      exchange.close();
      await body.return(undefined).catch(() => undefined);
    }
  }
}

const DRAIN_GRACE_MS = 1000;
const DRAIN_MAX_BYTES = 1024 * 1024;

async function drainThenClose(
  body: AsyncGenerator<Uint8Array, void, undefined>,
  exchange: Exchange,
): Promise<void> {
  const timer = setTimeout(() => exchange.close(), DRAIN_GRACE_MS);
  try {
    let bytes = 0;
    while (bytes <= DRAIN_MAX_BYTES) {
      const next = await body.next();
      if (next.done) break;
      bytes += next.value.byteLength;
    }
  } catch {
    // Whatever happens after the answer is complete does not concern the user.
  } finally {
    clearTimeout(timer);
    exchange.close();
    await body.return(undefined).catch(() => undefined);
  }
}
