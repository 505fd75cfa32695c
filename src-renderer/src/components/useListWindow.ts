// A long saved list drawn a window at a time (issue 19): only the rows in view, and a few around, are in the
// page, whatever the count, placed in a list as tall as every loaded row together so the scrollbar tells the
// truth. The list scrolls with whatever scrolls around it (a panel's column, the page), which may hold other
// things above it. The arrow keys, Page Up/Down, Home and End move between rows; a focused row stays in the
// page while it is scrolled away; the next page of rows is asked for as the end of those loaded comes near.
// Used by the conversation list, the transcript history and the speech history.
//
// Each list reads its rows, total and state from the store through `useShownList`: a page of rows
// arriving (or a panel opened) is then built in a background render that React splits into slices of a
// few milliseconds, and only the commit is one task. Read straight from the store, a zustand update
// renders at once: 25–30 rows with their icons and words were a 55–65 ms task (issue 19: none over 50).
import { defaultRangeExtractor, type Range, useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useDeferredValue, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { afterNextPaint, measureNextFrame } from '../util/next-frame.ts';

export interface ListWindowOptions {
  /** Rows loaded. */
  count: number;
  /** Rows there are, loaded or not. */
  total: number;
  /**
   * Every row's height (px). Rows are drawn at it and never measured: measuring each row as it arrived
   * forced a layout, and any row a fraction off its estimate a second render, both in the arrival's task.
   */
  rowHeight: number;
  /** Each row's key, by index. */
  keyOf(index: number): string | number;
  /** Asks for the next page (called again until `count` reaches `total`). */
  loadMore(): void;
  /** The control of a row that the keys move between (a selector inside the row). */
  rowControl: string;
  /** Rows beyond those in view, above and below. */
  overscan?: number;
  /** Space between rows (px). */
  gap?: number;
  /**
   * How much of the window's height the list can fill when first shown, before it is measured (0–1; the
   * whole window unless said). Less for a list that starts below other things in a scrolling page: rows
   * guessed in view beyond the window's edge are drawn, styled and laid out for nothing in the frame that
   * first shows the list (the speech history under the composer: 28 rows drawn, 2 in view).
   */
  firstViewShare?: number;
}

/**
 * A list's state from the store, a render behind it (see above); `null` on the list's first render, so a
 * panel whose list is already loaded draws its frame first and the rows in a background render after
 * (two short tasks, not one long one).
 */
export function useShownList<T>(fromStore: T): T | null {
  return useDeferredValue<T | null>(fromStore, null);
}

/**
 * The scroller's size before it is measured: the window's, or the share of it the list can fill. The first
 * render of a list (built in the background, see above) then already holds the rows in view. Without it the
 * virtualiser knows no size until its layout effect measures the scroller, and the rows were built there, in
 * a synchronous render inside the commit's task (issue 19: that task was 50–60 ms). Too tall a guess costs
 * rows drawn and laid out for nothing in the frame that first shows the list; too short, rows missing at the
 * bottom until the measure (the overscan's rows below hide that).
 */
const viewportGuess = (share: number) => ({ width: window.innerWidth, height: window.innerHeight * share });

/** The next page is asked once the rows shown come this close to the end of those loaded. */
const LOAD_AHEAD = 30;

/** Ends the frame a list's rows wait for after it is shown (see `useListWindow`): they are drawn now. */
function showRows(list: HTMLElement): void {
  list.style.removeProperty('content-visibility');
}

/** The nearest ancestor that scrolls vertically (the page's own scroller at worst). */
function scrollerOf(element: HTMLElement | null): HTMLElement | null {
  for (let node = element?.parentElement ?? null; node; node = node.parentElement) {
    const { overflowY } = getComputedStyle(node);
    if (overflowY === 'auto' || overflowY === 'scroll') return node;
  }
  return (document.scrollingElement as HTMLElement | null) ?? null;
}

/** What `useListWindow` gives its list: the rows to draw, where, and the list element's props. */
export type ListWindow<E extends HTMLElement> = ReturnType<typeof useListWindow<E>>;

export function useListWindow<E extends HTMLElement>(options: ListWindowOptions) {
  const {
    count,
    total,
    rowHeight,
    keyOf,
    loadMore,
    rowControl,
    overscan = 8,
    gap = 0,
    firstViewShare = 1,
  } = options;
  // The list element (a ref callback: it comes and goes with the list's empty state).
  const [list, listRef] = useState<E | null>(null);
  const [scroller, setScroller] = useState<HTMLElement | null>(null);
  const [scrollMargin, setScrollMargin] = useState(0);

  // The scroller, and where the list starts in its content, measured again when anything before it changes
  // size. Found in the next frame (see `measureNextFrame`), before it is painted: until then the virtualiser
  // places rows by what it last knew (at first the window's size from the top, `viewportGuess`).
  useLayoutEffect(() => {
    if (!list) return;
    let observer: ResizeObserver | null = null;
    const cancel = measureNextFrame(() => {
      const found = scrollerOf(list);
      setScroller(found);
      if (!found) return;
      const measure = () =>
        setScrollMargin(
          Math.round(list.getBoundingClientRect().top - found.getBoundingClientRect().top + found.scrollTop),
        );
      measure();
      observer = new ResizeObserver(measure);
      observer.observe(found);
      for (let node: Element | null = list; node && node !== found; node = node.parentElement) {
        for (let sibling = node.previousElementSibling; sibling; sibling = sibling.previousElementSibling)
          observer.observe(sibling);
      }
    });
    return () => {
      cancel();
      observer?.disconnect();
      // Hidden (a panel left, see Shell) or gone: found again when shown. The virtualiser measures a
      // scroller it has at once, inside the commit that shows the list.
      setScroller(null);
    };
  }, [list]);

  // The rows are drawn a frame after the list is shown (a panel opened, or the list first there): its first
  // frame lays out and paints the panel and the list's box, the next one the rows. Shown in one frame, a
  // panel never shown before was one task of style, layout and paint over 50 ms — the Playground's 46–67 ms,
  // the speech history's 42–66 (issue 19), of which the rows were ~20 ms. `content-visibility: hidden` skips
  // the rows' style, layout and paint; the list keeps its size (its height is set), so nothing moves.
  useLayoutEffect(() => {
    if (!list) return;
    list.style.contentVisibility = 'hidden';
    const cancel = afterNextPaint(() => showRows(list));
    return () => {
      cancel();
      showRows(list);
    };
  }, [list]);

  // The focused row stays in the page when it is scrolled far off: removing it would drop the focus.
  const focusedIndex = useRef(-1);
  const rangeExtractor = useCallback((range: Range) => {
    const indexes = defaultRangeExtractor(range);
    const focused = focusedIndex.current;
    if (focused < 0 || focused >= range.count || indexes.includes(focused)) return indexes;
    return [...indexes, focused].sort((a, b) => a - b);
  }, []);

  const virtualizer = useVirtualizer<HTMLElement, HTMLLIElement>({
    count,
    getScrollElement: () => scroller,
    initialRect: viewportGuess(firstViewShare),
    estimateSize: () => rowHeight,
    overscan,
    gap,
    scrollMargin,
    rangeExtractor,
    getItemKey: keyOf,
    // The rows a scroll brings are rendered in a task of their own, not inside the scroll event: Chromium
    // dispatches scroll events in the frame's own task, so a synchronous render there (the library's
    // default) made one task of it, its style, layout and paint — over 50 ms in a fast fling through a
    // list of clips (bench saved-at-scale). The overscan covers the frame the new rows are a render behind.
    useFlushSync: false,
  });
  const rows = virtualizer.getVirtualItems();
  const lastShown = rows.at(-1)?.index ?? 0;
  useEffect(() => {
    if (count < total && lastShown >= count - LOAD_AHEAD) loadMore();
  }, [lastShown, count, total, loadMore]);

  const control = useCallback(
    (index: number) => list?.querySelector<HTMLElement>(`[data-index="${index}"] ${rowControl}`) ?? null,
    [list, rowControl],
  );

  /** Moves the focus to a row, scrolling it into the page first when it is not there. */
  const focusRow = useCallback(
    (index: number) => {
      const target = Math.max(0, Math.min(index, count - 1));
      const now = control(target);
      if (now) {
        // Rows hidden for the frame that shows the list (above) take no focus: shown now, a frame early.
        if (list) showRows(list);
        now.focus();
        return;
      }
      virtualizer.scrollToIndex(target, { align: 'auto' });
      let tries = 0;
      const look = () => {
        const found = control(target);
        if (found) found.focus();
        else if (++tries < 10) requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    },
    [count, control, virtualizer, list],
  );

  const onKeyDown = (event: React.KeyboardEvent<E>) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const target = event.target as HTMLElement;
    if (!target.matches(rowControl)) return;
    const from = Number(target.closest<HTMLElement>('[data-index]')?.dataset.index);
    if (!Number.isInteger(from)) return;
    const page = Math.max(1, Math.floor((scroller?.clientHeight ?? 400) / rowHeight) - 1);
    const to = rowForKey(event.key, from, page, count);
    if (to === null) return;
    event.preventDefault();
    focusRow(to);
  };

  const onFocus = (event: React.FocusEvent<E>) => {
    const index = Number((event.target as HTMLElement).closest<HTMLElement>('[data-index]')?.dataset.index);
    focusedIndex.current = Number.isInteger(index) ? index : -1;
  };
  const onBlur = (event: React.FocusEvent<E>) => {
    if (!list?.contains(event.relatedTarget as Node | null)) focusedIndex.current = -1;
  };

  return {
    listRef,
    rows,
    /** The list's height: every loaded row's. */
    height: virtualizer.getTotalSize(),
    /** Where row `start` sits inside the list. */
    topOf: (start: number) => start - scrollMargin,
    focusRow,
    listProps: { onKeyDown, onFocus, onBlur },
  };
}

/**
 * The row a key moves to from row `from` in a list of `count` rows, `page` rows to a page; `null` for a key
 * that does not move.
 */
function rowForKey(key: string, from: number, page: number, count: number): number | null {
  switch (key) {
    case 'ArrowDown':
      return from + 1;
    case 'ArrowUp':
      return from - 1;
    case 'PageDown':
      return from + page;
    case 'PageUp':
      return from - page;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/** A row's place among them all, for a list item drawn in the window: positioned, sized, counted. */
export function windowRowProps(index: number, count: number, top: number, height: number) {
  return {
    'data-index': index,
    // Only some rows are in the page: each says where it stands among them all.
    'aria-setsize': count,
    'aria-posinset': index + 1,
    style: { ...rowPlace(top), height },
  };
}

/** Where a row sits in the list (rows are placed, not flowed: only those in view are in the page). */
const rowPlace = (top: number): React.CSSProperties => ({
  position: 'absolute',
  top: 0,
  left: 0,
  right: 0,
  transform: `translateY(${top}px)`,
});
