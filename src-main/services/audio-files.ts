// Audio files the Transcribe panel works with: dropped or picked files checked where they lie (never
// copied), recordings written into the data folder, each made playable for the page and described with
// what is already known about it (duration, cached waveform peaks).
import { constants } from 'node:fs';
import { access, lstat, open as openFile, realpath, rm, stat } from 'node:fs/promises';
import { basename, extname, join, resolve } from 'node:path';
import {
  ACCEPTED_AUDIO_EXTENSIONS,
  type AudioFile,
  type AudioOpened,
  type AudioPeaks,
} from '../../src-preload/contract.ts';
import { AppFailure } from '../app-failure.ts';
import { MEDIA_DIR_NAME } from '../app-origin.ts';
import { isInsideFolder } from '../folders.ts';
import { uploadNameFor } from '../gateway/index.ts';
import { t } from '../i18n/index.ts';
import { fileStamp, writeFileAtomic } from './atomic-file.ts';
import type { MediaGrants } from './media-grants.ts';
import { createPeaksCache, type FileStamp, stampOf } from './peaks-cache.ts';

const ACCEPTED: ReadonlySet<string> = new Set(ACCEPTED_AUDIO_EXTENSIONS);
const ACCEPTED_LIST = ACCEPTED_AUDIO_EXTENSIONS.join(', ');
/** A slug longer than this makes file names no one reads to the end. */
const MAX_SLUG_LENGTH = 60;
/** RIFF files put `fmt ` and `data` first; a file with more chunks than this before them is not worth it. */
const MAX_WAV_CHUNKS = 64;

/** The lower-case extension of `path` when it is one the app accepts as audio, else `null`. */
export function audioExtensionOf(path: string): string | null {
  const extension = extname(path).slice(1).toLowerCase();
  return ACCEPTED.has(extension) ? extension : null;
}

/** A folder's real path; one that does not exist yet holds nothing, so its plain path will do. */
export async function realFolder(folder: string): Promise<string> {
  try {
    return await realpath(folder);
  } catch {
    return resolve(folder);
  }
}

/** Where recordings (and other audio handed over as bytes) are kept: `<dataDir>/media/recordings`. */
export function recordingsFolder(dataDir: string): string {
  return join(dataDir, MEDIA_DIR_NAME, 'recordings');
}

/** Names `importBytes` gives: the time of the import, a dash, the slug, an audio extension. */
const RECORDING_NAME = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-.+$/;

/** Whether a file in the recordings folder carries a name this app gave it (and so is the app's to delete). */
export function isRecordingFileName(name: string): boolean {
  return RECORDING_NAME.test(name) && audioExtensionOf(name) !== null;
}

/**
 * A file-name-safe form of what the user calls the audio: letters and digits of any script, the rest
 * turned into single dashes. An audio extension in the name is dropped (the file gets its own).
 */
export function slugOf(name: string): string {
  const stem = audioExtensionOf(name) ? name.slice(0, -extname(name).length) : name;
  const slug = stem
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/-+$/, '');
  return slug || 'audio';
}

/**
 * Seconds of audio in a WAV file, from its header; `null` when the header is not one we can read.
 * Recorders that stream the file leave the data size at 0 or 0xFFFFFFFF: the file size tells the truth then.
 */
export async function wavDurationSec(path: string, fileSize: number): Promise<number | null> {
  let handle: Awaited<ReturnType<typeof openFile>> | undefined;
  try {
    handle = await openFile(path, 'r');
    const bytes = Buffer.alloc(16);
    const readAt = async (position: number, length: number) =>
      (await handle!.read(bytes, 0, length, position)).bytesRead === length;
    if (!(await readAt(0, 12)) || bytes.toString('latin1', 0, 4) !== 'RIFF') return null;
    if (bytes.toString('latin1', 8, 12) !== 'WAVE') return null;
    let byteRate = 0;
    let offset = 12;
    for (let chunk = 0; chunk < MAX_WAV_CHUNKS && offset + 8 <= fileSize; chunk++) {
      if (!(await readAt(offset, 8))) return null;
      const id = bytes.toString('latin1', 0, 4);
      const size = bytes.readUInt32LE(4);
      if (id === 'fmt ' && (await readAt(offset + 16, 4))) byteRate = bytes.readUInt32LE(0);
      if (id === 'data') {
        const available = fileSize - (offset + 8);
        const dataBytes = size === 0 || size === 0xffffffff ? available : Math.min(size, available);
        return byteRate > 0 ? dataBytes / byteRate : null;
      }
      offset += 8 + size + (size % 2);
    }
    return null;
  } catch {
    return null;
  } finally {
    await handle?.close();
  }
}

