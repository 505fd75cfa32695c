import { defaultRangeExtractor, type Range, useVirtualizer } from '@tanstack/react-virtual';
import {
  memo,
  type RefObject,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { TranscriptSegment } from '../../../../src-preload/contract.ts';
import { formatClock } from '../../i18n/format.ts';
import { useAppStore } from '../../store/index.ts';
import { estimatedRowHeight, rowsToRender, segmentForKey, segmentName } from './segment-window.ts';
import { NO_SEGMENT, segmentIndexAt } from './segments.ts';
import { transcribeWords } from './strings.ts';
import { useFollowPlayingRow } from './useFollowPlayingRow.ts';
import { SPACE_PAUSES, SPACE_PLAYS } from './useTranscriptShortcuts.ts';

interface SegmentListProps {
  /** The segments the window has: all of them, or the first ones while the rest are on their way. */
  segments: readonly TranscriptSegment[];
  /** How many segments the transcript has (more than `segments` while the rest are on their way). */
  total?: number;
  /** Resolves once all `total` segments are here (the End key waits for it). */
  whenAll?(): Promise<void>;
  /** Moves the audio to `seconds` and plays; absent when there is no audio to play. */
  onSeek?(seconds: number): void;
  /** What stays pinned above the list as it scrolls (the player): rows under it count as off screen. */
  pinnedAboveRef?: RefObject<HTMLElement | null>;
}

/** Rows put in the page beyond each edge of the viewport, so a quick scroll or Tab finds them there. */
const OVERSCAN = 8;
/** Pixels between rows: the virtualiser places every row, so it keeps the spacing too. */
const ROW_GAP = 2;

/**
 * The transcript as timed segments. The segment being played is highlighted and kept in view. Built for
 * 3-hour lectures (6,000 segments): only the rows near the viewport are in the page (virtualised, each
 * row measured, as wrapped text makes them differ); the highlight is one number picked from the store (a
 * binary search per playback tick, which re-renders nothing until the segment changes); rows are
 * memoised, so a change of segment re-renders two of them; one click handler serves all.
 */
export function SegmentList({ segments, total, whenAll, onSeek, pinnedAboveRef }: SegmentListProps) {
  const t = transcribeWords.useT();
  const listRef = useRef<HTMLOListElement>(null);
  const canPlay = onSeek !== undefined;
  const count = segments.length;
  const setSize = Math.max(count, total ?? count);
  const latestCount = useRef(count);
  latestCount.current = count;
  const activeIndex = useAppStore(
    useCallback(
      (s) => (canPlay ? playingIndex(segments, setSize, s.transcriptPlaybackTime) : NO_SEGMENT),
      [segments, setSize, canPlay],
    ),
  );
  // A speaker is named where the voice changes, not on every line of a monologue.
  const speakerShown = useMemo(
    () =>
      segments.map((segment, i) =>
        segment.speaker && segment.speaker !== segments[i - 1]?.speaker ? segment.speaker : null,
      ),
    [segments],
  );

  // Times of an hour or more (`1:02:09`) need a wider column, the same for every row so the text lines up.
  const runsPastAnHour = (segments.at(-1)?.start ?? 0) >= 3600;
  const { scroller, scrollMargin } = useScrollPlace(listRef);
  // The focused row stays in the page when it scrolls far off: removing it would drop the focus.
  const focusedIndex = useRef(NO_SEGMENT);
  // The list is one Tab stop (a roving tabindex): only one timestamp is tabbable, the one last focused,
  // or the one playing while the focus is elsewhere. It too stays in the page, or Tab would skip the list.
  const [rovingIndex, setRovingIndex] = useState(0);
  const tabStop = Math.max(0, Math.min(rovingIndex, count - 1));
  const tabStopRef = useRef(tabStop);
  tabStopRef.current = tabStop;
  useEffect(() => {
    if (activeIndex !== NO_SEGMENT && focusedIndex.current === NO_SEGMENT) setRovingIndex(activeIndex);
  }, [activeIndex]);
  const rangeExtractor = useCallback(
    (range: Range) =>
      rowsToRender(defaultRangeExtractor(range), [focusedIndex.current, tabStopRef.current], range.count),
    [],
  );
  const virtualizer = useVirtualizer<HTMLElement, HTMLLIElement>({
    count,
    getScrollElement: () => scroller,
    estimateSize: (index) => estimatedRowHeight(segments[index]?.text ?? '', speakerShown[index] !== null),
    overscan: OVERSCAN,
    gap: ROW_GAP,
    scrollMargin,
    rangeExtractor,
  });
  const rows = virtualizer.getVirtualItems();

  const scrollToRow = useCallback(
    (index: number) => virtualizer.scrollToIndex(index, { align: 'center' }),
    [virtualizer],
  );
  useFollowPlayingRow({ listRef, scroller, activeIndex, pinnedAboveRef, scrollToRow });
  const focusSegment = useFocusSegment(listRef, scrollToRow);

  const onClick = (event: React.MouseEvent<HTMLOListElement>) => {
    if (!onSeek) return;
    const row = (event.target as Element).closest<HTMLElement>('[data-segment-index]');
    if (!row || isSelectingTextIn(row)) return;
    const segment = segments[Number(row.dataset.segmentIndex)];
    if (segment) onSeek(segment.start);
  };

  // Up, Down, Page Up, Page Down, Home and End on a timestamp move between segments; the rows they reach
  // may not be in the page yet.
  const onKeyDown = (event: React.KeyboardEvent<HTMLOListElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const from = indexOfRow(event.target);
    if (from === null || !(event.target as Element).matches('.segment__time')) return;
    if (event.key === 'End' && setSize > count && whenAll) {
      // The last segment has not arrived yet: the focus goes there once it has.
      event.preventDefault();
      void whenAll().then(() => focusSegment(latestCount.current - 1));
      return;
    }
    const to = segmentForKey(event.key, from, count);
    if (to === null) return;
    event.preventDefault();
    focusSegment(to);
  };

  return (
    // A click anywhere on a row seeks (a bigger target than its timestamp, the keyboard path).
    <ol
      ref={listRef}
      className={`segment-list${canPlay ? ' segment-list--playable' : ''}${runsPastAnHour ? ' segment-list--hours' : ''}`}
      aria-label={t('segments.list')}
      onClick={onClick}
      onKeyDown={onKeyDown}
      onFocus={(event) => {
        focusedIndex.current = indexOfRow(event.target) ?? NO_SEGMENT;
        if (focusedIndex.current !== NO_SEGMENT) setRovingIndex(focusedIndex.current);
      }}
      onBlur={(event) => {
        if (!listRef.current?.contains(event.relatedTarget as Node | null)) focusedIndex.current = NO_SEGMENT;
      }}
      // As tall as all the rows together, so the scrollbar tells the truth; each row in the page sits at
      // its own place in it.
      style={{ height: virtualizer.getTotalSize() }}
      data-testid="segment-list"
      data-segment-count={count}
    >
      {rows.map((row) => {
        const segment = segments[row.index];
        if (!segment) return null;
        return (
          <SegmentRow
            // Segment ids are the gateway's and not always unique; the order is fixed for a saved transcript.
            key={row.index}
            measureRef={virtualizer.measureElement}
            top={row.start - scrollMargin}
            index={row.index}
            count={setSize}
            start={segment.start}
            end={segment.end}
            text={segment.text}
            speaker={speakerShown[row.index] ?? null}
            active={row.index === activeIndex}
            canPlay={canPlay}
            tabbable={row.index === tabStop}
          />
        );
      })}
    </ol>
  );
}

interface SegmentRowProps {
  measureRef(element: HTMLLIElement | null): void;
  /** Pixels from the list's top. */
  top: number;
  index: number;
  count: number;
  start: number;
  end: number;
  text: string;
  speaker: string | null;
  active: boolean;
  canPlay: boolean;
  /** The list's one Tab stop (the others are reached with the arrow keys). */
  tabbable: boolean;
}

const SegmentRow = memo(function SegmentRow({
  measureRef,
  top,
  index,
  count,
  start,
  end,
  text,
  speaker,
  active,
  canPlay,
  tabbable,
}: SegmentRowProps) {
  const t = transcribeWords.useT();
  const clock = formatClock(start);
  return (
    <li
      ref={measureRef}
      className="segment"
      style={{ transform: `translateY(${top}px)` }}
      data-testid="transcript-segment"
      data-start={start}
      data-segment-index={index}
      // The virtualiser's measuring key.
      data-index={index}
      // Only some rows are in the page: assistive tech is told where this one stands among them all.
      aria-posinset={index + 1}
      aria-setsize={count}
      aria-current={active ? 'true' : undefined}
    >
      {canPlay ? (
        // Enter and Space play from this segment; on the segment lit, Space pauses and plays on instead (the
        // transcript's own Space), as pressing it again would only start it over, and on any other Space
        // pauses while the audio plays (the lit one moves on from the timestamp that started it).
        <button
          type="button"
          className="segment__time"
          tabIndex={tabbable ? 0 : -1}
          aria-label={segmentName(clock, formatClock(end), text)}
          title={t('segments.playFrom', { time: clock })}
          {...(active ? SPACE_PLAYS : SPACE_PAUSES)}
        >
          {clock}
        </button>
      ) : (
        <span className="segment__time segment__time--static">{clock}</span>
      )}
      <div className="segment__body">
        {speaker ? <p className="segment__speaker">{speaker}</p> : null}
        <p className="segment__text" data-selectable>
          {text.trim()}
        </p>
      </div>
    </li>
  );
});

/**
 * The segment playing at `seconds` among those the window has; none while the playhead is past the last of
 * them and more are on their way (lighting the last one that came would be wrong).
 */
function playingIndex(segments: readonly TranscriptSegment[], total: number, seconds: number): number {
  const index = segmentIndexAt(segments, seconds);
  const last = segments[segments.length - 1];
  if (total > segments.length && index === segments.length - 1 && last && seconds >= last.end)
    return NO_SEGMENT;
  return index;
}

function indexOfRow(target: EventTarget | null): number | null {
  const row = target instanceof Element ? target.closest<HTMLElement>('[data-segment-index]') : null;
  return row ? Number(row.dataset.segmentIndex) : null;
}

/** A click that ends a drag-selection of text is the user copying a phrase, not asking to seek. */
function isSelectingTextIn(row: Element): boolean {
  const selection = window.getSelection();
  return !!selection && !selection.isCollapsed && row.contains(selection.anchorNode);
}

/**
 * The column the list scrolls in, and how far below that column's top the list starts (the header and
 * the player come first): the virtualiser works in the column's coordinates. Re-measured when the
 * column or the list's surroundings change size.
 */
function useScrollPlace(listRef: RefObject<HTMLElement | null>): {
  scroller: HTMLElement | null;
  scrollMargin: number;
} {
  const [scroller, setScroller] = useState<HTMLElement | null>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    const list = listRef.current;
    const column = list ? scrollingAncestor(list) : null;
    setScroller(column);
    if (!list || !column) return;
    const measure = () =>
      setScrollMargin(
        Math.round(list.getBoundingClientRect().top - column.getBoundingClientRect().top + column.scrollTop),
      );
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(column);
    for (let sibling = list.previousElementSibling; sibling; sibling = sibling.previousElementSibling)
      observer.observe(sibling);
    return () => observer.disconnect();
  }, [listRef]);
  return { scroller, scrollMargin };
}

