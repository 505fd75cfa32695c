// "Open with Gateway Studio" (issue 18, item 1): audio files the OS hands the app — on the command line of
// the first start (Windows, Linux), in a second launch's command line (`second-instance`), or in macOS'
// `open-file` event. A path from the OS is the user's intent, but it is still checked: only an existing
// regular file with an audio extension the app accepts is queued; anything else is ignored with a log line.
// The window takes the queue (the `openedFiles.take` method) when it starts and whenever it hears that
// more arrived, then opens the paths as it opens dropped ones. No Electron here: src-main/electron/opened-files.ts
// connects it to the app's events.
import { stat } from 'node:fs/promises';
import { basename, extname, isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ACCEPTED_AUDIO_EXTENSIONS, MAX_AUDIO_PATHS_PER_CALL } from '../src-preload/contract.ts';
import type { Logger } from './log.ts';

/** A launch naming thousands of files is a mistake or an attack, not a queue to keep in memory. */
export const MAX_QUEUED_OPENED_FILES = 1_000;

const accepted: ReadonlySet<string> = new Set(ACCEPTED_AUDIO_EXTENSIONS);

export function hasAcceptedAudioExtension(path: string): boolean {
  return accepted.has(extname(path).slice(1).toLowerCase());
}

/**
 * The audio files named on a command line. The first entry is the executable; switches (`--user-data-dir=…`,
 * and those Chromium adds to a second instance's argv, docs/api/app.md § Event: 'second-instance') are not
 * files. Linux file managers pass `file://` URIs (the desktop entry's `%U`); relative paths are relative to
 * the launching shell's folder. Anything without an accepted audio extension (the app folder in
 * development, `.`) is not an opened file.
 */
export function audioPathsInArgv(argv: readonly string[], cwd: string): string[] {
  const paths: string[] = [];
  for (const arg of argv.slice(1)) {
    if (arg.startsWith('-')) continue;
    let path = arg;
    if (/^file:\/\//i.test(arg)) {
      try {
        path = fileURLToPath(arg);
      } catch {
        continue;
      }
    }
    if (!hasAcceptedAudioExtension(path)) continue;
    paths.push(isAbsolute(path) ? path : resolve(cwd, path));
  }
  return paths;
}

/** Why a path from the OS is not queued, or `null` when it is an audio file the app can open. */
export async function whyNotOpenable(path: string): Promise<string | null> {
  if (!isAbsolute(path) || path.includes('\0')) return 'not an absolute path';
  if (!hasAcceptedAudioExtension(path)) return 'not an audio file the app accepts';
  try {
    // stat follows a symlink: what matters is the file it points to (main opens the real file).
    const info = await stat(path);
    return info.isFile() ? null : 'not a regular file';
  } catch {
    return 'no such file';
  }
}

export interface OpenedFiles {
  /** Checks the paths the OS handed over and queues the openable ones; resolves once they are queued. */
  offer(paths: readonly string[]): Promise<void>;
  /** The oldest queued paths (at most one `audio.open` call's worth), removed from the queue. */
  take(): string[];
}

export interface OpenedFilesOptions {
  log: Logger;
  /** Some files were queued: tell the window (or open one) so it takes them. */
  onQueued(): void;
}

export function createOpenedFiles({ log, onQueued }: OpenedFilesOptions): OpenedFiles {
  const queue: string[] = [];
  return {
    async offer(paths) {
      const verdicts = await Promise.all(
        paths.map(async (path) => [path, await whyNotOpenable(path)] as const),
      );
      let queued = 0;
      for (const [path, why] of verdicts) {
        // The name only: the folder says nothing the log needs and may say who the user is.
        if (why) log.warn(`ignored a file the system asked to open (${why}): ${basename(path)}`);
        else if (queue.length >= MAX_QUEUED_OPENED_FILES)
          log.warn(`ignored a file the system asked to open (too many waiting): ${basename(path)}`);
        else if (!queue.includes(path)) {
          queue.push(path);
          queued++;
        }
      }
      if (queued > 0) onQueued();
    },
    take: () => queue.splice(0, MAX_AUDIO_PATHS_PER_CALL),
  };
}
