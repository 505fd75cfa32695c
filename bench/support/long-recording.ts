// A long 16-bit PCM WAV made of short pure tones (and, when given, a speech clip) at known times, separated by
// silences of varied length. Written as a stream, so an hour never sits in memory. Used by the split bench, the
// long-recording e2e test and the cue-accuracy bench: each tone's onset is sample-exact and returned, so a
// transcript's cue times can be checked against where the sound really starts.
import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { seededRandom } from '../../test/support/seeded-random.ts';

export interface LongRecording {
  path: string;
  durationSec: number;
  sampleRate: number;
  tones: Array<{ atSec: number; durationSec: number; freqHz: number }>;
  /** Where the speech clip was placed (empty without `speechWav`). */
  speech: Array<{ atSec: number; durationSec: number }>;
}

export interface LongRecordingOptions {
  minutes: number;
  sampleRate?: number;
  channels?: 1 | 2;
  /** A 16-bit PCM WAV of speech (any rate, mono or stereo), placed every few sounds. */
  speechWav?: string;
}

const TONE_SECONDS = 0.4;
const FADE_SECONDS = 0.005;
const TONE_AMPLITUDE = 0.5;
/** 300, 320, … 1500 Hz, cycling: neighbours differ, so a misplaced cue shows as a wrong name. */
const TONE_FREQUENCIES = Array.from({ length: 61 }, (_, i) => 300 + i * 20);
/** Silences between sounds: varied so quiet stretches exist, but not at regular places. */
const MIN_GAP_SECONDS = 0.3;
const MAX_GAP_SECONDS = 3;
const SPEECH_EVERY = 5;
const CHUNK_FRAMES = 64 * 1024;

interface Sound {
  startFrame: number;
  /** Mono samples in [-1, 1] (speech) or null for a tone computed on the fly. */
  clip: Float32Array | null;
  frames: number;
  freqHz: number;
}

