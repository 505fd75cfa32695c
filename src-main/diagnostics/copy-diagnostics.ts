// The Help → Copy Diagnostics action: gathers the facts, builds the scrubbed report and hands it to the
// clipboard. The settings are read through a source the IPC layer's handlers register (they own the settings
// service); Electron's clipboard and the log file are handed in by the entry.
import { arch, release, type } from 'node:os';
import type { SettingsState } from '../../src-preload/contract.ts';
import { createLogger } from '../log.ts';
import type { LogFile } from './log-file.ts';
import { buildDiagnosticsReport, REPORT_LOG_LINES } from './report.ts';

let settingsSource: (() => SettingsState) | null = null;

/** Where the report reads the settings from; `null` forgets it (tests). */
export function setDiagnosticsSettingsSource(source: (() => SettingsState) | null): void {
  settingsSource = source;
}

export interface CopyDiagnosticsDeps {
  appName: string;
  appVersion: string;
  /** Electron's `clipboard.writeText`. */
  writeText(text: string): void;
  logFile: Pick<LogFile, 'tail'> | null;
  now?: () => Date;
}

/** Copies the report; answers how many log lines it carries. */
export function copyDiagnostics(deps: CopyDiagnosticsDeps): { logLines: number } {
  let settings: SettingsState | null = null;
  try {
    settings = settingsSource?.() ?? null;
  } catch (error) {
    // The report is most wanted when something is broken: it goes out without the settings.
    createLogger('diagnostics').warn('the settings could not be read for the report', error);
  }
  const logLines = deps.logFile?.tail(REPORT_LOG_LINES) ?? [];
  const text = buildDiagnosticsReport({
    appName: deps.appName,
    appVersion: deps.appVersion,
    versions: process.versions,
    platform: process.platform,
    arch: arch(),
    osType: type(),
    osRelease: release(),
    settings,
    logLines,
    now: deps.now?.() ?? new Date(),
  });
  deps.writeText(text);
  return { logLines: logLines.length };
}
