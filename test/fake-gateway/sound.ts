// What an uploaded PCM WAV really holds, read as it streams past (never buffered whole): its exact length,
// and where sound is — stretches separated by at least 0.2 s of silence, each either a steady tone (its
// frequency) or anything else (speech). The fake's transcripts follow these, so a test can check that
// segment times match the audio that was sent, part by part.

/** One stretch of sound: seconds from the start of the file, and the tone's frequency when it is one. */
export interface SoundRegion {
  start: number;
  end: number;
  /** Hz of a pure tone, rounded to 10; `null` for anything else. */
  toneHz: number | null;
}

export interface SoundMap {
  /** The length of the samples that arrived, in seconds. */
  durationSec: number;
  regions: SoundRegion[];
}

export interface SoundAnalyser {
  push(chunk: Buffer): void;
  /** The map, or `null` when the file is not a PCM WAV this reads (the fake falls back to its guesses). */
  finish(): SoundMap | null;
}

/** RMS over frames of 10 ms: enough to place an onset, few enough frames for an hour. */
const FRAME_SECONDS = 0.01;
/** A frame is sound when its RMS is above -40 dBFS; a sample counts as loud above the same level. */
const SOUND_LEVEL = 0.01;
/** Silences shorter than this are pauses inside one stretch of sound. */
const MIN_SILENCE_SECONDS = 0.2;
/**
 * A pure tone crosses zero upward once per period, at evenly spaced times; speech and noise do not. The
 * spread of the intervals between crossings, relative to their mean, tells them apart.
 */
const TONE_MAX_SPREAD = 0.03;
const TONE_MIN_CROSSINGS = 8;
/** The bytes a WAV header may take before its `data` chunk (LIST/bext chunks can be large). */
const MAX_HEADER_BYTES = 1024 * 1024;

interface Format {
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
  float: boolean;
  blockAlign: number;
  /** Bytes of samples declared; `null` when the writer left it open (0 or 0xFFFFFFFF): until the end. */
  dataBytes: number | null;
}

/** Per-frame measurements, in growable columns. */
interface Frames {
  rms: number[];
  /** Sample index (in the file) of the first and last loud sample in the frame, or -1. */
  firstLoud: number[];
  lastLoud: number[];
  /** Upward zero crossings in the frame: how many intervals ended here, their sum and sum of squares. */
  intervals: number[];
  intervalSum: number[];
  intervalSquares: number[];
}

