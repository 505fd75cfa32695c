// Joins the audio files of a long text's parts into one file, where the format allows it (see
// ./speech-audio.ts). The result is written under a temp name and renamed, so a crash or a failure never
// leaves half a clip under the final name.
import { randomBytes } from 'node:crypto';
import { open, readFile, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { wavHeaderWith } from '../gateway/wav.ts';
import {
  audioSeconds,
  frameStream,
  type JoinKind,
  looksLikeFrames,
  MAX_WAV_DATA_BYTES,
  readWav,
  sameWavFormat,
  type WavLayout,
} from './speech-audio.ts';

/** How parts of a clip saved with this extension are joined, or null when they are kept apart. */
export function joinKindFor(extension: string): JoinKind | null {
  switch (extension) {
    case 'wav':
      return 'wav';
    case 'mp3':
      return 'mp3';
    case 'aac':
      return 'adts';
    default:
      return null;
  }
}

/** The parts turned out not to be joinable after all (e.g. AAC in an MP4 box, or mixed sample rates). */
export class JoinRefused extends Error {}

export interface JoinedFile {
  bytes: number;
  durationSec: number | null;
}

/** Writes `destination` from the parts in order. Throws `JoinRefused` when the parts do not allow it. */
export async function joinAudioFiles(
  kind: JoinKind,
  parts: readonly string[],
  destination: string,
): Promise<JoinedFile> {
  const temp = join(
    dirname(destination),
    `.${basename(destination)}.${randomBytes(4).toString('hex')}.partial`,
  );
  const handle = await open(temp, 'wx');
  let closed = false;
  try {
    let written = 0;
    let seconds: number | null = 0;
    let first: WavLayout | null = null;
    for (const [index, path] of parts.entries()) {
      const bytes = new Uint8Array(await readFile(path));
      if (kind === 'wav') {
        const wav = readWav(bytes);
        if (!wav) throw new JoinRefused(`part ${index + 1} is not a WAV file`);
        if (!first) {
          first = wav;
          // A placeholder of the same length; the real sizes are written at the end.
          await handle.write(wavHeaderWith(wav.fmt, 0));
        } else if (!sameWavFormat(first, wav)) {
          throw new JoinRefused(`part ${index + 1} has another sample format`);
        }
        // Parts paid for are never refused: a clip longer than one WAV file holds is kept apart.
        if (written + wav.dataBytes > MAX_WAV_DATA_BYTES) {
          throw new JoinRefused('the parts together are too long for one WAV file (4 GB)');
        }
        await handle.write(bytes, wav.dataOffset, wav.dataBytes);
        written += wav.dataBytes;
      } else {
        if (!looksLikeFrames(bytes, kind)) throw new JoinRefused(`part ${index + 1} is not a frame stream`);
        const { start, end } = frameStream(bytes, kind);
        await handle.write(bytes, start, end - start);
        written += end - start;
        const partSeconds = audioSeconds(bytes, kind === 'mp3' ? 'mp3' : 'aac');
        seconds = seconds === null || partSeconds === null ? null : seconds + partSeconds;
      }
    }
    let size = written;
    if (first) {
      if (written % 2 === 1) await handle.write(new Uint8Array(1));
      const header = wavHeaderWith(first.fmt, written);
      await handle.write(header, 0, header.length, 0);
      size = header.length + written + (written % 2);
      seconds = first.byteRate > 0 ? written / first.byteRate : null;
    }
    await handle.sync();
    await handle.close();
    closed = true;
    await rename(temp, destination);
    return { bytes: size, durationSec: seconds };
  } catch (error) {
    if (!closed) await handle.close().catch(() => undefined);
    await rm(temp, { force: true }).catch(() => undefined);
    throw error;
  }
}
