// Opening the input and describing what the splitter needs from it, with errors a user can read.
import { basename } from 'node:path';
import { ALL_FORMATS, type AudioCodec, FilePathSource, Input, type InputAudioTrack } from 'mediabunny';
import { type PartFormat, partFormatFor, pcmFrameBytes } from './formats.ts';
import type { PacketMeta } from './part-writer.ts';
import { registerWasmDecoders } from './wasm-decoders.ts';

export interface SourceAudio {
  track: InputAudioTrack;
  container: string;
  codec: AudioCodec;
  durationSec: number;
  sampleRate: number;
  partFormat: PartFormat;
  /** What the first packet of every part carries, so each part file has its own codec header. */
  meta: PacketMeta;
  /** Bytes per PCM frame: parts are then cut at any sample; null for packet-coded audio. */
  frameBytes: number | null;
  /** Whether it can be decoded here: PCM by mediabunny, MP3 and Opus by the wasm decoders; others not in Node. */
  decodable: boolean;
}

export function openInput(path: string): Input {
  registerWasmDecoders();
  return new Input({ source: new FilePathSource(path), formats: ALL_FORMATS });
}

/** Reads the container's header and the audio track's settings; throws an Error a user can read. */
export async function describeSource(input: Input, path: string): Promise<SourceAudio> {
  const name = basename(path);
  const readable = await input.canRead().catch(() => false);
  if (!readable)
    throw new Error(`${name} is not an audio file this app can split (unknown or damaged container).`);
  const container = (await input.getFormat()).name;
  const track = await input.getPrimaryAudioTrack();
  if (!track) throw new Error(`${name} has no audio track to split.`);
  const codec = track.codec;
  if (!codec) throw new Error(`${name}: its audio codec is not one this app can split.`);
  const partFormat = partFormatFor(container, codec);
  if (!partFormat)
    throw new Error(
      `${name}: ${codec} audio would have to be re-encoded to be split, and no ${codec} re-encoder is available ` +
        'in the app. Convert it to MP3, M4A, Opus, FLAC or WAV first.',
    );
  const decoderConfig = await track.getDecoderConfig();
  if (!decoderConfig) throw new Error(`${name}: its ${codec} audio has no usable codec header.`);
  // The container's own figure where it has one (an MP3's Xing header, MP4's mvhd): scanning an MP3 without one
  // reads every frame header, which doubles the time of a split.
  const durationSec =
    (await input.getDurationFromMetadata([track]).catch(() => null)) ??
    (await input.computeDuration([track]));
  return {
    track,
    container,
    codec,
    durationSec,
    sampleRate: track.sampleRate,
    partFormat,
    meta: { decoderConfig },
    frameBytes: pcmFrameBytes(codec, track.numberOfChannels),
    decodable: await track.canDecode(),
  };
}
