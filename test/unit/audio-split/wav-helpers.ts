// Small PCM WAV helpers for the split tests: write a file from a sample function, read a file's samples back.
import { readFile, writeFile } from 'node:fs/promises';
import { wavHeader } from '../../../bench/support/long-recording.ts';

/** Writes a 16-bit WAV whose sample `i` (per channel) is `sample(i)` in [-1, 1]. */
export async function writeWav(
  path: string,
  seconds: number,
  sampleRate: number,
  sample: (i: number) => number,
  channels = 1,
): Promise<void> {
  const frames = Math.round(seconds * sampleRate);
  const data = Buffer.alloc(frames * channels * 2);
  for (let i = 0; i < frames; i += 1) {
    const value = Math.round(Math.max(-1, Math.min(1, sample(i))) * 32767);
    for (let c = 0; c < channels; c += 1)
      data.writeInt16LE(channels === 2 && c === 1 ? -value : value, (i * channels + c) * 2);
  }
  const header = wavHeader(frames, sampleRate, channels);
  await writeFile(path, Buffer.concat([header, data]));
}

/** The bytes of a WAV file's `data` chunk (its samples), found by walking the RIFF chunks. */
export async function wavSamples(path: string): Promise<Buffer> {
  const bytes = await readFile(path);
  if (bytes.toString('latin1', 0, 4) !== 'RIFF' || bytes.toString('latin1', 8, 12) !== 'WAVE')
    throw new Error(`${path} is not a WAV file`);
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    const id = bytes.toString('latin1', offset, offset + 4);
    const size = bytes.readUInt32LE(offset + 4);
    if (id === 'data') return bytes.subarray(offset + 8, offset + 8 + size);
    offset += 8 + size + (size % 2);
  }
  throw new Error(`${path} has no data chunk`);
}
