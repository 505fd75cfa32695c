// Litter removed when the app starts: files nothing will ever read again, which would otherwise pile up in
// the data folder for good. The sweep runs while the first requests may already arrive, so each part
// leaves alone anything this run may be using. It never throws: litter is no reason not to start.
//
// - Temp files of atomic writes that a crash, a kill or a power cut interrupted (one per interrupted
//   write). Only names atomic-file.ts gives temp files, only directly in the folders the stores write to,
//   never one whose write is running now.
// - Recordings and "first 30 seconds" clips written into the data folder for a queue item that then
//   failed, was cancelled or was removed: no transcript refers to them, and the queue does not outlive the
//   run, so nothing ever will.
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { MEDIA_DIR_NAME } from '../app-origin.ts';
import { createLogger } from '../log.ts';
import { isAtomicTempName, isWriteInFlight } from './atomic-file.ts';
import { isRecordingFileName, realFolder, recordingsFolder } from './audio-files.ts';
import { CONVERSATIONS_FOLDER } from './conversation-store.ts';
import { createPeaksCache } from './peaks-cache.ts';

/**
 * Folders (inside the data folder) where the stores write atomically: prefs and settings at the top,
 * conversations, transcript and speech history, imported recordings, the catalogue and peaks caches.
 * Not recursive on purpose: the data folder is also Chromium's (and on a case-insensitive disk `cache` is
 * Chromium's `Cache`), so no folder is walked that the app does not own file by file.
 */
export const STORE_FOLDERS: readonly string[] = [
  '.',
  CONVERSATIONS_FOLDER,
  join('history', 'transcripts'),
  join('history', 'speech'),
  join(MEDIA_DIR_NAME, 'recordings'),
  join(MEDIA_DIR_NAME, 'speech'),
  'cache',
  join('cache', 'peaks'),
];

/** Where transcripts are kept; every file in it may refer to a recording. */
const TRANSCRIPTS_FOLDER = join('history', 'transcripts');

/**
 * A recording written this recently may belong to a queue item of this run: kept until the next start.
 * The margin also covers file systems that keep times to 2 s and a clock corrected at boot.
 */
const RECENT_MS = 10 * 60 * 1000;

const isMissing = (error: unknown) => (error as { code?: unknown } | null)?.code === 'ENOENT';

/** Both sweeps, one after the other (the second must not meet the first's litter). */
export async function sweepAtStart(dataDir: string): Promise<void> {
  await sweepWriteTemps(dataDir);
  await sweepUnusedRecordings(dataDir);
}

/** Removes leftover temp files; returns how many. */
export async function sweepWriteTemps(dataDir: string): Promise<number> {
  const log = createLogger('sweep');
  const removedIn: string[] = [];
  let removed = 0;
  let failed = 0;
  for (const folder of STORE_FOLDERS) {
    const directory = join(dataDir, folder);
    let entries: Array<{ name: string; isFile(): boolean }>;
    try {
      entries = await readdir(directory, { withFileTypes: true });
    } catch (error) {
      if (!isMissing(error)) failed++;
      continue;
    }
    let here = 0;
    for (const entry of entries) {
      if (!entry.isFile() || !isAtomicTempName(entry.name)) continue;
      const path = join(directory, entry.name);
      if (isWriteInFlight(path)) continue;
      try {
        await rm(path);
        here++;
      } catch (error) {
        // Gone meanwhile is as good as removed by us; anything else is counted and left for next time.
        if (!isMissing(error)) failed++;
      }
    }
    removed += here;
    if (here > 0) removedIn.push(`${folder === '.' ? 'data folder' : folder}: ${here}`);
  }
  // Counts and folder names only: a temp file holds a conversation or a transcript, never logged.
  if (removed > 0) {
    log.info(`removed ${removed} temp file(s) left by interrupted writes (${removedIn.join(', ')})`);
  }
  if (failed > 0) log.warn(`${failed} leftover temp file(s) or folder(s) could not be swept`);
  return removed;
}

/**
 * Deletes recordings the app wrote that no transcript refers to; returns how many. A transcript refers to
 * its recording by path; the file name alone is looked for in each transcript file's text, so a
 * transcript of a newer format, a damaged one moved aside, or one whose data folder has moved still keeps
 * its recording. When a transcript file cannot be read at all, nothing is deleted.
 */
export async function sweepUnusedRecordings(dataDir: string, now = Date.now()): Promise<number> {
  const log = createLogger('sweep');
  const folder = recordingsFolder(dataDir);
  let candidates: string[];
  try {
    const entries = await readdir(folder, { withFileTypes: true });
    candidates = entries
      .filter((entry) => entry.isFile() && isRecordingFileName(entry.name))
      .map((e) => e.name);
  } catch (error) {
    if (!isMissing(error)) log.warn('the recordings folder could not be read; no recording was swept');
    return 0;
  }
  const old: string[] = [];
  for (const name of candidates) {
    const info = await stat(join(folder, name)).catch(() => null);
    if (info !== null && info.mtimeMs < now - RECENT_MS) old.push(name);
  }
  if (old.length === 0) return 0;

  const unused = new Set(old);
  const transcripts = join(dataDir, TRANSCRIPTS_FOLDER);
  try {
    const names = await readdir(transcripts).catch((error: unknown) => {
      if (isMissing(error)) return [];
      throw error;
    });
    for (const name of names) {
      // One file at a time: transcripts can be large, and only the names still unclaimed are looked for.
      const text = await readFile(join(transcripts, name), 'utf8');
      for (const recording of unused) if (text.includes(recording)) unused.delete(recording);
      if (unused.size === 0) return 0;
    }
  } catch {
    log.warn('a transcript could not be read, so recordings it may use were kept; no recording was swept');
    return 0;
  }

  const peaks = createPeaksCache(join(dataDir, 'cache', 'peaks'));
  // The peaks cache is keyed by the real path, as the audio files service hands paths out.
  const real = await realFolder(folder);
  let removed = 0;
  for (const name of unused) {
    try {
      await rm(join(folder, name));
      removed++;
      await peaks.forget(join(real, name)).catch(() => undefined);
    } catch (error) {
      if (!isMissing(error))
        log.warn('an unused recording could not be deleted; it is tried again next start');
    }
  }
  // A count only: a recording's name carries what the user called it.
  if (removed > 0) log.info(`deleted ${removed} recording(s) or clip(s) no transcript refers to`);
  return removed;
}
