// The first seconds of an audio file, as a small WAV: decoded in the page (the file is on the app's media
// route), mixed to mono and resampled to 16 kHz, which is what speech models work at anyway.
import { encodeWav } from './wav.ts';

/** Speech models hear 16 kHz; a 30 s clip at this rate is under 1 MB as 16-bit WAV. */
export const CLIP_SAMPLE_RATE = 16_000;
export const CHECK_CLIP_SECONDS = 30;

/** The channels of a decoded buffer averaged into one. */
export function mixToMono(channels: readonly Float32Array[]): Float32Array {
  const [first] = channels;
  if (!first) return new Float32Array(0);
  if (channels.length === 1) return first;
  const length = Math.min(...channels.map((c) => c.length));
  const mono = new Float32Array(length);
  for (const channel of channels) {
    for (let i = 0; i < length; i++) mono[i] = (mono[i] ?? 0) + (channel[i] ?? 0) / channels.length;
  }
  return mono;
}

/** At most the first `seconds` of `samples` (a view, not a copy). */
export function firstSeconds(samples: Float32Array, sampleRate: number, seconds: number): Float32Array {
  const count = Math.max(0, Math.floor(sampleRate * seconds));
  return samples.subarray(0, Math.min(samples.length, count));
}

/**
 * Fetches the audio at `url`, decodes it at 16 kHz (an OfflineAudioContext decodes at its own rate, so the
 * browser does the resampling) and returns the first `seconds` as WAV bytes, with their length in seconds.
 */
export async function firstSecondsAsWav(
  url: string,
  seconds = CHECK_CLIP_SECONDS,
): Promise<{ bytes: Uint8Array; durationSec: number }> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`The audio could not be read (${response.status}).`);
  const encoded = await response.arrayBuffer();
  const context = new OfflineAudioContext(1, 1, CLIP_SAMPLE_RATE);
  const decoded = await context.decodeAudioData(encoded);
  const channels = Array.from({ length: decoded.numberOfChannels }, (_, i) => decoded.getChannelData(i));
  const clip = firstSeconds(mixToMono(channels), decoded.sampleRate, seconds);
  return { bytes: encodeWav(clip, decoded.sampleRate), durationSec: clip.length / decoded.sampleRate };
}
