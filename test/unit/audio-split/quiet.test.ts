// Where a cut goes inside a search window: the middle of the longest run of the quietest frames.
import { describe, expect, it } from 'vitest';
import { FrameLevels, quietestMiddle } from '../../../src-main/services/audio-split/quiet.ts';

describe('quietestMiddle', () => {
  it('picks the middle of the longest silent run, not the first quiet frame', () => {
    //            0    1    2  3  4    5  6  7  8  9    10
    const levels = [0.3, 0.2, 0, 0, 0.4, 0, 0, 0, 0, 0.5, 0.3];
    expect(quietestMiddle(levels)).toBe(7); // run 5..8 (4 frames): middle at frame boundary 7
  });

  it('treats the noise floor as one quiet run when there is no digital silence', () => {
    const levels = [0.5, 0.02, 0.025, 0.021, 0.5, 0.05, 0.5];
    expect(quietestMiddle(levels)).toBe(2.5); // frames 1..3 within 1.5× the quietest
  });

  it('prefers the later of equally long runs, keeping parts long', () => {
    expect(quietestMiddle([0, 0, 0.5, 0.5, 0, 0, 0.5])).toBe(5);
  });
});

describe('frames for which nothing was decoded', () => {
  /** Frames of 4 samples; `energyOf(frame)` for each heard frame, nothing at all for the others. */
  function measured(frameCount: number, energyOf: (frame: number) => number | null): Float64Array {
    const frames = new FrameLevels(frameCount, 4);
    for (let frame = 0; frame < frameCount; frame += 1) {
      const energy = energyOf(frame);
      if (energy === null) continue;
      for (let s = 0; s < 4; s += 1) frames.add(frame * 4 + s, energy);
    }
    return frames.levels();
  }

  it('are not silence: a decoder gap amid speech does not draw the cut, the quiet that was heard does', () => {
    // Speech throughout, a gap of 4 undecoded frames (2..5), one heard quiet frame (8).
    const levels = measured(10, (frame) => (frame >= 2 && frame <= 5 ? null : frame === 8 ? 1e-6 : 0.25));
    expect(quietestMiddle(levels)).toBe(8.5);
  });

  it('give no quiet to find when nothing in the window was decoded: the cut stays at the window’s end', () => {
    const levels = measured(10, () => null);
    expect(quietestMiddle(levels)).toBe(10);
  });
});

describe('FrameLevels', () => {
  it('gives the RMS of each frame and ignores samples outside the window', () => {
    const frames = new FrameLevels(2, 4);
    for (let i = -2; i < 10; i += 1) frames.add(i, i < 4 ? 0.25 : 0.01); // energies (squared amplitudes)
    const levels = frames.levels();
    expect(levels[0]).toBeCloseTo(0.5);
    expect(levels[1]).toBeCloseTo(0.1);
  });
});
