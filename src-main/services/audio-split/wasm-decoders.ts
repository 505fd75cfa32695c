// Decoders for the quiet search in compressed audio. Node and Electron's main process have no WebCodecs, so
// mediabunny cannot decode MP3 or Opus there by itself; these plug the WebAssembly decoders of
// eshaz/wasm-audio-decoders (mpg123, libopus) into mediabunny's custom-decoder hook. Only search windows are
// decoded (a few seconds before each cut), never the file.
import {
  type AudioCodec,
  AudioSample,
  CustomAudioDecoder,
  type EncodedPacket,
  registerDecoder,
} from 'mediabunny';
import { MPEGDecoder } from 'mpg123-decoder';
import { OpusDecoder } from 'opus-decoder';

interface DecodedAudio {
  channelData: Float32Array[];
  samplesDecoded: number;
  sampleRate: number;
}

/** Hands decoded PCM to mediabunny as one planar float sample at the packet's time. */
function emit(decoder: CustomAudioDecoder, decoded: DecodedAudio, timestamp: number): void {
  const frames = decoded.samplesDecoded;
  const channels = decoded.channelData.length;
  if (frames === 0 || channels === 0) return;
  const data = new Float32Array(frames * channels);
  for (const [c, plane] of decoded.channelData.entries()) data.set(plane.subarray(0, frames), c * frames);
  decoder.onSample(
    new AudioSample({
      data,
      format: 'f32-planar',
      numberOfChannels: channels,
      sampleRate: decoded.sampleRate,
      timestamp,
    }),
  );
}

/** What a WebAssembly decoder of eshaz/wasm-audio-decoders offers: ready once compiled, one frame at a time. */
interface WasmFrameDecoder {
  readonly ready: Promise<void>;
  decodeFrame(data: Uint8Array): DecodedAudio;
  free(): void;
}

/**
 * A mediabunny decoder around one WebAssembly decoder: made when mediabunny starts decoding, each packet
 * decoded as one frame, freed on close. Subclasses say which codec they take and make the decoder for it.
 */
abstract class WasmAudioDecoder extends CustomAudioDecoder {
  private decoder: WasmFrameDecoder | null = null;

  protected abstract createDecoder(): WasmFrameDecoder;

  async init(): Promise<void> {
    const decoder = this.createDecoder();
    this.decoder = decoder;
    await decoder.ready;
  }

  decode(packet: EncodedPacket): void {
    emit(this, this.decoder!.decodeFrame(packet.data), packet.timestamp);
  }

  flush(): void {}

  close(): void {
    this.decoder?.free();
    this.decoder = null;
  }
}

class Mpg123Decoder extends WasmAudioDecoder {
  static override supports(codec: AudioCodec): boolean {
    return codec === 'mp3';
  }

  protected createDecoder(): WasmFrameDecoder {
    return new MPEGDecoder();
  }
}

class LibopusDecoder extends WasmAudioDecoder {
  // Mono and stereo only: more channels need the stream's channel mapping, which is rare in recordings.
  static override supports(codec: AudioCodec, config: AudioDecoderConfig): boolean {
    return codec === 'opus' && config.numberOfChannels <= 2;
  }

  protected createDecoder(): WasmFrameDecoder {
    // No pre-skip: a search window starts mid-stream, where the encoder's priming samples are long past.
    return new OpusDecoder({ channels: this.config.numberOfChannels, preSkip: 0 });
  }
}

let registered = false;

/** Registers the decoders with mediabunny once per process. */
export function registerWasmDecoders(): void {
  if (registered) return;
  registered = true;
  registerDecoder(Mpg123Decoder);
  registerDecoder(LibopusDecoder);
}
