import {
  memo,
  type RefObject,
  startTransition,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { TranscriptSegment } from '../../../../src-preload/contract.ts';
import { useAppStore } from '../../store/index.ts';
import { formatClock } from '../../util/time.ts';
import { NO_SEGMENT, segmentIndexAt } from './segments.ts';
import { SPACE_PLAYS } from './useTranscriptShortcuts.ts';

interface SegmentListProps {
  segments: readonly TranscriptSegment[];
  /** Moves the audio to `seconds` and plays; absent when there is no audio to play. */
  onSeek?(seconds: number): void;
  /** What stays pinned above the list as it scrolls (the player): rows under it count as off screen. */
  pinnedAboveRef?: RefObject<HTMLElement | null>;
}

/**
 * The transcript as timed segments. The segment being played is highlighted and kept in view. Built for
 * lectures with thousands of segments: the first screenful renders at once and the rest follows in
 * interruptible steps; the highlight is one number picked from the store (a binary search per playback
 * tick); rows are memoised, so a change of segment re-renders two of them; one click handler serves all.
 *
 * (Not content-visibility: auto — inside the panel's inline-size container it kept Chromium relaying
 * out without end, freezing the page.)
 */
export function SegmentList({ segments, onSeek, pinnedAboveRef }: SegmentListProps) {
  const listRef = useRef<HTMLOListElement>(null);
  const canPlay = onSeek !== undefined;
  const activeIndex = useAppStore(
    useCallback(
      (s) => (canPlay ? segmentIndexAt(segments, s.transcriptPlaybackTime) : NO_SEGMENT),
      [segments, canPlay],
    ),
  );
  const rendered = useRowsInSteps(segments.length);
  useKeepActiveRowInView(listRef, activeIndex, pinnedAboveRef);
  // A speaker is named where the voice changes, not on every line of a monologue.
  const speakerShown = useMemo(
    () =>
      segments.map((segment, i) =>
        segment.speaker && segment.speaker !== segments[i - 1]?.speaker ? segment.speaker : null,
      ),
    [segments],
  );

  const onClick = (event: React.MouseEvent<HTMLOListElement>) => {
    if (!onSeek) return;
    const row = (event.target as Element).closest<HTMLElement>('[data-segment-index]');
    if (!row || isSelectingTextIn(row)) return;
    const segment = segments[Number(row.dataset.segmentIndex)];
    if (segment) onSeek(segment.start);
  };

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click anywhere on a row is a bigger target for its timestamp button, which is the keyboard path (Enter)
    <ol
      ref={listRef}
      className={`segment-list${canPlay ? ' segment-list--playable' : ''}`}
      aria-label="Transcript segments"
      onClick={onClick}
      data-testid="segment-list"
    >
      {segments.slice(0, rendered).map((segment, index) => (
        <SegmentRow
          // Segment ids are the gateway's and not always unique; the order is fixed for a saved transcript.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={index}
          index={index}
          start={segment.start}
          text={segment.text}
          speaker={speakerShown[index] ?? null}
          active={index === activeIndex}
          canPlay={canPlay}
        />
      ))}
    </ol>
  );
}

interface SegmentRowProps {
  index: number;
  start: number;
  text: string;
  speaker: string | null;
  active: boolean;
  canPlay: boolean;
}

const SegmentRow = memo(function SegmentRow({
  index,
  start,
  text,
  speaker,
  active,
  canPlay,
}: SegmentRowProps) {
  const clock = formatClock(start);
  return (
    <li
      className="segment"
      data-testid="transcript-segment"
      data-start={start}
      data-segment-index={index}
      aria-current={active ? 'true' : undefined}
    >
      {canPlay ? (
        <button type="button" className="segment__time" aria-label={`Play from ${clock}`} {...SPACE_PLAYS}>
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

/** Rows shown at once when a transcript opens: more than a tall window holds. */
const FIRST_ROWS = 80;
/** Rows added per background step after that: each step is a short task, so playback and input stay smooth. */
const ROWS_PER_STEP = 250;

/** How many rows to render now: the first screenful at once, then the rest in low-priority steps. */
function useRowsInSteps(total: number): number {
  const [rendered, setRendered] = useState(() => Math.min(total, FIRST_ROWS));
  useEffect(() => {
    if (rendered >= total) return;
    startTransition(() => setRendered((shown) => Math.min(total, shown + ROWS_PER_STEP)));
  }, [rendered, total]);
  return Math.min(rendered, total);
}

/** A click that ends a drag-selection of text is the user copying a phrase, not asking to seek. */
function isSelectingTextIn(row: Element): boolean {
  const selection = window.getSelection();
  return !!selection && !selection.isCollapsed && row.contains(selection.anchorNode);
}

/** About how long a smooth scroll takes: segments closer together than this are followed without a glide. */
const SMOOTH_SCROLL_MS = 400;
const SCROLL_KEYS = new Set(['PageUp', 'PageDown', 'Home', 'End', 'ArrowUp', 'ArrowDown']);

/**
 * Scrolls the newly active row into view while the user is following along, and never fights them: once
 * they scroll the transcript themselves (wheel, touch, keys, the scrollbar), it stops following, and it
 * picks up again when the playing row is back in sight (they scrolled back, or clicked a segment).
 */
function useKeepActiveRowInView(
  listRef: RefObject<HTMLOListElement | null>,
  activeIndex: number,
  pinnedAboveRef: RefObject<HTMLElement | null> | undefined,
): void {
  const following = useRef(true);
  const lastFollow = useRef(0);

  useEffect(() => {
    const list = listRef.current;
    const scroller = list ? scrollingAncestor(list) : null;
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
  }, [listRef]);

  useEffect(() => {
    const row = activeIndex === NO_SEGMENT ? null : listRef.current?.children[activeIndex];
    if (!row) return;
    const coveredTop = pinnedAboveRef?.current?.getBoundingClientRect().bottom ?? 0;
    if (isOnScreen(row, coveredTop)) {
      following.current = true;
      return;
    }
    if (!following.current) return;
    const now = performance.now();
    const smooth =
      now - lastFollow.current > SMOOTH_SCROLL_MS &&
      !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    lastFollow.current = now;
    row.scrollIntoView({ block: 'nearest', behavior: smooth ? 'smooth' : 'auto' });
  }, [activeIndex, listRef, pinnedAboveRef]);
}

function scrollingAncestor(element: Element): HTMLElement | null {
  for (let parent = element.parentElement; parent; parent = parent.parentElement) {
    const overflow = getComputedStyle(parent).overflowY;
    if (overflow === 'auto' || overflow === 'scroll') return parent;
  }
  return document.scrollingElement instanceof HTMLElement ? document.scrollingElement : null;
}

function isTextField(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement && (target.isContentEditable || !!target.closest('input, textarea, select'))
  );
}

/** Whether all of `element` shows inside its scrolling ancestor and the window, below `coveredTop`. */
function isOnScreen(element: Element, coveredTop: number): boolean {
  const rect = element.getBoundingClientRect();
  const ancestor = scrollingAncestor(element);
  // The document's own scroller shows exactly the window.
  const scroller = ancestor === document.scrollingElement ? null : ancestor?.getBoundingClientRect();
  const top = Math.max(coveredTop, scroller?.top ?? 0);
  const bottom = Math.min(window.innerHeight, scroller?.bottom ?? window.innerHeight);
  return rect.top >= top && rect.bottom <= bottom;
}
