// Errors nobody handled, sent to the log (and so to the log file): main's uncaught exceptions and unhandled
// rejections, and the window's own (reported over IPC, `diagnostics.reportError`). The window's reports are
// rate-limited: a render loop that throws sixty times a second must not fill the disk or the report.
import type { RendererErrorReport } from '../../src-preload/contract.ts';
import type { Logger } from '../log.ts';

/** The events of Node's `process` that are watched; a test hands in an emitter instead. */
export interface ProcessEvents {
  on(event: 'uncaughtExceptionMonitor', listener: (error: Error, origin: string) => void): unknown;
  on(event: 'unhandledRejection', listener: (reason: unknown) => void): unknown;
}

/**
 * Logs main's unhandled errors. `uncaughtExceptionMonitor` only watches: the exception still goes on to
 * Electron's own handling (its error dialog) as before. An unhandled rejection is logged and the app goes
 * on, which is what Electron's main process does with one: it runs with `--unhandled-rejections=warn`
 * (electron/electron#36528), a warning and no crash.
 */
export function logUnhandledErrors(events: ProcessEvents, log: Logger): void {
  events.on('uncaughtExceptionMonitor', (error, origin) => log.error(`uncaught (${origin})`, error));
  events.on('unhandledRejection', (reason) => log.error('unhandled rejection', reason));
}

export interface RendererErrorLogOptions {
  log: Logger;
  /** Reports logged per window of `windowMs`; the rest are counted and summed up in one line. */
  limit?: number;
  windowMs?: number;
  now?: () => number;
}

export interface RendererErrorLog {
  /** Logs the report unless the limit is reached; `true` when it was logged. */
  report(report: RendererErrorReport): boolean;
}

export function createRendererErrorLog({
  log,
  limit = 20,
  windowMs = 60_000,
  now = Date.now,
}: RendererErrorLogOptions): RendererErrorLog {
  let windowStart = Number.NEGATIVE_INFINITY;
  let logged = 0;
  let dropped = 0;
  return {
    report({ kind, message, stack }) {
      const at = now();
      if (at - windowStart >= windowMs) {
        if (dropped > 0) log.warn(`${dropped} more window errors were not logged (too many at once)`);
        windowStart = at;
        logged = 0;
        dropped = 0;
      }
      if (logged >= limit) {
        dropped += 1;
        return false;
      }
      logged += 1;
      // The stack usually starts with the message again; it is logged once.
      const detail =
        stack && stack.length > 0 ? (stack.includes(message) ? stack : `${message}\n${stack}`) : message;
      log.error(kind === 'error' ? 'window error' : 'window unhandled rejection', detail);
      return true;
    },
  };
}
