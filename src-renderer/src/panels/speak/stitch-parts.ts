// A clip kept as several part files (Opus, FLAC) plays as one piece: the page decodes the parts, puts
// their samples end to end and plays that as a WAV from memory. Saving still copies the parts main keeps.
import { mixToMono } from '../../audio/clip.ts';
import { encodeWav } from '../../audio/wav.ts';
import { speakWords } from './strings.ts';

/** Speech models produce 24 kHz audio; decoding at that rate keeps the stitched clip small. */
export const STITCH_SAMPLE_RATE = 24_000;

/** The pieces' samples one after another. */
export function concatSamples(pieces: readonly Float32Array[]): Float32Array {
  const total = pieces.reduce((sum, piece) => sum + piece.length, 0);
  const joined = new Float32Array(total);
  let offset = 0;
  for (const piece of pieces) {
    joined.set(piece, offset);
    offset += piece.length;
  }
  return joined;
}

/** Fetches and decodes every part in order and returns one WAV of them all, as a blob URL to play. */
export async function stitchParts(urls: readonly string[], signal?: AbortSignal): Promise<string> {
  const context = new OfflineAudioContext(1, 1, STITCH_SAMPLE_RATE);
  const pieces: Float32Array[] = [];
  for (const [index, url] of urls.entries()) {
    const response = await fetch(url, signal ? { signal } : {});
    if (!response.ok)
      throw new Error(speakWords.t('stitch.unreadable', { n: index + 1, status: response.status }));
    const decoded = await context.decodeAudioData(await response.arrayBuffer());
    pieces.push(
      mixToMono(Array.from({ length: decoded.numberOfChannels }, (_, i) => decoded.getChannelData(i))),
    );
  }
  const wav = encodeWav(concatSamples(pieces), STITCH_SAMPLE_RATE);
  return URL.createObjectURL(new Blob([wav as Uint8Array<ArrayBuffer>], { type: 'audio/wav' }));
}
