// Before the e2e project: the secret scan's records of an earlier run are removed (see secret-scan-record.ts).
import { test } from '@playwright/test';
import { clearSecretScanRecords } from './secret-scan-record.ts';

test('clear the secret scan records of an earlier run', () => {
  clearSecretScanRecords();
});