export function createSoundAnalyser(): SoundAnalyser {
  let header: Buffer[] = [];
  let headerBytes = 0;
  let format: Format | null = null;
  let unreadable = false;
  let carry: Buffer = Buffer.alloc(0);
  let dataLeft = Number.POSITIVE_INFINITY;

  // The running state of the frame being filled and of the zero-crossing tracker.
  let frameLength = 0;
  let sampleIndex = 0;
  let inFrame = 0;
  let sumSquares = 0;
  let firstLoud = -1;
  let lastLoud = -1;
  let count = 0;
  let sum = 0;
  let squares = 0;
  let previous = 0;
  let lastCrossing = -1;
  const frames: Frames = {
    rms: [],
    firstLoud: [],
    lastLoud: [],
    intervals: [],
    intervalSum: [],
    intervalSquares: [],
  };

  const closeFrame = () => {
    if (inFrame === 0) return;
    frames.rms.push(Math.sqrt(sumSquares / inFrame));
    frames.firstLoud.push(firstLoud);
    frames.lastLoud.push(lastLoud);
    frames.intervals.push(count);
    frames.intervalSum.push(sum);
    frames.intervalSquares.push(squares);
    inFrame = 0;
    sumSquares = 0;
    firstLoud = -1;
    lastLoud = -1;
    count = 0;
    sum = 0;
    squares = 0;
  };

  const addSample = (value: number) => {
    sumSquares += value * value;
    if (Math.abs(value) > SOUND_LEVEL) {
      if (firstLoud < 0) firstLoud = sampleIndex;
      lastLoud = sampleIndex;
    }
    if (previous < 0 && value >= 0) {
      // Where the line between the two samples meets zero, in samples.
      const crossing = sampleIndex - 1 + previous / (previous - value);
      if (lastCrossing >= 0) {
        const interval = crossing - lastCrossing;
        count += 1;
        sum += interval;
        squares += interval * interval;
      }
      lastCrossing = crossing;
    }
    previous = value;
    sampleIndex += 1;
    inFrame += 1;
    if (inFrame === frameLength) closeFrame();
  };

  const decode = (bytes: Buffer) => {
    const f = format!;
    const bytesPerSample = f.bitsPerSample / 8;
    const scale = f.float ? 1 : 2 ** (f.bitsPerSample - 1);
    for (let offset = 0; offset + f.blockAlign <= bytes.length; offset += f.blockAlign) {
      let mixed = 0;
      for (let channel = 0; channel < f.channels; channel += 1) {
        mixed += readSample(bytes, offset + channel * bytesPerSample, f);
      }
      addSample(mixed / f.channels / scale);
    }
  };

  const pushSamples = (chunk: Buffer) => {
    const f = format!;
    const usable = chunk.subarray(0, Math.min(chunk.length, dataLeft));
    dataLeft -= usable.length;
    // Only whole sample frames are decoded; the rest waits for the next chunk.
    const bytes = carry.length === 0 ? usable : Buffer.concat([carry, usable]);
    const whole = bytes.length - (bytes.length % f.blockAlign);
    decode(bytes.subarray(0, whole));
    carry = Buffer.from(bytes.subarray(whole));
  };

  return {
    push(chunk) {
      if (unreadable) return;
      if (format !== null) {
        pushSamples(chunk);
        return;
      }
      header.push(chunk);
      headerBytes += chunk.length;
      const joined = Buffer.concat(header);
      header = [joined];
      const found = readHeader(joined);
      if (found === 'not-wav' || (found === 'incomplete' && headerBytes > MAX_HEADER_BYTES)) {
        unreadable = true;
        header = [];
        return;
      }
      if (found === 'incomplete') return;
      format = found.format;
      frameLength = Math.max(1, Math.round(format.sampleRate * FRAME_SECONDS));
      dataLeft = format.dataBytes ?? Number.POSITIVE_INFINITY;
      header = [];
      pushSamples(joined.subarray(found.dataOffset));
    },
    finish() {
      if (unreadable || format === null) return null;
      closeFrame();
      return {
        durationSec: sampleIndex / format.sampleRate,
        regions: findRegions(frames, format.sampleRate, frameLength),
      };
    },
  };
}

function readSample(bytes: Buffer, at: number, f: Format): number {
  if (f.float) return f.bitsPerSample === 64 ? bytes.readDoubleLE(at) : bytes.readFloatLE(at);
  switch (f.bitsPerSample) {
    case 8:
      return bytes[at]! - 128; // 8-bit WAV is unsigned
    case 16:
      return ((bytes[at]! | (bytes[at + 1]! << 8)) << 16) >> 16;
    case 24:
      return ((bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16)) << 8) >> 8;
    default:
      return bytes.readInt32LE(at);
  }
}

const WAVE_FORMAT_PCM = 1;
const WAVE_FORMAT_IEEE_FLOAT = 3;
const WAVE_FORMAT_EXTENSIBLE = 0xfffe;

