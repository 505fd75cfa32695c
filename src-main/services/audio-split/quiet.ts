// Where to cut inside a search window: the middle of the quietest stretch, from loudness measured as RMS over
// short frames. Pure functions, so the same audio always gives the same cut (a resumed job depends on it).

/** 20 ms frames: short enough to find the gap between two words, long enough to smooth a waveform's cycles. */
export const FRAME_SECONDS = 0.02;
/**
 * Frames this close to the quietest frame count as equally quiet, so a run is not broken by the noise floor's
 * flicker: within 1.5× its level, or within -60 dBFS of it for digital silence (level 0).
 */
const SAME_QUIET_RATIO = 1.5;
const SAME_QUIET_FLOOR = 0.001;
/**
 * The level of a frame for which no sample was decoded (an empty frame, a decoder gap): unknown, not silence.
 * Such a frame must not make a cut look quiet.
 */
const UNHEARD = Number.NaN;

function heard(level: number): boolean {
  return !Number.isNaN(level);
}

/** Accumulates samples into per-frame RMS levels of a window starting at frame 0. */
export class FrameLevels {
  private readonly sums: Float64Array;
  private readonly counts: Uint32Array;

  constructor(
    readonly frameCount: number,
    private readonly samplesPerFrame: number,
  ) {
    this.sums = new Float64Array(frameCount);
    this.counts = new Uint32Array(frameCount);
  }

  /** Adds one sample's energy (already mixed over channels) at `sampleIndex` from the window's start. */
  add(sampleIndex: number, energy: number): void {
    const frame = Math.floor(sampleIndex / this.samplesPerFrame);
    if (frame < 0 || frame >= this.frameCount) return;
    this.sums[frame]! += energy;
    this.counts[frame]! += 1;
  }

  /** RMS per frame; UNHEARD for a frame no sample was added to. */
  levels(): Float64Array {
    const out = new Float64Array(this.frameCount);
    for (let i = 0; i < this.frameCount; i += 1) {
      const count = this.counts[i]!;
      out[i] = count === 0 ? UNHEARD : Math.sqrt(this.sums[i]! / count);
    }
    return out;
  }
}

/**
 * The middle of the longest run of quietest frames, in frames from the window's start (may be fractional:
 * the middle of an even run lies on a frame boundary). Ties go to the later run, keeping parts long.
 * UNHEARD frames belong to no run; when no frame was heard there is no quiet to find, and the answer is the
 * window's end (where the cut goes without a quiet search).
 */
export function quietestMiddle(levels: ArrayLike<number>): number {
  let quietest = Number.POSITIVE_INFINITY;
  for (let i = 0; i < levels.length; i += 1) if (heard(levels[i]!)) quietest = Math.min(quietest, levels[i]!);
  if (quietest === Number.POSITIVE_INFINITY) return levels.length;
  const threshold = Math.max(quietest * SAME_QUIET_RATIO, quietest + SAME_QUIET_FLOOR);
  let bestStart = 0;
  let bestLength = 0;
  let runStart = -1;
  for (let i = 0; i <= levels.length; i += 1) {
    const quiet = i < levels.length && levels[i]! <= threshold;
    if (quiet && runStart < 0) runStart = i;
    if (!quiet && runStart >= 0) {
      const length = i - runStart;
      if (length >= bestLength) {
        bestStart = runStart;
        bestLength = length;
      }
      runStart = -1;
    }
  }
  return bestStart + bestLength / 2;
}
