// Loudness of one search window, decoded on demand: only the window's packets are decoded, one block at a time,
// so neither the file nor its decoded audio is ever held whole.
import { AudioSampleSink, type InputAudioTrack } from 'mediabunny';
import { FRAME_SECONDS, FrameLevels } from './quiet.ts';

/**
 * Per-frame RMS levels of [startSec, endSec), mixed over channels, frames of FRAME_SECONDS from startSec. A
 * frame the decoder gave no samples for (a gap, an empty packet) is left unheard, not silent (FrameLevels).
 */
export async function measureWindow(
  track: InputAudioTrack,
  startSec: number,
  endSec: number,
  signal?: AbortSignal,
): Promise<{ levels: Float64Array; frameSec: number }> {
  const rate = track.sampleRate;
  const samplesPerFrame = Math.max(1, Math.round(FRAME_SECONDS * rate));
  const firstSample = Math.round(startSec * rate);
  const frameCount = Math.max(1, Math.ceil((Math.round(endSec * rate) - firstSample) / samplesPerFrame));
  const frames = new FrameLevels(frameCount, samplesPerFrame);
  const sink = new AudioSampleSink(track);
  for await (const sample of sink.samples(startSec, endSec)) {
    try {
      signal?.throwIfAborted();
      const channels = sample.numberOfChannels;
      const count = sample.numberOfFrames;
      const planes: Float32Array[] = [];
      for (let c = 0; c < channels; c += 1) {
        const plane = new Float32Array(count);
        sample.copyTo(plane, { planeIndex: c, format: 'f32-planar' });
        planes.push(plane);
      }
      const offset = Math.round(sample.timestamp * rate) - firstSample;
      for (let i = 0; i < count; i += 1) {
        let energy = 0;
        for (const plane of planes) energy += plane[i]! * plane[i]!;
        frames.add(offset + i, energy / channels);
      }
    } finally {
      sample.close();
    }
  }
  return { levels: frames.levels(), frameSec: samplesPerFrame / rate };
}
