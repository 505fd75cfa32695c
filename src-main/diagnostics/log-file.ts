// The app's log on disk: `<data folder>/logs/main.log`, rotated when it passes a size so the log can never
// fill the disk: the full file becomes `main.old.log` (replacing the one before) and a new file starts.
// At most twice `maxBytes` is ever kept. Lines arrive already redacted (src-main/log.ts); this module only
// stores and reads them.
//
// A small rotation of our own rather than electron-log's file transport: that transport imports `electron`
// and brings its own line format, levels and console hooks, a second logger beside src-main/log.ts; this
// needs none of it, runs in plain Node (unit tests, the desktop double) and keeps one line format.
import { appendFileSync, mkdirSync, readFileSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const LOG_FOLDER = 'logs';
export const LOG_FILE = 'main.log';
export const OLD_LOG_FILE = 'main.old.log';
/** 1 MiB a file: a few thousand lines, plenty for a report, nothing on any disk. */
export const DEFAULT_MAX_LOG_BYTES = 1024 * 1024;
/** A single line longer than this is cut: one huge error body must not rotate the whole history away. */
const MAX_LINE_CHARS = 16_000;
/** After a failed write, lines are dropped for this long, then writing is tried again. */
export const LOG_RETRY_MS = 30_000;

export type LogLevel = 'info' | 'warn' | 'error';

export interface LogFile {
  readonly path: string;
  /** Appends one line (a timestamp and the level in front). Never throws: logging must not break the app. */
  write(level: LogLevel, line: string): void;
  /** The last `count` lines, oldest first, across the rotated file and the current one. */
  tail(count: number): string[];
}

export interface LogFileOptions {
  /** The app's data folder; the log lives in its `logs/` folder. */
  dataDir: string;
  maxBytes?: number;
  now?: () => Date;
}

function readLines(path: string): string[] {
  try {
    return readFileSync(path, 'utf8')
      .split('\n')
      .filter((line) => line.length > 0);
  } catch {
    return [];
  }
}

export function createLogFile({
  dataDir,
  maxBytes = DEFAULT_MAX_LOG_BYTES,
  now = () => new Date(),
}: LogFileOptions): LogFile {
  const folder = join(dataDir, LOG_FOLDER);
  const path = join(folder, LOG_FILE);
  const oldPath = join(folder, OLD_LOG_FILE);
  let size: number | null = null;
  /** While a write has failed: when to try again (dropping lines until then). */
  let retryAt: number | null = null;

  const currentSize = () => {
    if (size !== null) return size;
    try {
      size = statSync(path).size;
    } catch {
      size = 0;
    }
    return size;
  };

  return {
    path,
    write(level, line) {
      const at = now();
      if (retryAt !== null && at.getTime() < retryAt) return;
      const text = line.length > MAX_LINE_CHARS ? `${line.slice(0, MAX_LINE_CHARS)}… (cut)` : line;
      // A stack's own line breaks are indented: each entry starts at a line with its time and level.
      const entry = `${at.toISOString()} ${level.toUpperCase()} ${text.replace(/\r?\n/g, '\n    ')}\n`;
      const bytes = Buffer.byteLength(entry);
      try {
        mkdirSync(folder, { recursive: true });
        if (currentSize() > 0 && currentSize() + bytes > maxBytes) {
          renameSync(path, oldPath);
          size = 0;
        }
        appendFileSync(path, entry, { mode: 0o600 });
        size = currentSize() + bytes;
        if (retryAt !== null) console.error('[log] the log file is written again');
        retryAt = null;
      } catch (error) {
        // A full or read-only disk: say so on the console and drop lines for a while, rather than throw
        // from every log call (which would turn a logged error into an uncaught one) — and try again
        // later, as a disk that was full may have room again.
        if (retryAt === null)
          console.error(`[log] the log file cannot be written: ${(error as Error).message}`);
        retryAt = at.getTime() + LOG_RETRY_MS;
        size = null;
      }
    },
    tail(count) {
      if (count <= 0) return [];
      const current = readLines(path);
      const lines = current.length >= count ? current : [...readLines(oldPath), ...current];
      return lines.slice(-count);
    },
  };
}
