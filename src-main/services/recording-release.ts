// Recordings and "first 30 seconds" clips leave the data folder with their queue item (issue 14, item 9).
// The page says only that an item left its queue; main alone decides what that frees. A file is deleted
// when all of these hold: main wrote it in this run (so no earlier queue or window may still use it, and
// a file the user dropped, even one inside the data folder, is never touched), it lies in the recordings
// folder under a name main gives, no transcription of it is running (one that ends in the history keeps
// it), and no transcript in the history refers to it (the history answers from its own index:
// transcript-history.ts `recordingsInUse`). The start sweep (start-sweep.ts) catches what a closed window
// or a crash left.
import { basename, dirname } from 'node:path';
import { isRecordingFileName, realFolder, recordingsFolder } from './audio-files.ts';
import type { TranscriptHistory } from './transcript-history.ts';

export interface RecordingRelease {
  /** Main wrote `path` (a real path) into the recordings folder for the page in this run. */
  written(path: string): void;
  /**
   * A transcription of `path` starts; the returned function is called when it has ended, however (after
   * its transcript, if any, is saved), and settles once a release that waited for it is done.
   */
  transcribing(path: string): () => Promise<void>;
  /**
   * The page's queue no longer holds `paths`. Those that may go are deleted now; one being transcribed
   * is deleted when that ends without a transcript. Answers how many were deleted now.
   */
  release(paths: readonly string[]): Promise<number>;
}

export interface RecordingReleaseOptions {
  dataDir: string;
  /** The transcript history, which knows which recordings its entries play. */
  history: Pick<TranscriptHistory, 'recordingsInUse'>;
  /** Deletes one recording (and what is remembered about it). */
  discard(path: string): Promise<void>;
}

export function createRecordingRelease({
  dataDir,
  history,
  discard,
}: RecordingReleaseOptions): RecordingRelease {
  const writtenThisRun = new Set<string>();
  /** How many transcriptions of each path are running. */
  const running = new Map<string, number>();
  /** Released while a transcription of it ran: looked at again when the last one ends. */
  const releasedWhileRunning = new Set<string>();

  const mayGo = async (path: string): Promise<boolean> =>
    writtenThisRun.has(path) &&
    isRecordingFileName(basename(path)) &&
    dirname(path) === (await realFolder(recordingsFolder(dataDir)));

  const releaseNow = async (paths: readonly string[]): Promise<number> => {
    const candidates: string[] = [];
    for (const path of new Set(paths)) {
      if (!(await mayGo(path))) continue;
      if (running.has(path)) releasedWhileRunning.add(path);
      else candidates.push(path);
    }
    if (candidates.length === 0) return 0;
    const referred = await history.recordingsInUse(candidates.map((path) => basename(path)));
    // A transcript that cannot be read may be the one that uses it: keep it, the start sweep looks again.
    if (referred === null) return 0;
    let deleted = 0;
    for (const path of candidates) {
      // Referred to: it is the history's audio now, and deleting the transcript deletes it.
      writtenThisRun.delete(path);
      if (referred.has(basename(path))) continue;
      try {
        await discard(path);
        deleted++;
      } catch {
        // Left for the start sweep: a file that cannot be deleted now is no reason to fail the page.
      }
    }
    return deleted;
  };

  return {
    written: (path) => {
      writtenThisRun.add(path);
    },
    transcribing(path) {
      running.set(path, (running.get(path) ?? 0) + 1);
      let ended = false;
      return async () => {
        if (ended) return;
        ended = true;
        const left = (running.get(path) ?? 1) - 1;
        if (left > 0) {
          running.set(path, left);
          return;
        }
        running.delete(path);
        if (releasedWhileRunning.delete(path)) await releaseNow([path]);
      };
    },
    release: releaseNow,
  };
}
