// Pure helpers for the virtualised segment list: which rows are in the page, how tall an unseen row is
// guessed to be, and where the list's keys move the focus.

/**
 * The rows to put in the page: those near the viewport (`near`, ascending) and the ones that must stay
 * whatever the scroll position, e.g. the focused row (taking it out of the page would drop the focus to
 * the document). Ascending, without repeats.
 */
export function rowsToRender(near: readonly number[], keep: readonly number[], count: number): number[] {
  const extra = keep.filter(
    (index, at) => index >= 0 && index < count && !near.includes(index) && keep.indexOf(index) === at,
  );
  if (extra.length === 0) return [...near];
  return [...near, ...extra].sort((a, b) => a - b);
}

/** About how many characters of a segment's text fit one line of the list at its widest (780 px, 14 px text). */
const CHARACTERS_PER_LINE = 95;
/** A row's padding (6 px above and below), the line height of its text (1.65 × 14 px), a speaker's line. */
const ROW_PADDING = 12;
const LINE_HEIGHT = 23;
const SPEAKER_LINE = 18;

/**
 * A guess at a row's height before it is measured, from its text's length: rows far away are never
 * measured, and the closer the guess, the less the scrollbar jumps as rows come into view and are.
 */
export function estimatedRowHeight(text: string, hasSpeaker: boolean): number {
  const lines = Math.max(1, Math.ceil(text.trim().length / CHARACTERS_PER_LINE));
  return ROW_PADDING + lines * LINE_HEIGHT + (hasSpeaker ? SPEAKER_LINE : 0);
}

/** The keys that move the focus between the segments' timestamps, and how far a page moves it. */
const ROWS_PER_PAGE = 10;

/**
 * Where a key pressed on segment `from`'s timestamp moves the focus: the previous or next segment, ten
 * back or on, the first or the last. `null` for any other key, or when the focus would not move.
 */
export function segmentForKey(key: string, from: number, count: number): number | null {
  const last = count - 1;
  const to =
    key === 'ArrowUp'
      ? from - 1
      : key === 'ArrowDown'
        ? from + 1
        : key === 'PageUp'
          ? from - ROWS_PER_PAGE
          : key === 'PageDown'
            ? from + ROWS_PER_PAGE
            : key === 'Home'
              ? 0
              : key === 'End'
                ? last
                : null;
  if (to === null || count === 0) return null;
  const clamped = Math.min(last, Math.max(0, to));
  return clamped === from ? null : clamped;
}

/** How much of a segment's text its timestamp's accessible name repeats. */
const NAME_TEXT_LENGTH = 60;

/**
 * A segment timestamp's accessible name: its time span and the start of its text, so that a screen reader
 * moving through the list hears what each segment says ("0:03 – 0:07, Hello and welcome to the…").
 */
export function segmentName(start: string, end: string, text: string): string {
  const words = text.trim().replace(/\s+/g, ' ');
  if (words.length <= NAME_TEXT_LENGTH) return `${start} – ${end}, ${words}`;
  const cut = words.slice(0, NAME_TEXT_LENGTH + 1);
  const space = cut.lastIndexOf(' ');
  return `${start} – ${end}, ${(space > NAME_TEXT_LENGTH / 2 ? cut.slice(0, space) : cut.slice(0, -1)).replace(/[\s,.;:–-]+$/, '')}…`;
}
