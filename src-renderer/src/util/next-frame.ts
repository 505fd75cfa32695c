// Reads of layout made in the next frame, before it is painted, instead of inside React's commit.

/**
 * Calls `measure` at the start of the next frame (an animation-frame callback: after the task that asked,
 * before the frame's style, layout and paint), and returns the function that cancels it — fit to return
 * from a layout effect or a ref callback.
 *
 * Why: a layout effect or ref that reads the page's geometry (a size, a scroll height, even a computed
 * style under a container query's container, which Chromium answers by laying the container out) makes
 * the browser lay the page out inside React's commit. When a panel drawn ahead is shown (Shell), its first
 * layout — 25–45 ms for the Playground — then joined the commit in one task over 50 ms. Read here, the
 * same layout is the frame's own, in a task of its own, and what is set still shows in the frame's paint.
 */
export function measureNextFrame(measure: () => void): () => void {
  const frame = requestAnimationFrame(() => measure());
  return () => cancelAnimationFrame(frame);
}

/**
 * Calls `run` once the next frame is painted (a task posted from that frame's animation-frame callback runs
 * after the frame's style, layout and paint), and returns the function that cancels it.
 *
 * Why: what is changed there is the following frame's work, not this one's — a way to split what one frame
 * would show into two frames, each its own task.
 */
export function afterNextPaint(run: () => void): () => void {
  let cancelled = false;
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    if (!cancelled) run();
  };
  const frame = requestAnimationFrame(() => channel.port2.postMessage(null));
  return () => {
    cancelled = true;
    cancelAnimationFrame(frame);
    channel.port1.close();
  };
}
