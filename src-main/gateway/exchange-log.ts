// Records what came back for one call, for the inspector: status, request id, content type, and the
// raw answer — the body of a whole answer, or the SSE events of a stream. A long stream keeps its first
// and last events only (a 25,000-delta reply must not keep 25,000 objects alive until it ends).
import {
  type ExchangeLog,
  MAX_LOGGED_BODY,
  MAX_LOGGED_EVENTS,
  type RawStreamEvent,
  type SentRequest,
} from '../../src-preload/contract.ts';
import { requestIdFromHeaders } from './errors.ts';
import type { WireObserver } from './types.ts';

export interface ExchangeRecorderOptions {
  /** Called as each attempt's request is sent (a retry sends, and reports, it again). */
  onRequest?: (sent: SentRequest) => void;
  /** Events kept in all: the first half and the last half of the stream. */
  maxEvents?: number;
  /** Characters of a whole body kept. */
  maxBody?: number;
  now?: () => number;
}

export interface ExchangeRecorder {
  /** Pass this as the call's `observer`. */
  observer: WireObserver;
  /** The last request sent, or null when none went out. */
  readonly request: SentRequest | null;
  /** The log of the last attempt as it stands. */
  log(): ExchangeLog;
}

/** The first `headSize` items in an array, the last `tailSize` in a ring, and a count of the rest. */
class HeadAndTail<T> {
  readonly #head: T[] = [];
  readonly #tail: T[] = [];
  /** Where the next tail item goes once the ring is full (it is then the oldest one). */
  #next = 0;
  #total = 0;

  constructor(
    private readonly headSize: number,
    private readonly tailSize: number,
  ) {}

  push(item: T): void {
    this.#total++;
    if (this.#head.length < this.headSize) this.#head.push(item);
    else if (this.#tail.length < this.tailSize) this.#tail.push(item);
    else if (this.tailSize > 0) {
      this.#tail[this.#next] = item;
      this.#next = (this.#next + 1) % this.tailSize;
    }
  }

  items(): T[] {
    return [...this.#head, ...this.#tail.slice(this.#next), ...this.#tail.slice(0, this.#next)];
  }

  get omitted(): number {
    return this.#total - this.#head.length - this.#tail.length;
  }
}

export function createExchangeRecorder(options: ExchangeRecorderOptions = {}): ExchangeRecorder {
  const now = options.now ?? (() => performance.now());
  const maxEvents = options.maxEvents ?? MAX_LOGGED_EVENTS;
  const maxBody = options.maxBody ?? MAX_LOGGED_BODY;
  const headSize = Math.ceil(maxEvents / 2);
  const newEvents = () => new HeadAndTail<RawStreamEvent>(headSize, maxEvents - headSize);

  let request: SentRequest | null = null;
  let sentAt = now();
  let status: number | null = null;
  let requestId: string | null = null;
  let contentType: string | null = null;
  let events = newEvents();
  let body: string | null = null;
  let bodyTruncated = false;

  const observer: WireObserver = {
    request(sent) {
      // A new attempt: what the last one received no longer describes the answer.
      request = sent;
      sentAt = now();
      status = null;
      requestId = null;
      contentType = null;
      events = newEvents();
      body = null;
      bodyTruncated = false;
      options.onRequest?.(sent);
    },
    response(code, headers) {
      status = code;
      requestId = requestIdFromHeaders(headers) ?? null;
      contentType = headers.get('content-type');
    },
    sseMessage(message) {
      const event: RawStreamEvent = { atMs: Math.round((now() - sentAt) * 10) / 10, data: message.data };
      if (message.event !== undefined) event.event = message.event;
      events.push(event);
    },
    body(text) {
      bodyTruncated = text.length > maxBody;
      body = bodyTruncated ? text.slice(0, maxBody) : text;
    },
  };

  return {
    observer,
    get request() {
      return request;
    },
    log: () => ({
      status,
      requestId,
      contentType,
      events: events.items(),
      omittedEvents: events.omitted,
      body,
      bodyTruncated,
    }),
  };
}
