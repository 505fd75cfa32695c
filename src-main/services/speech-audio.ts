// What the speech studio needs to know about the audio formats a gateway sends: where the samples are
// in a WAV file, how an MP3 or ADTS AAC stream is framed, how long a clip lasts. Pure functions over
// bytes (no I/O), so the joining of parts can be tested byte by byte.
//
// Joining, by format:
// - WAV (and pcm, which the gateway client wraps as WAV): the sample data of every part under one header.
// - MP3 and ADTS AAC: streams of self-contained frames; the frames of every part one after another. ID3
//   tags and the first-frame VBR headers (Xing/Info/VBRI) are dropped: a tag in mid-stream is noise, and
//   part 1's VBR header would claim the whole clip lasts as long as part 1.
// - Ogg Opus and FLAC carry a stream header with totals; concatenated files do not make one valid file,
//   so those clips are kept as one file per part.

export type JoinKind = 'wav' | 'mp3' | 'adts';

const ascii = (bytes: Uint8Array, offset: number, length: number): string =>
  offset + length > bytes.length ? '' : String.fromCharCode(...bytes.subarray(offset, offset + length));

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

// ─── WAV ──────────────────────────────────────────────────────────────────────────────────────────

export interface WavLayout {
  /** The `fmt ` chunk's payload as it was (16, 18 or 40 bytes). */
  fmt: Uint8Array;
  formatTag: number;
  channels: number;
  sampleRate: number;
  byteRate: number;
  blockAlign: number;
  bitsPerSample: number;
  /** Where the sample data starts and how many bytes of it there are. */
  dataOffset: number;
  dataBytes: number;
}

/**
 * Finds the format and the sample data of a RIFF/WAVE file. A data size of 0 or 0xFFFFFFFF (a header
 * written before the length was known, as streamed WAV is) means "to the end of the file".
 */
export function readWav(bytes: Uint8Array): WavLayout | null {
  if (ascii(bytes, 0, 4) !== 'RIFF' || ascii(bytes, 8, 4) !== 'WAVE') return null;
  const data = view(bytes);
  let fmt: Uint8Array | null = null;
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    const id = ascii(bytes, offset, 4);
    const size = data.getUint32(offset + 4, true);
    const body = offset + 8;
    if (id === 'fmt ') {
      if (size < 16 || body + size > bytes.length) return null;
      fmt = bytes.slice(body, body + size);
    } else if (id === 'data') {
      if (!fmt) return null;
      const fmtView = view(fmt);
      const blockAlign = fmtView.getUint16(12, true);
      const available = bytes.length - body;
      let dataBytes = size === 0 || size === 0xffffffff || size > available ? available : size;
      // A cut stream may end mid-sample; a partial frame would shift every later sample.
      if (blockAlign > 0) dataBytes -= dataBytes % blockAlign;
      return {
        fmt,
        formatTag: fmtView.getUint16(0, true),
        channels: fmtView.getUint16(2, true),
        sampleRate: fmtView.getUint32(4, true),
        byteRate: fmtView.getUint32(8, true),
        blockAlign,
        bitsPerSample: fmtView.getUint16(14, true),
        dataOffset: body,
        dataBytes,
      };
    }
    offset = body + size + (size % 2);
  }
  return null;
}

/** Whether two parts' samples can follow each other under one header. */
export function sameWavFormat(a: WavLayout, b: WavLayout): boolean {
  return (
    a.formatTag === b.formatTag &&
    a.channels === b.channels &&
    a.sampleRate === b.sampleRate &&
    a.bitsPerSample === b.bitsPerSample &&
    a.blockAlign === b.blockAlign
  );
}

/** The largest sample data a WAV header can describe. */
export const MAX_WAV_DATA_BYTES = 0xffffffff - 64;

// ─── Tags ─────────────────────────────────────────────────────────────────────────────────────────

/** Length of an ID3v2 tag at `offset` (header, body and footer), or 0. */
export function id3v2Length(bytes: Uint8Array, offset = 0): number {
  if (ascii(bytes, offset, 3) !== 'ID3' || offset + 10 > bytes.length) return 0;
  const size =
    ((bytes[offset + 6]! & 0x7f) << 21) |
    ((bytes[offset + 7]! & 0x7f) << 14) |
    ((bytes[offset + 8]! & 0x7f) << 7) |
    (bytes[offset + 9]! & 0x7f);
  const footer = (bytes[offset + 5]! & 0x10) !== 0 ? 10 : 0;
  return Math.min(bytes.length - offset, 10 + size + footer);
}