/** What is known about a file beyond what is on disk. */
export interface AudioDetails {
  name?: string;
  kind?: AudioFile['kind'];
  durationSec?: number | null;
}

export interface ImportRequest {
  name: string;
  type: string;
  bytes: Uint8Array;
  kind: AudioFile['kind'];
  durationSec?: number;
}

export interface AudioFiles {
  /** Checks each path; the readable audio files come back playable, the rest with a reason. */
  open(paths: string[]): Promise<AudioOpened>;
  /** Writes bytes with no path (a recording, a drop in a browser) into the recordings folder. */
  importBytes(request: ImportRequest): Promise<AudioFile>;
  /** One file as `open` would give it, or `null` when it is gone or no longer audio. */
  describe(path: string, details?: AudioDetails): Promise<AudioFile | null>;
  /** `describe` for a file that must be there: a failure says why it cannot be used. */
  require(path: string, details?: AudioDetails): Promise<AudioFile>;
  savePeaks(path: string, peaks: AudioPeaks): Promise<{ saved: boolean }>;
  /** Drops what is remembered about a file that was deleted. */
  forget(path: string): Promise<void>;
  /** Deletes a recording nothing refers to (a failed transcription of bytes); files elsewhere are left alone. */
  discard(path: string): Promise<void>;
}

export interface AudioFilesOptions {
  dataDir: string;
  media: Pick<MediaGrants, 'urlFor'>;
  now?: () => Date;
}

type Checked =
  | { ok: true; path: string; stamp: FileStamp }
  | { ok: false; code: 'file_error' | 'invalid_input'; reason: string };

/** Follows `path` to the real file and checks it is a non-empty, readable audio file. */
async function check(path: string): Promise<Checked> {
  const name = basename(path);
  let real: string;
  let info: Awaited<ReturnType<typeof stat>>;
  try {
    real = await realpath(path);
    info = await stat(real);
    if (info.isFile()) await access(real, constants.R_OK);
  } catch {
    return { ok: false, code: 'file_error', reason: t('errors.audio.unreadable', { name }) };
  }
  const refuse = (reason: string): Checked => ({ ok: false, code: 'invalid_input', reason });
  if (info.isDirectory()) return refuse(t('errors.audio.folder', { name }));
  if (!info.isFile()) return refuse(t('errors.audio.notFile', { name }));
  // The extension of the real file counts: `notes.wav` may be a link to something that is not audio.
  if (!audioExtensionOf(real)) {
    const target = basename(real);
    return refuse(
      target === name
        ? t('errors.audio.notAudio', { name, formats: ACCEPTED_LIST })
        : t('errors.audio.linkNotAudio', { name, target, formats: ACCEPTED_LIST }),
    );
  }
  if (info.size === 0) return refuse(t('errors.audio.empty', { name }));
  return { ok: true, path: real, stamp: { size: info.size, mtimeMs: info.mtimeMs } };
}