/** The format and where the samples begin, once the header up to the `data` chunk has arrived. */
function readHeader(head: Buffer): { format: Format; dataOffset: number } | 'incomplete' | 'not-wav' {
  if (head.length < 12) return 'incomplete';
  if (head.toString('latin1', 0, 4) !== 'RIFF' || head.toString('latin1', 8, 12) !== 'WAVE') return 'not-wav';
  let fmt: Omit<Format, 'dataBytes'> | null = null;
  let offset = 12;
  while (offset + 8 <= head.length) {
    const id = head.toString('latin1', offset, offset + 4);
    const size = head.readUInt32LE(offset + 4);
    if (id === 'data') {
      if (fmt === null) return 'not-wav';
      const open = size === 0 || size === 0xffffffff;
      return { format: { ...fmt, dataBytes: open ? null : size }, dataOffset: offset + 8 };
    }
    if (offset + 8 + size > head.length) return 'incomplete';
    if (id === 'fmt ') {
      if (size < 16) return 'not-wav';
      let tag = head.readUInt16LE(offset + 8);
      // WAVE_FORMAT_EXTENSIBLE names the real format in the first two bytes of its sub-format GUID.
      if (tag === WAVE_FORMAT_EXTENSIBLE && size >= 40) tag = head.readUInt16LE(offset + 8 + 24);
      const channels = head.readUInt16LE(offset + 10);
      const sampleRate = head.readUInt32LE(offset + 12);
      const blockAlign = head.readUInt16LE(offset + 20);
      const bitsPerSample = head.readUInt16LE(offset + 22);
      const float = tag === WAVE_FORMAT_IEEE_FLOAT;
      const readable = float
        ? bitsPerSample === 32 || bitsPerSample === 64
        : tag === WAVE_FORMAT_PCM && [8, 16, 24, 32].includes(bitsPerSample);
      if (!readable || channels < 1 || sampleRate < 1 || blockAlign !== (channels * bitsPerSample) / 8) {
        return 'not-wav';
      }
      fmt = { channels, sampleRate, bitsPerSample, float, blockAlign };
    }
    offset += 8 + size + (size % 2);
  }
  return 'incomplete';
}

/** Frames above the sound level, joined across short pauses, each placed to the sample and classified. */
function findRegions(frames: Frames, sampleRate: number, frameLength: number): SoundRegion[] {
  const total = frames.rms.length;
  const maxGapFrames = Math.round(MIN_SILENCE_SECONDS / FRAME_SECONDS);
  const runs: Array<[number, number]> = [];
  for (let i = 0; i < total; i += 1) {
    if (frames.rms[i]! <= SOUND_LEVEL) continue;
    const last = runs.at(-1);
    // Fewer than 0.2 s of silent frames since the last sound: the same stretch goes on.
    if (last && i - last[1] - 1 < maxGapFrames) last[1] = i;
    else runs.push([i, i]);
  }
  return runs.map(([first, last]) => {
    // The first loud sample of the first sound frame, or of the frame before it (an onset late in a frame
    // leaves that frame's RMS below the level); likewise for the end.
    const before = first > 0 ? frames.firstLoud[first - 1]! : -1;
    const onsetSample = before >= 0 ? before : Math.max(frames.firstLoud[first]!, first * frameLength);
    const after = last + 1 < total ? frames.lastLoud[last + 1]! : -1;
    const endSample = after >= 0 ? after + 1 : Math.max(frames.lastLoud[last]! + 1, (last + 1) * frameLength);
    return {
      start: onsetSample / sampleRate,
      end: Math.min(endSample, total * frameLength) / sampleRate,
      toneHz: toneOf(frames, first, last, sampleRate),
    };
  });
}

/** The frequency of a steady tone over the region's inner frames (its edges may be ramped), or `null`. */
function toneOf(frames: Frames, first: number, last: number, sampleRate: number): number | null {
  let count = 0;
  let sum = 0;
  let squares = 0;
  for (let i = first + 2; i <= last - 2; i += 1) {
    count += frames.intervals[i]!;
    sum += frames.intervalSum[i]!;
    squares += frames.intervalSquares[i]!;
  }
  if (count < TONE_MIN_CROSSINGS) return null;
  const mean = sum / count;
  const spread = Math.sqrt(Math.max(0, squares / count - mean * mean)) / mean;
  if (spread > TONE_MAX_SPREAD) return null;
  return Math.round(sampleRate / mean / 10) * 10;
}
