// After the e2e project (its teardown, so it runs whether the e2e tests passed or not): issue 14's secret
// scan over the whole e2e run. Every app the harness started was scanned as it stopped (see
// secret-scan-record.ts); here their findings are gathered, and there must be none.
import { expect, test } from '@playwright/test';
import { readSecretScanRecords } from './secret-scan-record.ts';

test('no piece of a secret in any payload, page or file of the e2e run', () => {
  const records = readSecretScanRecords();
  const sum = (pick: (record: (typeof records)[number]) => number) =>
    records.reduce((total, record) => total + pick(record), 0);
  const findings = records.flatMap((record) => record.findings.map((line) => `${record.test}: ${line}`));
  console.log(
    `secret scan of the e2e run: ${records.length} apps, ${sum((r) => r.secrets)} secrets ` +
      `(${sum((r) => r.tooShort)} too short to scan), ${sum((r) => r.payloads)} payloads, ` +
      `${sum((r) => r.snapshots)} pages, ${sum((r) => r.files)} files, ${sum((r) => r.bytes)} bytes; ` +
      `${findings.length} findings`,
  );
  // A scan that saw nothing proves nothing: an app must have been scanned, holding at least one secret
  // long enough to scan, with traffic over the bridge to scan it in.
  expect(records.length, 'apps scanned').toBeGreaterThan(0);
  expect(
    sum((r) => r.secrets),
    'secrets scanned for',
  ).toBeGreaterThan(0);
  expect(
    sum((r) => r.payloads),
    'bridge payloads scanned',
  ).toBeGreaterThan(0);
  expect(findings, findings.join('\n')).toEqual([]);
});
