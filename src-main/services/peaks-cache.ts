// Waveform peaks remembered per audio file, so a long file is drawn at once on the next visit instead of
// being fetched and decoded again. One small JSON file per audio file, named by a hash of its path; an
// entry counts only while the file's size and modification time are what they were when it was saved.
import { createHash } from 'node:crypto';
import { readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { AudioPeaks } from '../../src-preload/contract.ts';
import { writeFileAtomic } from './atomic-file.ts';

/** The most peaks one file keeps: far more than any screen is wide. */
export const MAX_PEAKS = 20_000;

/** Peaks as the page may hand them over: one channel's magnitudes 0..1 over a real duration. */
export const audioPeaksSchema = z.object({
  duration: z.number().positive(),
  data: z.array(z.number().min(0).max(1)).max(MAX_PEAKS),
});

const entrySchema = z.object({ size: z.number(), mtimeMs: z.number(), peaks: audioPeaksSchema });

/** What identifies a version of a file (from `stat`). */
export interface FileStamp {
  size: number;
  mtimeMs: number;
}

export interface PeaksCache {
  /** The peaks saved for `path` while it was exactly `stamp`, or `null`. */
  read(path: string, stamp: FileStamp): Promise<AudioPeaks | null>;
  write(path: string, stamp: FileStamp, peaks: AudioPeaks): Promise<void>;
  /** The file is gone for good (its history entry was deleted). */
  forget(path: string): Promise<void>;
}

export function createPeaksCache(directory: string): PeaksCache {
  const fileOf = (path: string) => join(directory, `${createHash('sha256').update(path).digest('hex')}.json`);
  return {
    async read(path, stamp) {
      try {
        const entry = entrySchema.parse(JSON.parse(await readFile(fileOf(path), 'utf8')));
        return entry.size === stamp.size && entry.mtimeMs === stamp.mtimeMs ? entry.peaks : null;
      } catch {
        return null; // None saved, or unreadable: the page decodes the file as if it were new.
      }
    },
    async write(path, stamp, peaks) {
      const entry = { size: stamp.size, mtimeMs: stamp.mtimeMs, peaks };
      await writeFileAtomic(fileOf(path), JSON.stringify(entry));
    },
    async forget(path) {
      await rm(fileOf(path), { force: true });
    },
  };
}

/** The file's current stamp, or `null` when it cannot be read. */
export async function stampOf(path: string): Promise<FileStamp | null> {
  try {
    const info = await stat(path);
    return info.isFile() ? { size: info.size, mtimeMs: info.mtimeMs } : null;
  } catch {
    return null;
  }
}
