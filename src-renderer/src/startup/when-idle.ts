/**
 * Runs `run` when the page is idle (or after `timeoutMs` at the latest, so a busy page still gets it);
 * the returned function cancels. For work that should not compete with what the user is doing.
 */
export function whenIdle(run: () => void, timeoutMs = 2_000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(() => run(), { timeout: timeoutMs });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(run, 1);
  return () => clearTimeout(handle);
}
