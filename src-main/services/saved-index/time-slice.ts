// Main's background work (an index loading, checking or packing at start) runs in short slices of time, so
// a call the window makes meanwhile is not kept waiting. A call's every file read completes in the event
// loop between two slices: with slices of ~7 ms (by a count of lines or words), opening a conversation in
// the first seconds after a start took 26–30 ms in main instead of 8 (four reads, each behind a slice).

/** The most a slice of background work runs before it lets main's other work in. */
export const BACKGROUND_SLICE_MS = 2;

/** Lets the event loop run everything that is due (I/O completions, timers, other calls) once. */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A loop's current slice: `over` says when it has run its time; `next()` yields (to `yieldTo`: the next turn
 * of the event loop, unless a caller, such as a test, gives its own), then starts the next one.
 */
export class TimeSlice {
  #start = performance.now();

  constructor(
    private readonly ms = BACKGROUND_SLICE_MS,
    private readonly yieldTo: () => Promise<void> = nextTurn,
  ) {}

  get over(): boolean {
    return performance.now() - this.#start >= this.ms;
  }

  async next(): Promise<void> {
    await this.yieldTo();
    this.#start = performance.now();
  }
}
