import { afterEach, describe, expect, it, vi } from 'vitest';
import { StreamManager } from '../../../src-main/ipc/stream-manager.ts';
import type { StreamBatch } from '../../../src-preload/contract.ts';

function setup(intervalMs = 30) {
  const batches: Array<{ ownerId: number; batch: StreamBatch }> = [];
  const manager = new StreamManager({
    deliver: (ownerId, batch) => batches.push({ ownerId, batch }),
    intervalMs,
  });
  return { manager, batches };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => vi.useRealTimers());

describe('StreamManager', () => {
  it('sends what one task emits as one batch at once, and later events one interval after it', async () => {
    vi.useFakeTimers();
    const { manager, batches } = setup(30);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let more!: () => void;
    const second = new Promise<void>((resolve) => {
      more = resolve;
    });
    manager.start(7, async ({ emit }) => {
      for (let i = 0; i < 500; i++) emit({ type: 'text-delta', text: 'x' });
      await second;
      for (let i = 0; i < 500; i++) emit({ type: 'text-delta', text: 'y' });
      await gate;
    });
    // A quiet stream's events go out on the next macrotask, not after the interval.
    await vi.advanceTimersByTimeAsync(0);
    expect(batches).toHaveLength(1);
    expect(batches[0]?.batch.events).toHaveLength(500);
    expect(batches[0]?.batch.final).toBe(false);

    // Right after a send, the next events wait for the rest of the interval.
    more();
    await vi.advanceTimersByTimeAsync(29);
    expect(batches).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(batches).toHaveLength(2);
    expect(batches[1]?.batch.events).toHaveLength(500);

    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(batches.at(-1)?.batch).toMatchObject({ final: true, events: [] });
    expect(manager.size).toBe(0);
  });

  it('delivers the first event of a quiet stream within a few ms, not after the 32 ms interval', async () => {
    const delivered: number[] = [];
    const manager = new StreamManager({ deliver: () => delivered.push(performance.now()), intervalMs: 32 });
    let emittedAt = 0;
    manager.start(1, async ({ emit }) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      emittedAt = performance.now();
      emit({ type: 'text-delta', text: 'first' });
      await new Promise((resolve) => setTimeout(resolve, 100));
    });
    await expect.poll(() => delivered.length, { interval: 1 }).toBeGreaterThan(0);
    expect(delivered[0]! - emittedAt).toBeLessThan(10);
    manager.dispose();
  });

  it('a burst of thousands of events over 200 ms arrives whole, in order, in a handful of batches', async () => {
    vi.useFakeTimers();
    const { manager, batches } = setup(32);
    const TICKS = 100;
    const PER_TICK = 30;
    manager.start(1, async ({ emit }) => {
      for (let tick = 0; tick < TICKS; tick++) {
        for (let i = 0; i < PER_TICK; i++) emit({ type: 'text-delta', text: `${tick * PER_TICK + i},` });
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      emit({ type: 'done', status: 'completed' });
    });
    await vi.advanceTimersByTimeAsync(300);
    const sent = batches.map((b) => b.batch);
    expect(sent.at(-1)?.final).toBe(true);
    const events = sent.flatMap((b) => b.events);
    const numbers = events.flatMap((e) => (e.type === 'text-delta' ? [Number.parseInt(e.text, 10)] : []));
    expect(numbers).toEqual(Array.from({ length: TICKS * PER_TICK }, (_, i) => i));
    expect(events.at(-1)).toEqual({ type: 'done', status: 'completed' });
    // ~200 ms of events at one send per 32 ms: about 7 sends, plus the first and the final one.
    expect(sent.length).toBeLessThanOrEqual(Math.ceil((TICKS * 2) / 32) + 2);
  });

  it('delivers the last events immediately with final: true when the run ends', async () => {
    const { manager, batches } = setup(10_000);
    const id = manager.start(1, async ({ emit }) => {
      emit({ type: 'text-delta', text: 'hello' });
      emit({ type: 'done', status: 'completed' });
    });
    await settle();
    await settle();
    expect(batches).toEqual([
      {
        ownerId: 1,
        batch: {
          streamId: id,
          final: true,
          events: [
            { type: 'text-delta', text: 'hello' },
            { type: 'done', status: 'completed' },
          ],
        },
      },
    ]);
  });

  it('turns a thrown failure into an error event', async () => {
    const { manager, batches } = setup(5);
    manager.start(1, async () => {
      throw new Error('boom with sk-secret');
    });
    await new Promise((r) => setTimeout(r, 20));
    const events = batches.flatMap((b) => b.batch.events);
    expect(events).toEqual([{ type: 'error', error: expect.objectContaining({ code: 'internal' }) }]);
    expect(JSON.stringify(events)).not.toContain('sk-secret');
  });

  it('stop aborts the run’s signal at once and ends the stream as stopped', async () => {
    const { manager, batches } = setup(5);
    let abortedAt = 0;
    const id = manager.start(3, ({ signal, emit }) => {
      emit({ type: 'text-delta', text: 'partial' });
      return new Promise((_, reject) => {
        signal.addEventListener('abort', () => {
          abortedAt = performance.now();
          reject(signal.reason);
        });
      });
    });
    await settle();
    expect(manager.stop(id, 99)).toBe(false); // another window cannot stop it
    const stoppedAt = performance.now();
    expect(manager.stop(id, 3)).toBe(true);
    expect(abortedAt).toBeGreaterThan(0);
    expect(abortedAt - stoppedAt).toBeLessThan(5);
    await new Promise((r) => setTimeout(r, 20));
    const events = batches.flatMap((b) => b.batch.events);
    expect(events).toEqual([
      { type: 'text-delta', text: 'partial' },
      { type: 'done', status: 'stopped' },
    ]);
    expect(batches.at(-1)?.batch.final).toBe(true);
  });

  it('a stop that lands after the run reported its end (while it finishes, e.g. writes a record) adds no second end', async () => {
    const { manager, batches } = setup(5);
    let release!: () => void;
    const writing = new Promise<void>((resolve) => {
      release = resolve;
    });
    const id = manager.start(3, async ({ emit }) => {
      emit({ type: 'text-delta', text: 'all of it' });
      emit({ type: 'error', error: { code: 'rate_limited', message: 'Slow down.' } });
      // What a chat call does after its end: keep the inspector's record, then say so.
      await writing;
      emit({ type: 'detail-kept', detailBytes: 10 });
    });
    await settle();
    expect(manager.stop(id, 3)).toBe(true);
    release();
    await new Promise((r) => setTimeout(r, 20));
    const events = batches.flatMap((b) => b.batch.events);
    // The end the gateway gave stands: a stopped `done` after it would hide the error and its hint.
    expect(events.filter((e) => e.type === 'done' || e.type === 'error')).toEqual([
      { type: 'error', error: { code: 'rate_limited', message: 'Slow down.' } },
    ]);
    expect(events.at(-1)).toEqual({ type: 'detail-kept', detailBytes: 10 });
    expect(batches.at(-1)?.batch.final).toBe(true);
  });

  it('aborts every stream of a closed window and sends nothing more to it', async () => {
    const { manager, batches } = setup(5);
    const signals: AbortSignal[] = [];
    const hang = ({ signal }: { signal: AbortSignal }) => {
      signals.push(signal);
      return new Promise<void>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
    };
    manager.start(1, hang);
    manager.start(1, hang);
    manager.start(2, hang);
    await settle();
    manager.closeOwner(1);
    expect(signals.map((s) => s.aborted)).toEqual([true, true, false]);
    await new Promise((r) => setTimeout(r, 20));
    expect(batches.filter((b) => b.ownerId === 1)).toEqual([]);
    expect(manager.size).toBe(1);
    manager.dispose();
    expect(signals[2]?.aborted).toBe(true);
  });

  it('aborts the streams of a window whose page went away, and lets it start new ones', async () => {
    const { manager } = setup(5);
    const signals: AbortSignal[] = [];
    const hang = ({ signal }: { signal: AbortSignal }) => {
      signals.push(signal);
      return new Promise<void>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
    };
    manager.start(1, hang);
    await settle();
    manager.abortOwner(1);
    expect(signals[0]?.aborted).toBe(true);
    expect(() => manager.start(1, hang)).not.toThrow();
    expect(manager.size).toBe(1);
    manager.closeOwner(1);
    expect(() => manager.start(1, hang)).toThrow(/has closed/);
    manager.dispose();
  });

  it('limits how many streams one window runs at once', () => {
    const manager = new StreamManager({ deliver: () => {}, maxPerOwner: 2 });
    const hang = () => new Promise<void>(() => {});
    manager.start(1, hang);
    manager.start(1, hang);
    expect(() => manager.start(1, hang)).toThrow(/Too many requests/);
    expect(() => manager.start(2, hang)).not.toThrow();
    manager.dispose();
  });
});
