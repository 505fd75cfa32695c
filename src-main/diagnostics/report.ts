// Help → Copy Diagnostics: what a bug report needs (versions, OS, settings, the last log lines) as one plain
// text, with nothing secret in it. The settings come from the window's own view of them (`SettingsState`,
// which never holds a key or a header value) and the key and header-value tails are dropped as well; the
// whole text then goes through the same two scrubbers as every log line (the known secrets by value, then
// the patterns of src-main/log.ts), so a secret that reached the log before it was known is still hidden.
import type { ProfileView, SettingsState } from '../../src-preload/contract.ts';
import { redact } from '../log.ts';
import { scrubKnownSecretsInText } from '../services/known-secrets.ts';
import { DIAGNOSTICS_STRINGS } from './strings.ts';

/** How many of the last log lines a report carries. */
export const REPORT_LOG_LINES = 200;

export interface DiagnosticsFacts {
  appName: string;
  appVersion: string;
  /** `process.versions`: electron, chrome, node (whichever are there). */
  versions: Readonly<Record<string, string | undefined>>;
  platform: string;
  arch: string;
  /** `os.type()`, `os.release()`. */
  osType: string;
  osRelease: string;
  /** null when the settings could not be read (the report still goes out without them). */
  settings: SettingsState | null;
  logLines: string[];
  now: Date;
}

/** A URL without a user name or password in it (a base URL or a proxy address typed with one). */
function withoutSignIn(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.username === '' && parsed.password === '') return url;
    parsed.username = '';
    parsed.password = '';
    return parsed.toString();
  } catch {
    return url;
  }
}

function describeProfile(profile: ProfileView, active: boolean): string[] {
  const headers = profile.extraHeaders.map((h) => `${h.name} (${h.hasValue ? 'value set' : 'empty'})`);
  const proxy =
    profile.proxy.mode === 'manual'
      ? `manual ${withoutSignIn(profile.proxy.url ?? '')}${profile.proxy.hasCredentials ? ' (sign-in set)' : ''}`
      : profile.proxy.mode;
  return [
    `- ${profile.name}${active ? ' (active)' : ''}`,
    `  base URL: ${withoutSignIn(profile.baseUrl)}`,
    `  API key saved: ${profile.hasKey ? `yes (${profile.keyStorage ?? 'unknown'} storage)` : 'no'}`,
    `  key header: ${profile.vendorKeyHeader}`,
    `  extra headers: ${headers.length > 0 ? headers.join(', ') : 'none'}`,
    `  upload limit: ${profile.uploadLimitMb} MB`,
    `  proxy: ${proxy}`,
  ];
}

function describeSettings(settings: SettingsState | null): string[] {
  if (!settings) return ['(the settings could not be read)'];
  return [
    `encryption: ${settings.encryption.backend}${settings.encryption.plaintextConsent ? ' (plain-text storage allowed)' : ''}`,
    `profiles: ${settings.profiles.length}`,
    ...settings.profiles.flatMap((p) => describeProfile(p, p.id === settings.activeProfileId)),
    ...settings.notices.map((n) => `notice (${n.level}): ${n.message}`),
  ];
}

/** Hides every secret the app knows and every pattern that looks like one. */
export function scrubForSharing(text: string): string {
  return redact(scrubKnownSecretsInText(text));
}

export function buildDiagnosticsReport(facts: DiagnosticsFacts): string {
  const v = facts.versions;
  const lines = [
    DIAGNOSTICS_STRINGS.reportTitle,
    `created: ${facts.now.toISOString()}`,
    DIAGNOSTICS_STRINGS.reportNote,
    '',
    '## Versions',
    `${facts.appName}: ${facts.appVersion}`,
    `Electron: ${v.electron ?? 'n/a'}`,
    `Chrome: ${v.chrome ?? 'n/a'}`,
    `Node: ${v.node ?? 'n/a'}`,
    '',
    '## System',
    `OS: ${facts.osType} ${facts.osRelease} (${facts.platform}, ${facts.arch})`,
    '',
    '## Settings',
    ...describeSettings(facts.settings),
    '',
    `## Log (last ${facts.logLines.length} lines)`,
    ...(facts.logLines.length > 0 ? facts.logLines : [DIAGNOSTICS_STRINGS.noLog]),
    '',
  ];
  return scrubForSharing(lines.join('\n'));
}
