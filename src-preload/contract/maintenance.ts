// Keeping the app current and finding out what went wrong (issue 18, items 3 and 7): the update state main
// pushes to the window, the window's requests to check / download / restart, and the window's own errors
// sent to main's log. The area of src-main/ipc/schemas/maintenance.ts and src-main/ipc/handlers/maintenance.ts.

// ─── Updates ─────────────────────────────────────────────────────────────────────────────────────

/**
 * Where the update of this build stands.
 * `unsupported`: this build cannot update itself (development, a deb or an unpacked folder): nothing is
 * ever checked. `idle`: nothing to show. `not-available`: the check found this version is the newest.
 */
export type UpdateStatus =
  | 'unsupported'
  | 'idle'
  | 'checking'
  | 'available'
  | 'not-available'
  | 'downloading'
  | 'downloaded'
  | 'error';

export interface UpdateState {
  status: UpdateStatus;
  /** The version running now. */
  currentVersion: string;
  /** The version offered (available, downloading, downloaded); null otherwise. */
  version: string | null;
  /** While downloading: 0–100, whole numbers. */
  percent: number | null;
  /**
   * The user asked for this check (the menu item): its outcome is shown even when there is nothing new or
   * it failed; a check at start that finds nothing or fails stays quiet apart from the log.
   */
  userInitiated: boolean;
  /** With `error`: what went wrong, worded for the user. */
  message: string | null;
}

// ─── Diagnostics ─────────────────────────────────────────────────────────────────────────────────

/** The longest message and stack main accepts from the window; longer ones are refused, not cut. */
export const MAX_REPORTED_MESSAGE = 2_000;
export const MAX_REPORTED_STACK = 8_000;

/** An error the window did not handle: `window` `error` or `unhandledrejection`. */
export interface RendererErrorReport {
  kind: 'error' | 'unhandledrejection';
  message: string;
  stack?: string;
}

/** Help → Copy Diagnostics put the report on the clipboard (main tells the window, which confirms it). */
export interface DiagnosticsCopied {
  /** How many log lines the report carries. */
  logLines: number;
}

// ─── Methods ─────────────────────────────────────────────────────────────────────────────────────

export interface MaintenanceMethods {
  'updates.get': { input: undefined; output: UpdateState };
  /** A check the user asked for (its outcome is shown whatever it is). */
  'updates.check': { input: undefined; output: UpdateState };
  /** Downloads the update found; only after the user chose to. */
  'updates.download': { input: undefined; output: UpdateState };
  /** Quits and installs the downloaded update; `false` when there is none downloaded. */
  'updates.restart': { input: undefined; output: { restarting: boolean } };
  /** Logs an error of the window; `false` when it was dropped (too many in a short time). */
  'diagnostics.reportError': { input: RendererErrorReport; output: { logged: boolean } };
}

// The runtime list of these methods; the `satisfies` makes it complete and exact.
export const MAINTENANCE_METHODS = {
  'updates.get': true,
  'updates.check': true,
  'updates.download': true,
  'updates.restart': true,
  'diagnostics.reportError': true,
} satisfies Record<keyof MaintenanceMethods, true>;
