// Pure helpers over a transcript's segments: which one is playing, and the text to copy.
import type { Transcript, TranscriptSegment } from '../../../../src-preload/contract.ts';

/** No segment is playing (the playhead is before the first one, or there are none). */
export const NO_SEGMENT = -1;

/**
 * The index of the segment being played at `seconds`: the last one that has started. In a pause between
 * two segments the previous one stays current, so the highlight does not blink off at every breath; before
 * the first segment nothing is. Segments come from the gateway in order of their start (binary search:
 * this runs on every playback tick, and a lecture has thousands of segments).
 */
export function segmentIndexAt(
  segments: readonly Pick<TranscriptSegment, 'start'>[],
  seconds: number,
): number {
  if (!Number.isFinite(seconds)) return NO_SEGMENT;
  let low = 0;
  let high = segments.length - 1;
  let found = NO_SEGMENT;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    if ((segments[middle]?.start ?? Number.POSITIVE_INFINITY) <= seconds) {
      found = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return found;
}

/**
 * What "Copy all" puts on the clipboard: the transcript's text as the gateway gave it; when that is empty
 * but segments exist, the segments one per line.
 */
export function transcriptPlainText(transcript: Pick<Transcript, 'text' | 'segments'>): string {
  const text = transcript.text.trim();
  if (text) return text;
  return transcript.segments
    .map((segment) => segment.text.trim())
    .filter(Boolean)
    .join('\n');
}

/** Whether the transcript can be shown as timed segments (else it is shown as plain text). */
export function hasTimedSegments(transcript: Pick<Transcript, 'segments'>): boolean {
  return transcript.segments.length > 0;
}
