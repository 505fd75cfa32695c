// Audio in and out: how long an upload is (from its WAV header, else guessed from its size), and the
// speech the fake speaks: a tone pattern, one short syllable per character with silence at spaces, so
// the waveform looks like words and its length grows with the input.
import { flacFile, silentAac, silentMp3, silentOpus } from './encoders.ts';

export const SPEECH_SAMPLE_RATE = 24_000;
const SLOT_SECONDS = 0.06;
const MAX_SPEECH_SECONDS = 30;
const MIN_SPEECH_SECONDS = 0.3;

/** Seconds of audio in an upload: exact for PCM WAV, an estimate from typical bitrates otherwise. */
export function audioDuration(head: Buffer, size: number, filename: string): number {
  const wav = wavInfo(head);
  if (wav && wav.byteRate > 0) {
    // Recorders that stream the file leave the data size at 0 or 0xFFFFFFFF; the file size tells the truth then.
    const dataBytes =
      wav.dataBytes > 0 && wav.dataBytes !== 0xffffffff
        ? Math.min(wav.dataBytes, size - wav.dataOffset)
        : size - wav.dataOffset;
    return Math.max(0.1, dataBytes / wav.byteRate);
  }
  const extension = filename.toLowerCase().split('.').pop() ?? '';
  const bytesPerSecond: Record<string, number> = {
    webm: 4000,
    ogg: 4000,
    oga: 4000,
    opus: 4000,
    flac: 90_000,
  };
  return Math.max(1, size / (bytesPerSecond[extension] ?? 16_000));
}

interface WavInfo {
  byteRate: number;
  dataBytes: number;
  dataOffset: number;
}

function wavInfo(head: Buffer): WavInfo | null {
  if (
    head.length < 12 ||
    head.toString('latin1', 0, 4) !== 'RIFF' ||
    head.toString('latin1', 8, 12) !== 'WAVE'
  ) {
    return null;
  }
  let byteRate = 0;
  let offset = 12;
  while (offset + 8 <= head.length) {
    const id = head.toString('latin1', offset, offset + 4);
    const size = head.readUInt32LE(offset + 4);
    if (id === 'fmt ' && offset + 16 <= head.length) byteRate = head.readUInt32LE(offset + 16);
    if (id === 'data') return { byteRate, dataBytes: size, dataOffset: offset + 8 };
    offset += 8 + size + (size % 2);
  }
  return null;
}

export function speechSeconds(input: string, speed = 1): number {
  const natural = [...input].length * SLOT_SECONDS;
  const clamped = Math.min(MAX_SPEECH_SECONDS, Math.max(MIN_SPEECH_SECONDS, natural));
  return clamped / Math.min(4, Math.max(0.25, speed));
}

/** 16-bit mono little-endian samples at 24 kHz: the `pcm` format exactly, and the body of the WAV. */
export function synthesizeSpeech(input: string, speed = 1): Buffer {
  const seconds = speechSeconds(input, speed);
  const total = Math.round(seconds * SPEECH_SAMPLE_RATE);
  const characters = [...input];
  const slots = Math.max(1, Math.round(seconds / (SLOT_SECONDS / Math.min(4, Math.max(0.25, speed)))));
  const slotLength = total / slots;
  const pcm = Buffer.alloc(total * 2);
  for (let i = 0; i < total; i += 1) {
    const slot = Math.min(slots - 1, Math.floor(i / slotLength));
    const character = characters.length > 0 ? characters[slot % characters.length]! : 'a';
    let sample = 0;
    if (/\p{L}|\p{N}/u.test(character)) {
      const code = character.codePointAt(0) ?? 97;
      const frequency = 150 + (code % 23) * 11;
      const t = i / SPEECH_SAMPLE_RATE;
      const phase = (i - slot * slotLength) / slotLength;
      const envelope = Math.sin(Math.PI * phase) ** 2;
      sample =
        envelope *
        (0.6 * Math.sin(2 * Math.PI * frequency * t) + 0.25 * Math.sin(4 * Math.PI * frequency * t));
    }
    pcm.writeInt16LE(Math.round(sample * 0.5 * 32767), i * 2);
  }
  return pcm;
}

export function wavFile(pcm: Buffer, sampleRate = SPEECH_SAMPLE_RATE): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + pcm.length, 4);
  header.write('WAVE', 8, 'latin1');
  header.write('fmt ', 12, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(pcm.length, 40);
  return Buffer.concat([header, pcm]);
}

export const SPEECH_CONTENT_TYPES: Record<string, string> = {
  mp3: 'audio/mpeg',
  opus: 'audio/ogg',
  aac: 'audio/aac',
  flac: 'audio/flac',
  wav: 'audio/wav',
  pcm: 'audio/pcm',
};

/**
 * The speech in the asked format. The tone itself is in `wav`, `pcm` and `flac`; `mp3`, `opus` and `aac`
 * are valid, decodable files of the same duration but silent (see ./encoders.ts).
 */
export function encodeSpeech(pcm: Buffer, format: string): Buffer {
  const seconds = pcm.length / 2 / SPEECH_SAMPLE_RATE;
  switch (format) {
    case 'pcm':
      return pcm;
    case 'wav':
      return wavFile(pcm);
    case 'flac':
      return flacFile(pcm, SPEECH_SAMPLE_RATE);
    case 'opus':
      return silentOpus(seconds, SPEECH_SAMPLE_RATE);
    case 'aac':
      return silentAac(seconds);
    default:
      return silentMp3(seconds);
  }
}