export function createAudioFiles({ dataDir, media, now = () => new Date() }: AudioFilesOptions): AudioFiles {
  const recordings = recordingsFolder(dataDir);
  const peaksCache = createPeaksCache(join(dataDir, 'cache', 'peaks'));
  /** Files handed out in this run: the page may save peaks for them even outside the media folder. */
  const known = new Set<string>();
  /** Names being written right now, so two recordings in the same millisecond never share one. */
  const reserved = new Set<string>();

  const playable = async (path: string, stamp: FileStamp, details: AudioDetails): Promise<AudioFile> => {
    const peaks = await peaksCache.read(path, stamp);
    const extension = audioExtensionOf(path);
    const wav = extension === 'wav' || extension === 'wave';
    const durationSec =
      details.durationSec ?? peaks?.duration ?? (wav ? await wavDurationSec(path, stamp.size) : null);
    const inRecordings = isInsideFolder(await realFolder(recordings), path);
    known.add(path);
    return {
      path,
      name: details.name ?? basename(path),
      size: stamp.size,
      url: media.urlFor(path),
      kind: details.kind ?? (inRecordings ? 'recording' : 'file'),
      durationSec,
      peaks,
    };
  };

  /** A name no file has and no other write is about to take (reserved before the await, not after). */
  const freshPath = async (stem: string, extension: string): Promise<string> => {
    for (let n = 1; ; n++) {
      const candidate = join(recordings, `${stem}${n === 1 ? '' : `-${n}`}.${extension}`);
      if (reserved.has(candidate)) continue;
      reserved.add(candidate);
      const taken = await lstat(candidate).then(
        () => true,
        () => false,
      );
      if (!taken) return candidate;
      reserved.delete(candidate);
    }
  };

  return {
    async open(paths) {
      const opened: AudioOpened = { files: [], refused: [] };
      for (const path of paths) {
        const checked = await check(path);
        if (checked.ok)
          opened.files.push(await playable(checked.path, checked.stamp, { name: basename(path) }));
        else opened.refused.push({ name: basename(path), reason: checked.reason });
      }
      return opened;
    },

    async importBytes({ name, type, bytes, kind, durationSec }) {
      // The same rule as uploads: the bytes' signature first, then the name, then the MIME type.
      const extension = audioExtensionOf(uploadNameFor(name, type, bytes.subarray(0, 16)).filename);
      if (!extension) {
        throw new AppFailure('invalid_input', t('errors.audio.cannotKeep', { name }), {
          hint: t('errors.audio.formatsHint', { formats: ACCEPTED_LIST }),
        });
      }
      const path = await freshPath(`${fileStamp(now())}-${slugOf(name)}`, extension);
      try {
        await writeFileAtomic(path, bytes);
      } catch (error) {
        throw new AppFailure('file_error', t('errors.audio.notSaved', { name }), {
          hint: t('errors.audio.notSavedHint'),
          cause: error,
        });
      } finally {
        reserved.delete(path);
      }
      const real = await realpath(path);
      const written = await stampOf(real);
      if (!written) throw new AppFailure('file_error', t('errors.audio.notReadBack', { name }));
      return playable(real, written, { name, kind, durationSec: durationSec ?? null });
    },

    async describe(path, details = {}) {
      const checked = await check(path);
      return checked.ok ? playable(checked.path, checked.stamp, details) : null;
    },

    async require(path, details = {}) {
      const checked = await check(path);
      if (!checked.ok) {
        throw new AppFailure(checked.code, checked.reason, {
          hint:
            checked.code === 'file_error'
              ? t('errors.audio.movedHint')
              : t('errors.audio.formatsHint', { formats: ACCEPTED_LIST }),
        });
      }
      return playable(checked.path, checked.stamp, details);
    },

    async savePeaks(path, peaks) {
      const checked = await check(path);
      if (!checked.ok) throw new AppFailure(checked.code, checked.reason);
      const mediaFolder = await realFolder(join(dataDir, MEDIA_DIR_NAME));
      if (!known.has(checked.path) && !isInsideFolder(mediaFolder, checked.path)) {
        throw new AppFailure('invalid_input', t('errors.audio.notOpened'), {
          hint: t('errors.audio.notOpenedHint'),
        });
      }
      await peaksCache.write(checked.path, checked.stamp, peaks);
      return { saved: true };
    },

    forget: (path) => peaksCache.forget(path),

    async discard(path) {
      if (!isInsideFolder(await realFolder(recordings), path)) return;
      await rm(path, { force: true });
      await peaksCache.forget(path);
    },
  };
}
