// Litter removed when the app starts: files nothing will ever read again, which would otherwise pile up in
// the data folder for good. The sweep runs while the first requests may already arrive, so each part
// leaves alone anything this run may be using. It never throws: litter is no reason not to start.
//
// - Temp files of atomic writes that a crash, a kill or a power cut interrupted (one per interrupted
//   write). Only names atomic-file.ts gives temp files, only directly in the folders the stores write to
//   (and the speech jobs' work folders), never one whose write is running now.
// - Recordings and "first 30 seconds" clips written into the data folder for a queue item that then
//   failed, was cancelled or was removed: no transcript refers to them, and the queue does not outlive the
//   run, so nothing ever will. Started by the audio handlers (`sweepUnusedRecordings`): the transcript
//   history they hold is what knows which recordings are in use.
// - Inspector records (inspector-detail-store.ts) of conversations that no longer exist (deleted while
//   the app was killed, or set aside as damaged), and their interrupted writes.
// - Image attachments (image-attachments.ts) no conversation refers to: images removed from the
//   composer or never sent (pending images do not outlive the run), and those of deleted turns and
//   conversations — which may show what the user meant to be rid of.
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { MEDIA_DIR_NAME } from '../app-origin.ts';
import { createLogger } from '../log.ts';
import { isAtomicTempName, isWriteInFlight } from './atomic-file.ts';
import { isRecordingFileName, realFolder, recordingsFolder } from './audio-files.ts';
import { CONVERSATION_ID_PATTERN } from './conversation-schema.ts';
import { CONVERSATIONS_FOLDER, INDEXES_FOLDER } from './conversation-store.ts';
import { isMissing } from './file-missing.ts';
import { ATTACHMENTS_FOLDER } from './image-attachments.ts';
import { inspectorDetailFolder } from './inspector-detail-store.ts';
import { createPeaksCache } from './peaks-cache.ts';
import { SPEECH_WORK_FOLDER } from './speech-studio.ts';
import { TRANSCRIPTS_FOLDER, type TranscriptHistory } from './transcript-history.ts';

/** Where the speech studio keeps clips' audio, and its jobs' work folders (`SPEECH_WORK_FOLDER`). */
const SPEECH_AUDIO_FOLDER = join(MEDIA_DIR_NAME, 'speech');

/**
 * Folders (inside the data folder) where the stores write atomically: prefs and settings at the top,
 * conversations, transcript and speech history, imported recordings, the catalogue and peaks caches.
 * Not recursive on purpose: the data folder is also Chromium's (and on a case-insensitive disk `cache` is
 * Chromium's `Cache`), so no folder is walked that the app does not own file by file.
 */
export const STORE_FOLDERS: readonly string[] = [
  '.',
  CONVERSATIONS_FOLDER,
  TRANSCRIPTS_FOLDER,
  join('history', 'speech'),
  join(MEDIA_DIR_NAME, 'recordings'),
  SPEECH_AUDIO_FOLDER,
  'cache',
  join('cache', 'peaks'),
  ATTACHMENTS_FOLDER,
  INDEXES_FOLDER,
];

/**
 * Litter changed this recently may belong to this run: a recording to a queue item, an inspector records
 * folder to a conversation whose first save is still on its way. Kept until the next start. The margin
 * also covers file systems that keep times to 2 s and a clock corrected at boot.
 */
const RECENT_MS = 10 * 60 * 1000;

/**
 * The sweeps, one after the other (a later one must not meet an earlier one's litter). Unused recordings
 * are swept by the audio handlers (`sweepUnusedRecordings`), which hold the transcript history that knows
 * which recordings are in use.
 */
export async function sweepAtStart(dataDir: string): Promise<void> {
  await sweepWriteTemps(dataDir);
  // Inspector records of conversations that are gone, and their interrupted writes (in subfolders).
  await sweepInspectorDetail(dataDir);
  await sweepUnusedAttachments(dataDir);
}

/** How a conversation file names an attachment: `"id":"<32 hex digits>"` (image-attachments.ts ids). */
const ATTACHMENT_ID_IN_FILE = /"id":"([0-9a-f]{32})"/g;

/**
 * Deletes image attachments older than `RECENT_MS` that no file in the conversations folder names;
 * returns how many. Every file there is read, those set aside as damaged or written by a newer build
 * too: whatever may still be opened keeps its images. When a file cannot be read, nothing is deleted.
 */
