// Issue 18 item 8, the keyboard and screen-reader half, in pure pieces: the one status region's
// `announce` (said once; the same words again are cleared and set anew), where focus goes after a row is
// removed, the waveform slider's keys, and a transcript segment's accessible name. Focus itself is
// walked in the browser: test/e2e/keyboard-walk.spec.ts.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { seekTargetForKey } from '../../../src-renderer/src/components/WaveformPlayer.tsx';
import { segmentName } from '../../../src-renderer/src/panels/transcribe/segment-window.ts';
import { REANNOUNCE_DELAY_MS } from '../../../src-renderer/src/store/announcer.ts';
import { useAppStore } from '../../../src-renderer/src/store/index.ts';
import { survivorIndex } from '../../../src-renderer/src/util/focus.ts';

describe('announce, through the one status region', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    useAppStore.setState({ announcement: '' });
  });
  afterEach(() => {
    vi.runOnlyPendingTimers();
    vi.useRealTimers();
  });
  const said = () => useAppStore.getState().announcement;

  it('says new words at once', () => {
    useAppStore.getState().announce('Transcript ready: talk.wav');
    expect(said()).toBe('Transcript ready: talk.wav');
    useAppStore.getState().announce('Clip ready');
    expect(said()).toBe('Clip ready');
  });

  it('says the same words again by clearing the region first, then setting them a moment later', () => {
    useAppStore.getState().announce('Reply finished');
    useAppStore.getState().announce('Reply finished');
    expect(said()).toBe('');
    vi.advanceTimersByTime(REANNOUNCE_DELAY_MS);
    expect(said()).toBe('Reply finished');
  });

  it('lets newer words win over a repeat still waiting', () => {
    useAppStore.getState().announce('Reply finished');
    useAppStore.getState().announce('Reply finished');
    useAppStore.getState().announce('Reply failed');
    expect(said()).toBe('Reply failed');
    vi.advanceTimersByTime(REANNOUNCE_DELAY_MS * 2);
    expect(said()).toBe('Reply failed');
  });
});

describe('the row focused after one is removed', () => {
  it('is the next one (now at the same index), else the previous, else none', () => {
    expect(survivorIndex(3, 0)).toBe(0);
    expect(survivorIndex(3, 1)).toBe(1);
    expect(survivorIndex(3, 2)).toBe(1);
    expect(survivorIndex(1, 0)).toBe(-1);
    expect(survivorIndex(3, -1)).toBe(-1);
  });
});

describe('the waveform slider’s keys', () => {
  it('move 5 s with the arrows, a tenth of the audio with PageUp/PageDown, to the ends with Home/End', () => {
    expect(seekTargetForKey('ArrowRight', 12, 90)).toBe(17);
    expect(seekTargetForKey('ArrowUp', 12, 90)).toBe(17);
    expect(seekTargetForKey('ArrowLeft', 12, 90)).toBe(7);
    expect(seekTargetForKey('ArrowDown', 12, 90)).toBe(7);
    expect(seekTargetForKey('PageUp', 12, 90)).toBe(21);
    expect(seekTargetForKey('PageDown', 30, 90)).toBe(21);
    expect(seekTargetForKey('Home', 30, 90)).toBe(0);
    expect(seekTargetForKey('End', 30, 90)).toBe(90);
  });

  it('never leave the audio, page at least an arrow’s step, and ignore other keys', () => {
    expect(seekTargetForKey('PageUp', 88, 90)).toBe(90);
    expect(seekTargetForKey('ArrowLeft', 2, 90)).toBe(0);
    expect(seekTargetForKey('PageUp', 0, 20)).toBe(5);
    expect(seekTargetForKey('Enter', 3, 90)).toBeNull();
    expect(seekTargetForKey(' ', 3, 90)).toBeNull();
  });
});

describe('a transcript segment’s accessible name', () => {
  it('says its time span and its text', () => {
    expect(segmentName('0:03', '0:07', ' Hello and welcome. ')).toBe('0:03 – 0:07, Hello and welcome.');
  });

  it('cuts a long text at a word, with an ellipsis', () => {
    const name = segmentName(
      '1:02:09',
      '1:02:15',
      'The release date moves to the second week of March, after the review of the new recording screen.',
    );
    expect(name).toBe('1:02:09 – 1:02:15, The release date moves to the second week of March, after…');
    expect(name.length).toBeLessThan(90);
  });
});
