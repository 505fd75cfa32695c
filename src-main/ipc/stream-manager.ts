// Streams are owned by main: each has an id and an owner (a window), its events are delivered in
// batches (at most one send per interval, never one per token), stop aborts the upstream request, and a
// closed window's streams are aborted.
//
// One-answer calls that can run long (a compaction) are owned the same way without being streams: they
// run under an abort signal of their window, so the user can cancel them and a window that goes away
// takes them down with its streams.
//
// Batching is a leading-edge throttle: an event that finds its stream quiet (nothing sent for a whole
// interval) goes out on the next macrotask, so the first token is not held back by the interval; while
// events keep coming, they are sent together one interval after the previous send.
import { randomUUID } from 'node:crypto';
import { STOPPED_STATUS, type StreamBatch, type StreamEvent } from '../../src-preload/contract.ts';
import { AppFailure, toAppError } from '../app-failure.ts';
import { t } from '../i18n/index.ts';

/** The batch interval the app runs with, unless its host passes another. */
export const DEFAULT_BATCH_INTERVAL_MS = 32;

export interface StreamContext {
  signal: AbortSignal;
  /** Queues an event; it is delivered with the next batch. */
  emit(event: StreamEvent): void;
}

export type StreamRun = (context: StreamContext) => Promise<void>;

export interface StreamManagerOptions {
  deliver(ownerId: number, batch: StreamBatch): void;
  /** Least time between two sends of one stream, in ms; an event on a quiet stream goes out at once. */
  intervalMs?: number;
  /** Streams one window may run at once. */
  maxPerOwner?: number;
}

interface LiveStream {
  ownerId: number;
  controller: AbortController;
  pending: StreamEvent[];
  /** The scheduled send, if any: a timer, or an immediate when the stream was quiet. */
  scheduled: { cancel(): void } | null;
  /** When the last batch was sent (performance.now()), or -Infinity before the first. */
  lastSentAt: number;
  stopped: boolean;
  /** The run emitted its terminal event (`done`/`error`); it may still be finishing (a chat call's record). */
  ended: boolean;
}

/** A running owned call; `callId` is the renderer's name for it (what it cancels by), if it gave one. */
interface LiveCall {
  ownerId: number;
  callId: string | undefined;
  controller: AbortController;
}

export class StreamManager {
  readonly #streams = new Map<string, LiveStream>();
  readonly #calls = new Set<LiveCall>();
  /** Every run not yet settled, stopped ones included: a stopped chat run still writes its reply's record. */
  readonly #runs = new Set<Promise<void>>();
  /** Windows that are gone (webContents ids are never reused). */
  readonly #closedOwners = new Set<number>();
  readonly #deliver: StreamManagerOptions['deliver'];
  readonly #intervalMs: number;
  readonly #maxPerOwner: number;

  constructor(options: StreamManagerOptions) {
    this.#deliver = options.deliver;
    this.#intervalMs = options.intervalMs ?? DEFAULT_BATCH_INTERVAL_MS;
    this.#maxPerOwner = options.maxPerOwner ?? 16;
  }

