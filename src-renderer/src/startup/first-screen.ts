// The moment the window first shows the welcome screen or the shell. A performance mark records it (the
// startup test and benches count the script loaded before it), and work that may wait (prefetching the
// panels not shown yet) is held back until it has passed, so it never delays what the user sees first.
import { useLayoutEffect, useSyncExternalStore } from 'react';
import { FIRST_SCREEN_MARK } from './first-screen-mark.ts';

let shown = false;
const waiting = new Set<() => void>();

function markFirstScreen(): void {
  if (shown) return;
  shown = true;
  performance.mark(FIRST_SCREEN_MARK);
  for (const run of [...waiting]) run();
  waiting.clear();
}

/** Runs `run` once the first screen is up (at once if it already is); the returned function cancels. */
export function afterFirstScreen(run: () => void): () => void {
  if (shown) {
    run();
    return () => {};
  }
  waiting.add(run);
  return () => waiting.delete(run);
}

/**
 * Called by the first screen itself. A layout effect runs in the commit that puts it in the document,
 * before the browser paints it and before anything rendered later can start loading.
 */
export function useMarkFirstScreen(): void {
  useLayoutEffect(markFirstScreen, []);
}

/** False until the first screen is up: what may wait renders only after it. */
export function useFirstScreenShown(): boolean {
  return useSyncExternalStore(subscribe, isShown);
}

function subscribe(changed: () => void): () => void {
  return afterFirstScreen(changed);
}

function isShown(): boolean {
  return shown;
}
