// `afterNextPaint` (util/next-frame.ts) splits one frame's work in two: what it runs must come after the
// next frame's animation-frame callbacks (which run before that frame's style, layout and paint, per the
// HTML standard's "update the rendering"), in a task of its own — never inside the callback, never before
// a frame at all — and a cancel (a list hidden or gone before then) must stop it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint } from '../../../src-renderer/src/util/next-frame.ts';

/** Animation frames by hand: each `frame()` runs the callbacks asked for before it, as a browser frame does. */
function handFrames() {
  let queued = new Map<number, FrameRequestCallback>();
  let next = 1;
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
    queued.set(next, callback);
    return next++;
  });
  vi.stubGlobal('cancelAnimationFrame', (id: number) => queued.delete(id));
  return {
    frame() {
      const now = queued;
      queued = new Map();
      for (const callback of now.values()) callback(0);
    },
  };
}

/** Lets every task already posted (MessageChannel messages among them) run. */
const tasksRun = () => new Promise<void>((resolve) => setTimeout(resolve, 20));

afterEach(() => vi.unstubAllGlobals());

describe('afterNextPaint', () => {
  it('runs after the next frame, in a task of its own, not before it nor inside its callback', async () => {
    const frames = handFrames();
    const order: string[] = [];
    afterNextPaint(() => order.push('run'));
    await tasksRun();
    expect(order).toEqual([]);
    frames.frame();
    order.push('frame done');
    await tasksRun();
    expect(order).toEqual(['frame done', 'run']);
  });

  it('runs nothing once cancelled, before the frame or after it', async () => {
    const frames = handFrames();
    const run = vi.fn();
    afterNextPaint(run)();
    frames.frame();
    await tasksRun();
    const later = vi.fn();
    const cancel = afterNextPaint(later);
    frames.frame();
    cancel();
    await tasksRun();
    expect(run).not.toHaveBeenCalled();
    expect(later).not.toHaveBeenCalled();
  });
});