/** Length of an ID3v1 tag at the end (`TAG` + 125 bytes), or 0. */
export function id3v1Length(bytes: Uint8Array): number {
  return bytes.length >= 128 && ascii(bytes, bytes.length - 128, 3) === 'TAG' ? 128 : 0;
}

// ─── MPEG audio (MP3) ─────────────────────────────────────────────────────────────────────────────

const MPEG1_BITRATES = {
  1: [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
  2: [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
  3: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
} as const;
const MPEG2_BITRATES = {
  1: [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
  2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
  3: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
} as const;
const SAMPLE_RATES = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] } as const;

export interface MpegFrame {
  length: number;
  samples: number;
  sampleRate: number;
  /** Where a Xing/Info header would start, counted from the frame's first byte. */
  vbrHeaderOffset: number;
}

/** The MPEG audio frame starting at `offset`, or null when there is none. */
export function mpegFrameAt(bytes: Uint8Array, offset: number): MpegFrame | null {
  if (offset + 4 > bytes.length) return null;
  const b1 = bytes[offset + 1]!;
  const b2 = bytes[offset + 2]!;
  const b3 = bytes[offset + 3]!;
  if (bytes[offset] !== 0xff || (b1 & 0xe0) !== 0xe0) return null;
  const version = (b1 >> 3) & 3; // 3: MPEG-1, 2: MPEG-2, 0: MPEG-2.5
  const layerBits = (b1 >> 1) & 3; // 3: layer I, 2: layer II, 1: layer III
  const bitrateIndex = (b2 >> 4) & 0xf;
  const rateIndex = (b2 >> 2) & 3;
  if (version === 1 || layerBits === 0 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) {
    return null;
  }
  const layer = (4 - layerBits) as 1 | 2 | 3;
  const mpeg1 = version === 3;
  const kbps = (mpeg1 ? MPEG1_BITRATES : MPEG2_BITRATES)[layer][bitrateIndex]!;
  const sampleRate = SAMPLE_RATES[version as 0 | 2 | 3][rateIndex]!;
  const padding = (b2 >> 1) & 1;
  let length: number;
  let samples: number;
  if (layer === 1) {
    length = (Math.floor((12 * kbps * 1000) / sampleRate) + padding) * 4;
    samples = 384;
  } else if (layer === 2 || mpeg1) {
    length = Math.floor((144 * kbps * 1000) / sampleRate) + padding;
    samples = 1152;
  } else {
    length = Math.floor((72 * kbps * 1000) / sampleRate) + padding;
    samples = 576;
  }
  const mono = b3 >> 6 === 3;
  const sideInfo = mpeg1 ? (mono ? 17 : 32) : mono ? 9 : 17;
  const crc = (b1 & 1) === 0 ? 2 : 0;
  return { length, samples, sampleRate, vbrHeaderOffset: 4 + crc + sideInfo };
}

/** Whether a frame carries an encoder's VBR summary (Xing, Info or VBRI) instead of audio. */
function isVbrHeaderFrame(bytes: Uint8Array, offset: number, frame: MpegFrame): boolean {
  const tag = ascii(bytes, offset + frame.vbrHeaderOffset, 4);
  return tag === 'Xing' || tag === 'Info' || ascii(bytes, offset + 36, 4) === 'VBRI';
}

// ─── ADTS AAC ─────────────────────────────────────────────────────────────────────────────────────

const ADTS_RATES = [96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000, 7350];

export function adtsFrameAt(bytes: Uint8Array, offset: number): { length: number; seconds: number } | null {
  if (offset + 7 > bytes.length) return null;
  if (bytes[offset] !== 0xff || (bytes[offset + 1]! & 0xf6) !== 0xf0) return null;
  const rate = ADTS_RATES[(bytes[offset + 2]! >> 2) & 0xf];
  const length = ((bytes[offset + 3]! & 0x03) << 11) | (bytes[offset + 4]! << 3) | (bytes[offset + 5]! >> 5);
  if (!rate || length < 7) return null;
  const blocks = (bytes[offset + 6]! & 0x03) + 1;
  return { length, seconds: (1024 * blocks) / rate };
}

// ─── Frame streams ────────────────────────────────────────────────────────────────────────────────

/** The audio frames of an MP3 or ADTS file (tags and the VBR header frame left out), with their length. */
export function frameStream(bytes: Uint8Array, kind: 'mp3' | 'adts'): { start: number; end: number } {
  let start = id3v2Length(bytes);
  const end = bytes.length - id3v1Length(bytes);
  if (kind === 'mp3') {
    const first = mpegFrameAt(bytes, start);
    if (first && isVbrHeaderFrame(bytes, start, first)) start = Math.min(end, start + first.length);
  }
  return { start, end: Math.max(start, end) };
}

/** Whether the bytes begin (after any ID3v2 tag) with two consecutive frames of `kind`, or one whole one. */
export function looksLikeFrames(bytes: Uint8Array, kind: 'mp3' | 'adts'): boolean {
  const start = id3v2Length(bytes);
  const first = kind === 'mp3' ? mpegFrameAt(bytes, start) : adtsFrameAt(bytes, start);
  if (!first) return false;
  const next = start + first.length;
  if (next >= bytes.length - id3v1Length(bytes)) return next <= bytes.length;
  return (kind === 'mp3' ? mpegFrameAt(bytes, next) : adtsFrameAt(bytes, next)) !== null;
}

/** Seconds of audio in a frame stream, counting frames until the first byte that is not one. */
function framedSeconds(bytes: Uint8Array, kind: 'mp3' | 'adts'): number | null {
  const { start, end } = frameStream(bytes, kind);
  let offset = start;
  let seconds = 0;
  let frames = 0;
  while (offset < end) {
    if (kind === 'mp3') {
      const frame = mpegFrameAt(bytes, offset);
      if (!frame || frame.length === 0) break;
      seconds += frame.samples / frame.sampleRate;
      offset += frame.length;
    } else {
      const frame = adtsFrameAt(bytes, offset);
      if (!frame) break;
      seconds += frame.seconds;
      offset += frame.length;
    }
    frames++;
  }
  return frames > 0 ? seconds : null;
}

// ─── Durations ────────────────────────────────────────────────────────────────────────────────────

function flacSeconds(bytes: Uint8Array): number | null {
  // fLaC, then the STREAMINFO block: its header (4 bytes), then 10 bytes of frame sizes, then
  // 20 bits of sample rate, 3 of channels, 5 of bits per sample and 36 of total samples.
  if (ascii(bytes, 0, 4) !== 'fLaC' || bytes.length < 26 || (bytes[4]! & 0x7f) !== 0) return null;
  const rate = (bytes[18]! << 12) | (bytes[19]! << 4) | (bytes[20]! >> 4);
  const total = (bytes[21]! & 0x0f) * 2 ** 32 + view(bytes).getUint32(22);
  return rate > 0 && total > 0 ? total / rate : null;
}

function oggOpusSeconds(bytes: Uint8Array): number | null {
  // The last page's granule position counts 48 kHz samples, including the encoder's pre-skip.
  if (ascii(bytes, 0, 4) !== 'OggS') return null;
  const headAt = indexOf(bytes, 'OpusHead', 0, 200);
  if (headAt < 0 || headAt + 12 > bytes.length) return null;
  const preSkip = view(bytes).getUint16(headAt + 10, true);
  for (let at = bytes.length - 27; at >= 0; at--) {
    if (bytes[at] === 0x4f && ascii(bytes, at, 4) === 'OggS') {
      const granule = Number(view(bytes).getBigUint64(at + 6, true));
      return granule > preSkip ? (granule - preSkip) / 48_000 : null;
    }
  }
  return null;
}

function indexOf(bytes: Uint8Array, needle: string, from: number, within: number): number {
  const last = Math.min(bytes.length - needle.length, from + within);
  for (let i = from; i <= last; i++) if (ascii(bytes, i, needle.length) === needle) return i;
  return -1;
}

/** Seconds of audio in a clip file of this extension, when its format says so cheaply; else null. */
export function audioSeconds(bytes: Uint8Array, extension: string): number | null {
  switch (extension) {
    case 'wav': {
      const wav = readWav(bytes);
      return wav && wav.byteRate > 0 ? wav.dataBytes / wav.byteRate : null;
    }
    case 'mp3':
      return framedSeconds(bytes, 'mp3');
    case 'aac':
      return framedSeconds(bytes, 'adts');
    case 'flac':
      return flacSeconds(bytes);
    case 'opus':
      return oggOpusSeconds(bytes);
    default:
      return null;
  }
}
