// Issue 14's secret scan "over the whole e2e run": every app the e2e harness starts is scanned as it
// stops — what the bridge carried to the page, the page itself, and every file in its data folder
// (exports land there too) — for the secrets that app was given. A secret is whatever main encrypted
// through its secret box: the keys, and every other value main treats as a secret (extra header values,
// a proxy's sign-in). Each app's result goes to a record file; the e2e project's teardown
// (secret-scan.teardown.ts) reads them all and fails on any finding.
//
// Only under the test runner: a bench that starts the app (no test info) records nothing.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Page, test } from '@playwright/test';
import { SecretScanner } from '../support/secret-scan.ts';
import type { TestSecretBox } from '../support/test-secret-box.ts';
import { REPO_ROOT } from './paths.ts';

/** Where each scanned app leaves its record; emptied by the setup project before the e2e project runs. */
export const SECRET_SCAN_RECORDS = join(REPO_ROOT, 'test-results', 'secret-scan-records', 'e2e');

/** Shorter values cannot be told from ordinary text by an 8-character piece; they are left out. */
const MIN_SECRET_LENGTH = 8;

export interface SecretScanRecord {
  test: string;
  /** Secrets main encrypted for this app (scanned), and how many were too short to scan. */
  secrets: number;
  tooShort: number;
  payloads: number;
  snapshots: number;
  files: number;
  bytes: number;
  /** The scanner's description of each finding (no piece of a secret in it). */
  findings: string[];
}

export type RememberingSecretBox = TestSecretBox & { secrets(): string[] };

/**
 * The secret in a value main seals: the value itself, except a proxy sign-in, sealed as
 * `{"username":…,"password":…}` (src-main/network/proxy-setting.ts), whose secret is the password only
 * (its JSON punctuation and the user name are no secret, and would be found everywhere).
 */
function secretOf(plain: string): string {
  if (!plain.startsWith('{')) return plain;
  try {
    const parsed: unknown = JSON.parse(plain);
    const password = (parsed as { password?: unknown } | null)?.password;
    return typeof password === 'string' ? password : plain;
  } catch {
    return plain;
  }
}

/** The same box, remembering every value it was asked to encrypt: those are the app's secrets. */
export function rememberSecrets(box: TestSecretBox): RememberingSecretBox {
  const secrets = new Set<string>();
  return {
    ...box,
    encrypt(plain) {
      const sealed = box.encrypt(plain);
      secrets.add(secretOf(plain));
      return sealed;
    },
    secrets: () => [...secrets],
  };
}

/** The app as it stops: what the page was sent (JSON texts), the page, the data folder. */
export interface ScannedApp {
  page: Page;
  crossings: Array<{ kind: string; name: string; json: string }>;
  dataDir: string;
  secrets: string[];
}

/** Scans a stopping app and writes its record. Never throws: a scan must not break the harness. */
export async function scanStoppingApp(app: ScannedApp): Promise<void> {
  let title: string;
  try {
    title = test.info().titlePath.join(' › ');
  } catch {
    return;
  }
  const usable = app.secrets.filter((secret) => secret.length >= MIN_SECRET_LENGTH);
  const record: SecretScanRecord = {
    test: title,
    secrets: usable.length,
    tooShort: app.secrets.length - usable.length,
    payloads: app.crossings.length,
    snapshots: 0,
    files: 0,
    bytes: 0,
    findings: [],
  };
  try {
    if (usable.length > 0) {
      const scanner = new SecretScanner(
        usable.map((value, index) => ({ name: `secret #${index + 1} (${value.length} characters)`, value })),
      );
      const findings = app.crossings.flatMap((crossing, index) =>
        scanner.scanText(crossing.json, `bridge ${crossing.kind} #${index} ${crossing.name}`),
      );
      const dom = await domSnapshot(app.page);
      if (dom !== null) {
        record.snapshots = 1;
        findings.push(...scanner.scanText(dom, 'DOM at the end of the test'));
      }
      const before = scanner.totals.items;
      findings.push(...scanner.scanFolder(app.dataDir, 'data/'));
      record.files = scanner.totals.items - before;
      record.bytes = scanner.totals.bytes;
      record.findings = findings.length ? scanner.describe(findings).split('\n') : [];
    }
  } catch (error) {
    record.findings.push(`the scan itself failed: ${String(error)}`);
  }
  mkdirSync(SECRET_SCAN_RECORDS, { recursive: true });
  const name = `${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}.json`;
  writeFileSync(join(SECRET_SCAN_RECORDS, name), JSON.stringify(record));
}

/** The page as HTML plus live input values and web storage; null when the page is gone. */
async function domSnapshot(page: Page): Promise<string | null> {
  if (page.isClosed()) return null;
  return page
    .evaluate(() => {
      const values = Array.from(document.querySelectorAll('input, textarea, select')).map(
        (element) => (element as HTMLInputElement).value,
      );
      const storage = [localStorage, sessionStorage].flatMap((store) =>
        Object.keys(store).map((name) => `${name}=${store.getItem(name)}`),
      );
      return [document.documentElement.outerHTML, ...values, ...storage].join('\n');
    })
    .catch(() => null);
}

export function clearSecretScanRecords(): void {
  rmSync(SECRET_SCAN_RECORDS, { recursive: true, force: true });
  mkdirSync(SECRET_SCAN_RECORDS, { recursive: true });
}

export function readSecretScanRecords(): SecretScanRecord[] {
  let names: string[];
  try {
    names = readdirSync(SECRET_SCAN_RECORDS).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
  return names.map((name) => JSON.parse(readFileSync(join(SECRET_SCAN_RECORDS, name), 'utf8')));
}
