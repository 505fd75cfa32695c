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
  it('batches many events into one send per interval, never one per token', async () => {
    vi.useFakeTimers();
    const { manager, batches } = setup(30);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    manager.start(7, async ({ emit }) => {
      for (let i = 0; i < 500; i++) emit({ type: 'text-delta', text: 'x' });
      await gate;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(batches).toHaveLength(0); // nothing sent before the interval elapses
    await vi.advanceTimersByTimeAsync(30);
    expect(batches).toHaveLength(1);
    expect(batches[0]?.batch.events).toHaveLength(500);
    expect(batches[0]?.batch.final).toBe(false);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(batches.at(-1)?.batch).toMatchObject({ final: true, events: [] });
    expect(manager.size).toBe(0);
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
