// Small synthetic WAV files with sound at known times: pure tones and noise bursts over silence, in the
// sample formats a user's file may have (16/24-bit integer, 32-bit float, mono or stereo).

export type SoundEvent =
  | { kind: 'tone'; start: number; seconds: number; hz: number; amplitude?: number }
  | { kind: 'noise'; start: number; seconds: number; amplitude?: number; seed?: number };

export interface WavShape {
  sampleRate?: number;
  channels?: number;
  encoding?: 'int16' | 'int24' | 'float32';
  /** Write 0 as the data size, as recorders that stream the file do. */
  openDataSize?: boolean;
}

/** Mono samples in -1..1 with the events mixed in. */
export function render(seconds: number, events: SoundEvent[], sampleRate: number): Float32Array {
  const samples = new Float32Array(Math.round(seconds * sampleRate));
  for (const event of events) {
    const from = Math.round(event.start * sampleRate);
    const to = Math.min(samples.length, Math.round((event.start + event.seconds) * sampleRate));
    const amplitude = event.amplitude ?? 0.5;
    let state = event.kind === 'noise' ? (event.seed ?? 1) : 0;
    for (let i = from; i < to; i += 1) {
      if (event.kind === 'tone') {
        samples[i]! += amplitude * Math.sin((2 * Math.PI * event.hz * (i - from)) / sampleRate);
      } else {
        // A small linear congruential generator: the same noise every run.
        state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
        samples[i]! += amplitude * (state / 2 ** 30 - 1);
      }
    }
  }
  return samples;
}

export function wavOf(samples: Float32Array, shape: WavShape = {}): Buffer {
  const sampleRate = shape.sampleRate ?? 16_000;
  const channels = shape.channels ?? 1;
  const encoding = shape.encoding ?? 'int16';
  const bytes = encoding === 'int16' ? 2 : encoding === 'int24' ? 3 : 4;
  const blockAlign = channels * bytes;
  const dataBytes = samples.length * blockAlign;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVE', 8, 'latin1');
  header.write('fmt ', 12, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(encoding === 'float32' ? 3 : 1, 20);
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * blockAlign, 28);
  header.writeUInt16LE(blockAlign, 32);
  header.writeUInt16LE(bytes * 8, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(shape.openDataSize ? 0 : dataBytes, 40);
  const data = Buffer.alloc(dataBytes);
  for (let i = 0; i < samples.length; i += 1) {
    const value = Math.max(-1, Math.min(1, samples[i]!));
    for (let channel = 0; channel < channels; channel += 1) {
      const at = i * blockAlign + channel * bytes;
      if (encoding === 'int16') data.writeInt16LE(Math.round(value * 32_767), at);
      else if (encoding === 'int24') data.writeIntLE(Math.round(value * 8_388_607), at, 3);
      else data.writeFloatLE(value, at);
    }
  }
  return Buffer.concat([header, data]);
}

export function wavWith(seconds: number, events: SoundEvent[], shape: WavShape = {}): Buffer {
  return wavOf(render(seconds, events, shape.sampleRate ?? 16_000), shape);
}

export const asBytes = (buffer: Buffer): Uint8Array<ArrayBuffer> =>
  new Uint8Array(
    buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.length),
  ) as Uint8Array<ArrayBuffer>;