export async function sweepUnusedAttachments(dataDir: string, now = Date.now()): Promise<number> {
  const log = createLogger('sweep');
  const folder = join(dataDir, ATTACHMENTS_FOLDER);
  let old: string[];
  try {
    const entries = await readdir(folder, { withFileTypes: true });
    old = [];
    for (const entry of entries) {
      if (!entry.isFile() || isAtomicTempName(entry.name)) continue;
      const info = await stat(join(folder, entry.name)).catch(() => null);
      if (info !== null && info.mtimeMs < now - RECENT_MS) old.push(entry.name);
    }
  } catch (error) {
    if (!isMissing(error)) log.warn('the attachments folder could not be read; no image was swept');
    return 0;
  }
  // The usual start: nothing old enough to be a candidate, so no conversation needs reading.
  if (old.length === 0) return 0;

  const named = new Set<string>();
  const conversations = join(dataDir, CONVERSATIONS_FOLDER);
  let files: string[] = [];
  try {
    const entries = await readdir(conversations, { withFileTypes: true });
    files = entries.filter((entry) => !entry.isDirectory()).map((entry) => entry.name);
  } catch (error) {
    // No conversations folder: no conversation names any image.
    if (!isMissing(error)) return 0;
  }
  for (const name of files) {
    let text: string;
    try {
      text = await readFile(join(conversations, name), 'utf8');
    } catch (error) {
      // Deleted since the listing: it names nothing any more. Anything else may hide a conversation.
      if (isMissing(error)) continue;
      log.warn('a conversation could not be read, so images it may use were kept; no image was swept');
      return 0;
    }
    for (const match of text.matchAll(ATTACHMENT_ID_IN_FILE)) named.add(match[1]!);
  }
  let removed = 0;
  for (const name of old) {
    const id = name.slice(0, name.indexOf('.') < 0 ? name.length : name.indexOf('.'));
    if (named.has(id)) continue;
    try {
      await rm(join(folder, name));
      removed++;
    } catch (error) {
      if (!isMissing(error)) log.warn('an unused image could not be deleted; it is tried again next start');
    }
  }
  if (removed > 0) log.info(`removed ${removed} image(s) no conversation refers to`);
  return removed;
}

/** Removes leftover temp files; returns how many. */
export async function sweepWriteTemps(dataDir: string): Promise<number> {
  const log = createLogger('sweep');
  const removedIn: string[] = [];
  let removed = 0;
  let failed = 0;
  const folders = [...STORE_FOLDERS];
  for (let next = 0; next < folders.length; next++) {
    const folder = folders[next]!;
    const directory = join(dataDir, folder);
    let entries: Array<{ name: string; isFile(): boolean; isDirectory(): boolean }>;
    try {
      entries = await readdir(directory, { withFileTypes: true });
    } catch (error) {
      if (!isMissing(error)) failed++;
      continue;
    }
    // The speech jobs' work folders (speech-studio.ts): a run writes its job file there atomically, so a
    // kill mid-write leaves a temp file inside. The speech studio keeps and removes a whole folder when it
    // starts, but one whose parts cannot be kept yet (a full disk) stays for the next start, its temp with it.
    if (folder === SPEECH_AUDIO_FOLDER) {
      for (const entry of entries) {
        if (entry.isDirectory() && SPEECH_WORK_FOLDER.test(entry.name))
          folders.push(join(folder, entry.name));
      }
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
 * Deletes recordings the app wrote that no transcript refers to; returns how many. The history says which
 * are in use (transcript-history.ts `recordingsInUse`: listed entries, a newer build's, damaged ones set
 * aside); when it cannot tell, nothing is deleted.
 */
export async function sweepUnusedRecordings(
  dataDir: string,
  history: Pick<TranscriptHistory, 'recordingsInUse'>,
  now = Date.now(),
): Promise<number> {
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

  const used = await history.recordingsInUse(old);
  if (used === null) {
    log.warn('a transcript could not be read, so recordings it may use were kept; no recording was swept');
    return 0;
  }
  const unused = old.filter((name) => !used.has(name));
  if (unused.length === 0) return 0;

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

/**
 * Removes inspector records of conversations that are gone, and temp files of interrupted writes among
 * the records; returns how many folders and files. A folder changed in the last minutes is left alone: it
 * may belong to a conversation whose first save is still on its way.
 */
export async function sweepInspectorDetail(dataDir: string, now = Date.now()): Promise<number> {
  const log = createLogger('sweep');
  const directory = inspectorDetailFolder(dataDir);
  let folders: string[];
  try {
    folders = await readdir(directory);
  } catch (error) {
    if (!isMissing(error)) log.warn('the inspector records could not be swept');
    return 0;
  }
  let removed = 0;
  for (const conversationId of folders) {
    if (!CONVERSATION_ID_PATTERN.test(conversationId)) continue;
    const folder = join(directory, conversationId);
    try {
      const owner = await stat(join(dataDir, CONVERSATIONS_FOLDER, `${conversationId}.json`)).catch(
        (error: unknown) => {
          if (isMissing(error)) return null;
          throw error;
        },
      );
      if (owner === null) {
        const info = await stat(folder);
        if (info.mtimeMs < now - RECENT_MS) {
          await rm(folder, { recursive: true, force: true });
          removed++;
        }
        continue;
      }
      for (const name of await readdir(folder)) {
        const path = join(folder, name);
        if (!isAtomicTempName(name) || isWriteInFlight(path)) continue;
        await rm(path, { force: true });
        removed++;
      }
    } catch {
      // Left for the next start: litter is no reason not to start.
    }
  }
  // A count only: folder names are conversation ids, which say nothing, but a count says enough.
  if (removed > 0) log.info(`removed ${removed} inspector record folder(s) or temp file(s) nothing uses`);
  return removed;
}