/** Writes the recording to `path` and returns where every tone lies. */
export async function writeLongRecording(
  path: string,
  options: LongRecordingOptions,
): Promise<LongRecording> {
  const sampleRate = options.sampleRate ?? 28_000;
  const channels = options.channels ?? 1;
  const totalFrames = Math.round(options.minutes * 60 * sampleRate);
  const speechClip = options.speechWav ? await readSpeech(options.speechWav, sampleRate) : null;
  const sounds = placeSounds(totalFrames, sampleRate, speechClip);

  const out = createWriteStream(path);
  out.write(wavHeader(totalFrames, sampleRate, channels));
  let next = 0;
  for (let first = 0; first < totalFrames; first += CHUNK_FRAMES) {
    const count = Math.min(CHUNK_FRAMES, totalFrames - first);
    const mono = new Float32Array(count);
    while (next < sounds.length && sounds[next]!.startFrame + sounds[next]!.frames <= first) next += 1;
    for (let i = next; i < sounds.length && sounds[i]!.startFrame < first + count; i += 1)
      renderSound(sounds[i]!, sampleRate, first, mono);
    // Int16Array is little-endian on every platform Electron runs on, as WAV wants.
    const chunk = new Int16Array(count * channels);
    for (let f = 0; f < count; f += 1) {
      const value = Math.round(Math.max(-1, Math.min(1, mono[f]!)) * 32767);
      for (let c = 0; c < channels; c += 1) chunk[f * channels + c] = value;
    }
    if (!out.write(Buffer.from(chunk.buffer))) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');

  const tones = sounds
    .filter((sound) => sound.clip === null)
    .map((sound) => ({
      atSec: sound.startFrame / sampleRate,
      durationSec: sound.frames / sampleRate,
      freqHz: sound.freqHz,
    }));
  const speech = sounds
    .filter((sound) => sound.clip !== null)
    .map((sound) => ({ atSec: sound.startFrame / sampleRate, durationSec: sound.frames / sampleRate }));
  return { path, durationSec: totalFrames / sampleRate, sampleRate, tones, speech };
}

/**
 * Makes a speech clip with espeak-ng (once per directory), or returns null when espeak-ng is absent.
 * The clip is one sentence, so it has no inner pause long enough to read as two sounds.
 */
export async function makeSpeechWav(dir: string): Promise<string | null> {
  const path = join(dir, 'speech.wav');
  try {
    await promisify(execFile)('espeak-ng', ['-w', path, 'the quarterly numbers look better than expected']);
    return path;
  } catch {
    return null;
  }
}

/** Lays sounds along the timeline with a fixed-seed generator: the same options give the same file. */
function placeSounds(totalFrames: number, sampleRate: number, speech: Float32Array | null): Sound[] {
  const random = seededRandom(0x16b);
  const toneFrames = Math.round(TONE_SECONDS * sampleRate);
  const sounds: Sound[] = [];
  let at = Math.round(0.5 * sampleRate);
  let toneCount = 0;
  for (let index = 0; ; index += 1) {
    const isSpeech = speech !== null && index % SPEECH_EVERY === SPEECH_EVERY - 1;
    const frames = isSpeech ? speech.length : toneFrames;
    // Keep at least the longest gap free at the end, so the last sound is followed by silence.
    if (at + frames + MAX_GAP_SECONDS * sampleRate > totalFrames) break;
    const freqHz = isSpeech ? 0 : TONE_FREQUENCIES[toneCount++ % TONE_FREQUENCIES.length]!;
    sounds.push({ startFrame: at, clip: isSpeech ? speech : null, frames, freqHz });
    const gap = MIN_GAP_SECONDS + random() * (MAX_GAP_SECONDS - MIN_GAP_SECONDS);
    at += frames + Math.round(gap * sampleRate);
  }
  return sounds;
}

/** Adds the part of `sound` that falls in the chunk starting at frame `first`. */
function renderSound(sound: Sound, sampleRate: number, first: number, mono: Float32Array): void {
  const from = Math.max(sound.startFrame, first);
  const to = Math.min(sound.startFrame + sound.frames, first + mono.length);
  const fadeFrames = Math.round(FADE_SECONDS * sampleRate);
  for (let frame = from; frame < to; frame += 1) {
    const k = frame - sound.startFrame;
    if (sound.clip) {
      mono[frame - first] = sound.clip[k]!;
      continue;
    }
    // 5 ms fades keep the tone pure (no click spreading energy across frequencies) without moving its onset.
    const fade = Math.min(1, (k + 1) / fadeFrames, (sound.frames - k) / fadeFrames);
    mono[frame - first] = TONE_AMPLITUDE * fade * Math.sin((2 * Math.PI * sound.freqHz * k) / sampleRate);
  }
}

/** Reads a 16-bit PCM WAV, mixes it to mono, trims its silent ends and resamples it linearly. */
async function readSpeech(path: string, sampleRate: number): Promise<Float32Array> {
  const bytes = await readFile(path);
  let offset = 12;
  let channels = 1;
  let rate = sampleRate;
  let bits = 16;
  while (offset + 8 <= bytes.length) {
    const id = bytes.toString('latin1', offset, offset + 4);
    const size = bytes.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      channels = bytes.readUInt16LE(body + 2);
      rate = bytes.readUInt32LE(body + 4);
      bits = bytes.readUInt16LE(body + 14);
    } else if (id === 'data') {
      if (bits !== 16) throw new Error(`${path}: speech must be 16-bit PCM`);
      // espeak-ng leaves the size at 0x7fffffff when it writes to a pipe: read to the end then.
      const end = Math.min(bytes.length, body + size);
      const frames = Math.floor((end - body) / (2 * channels));
      const source = new Float32Array(frames);
      for (let f = 0; f < frames; f += 1) {
        let sum = 0;
        for (let c = 0; c < channels; c += 1) sum += bytes.readInt16LE(body + (f * channels + c) * 2);
        source[f] = sum / channels / 32768;
      }
      return resample(trimSilence(source), rate, sampleRate);
    }
    offset = body + size + (size % 2);
  }
  throw new Error(`${path}: no data chunk`);
}

function trimSilence(samples: Float32Array): Float32Array {
  const loud = (value: number): boolean => Math.abs(value) > 0.01;
  let start = 0;
  let end = samples.length;
  while (start < end && !loud(samples[start]!)) start += 1;
  while (end > start && !loud(samples[end - 1]!)) end -= 1;
  return samples.subarray(start, end);
}

function resample(samples: Float32Array, from: number, to: number): Float32Array {
  if (from === to) return samples;
  const out = new Float32Array(Math.floor((samples.length * to) / from));
  for (let i = 0; i < out.length; i += 1) {
    const position = (i * from) / to;
    const left = Math.floor(position);
    const right = Math.min(left + 1, samples.length - 1);
    const weight = position - left;
    out[i] = samples[left]! * (1 - weight) + samples[right]! * weight;
  }
  return out;
}

/** The 44-byte header of a PCM WAV of `frames` frames, 16-bit unless `bytesPerSample` says (1: unsigned 8-bit). */
export function wavHeader(frames: number, sampleRate: number, channels: number, bytesPerSample = 2): Buffer {
  const dataBytes = frames * channels * bytesPerSample;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * channels * bytesPerSample, 28);
  header.writeUInt16LE(channels * bytesPerSample, 32);
  header.writeUInt16LE(8 * bytesPerSample, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(dataBytes, 40);
  return header;
}
