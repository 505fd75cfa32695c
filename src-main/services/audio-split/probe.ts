// A cheap look before deciding to split: duration from the container's metadata where it has one (so an MP3
// with a Xing header or an MP4 is not read through), and whether its audio can be split here at all.

import { partFormatFor } from './formats.ts';
import { openInput } from './source.ts';
import type { AudioProbe } from './types.ts';

/** Duration, container and codec; null when the file cannot be read or its audio cannot be split here. */
export async function probeAudio(path: string): Promise<AudioProbe | null> {
  const input = openInput(path);
  try {
    if (!(await input.canRead())) return null;
    const container = (await input.getFormat()).name;
    const track = await input.getPrimaryAudioTrack();
    const codec = track?.codec;
    if (!track || !codec || !partFormatFor(container, codec)) return null;
    const durationSec =
      (await input.getDurationFromMetadata([track]).catch(() => null)) ??
      (await input.computeDuration([track]));
    return { durationSec, container, codec };
  } catch {
    return null;
  } finally {
    input.dispose();
  }
}
