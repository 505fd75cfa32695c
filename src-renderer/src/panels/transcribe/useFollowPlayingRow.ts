import { type RefObject, useEffect, useRef } from 'react';
import { NO_SEGMENT } from './segments.ts';

/** About how long a smooth scroll takes: segments closer together than this are followed without a glide. */
const SMOOTH_SCROLL_MS = 400;
const SCROLL_KEYS = new Set(['PageUp', 'PageDown', 'Home', 'End', 'ArrowUp', 'ArrowDown']);

interface FollowOptions {
  listRef: RefObject<HTMLElement | null>;
  /** The column the list scrolls in. */
  scroller: HTMLElement | null;
  activeIndex: number;
  /** What stays pinned above the list as it scrolls (the player): rows under it count as off screen. */
  pinnedAboveRef: RefObject<HTMLElement | null> | undefined;
  /** Brings a row that is not in the page (the list is virtualised) into view. */
  scrollToRow(index: number): void;
}

/**
 * Scrolls the newly active row into view while the user is following along, and never fights them: once
 * they scroll the transcript themselves (wheel, touch, keys, the scrollbar), it stops following, and it
 * picks up again when the playing row is back in sight (they scrolled back, or clicked a segment).
 */
export function useFollowPlayingRow({
  listRef,
  scroller,
  activeIndex,
  pinnedAboveRef,
  scrollToRow,
}: FollowOptions): void {
  const following = useRef(true);
  const lastFollow = useRef(0);
  const scrollTo = useRef(scrollToRow);
  scrollTo.current = scrollToRow;

  useEffect(() => {
    if (!scroller) return;
    const stopFollowing = () => {
      following.current = false;
    };
    const onKey = (event: KeyboardEvent) => {
      if (SCROLL_KEYS.has(event.key) && !isTextField(event.target)) stopFollowing();
    };
    // A press on the scroller itself, not on its content, is a grab of its scrollbar.
    const onPointerDown = (event: PointerEvent) => {
      if (event.target === scroller) stopFollowing();
    };
    const options = { passive: true };
    scroller.addEventListener('wheel', stopFollowing, options);
    scroller.addEventListener('touchmove', stopFollowing, options);
    scroller.addEventListener('keydown', onKey, options);
    scroller.addEventListener('pointerdown', onPointerDown, options);
    return () => {
      scroller.removeEventListener('wheel', stopFollowing);
      scroller.removeEventListener('touchmove', stopFollowing);
      scroller.removeEventListener('keydown', onKey);
      scroller.removeEventListener('pointerdown', onPointerDown);
    };
  }, [scroller]);

  useEffect(() => {
    if (activeIndex === NO_SEGMENT || !scroller) return;
    const row = listRef.current?.querySelector(`[data-segment-index="${activeIndex}"]`);
    const coveredTop = pinnedAboveRef?.current?.getBoundingClientRect().bottom ?? 0;
    if (row && isOnScreen(row, scroller, coveredTop)) {
      following.current = true;
      return;
    }
    if (!following.current) return;
    const now = performance.now();
    const recently = now - lastFollow.current <= SMOOTH_SCROLL_MS;
    lastFollow.current = now;
    if (!row) {
      // Far from the rows in the page (a seek, or a reader who scrolled away and came back to follow):
      // a jump, not a glide through thousands of rows.
      scrollTo.current(activeIndex);
      return;
    }
    const smooth = !recently && !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    row.scrollIntoView({ block: 'nearest', behavior: smooth ? 'smooth' : 'auto' });
  }, [activeIndex, listRef, pinnedAboveRef, scroller]);
}

function isTextField(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement && (target.isContentEditable || !!target.closest('input, textarea, select'))
  );
}

/** Whether all of `element` shows inside `scroller` and the window, below `coveredTop`. */
function isOnScreen(element: Element, scroller: HTMLElement, coveredTop: number): boolean {
  const rect = element.getBoundingClientRect();
  // The document's own scroller shows exactly the window.
  const box = scroller === document.scrollingElement ? null : scroller.getBoundingClientRect();
  const top = Math.max(coveredTop, box?.top ?? 0);
  const bottom = Math.min(window.innerHeight, box?.bottom ?? window.innerHeight);
  return rect.top >= top && rect.bottom <= bottom;
}
