// Splits a long text into parts one speech request accepts. Pure: no I/O.
//
// A part is a range of the text with no whitespace at either end. The text between two parts (and before
// the first, after the last) is its separator, so
//
//   separators[0] + parts[0] + separators[1] + parts[1] + … + parts[n-1] + separators[n] === text
//
// and nothing is lost or said twice. Cuts are made at the strongest boundary that keeps every part within
// the limit: paragraphs (a blank line), then sentences (terminal punctuation, or a line break), then words
// (whitespace). Only a single "word" longer than the limit is cut inside, between two graphemes. Separators
// are whitespace, or empty where the text has none (after a CJK full stop, or at such a hard cut).
import { SPEECH_INPUT_LIMIT } from '../../src-preload/contract.ts';

export interface SpeechSplit {
  /** What is sent, in order; each at most `limit` characters (code points). */
  parts: string[];
  /** `parts.length + 1` separators: before the first part, between parts, after the last. */
  separators: string[];
}

/** The text again, from its parts and the separators cut at. */
export function joinSpeechSplit(split: SpeechSplit): string {
  let text = split.separators[0] ?? '';
  split.parts.forEach((part, i) => {
    text += part + (split.separators[i + 1] ?? '');
  });
  return text;
}

type Range = readonly [start: number, end: number];

/** Boundary strength, strongest first: paragraph, sentence, word. */
type Level = 0 | 1 | 2 | 3;
const PARAGRAPH: Level = 0;
const SENTENCE: Level = 1;
const WORD: Level = 2;

// Whitespace holding at least two line breaks: a blank line between paragraphs.
const PARAGRAPH_GAP = /[^\S\n]*\n(?:[^\S\n]*\n)+\s*/g;
// Whitespace after a sentence's end (with any closing quotes or brackets), unless a lower-case letter
// follows: "e.g. this" is one sentence.
const SENTENCE_GAP = /(?<=[.!?…‼⁇⁈⁉][)\]}"'”’»›]*)\s+(?![\s\p{Ll}])/gu;
// After a full-width (CJK) terminal, where the next sentence may start with no space at all.
const FULL_WIDTH_SENTENCE_GAP = /(?<=[。！？｡][)\]}"'”’」』）》〉]*)(?![)\]}"'”’」』）》〉])\s*/gu;
// A single line break (a list item, a heading, a line of verse) ends a sentence too.
const LINE_GAP = /[^\S\n]*\n\s*/g;
const WORD_GAP = /\s+/g;

const GAPS: Record<Exclude<Level, 3>, RegExp[]> = {
  [PARAGRAPH]: [PARAGRAPH_GAP],
  [SENTENCE]: [SENTENCE_GAP, FULL_WIDTH_SENTENCE_GAP, LINE_GAP],
  [WORD]: [WORD_GAP],
};

/**
 * Splits `text` into parts of at most `limit` code points. A text that fits is one part; a text of only
 * whitespace has none.
 */
export function splitSpeechText(text: string, limit: number = SPEECH_INPUT_LIMIT): SpeechSplit {
  if (!Number.isInteger(limit) || limit < 1)
    throw new RangeError('The part limit must be a positive integer.');
  const counter = codePointCounter(text);
  const ranges: Range[] = [];
  const content = trimmed(text, 0, text.length);
  if (content) pack(text, content, PARAGRAPH, limit, counter, ranges);

  const parts = ranges.map(([start, end]) => text.slice(start, end));
  const separators: string[] = [];
  let previousEnd = 0;
  for (const [start, end] of ranges) {
    separators.push(text.slice(previousEnd, start));
    previousEnd = end;
  }
  separators.push(text.slice(previousEnd));
  return { parts, separators };
}

type Counter = (start: number, end: number) => number;

/** Code points between two UTF-16 offsets, in O(1) after one pass. */
function codePointCounter(text: string): Counter {
  const before = new Uint32Array(text.length + 1);
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    before[i] = count;
    // The low half of a surrogate pair does not start a code point.
    const code = text.charCodeAt(i);
    if (!(code >= 0xdc00 && code <= 0xdfff && i > 0 && isHighSurrogate(text.charCodeAt(i - 1)))) count++;
  }
  before[text.length] = count;
  return (start, end) => before[end]! - before[start]!;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/** The range without whitespace at either end, or null when nothing is left. */
function trimmed(text: string, start: number, end: number): Range | null {
  let s = start;
  let e = end;
  while (s < e && /\s/.test(text[s]!)) s++;
  while (e > s && /\s/.test(text[e - 1]!)) e--;
  return s < e ? [s, e] : null;
}

