// Which container each part is written in: one that holds the source's packets unchanged AND that upstream's
// speech endpoint accepts (flac, mp3, mp4, m4a, ogg, wav, webm — WIRE.md Part 2, transcriptions `file`).
// So ADTS AAC becomes .m4a (same AAC frames), Matroska Opus becomes .webm, FLAC-in-Ogg becomes .flac.
import {
  type AudioCodec,
  FlacOutputFormat,
  Mp3OutputFormat,
  Mp4OutputFormat,
  OggOutputFormat,
  type OutputFormat,
  WavOutputFormat,
  WebMOutputFormat,
} from 'mediabunny';

export interface PartFormat {
  /** Extension with its dot, e.g. ".wav". */
  extension: string;
  create(): OutputFormat;
  /** Container bytes a part may add per packet (page/block/sample-table entries), for the size budget. */
  bytesPerPacket: number;
}

const WAV_CODECS: readonly string[] = [
  'pcm-s16',
  'pcm-s24',
  'pcm-s32',
  'pcm-f32',
  'pcm-f64',
  'pcm-u8',
  'ulaw',
  'alaw',
];

/** The part format for a source codec, or null when its packets cannot be copied into one upstream accepts. */
export function partFormatFor(containerName: string, codec: AudioCodec): PartFormat | null {
  if (WAV_CODECS.includes(codec))
    return { extension: '.wav', create: () => new WavOutputFormat(), bytesPerPacket: 0 };
  switch (codec) {
    case 'mp3':
      return { extension: '.mp3', create: () => new Mp3OutputFormat(), bytesPerPacket: 0 };
    case 'flac':
      return { extension: '.flac', create: () => new FlacOutputFormat(), bytesPerPacket: 0 };
    case 'aac':
      // No fast start: the sample table goes at the end, so nothing is held back in memory.
      return {
        extension: '.m4a',
        create: () => new Mp4OutputFormat({ fastStart: false }),
        bytesPerPacket: 16,
      };
    case 'opus':
    case 'vorbis':
      return /webm|matroska/i.test(containerName)
        ? { extension: '.webm', create: () => new WebMOutputFormat(), bytesPerPacket: 16 }
        : { extension: '.ogg', create: () => new OggOutputFormat(), bytesPerPacket: 4 };
    default:
      return null;
  }
}

/** Bytes of one PCM frame (one sample of every channel), or null when the codec is not sample-addressable. */
export function pcmFrameBytes(codec: AudioCodec, channels: number): number | null {
  const bytesPerSample: Partial<Record<AudioCodec, number>> = {
    'pcm-u8': 1,
    'pcm-s8': 1,
    ulaw: 1,
    alaw: 1,
    'pcm-s16': 2,
    'pcm-s16be': 2,
    'pcm-s24': 3,
    'pcm-s24be': 3,
    'pcm-s32': 4,
    'pcm-s32be': 4,
    'pcm-f32': 4,
    'pcm-f32be': 4,
    'pcm-f64': 8,
    'pcm-f64be': 8,
  };
  const size = bytesPerSample[codec];
  return size === undefined ? null : size * channels;
}
