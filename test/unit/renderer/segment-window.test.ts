import { describe, expect, it } from 'vitest';
import {
  estimatedRowHeight,
  rowsToRender,
  segmentForKey,
} from '../../../src-renderer/src/panels/transcribe/segment-window.ts';

describe('the rows put in the page', () => {
  it('are the rows near the viewport', () => {
    expect(rowsToRender([40, 41, 42], [], 6_000)).toEqual([40, 41, 42]);
  });

  it('keep the focused row when the list scrolls far from it, in order', () => {
    expect(rowsToRender([40, 41, 42], [3], 6_000)).toEqual([3, 40, 41, 42]);
    expect(rowsToRender([40, 41, 42], [5_999], 6_000)).toEqual([40, 41, 42, 5_999]);
  });

  it('do not repeat a kept row that is near anyway, nor keep one that is not there', () => {
    expect(rowsToRender([40, 41, 42], [41], 6_000)).toEqual([40, 41, 42]);
    expect(rowsToRender([0, 1], [-1], 2)).toEqual([0, 1]);
    expect(rowsToRender([0, 1], [7], 2)).toEqual([0, 1]);
    // The focused row is often the list's one Tab stop as well: kept once (a repeat would be two rows
    // with one key).
    expect(rowsToRender([40, 41, 42], [3, 3], 6_000)).toEqual([3, 40, 41, 42]);
  });
});

describe('the height guessed for a row not measured yet', () => {
  it('grows with the lines its text wraps to, and with a speaker’s name above it', () => {
    const short = estimatedRowHeight('Point 1: hello.', false);
    const long = estimatedRowHeight('word '.repeat(80), false);
    expect(long).toBeGreaterThan(short * 2);
    expect(estimatedRowHeight('Point 1: hello.', true)).toBeGreaterThan(short);
  });

  it('is one line for an empty segment, not nothing', () => {
    expect(estimatedRowHeight('   ', false)).toBe(estimatedRowHeight('a', false));
    expect(estimatedRowHeight('', false)).toBeGreaterThan(20);
  });
});

describe('the keys that move between segments', () => {
  it('go one up or down, ten by the page, and to either end', () => {
    expect(segmentForKey('ArrowDown', 10, 6_000)).toBe(11);
    expect(segmentForKey('ArrowUp', 10, 6_000)).toBe(9);
    expect(segmentForKey('PageDown', 10, 6_000)).toBe(20);
    expect(segmentForKey('PageUp', 10, 6_000)).toBe(0);
    expect(segmentForKey('End', 10, 6_000)).toBe(5_999);
    expect(segmentForKey('Home', 5_999, 6_000)).toBe(0);
  });

  it('stop at the ends: nothing to move to past the last segment or before the first', () => {
    expect(segmentForKey('ArrowDown', 5_999, 6_000)).toBeNull();
    expect(segmentForKey('End', 5_999, 6_000)).toBeNull();
    expect(segmentForKey('PageDown', 5_995, 6_000)).toBe(5_999);
    expect(segmentForKey('ArrowUp', 0, 6_000)).toBeNull();
  });

  it('leave other keys alone', () => {
    expect(segmentForKey('Enter', 3, 10)).toBeNull();
    expect(segmentForKey(' ', 3, 10)).toBeNull();
    expect(segmentForKey('ArrowDown', 0, 0)).toBeNull();
  });
});
