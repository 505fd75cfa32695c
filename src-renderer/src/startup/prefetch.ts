import { afterFirstScreen } from './first-screen.ts';
import { whenIdle } from './when-idle.ts';

export interface Loadable {
  preload(): Promise<void>;
}

/**
 * Loads what the user is likely to open next, at idle, once `after` (what is on screen now, if it is
 * still loading) has loaded: prefetching never competes with the screen being drawn. A failure is left
 * for the moment the thing is really needed (it loads again then). Returns a cancel function.
 */
export function prefetchAtIdle(next: readonly Loadable[], after?: Loadable): () => void {
  let cancelIdle: (() => void) | null = null;
  let cancelled = false;
  const prefetchAll = () => {
    for (const item of next) item.preload().catch(() => {});
  };
  (after ? after.preload().catch(() => {}) : Promise.resolve()).then(() => {
    if (!cancelled) cancelIdle = whenIdle(prefetchAll);
  });
  return () => {
    cancelled = true;
    cancelIdle?.();
  };
}

/** `prefetchAtIdle`, once the first screen is up (at once if it already is). Returns a cancel function. */
export function prefetchAfterFirstScreen(next: readonly Loadable[]): () => void {
  let cancelPrefetch: (() => void) | null = null;
  const cancelWait = afterFirstScreen(() => {
    cancelPrefetch = prefetchAtIdle(next);
  });
  return () => {
    cancelWait();
    cancelPrefetch?.();
  };
}