/**
 * Moves the focus to segment `index`'s timestamp: at once when its row is in the page, else after the
 * list has scrolled there and put it in.
 */
function useFocusSegment(
  listRef: RefObject<HTMLElement | null>,
  scrollToRow: (index: number) => void,
): (index: number) => void {
  const pending = useRef<number | null>(null);
  const focusIfThere = useCallback(
    (index: number) => {
      const button = listRef.current?.querySelector<HTMLElement>(
        `[data-segment-index="${index}"] .segment__time`,
      );
      if (!button) return false;
      button.focus();
      return true;
    },
    [listRef],
  );
  // After every render: the row waited for may have just come in.
  useEffect(() => {
    if (pending.current !== null && focusIfThere(pending.current)) pending.current = null;
  });
  return useCallback(
    (index: number) => {
      pending.current = null;
      const row = listRef.current?.querySelector(`[data-segment-index="${index}"]`);
      if (row && focusIfThere(index)) return;
      pending.current = index;
      scrollToRow(index);
    },
    [focusIfThere, listRef, scrollToRow],
  );
}

function scrollingAncestor(element: Element): HTMLElement | null {
  for (let parent = element.parentElement; parent; parent = parent.parentElement) {
    const overflow = getComputedStyle(parent).overflowY;
    if (overflow === 'auto' || overflow === 'scroll') return parent;
  }
  return document.scrollingElement instanceof HTMLElement ? document.scrollingElement : null;
}