  /** Starts `run` as a stream of `ownerId` and returns its id at once. */
  start(ownerId: number, run: StreamRun): string {
    this.#admit(ownerId);
    const streamId = randomUUID();
    const stream: LiveStream = {
      ownerId,
      controller: new AbortController(),
      pending: [],
      scheduled: null,
      lastSentAt: Number.NEGATIVE_INFINITY,
      stopped: false,
      ended: false,
    };
    this.#streams.set(streamId, stream);

    const emit = (event: StreamEvent) => {
      if (!this.#streams.has(streamId)) return;
      // After stop, the run's own report of the abort is noise: the stream ends as `stopped`.
      if (stream.stopped && event.type === 'error' && event.error.code === 'aborted') return;
      if (event.type === 'done' || event.type === 'error') stream.ended = true;
      stream.pending.push(event);
      stream.scheduled ??= this.#schedule(streamId, stream);
    };

    // Deferred so the caller gets the id before the first event can possibly be delivered.
    let settle: () => void = () => {};
    const settled = new Promise<void>((resolve) => {
      settle = resolve;
    });
    this.#runs.add(settled);
    queueMicrotask(() => {
      run({ signal: stream.controller.signal, emit })
        .catch((error: unknown) => {
          if (!stream.stopped) emit({ type: 'error', error: toAppError(error) });
        })
        .finally(() => {
          try {
            // A stop that came once the run had reported its end (while it finished up) stopped nothing.
            if (stream.stopped && !stream.ended) emit({ type: 'done', status: STOPPED_STATUS });
            this.#flush(streamId, true);
          } finally {
            // Whatever the last send did, the run is over: `settled()` must not wait for it for ever.
            this.#runs.delete(settled);
            settle();
          }
        });
    });
    return streamId;
  }

  /**
   * Runs a one-answer call owned by `ownerId` and answers with its result. `run` gets a signal that
   * aborts on `cancelCall`, when the window's page goes away and when the window is destroyed; the call
   * then rejects with `aborted` at once, whatever `run` is still waiting for.
   */
  async call<T>(
    ownerId: number,
    callId: string | undefined,
    run: (signal: AbortSignal) => Promise<T>,
  ): Promise<T> {
    this.#admit(ownerId);
    const live: LiveCall = { ownerId, callId, controller: new AbortController() };
    this.#calls.add(live);
    const { signal } = live.controller;
    // Whatever `run` does with the signal, the caller is answered as soon as it aborts.
    const aborted = new Promise<never>((_, reject) => {
      signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    });
    try {
      return await Promise.race([run(signal), aborted]);
    } finally {
      this.#calls.delete(live);
      // Should the abort land once `run` has settled, nobody awaits `aborted` any more: not an error.
      aborted.catch(() => {});
    }
  }

  /** Cancels this owner's running calls named `callId`; true if there was one. */
  cancelCall(callId: string, ownerId: number): boolean {
    let cancelled = false;
    for (const live of this.#calls) {
      if (live.ownerId === ownerId && live.callId === callId) {
        this.#abortCall(live);
        cancelled = true;
      }
    }
    return cancelled;
  }

  /** Stops a stream of this owner: aborts its upstream request at once. */
  stop(streamId: string, ownerId: number): boolean {
    const stream = this.#streams.get(streamId);
    if (!stream || stream.ownerId !== ownerId) return false;
    this.#abort(stream);
    return true;
  }

  /**
   * A window's page went away (navigation, reload, renderer crash): abort everything it started. The
   * window itself stays: its next page may start streams again.
   */
  abortOwner(ownerId: number): void {
    for (const [id, stream] of this.#streams) {
      if (stream.ownerId === ownerId) {
        this.#abort(stream);
        this.#forget(id, stream);
      }
    }
    for (const live of this.#calls) if (live.ownerId === ownerId) this.#abortCall(live);
  }

  /** A window was destroyed: abort its streams and refuse new ones for good (ids are never reused). */
  closeOwner(ownerId: number): void {
    this.#closedOwners.add(ownerId);
    this.abortOwner(ownerId);
  }

  dispose(): void {
    for (const [id, stream] of this.#streams) {
      this.#abort(stream);
      this.#forget(id, stream);
    }
    for (const live of this.#calls) this.#abortCall(live);
  }

  /**
   * Resolves once every run started so far has finished, what it does after its last event included (a
   * chat run writes its reply's inspector record after it). Never rejects. Used after `dispose`, so the
   * app does not exit, nor a test remove the data folder, in the middle of such a write.
   */
  async settled(): Promise<void> {
    await Promise.all(this.#runs);
  }

  /** Whether a run started here has not finished yet (a stopped one may still be writing its record). */
  get finishing(): boolean {
    return this.#runs.size > 0;
  }

  get size(): number {
    return this.#streams.size;
  }

  /** Refuses work for a window that is gone, or that runs too much at once. */
  #admit(ownerId: number): void {
    // A window may close while a handler awaited something before starting its work.
    if (this.#closedOwners.has(ownerId)) throw new AppFailure('aborted', t('errors.streams.windowClosed'));
    let owned = 0;
    for (const stream of this.#streams.values()) if (stream.ownerId === ownerId) owned++;
    for (const live of this.#calls) if (live.ownerId === ownerId) owned++;
    if (owned >= this.#maxPerOwner) {
      throw new AppFailure('busy', t('errors.streams.busy'), {
        hint: t('errors.streams.busyHint'),
      });
    }
  }

  #abortCall(live: LiveCall): void {
    this.#calls.delete(live);
    live.controller.abort(new AppFailure('aborted', t('errors.cancelled')));
  }

  #abort(stream: LiveStream): void {
    stream.stopped = true;
    stream.controller.abort(new AppFailure('aborted', t('errors.stopped')));
  }

  #forget(id: string, stream: LiveStream): void {
    stream.scheduled?.cancel();
    this.#streams.delete(id);
  }

  /** The next send: one interval after the last one, or, on a quiet stream, after the current task. */
  #schedule(streamId: string, stream: LiveStream): { cancel(): void } {
    const wait = stream.lastSentAt + this.#intervalMs - performance.now();
    if (wait <= 0) {
      // Not a microtask: the events the same task emits after this one still travel in the same batch.
      const immediate = setImmediate(() => this.#flush(streamId, false));
      return { cancel: () => clearImmediate(immediate) };
    }
    const timer = setTimeout(() => this.#flush(streamId, false), wait);
    return { cancel: () => clearTimeout(timer) };
  }

  #flush(streamId: string, final: boolean): void {
    const stream = this.#streams.get(streamId);
    if (!stream) return;
    stream.scheduled?.cancel();
    stream.scheduled = null;
    const events = stream.pending;
    stream.pending = [];
    if (final) this.#streams.delete(streamId);
    if (events.length > 0 || final) {
      stream.lastSentAt = performance.now();
      this.#deliver(stream.ownerId, { streamId, events, final });
    }
  }
}
