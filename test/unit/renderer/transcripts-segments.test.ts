import { describe, expect, it } from 'vitest';
import {
  hasTimedSegments,
  NO_SEGMENT,
  segmentIndexAt,
  transcriptPlainText,
} from '../../../src-renderer/src/panels/transcribe/segments.ts';

// Three sentences with pauses between them, as whisper returns them.
const SEGMENTS = [
  { start: 1.5, end: 3.2 },
  { start: 3.2, end: 5 },
  { start: 6, end: 8.25 },
  { start: 9.5, end: 11 },
];

describe('the segment being played', () => {
  it('is none before the first segment starts', () => {
    expect(segmentIndexAt(SEGMENTS, 0)).toBe(NO_SEGMENT);
    expect(segmentIndexAt(SEGMENTS, 1.499)).toBe(NO_SEGMENT);
  });

  it('is the segment whose time range holds the playhead, from its first instant', () => {
    expect(segmentIndexAt(SEGMENTS, 1.5)).toBe(0);
    expect(segmentIndexAt(SEGMENTS, 2.4)).toBe(0);
    expect(segmentIndexAt(SEGMENTS, 7)).toBe(2);
    expect(segmentIndexAt(SEGMENTS, 10)).toBe(3);
  });

  it('passes to the next segment exactly where it starts, when one ends where the next begins', () => {
    expect(segmentIndexAt(SEGMENTS, 3.199)).toBe(0);
    expect(segmentIndexAt(SEGMENTS, 3.2)).toBe(1);
  });

  it('stays on the previous segment through a pause, so the highlight does not blink off', () => {
    expect(segmentIndexAt(SEGMENTS, 5)).toBe(1);
    expect(segmentIndexAt(SEGMENTS, 5.9)).toBe(1);
    expect(segmentIndexAt(SEGMENTS, 9)).toBe(2);
  });

  it('stays on the last segment after it ends (the audio runs on, or has finished)', () => {
    expect(segmentIndexAt(SEGMENTS, 11)).toBe(3);
    expect(segmentIndexAt(SEGMENTS, 600)).toBe(3);
  });

  it('is none without segments, and for a time that is not a number', () => {
    expect(segmentIndexAt([], 4)).toBe(NO_SEGMENT);
    expect(segmentIndexAt(SEGMENTS, Number.NaN)).toBe(NO_SEGMENT);
  });

  it('finds the right one among thousands (binary search agrees with a linear scan)', () => {
    const many = Array.from({ length: 5_000 }, (_, i) => ({ start: i * 2.5 + (i % 3) * 0.1 }));
    const linear = (t: number) => many.findLastIndex((s) => s.start <= t);
    for (const t of [0, 0.05, 1, 2.5, 2.59, 2.6, 1234.56, 9_997.6, 12_497.7, 12_500, 20_000]) {
      expect(segmentIndexAt(many, t)).toBe(linear(t));
    }
  });
});

describe('the text Copy all takes', () => {
  it('is the transcript text, trimmed', () => {
    expect(transcriptPlainText({ text: '  Hello there. \n', segments: [] })).toBe('Hello there.');
  });

  it('falls back to the segments, one per line, when the text is empty', () => {
    const segments = [
      { id: 0, start: 0, end: 1, text: ' First line.' },
      { id: 1, start: 1, end: 2, text: '   ' },
      { id: 2, start: 2, end: 3, text: 'Second line. ' },
    ];
    expect(transcriptPlainText({ text: '', segments })).toBe('First line.\nSecond line.');
  });

  it('tells timed transcripts from plain text', () => {
    expect(hasTimedSegments({ segments: [] })).toBe(false);
    expect(hasTimedSegments({ segments: [{ id: 0, start: 0, end: 1, text: 'a' }] })).toBe(true);
  });
});
