// A mono 16-bit PCM WAV from float samples: the plainest file every gateway and upstream accepts, used for
// the shorter clip that checks a failed request (WIRE.md: "retry with a shorter audio file").

const HEADER_BYTES = 44;
const BYTES_PER_SAMPLE = 2;

/** A sample in -1..1 as a signed 16-bit integer; anything outside the range is clipped, NaN is silence. */
export function toInt16(sample: number): number {
  if (!Number.isFinite(sample)) return sample > 0 ? 0x7fff : sample < 0 ? -0x8000 : 0;
  const clipped = Math.max(-1, Math.min(1, sample));
  return clipped < 0 ? Math.round(clipped * 0x8000) : Math.round(clipped * 0x7fff);
}

/** The bytes of a WAV file holding `samples` (mono) at `sampleRate`. */
export function encodeWav(samples: Float32Array, sampleRate: number): Uint8Array {
  if (!Number.isInteger(sampleRate) || sampleRate <= 0)
    throw new RangeError('The sample rate must be a positive integer.');
  const dataBytes = samples.length * BYTES_PER_SAMPLE;
  const bytes = new Uint8Array(HEADER_BYTES + dataBytes);
  const view = new DataView(bytes.buffer);
  const ascii = (offset: number, text: string) => {
    for (let i = 0; i < text.length; i++) view.setUint8(offset + i, text.charCodeAt(i));
  };
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + dataBytes, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true); // size of the fmt chunk
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * BYTES_PER_SAMPLE, true); // byte rate
  view.setUint16(32, BYTES_PER_SAMPLE, true); // block align
  view.setUint16(34, 16, true); // bits per sample
  ascii(36, 'data');
  view.setUint32(40, dataBytes, true);
  for (let i = 0; i < samples.length; i++) {
    view.setInt16(HEADER_BYTES + i * BYTES_PER_SAMPLE, toInt16(samples[i] ?? 0), true);
  }
  return bytes;
}