/** Gaps of one level strictly inside `[start, end)`, in order and not overlapping. */
function gapsInside(text: string, [start, end]: Range, level: Exclude<Level, 3>): Range[] {
  const found: Range[] = [];
  const slice = text.slice(start, end);
  for (const pattern of GAPS[level]) {
    pattern.lastIndex = 0;
    for (let match = pattern.exec(slice); match; match = pattern.exec(slice)) {
      const gapStart = start + match.index;
      const gapEnd = gapStart + match[0].length;
      // An empty match must move on by itself, or exec would find it forever; by a whole code point,
      // since a unicode pattern steps back to the start of a surrogate pair.
      if (match[0].length === 0) {
        pattern.lastIndex = match.index + (isHighSurrogate(slice.charCodeAt(match.index)) ? 2 : 1);
      }
      if (gapStart > start && gapEnd < end) found.push([gapStart, gapEnd]);
    }
  }
  found.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const merged: Range[] = [];
  for (const gap of found) {
    const last = merged.at(-1);
    if (last && gap[0] <= last[1]) merged[merged.length - 1] = [last[0], Math.max(last[1], gap[1])];
    else merged.push(gap);
  }
  return merged;
}

/**
 * Adds the parts of `span` (trimmed content) to `out`: whole if it fits, else cut at this level's gaps,
 * packing as many neighbouring pieces into each part as fit. A piece too long by itself is cut at the
 * next level down.
 */
function pack(text: string, span: Range, level: Level, limit: number, count: Counter, out: Range[]): void {
  if (count(span[0], span[1]) <= limit) {
    out.push(span);
    return;
  }
  if (level === 3) {
    cutWord(text, span, limit, count, out);
    return;
  }
  const deeper = (level + 1) as Level;
  const gaps = gapsInside(text, span, level);
  if (gaps.length === 0) {
    pack(text, span, deeper, limit, count, out);
    return;
  }
  const pieces: Range[] = [];
  let pieceStart = span[0];
  for (const [gapStart, gapEnd] of gaps) {
    pieces.push([pieceStart, gapStart]);
    pieceStart = gapEnd;
  }
  pieces.push([pieceStart, span[1]]);

  let group: Range | null = null;
  for (const piece of pieces) {
    if (group && count(group[0], piece[1]) <= limit) {
      group = [group[0], piece[1]];
      continue;
    }
    if (group) out.push(group);
    group = null;
    if (count(piece[0], piece[1]) <= limit) group = piece;
    else pack(text, piece, deeper, limit, count, out);
  }
  if (group) out.push(group);
}

const graphemes =
  typeof Intl !== 'undefined' && 'Segmenter' in Intl
    ? new Intl.Segmenter(undefined, { granularity: 'grapheme' })
    : null;

/** A "word" longer than the limit: cut between graphemes (never inside one, nor inside a surrogate pair). */
function cutWord(text: string, [start, end]: Range, limit: number, count: Counter, out: Range[]): void {
  const boundaries: number[] = [];
  if (graphemes) {
    for (const { index } of graphemes.segment(text.slice(start, end))) boundaries.push(start + index);
  } else {
    for (let i = start; i < end; i += isHighSurrogate(text.charCodeAt(i)) ? 2 : 1) boundaries.push(i);
  }
  boundaries.push(end);
  let partStart = start;
  let previous = start;
  for (const boundary of boundaries) {
    if (count(partStart, boundary) > limit) {
      // A single grapheme over the limit (absurd, but possible) is cut between code points.
      if (previous === partStart) {
        cutCodePoints(text, [partStart, boundary], limit, count, out);
        partStart = boundary;
      } else {
        out.push([partStart, previous]);
        partStart = previous;
        if (count(partStart, boundary) > limit) {
          cutCodePoints(text, [partStart, boundary], limit, count, out);
          partStart = boundary;
        }
      }
    }
    previous = boundary;
  }
  if (partStart < end) out.push([partStart, end]);
}

function cutCodePoints(text: string, [start, end]: Range, limit: number, count: Counter, out: Range[]): void {
  let partStart = start;
  let i = start;
  while (i < end) {
    const next = i + (isHighSurrogate(text.charCodeAt(i)) && i + 1 < end ? 2 : 1);
    if (count(partStart, next) > limit) {
      out.push([partStart, i]);
      partStart = i;
    }
    i = next;
  }
  if (partStart < end) out.push([partStart, end]);
}
