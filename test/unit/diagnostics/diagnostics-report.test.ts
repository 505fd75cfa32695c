// Help → Copy Diagnostics against the real IPC layer (settings service, known-secret scrubber) and the real
// log file: a planted key, an Authorization value and a secret header value, in the settings and in log
// lines, never reach the copied text; what the report is for (versions, OS, settings) does.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { copyDiagnostics } from '../../../src-main/diagnostics/copy-diagnostics.ts';
import { createLogFile, type LogFile } from '../../../src-main/diagnostics/log-file.ts';
import { createLogger, setLogSink } from '../../../src-main/log.ts';
import { createTestLayer, type TestLayer } from '../../support/test-layer.ts';

// The key, a secret extra-header value, and a bearer token main never stored (an Authorization value
// echoed by a gateway or a proxy), which only the log's patterns can recognise. Tails chosen so that even their last four characters would be recognisable in the report.
const KEY = 'sk-live-0123456789abcdef-ZqXw';
const HEADER_SECRET = 'cf-access-98765-secretvalue-JkVb';
const BEARER = 'gw-session-token-5555-PpYy';
const SECRETS = [KEY, HEADER_SECRET, BEARER];

let t: TestLayer;
let logFile: LogFile;

beforeEach(async () => {
  t = createTestLayer();
  logFile = createLogFile({ dataDir: t.dataDir });
  setLogSink((level, line) => logFile.write(level, line));
  const saved = await t.ok('profiles.create', {
    name: 'Planted profile',
    baseUrl: 'https://gateway.example.com/v1',
    apiKey: KEY,
    extraHeaders: {
      'CF-Access-Client-Secret': HEADER_SECRET,
      'X-Title': 'Gateway Studio',
    },
  });
  await t.ok('profiles.setActive', { id: saved.profile.id });
});

afterEach(async () => {
  setLogSink(null);
  await t.close();
});

function copied(): { text: string; logLines: number } {
  let text = '';
  const { logLines } = copyDiagnostics({
    appName: 'Gateway Studio',
    appVersion: '9.8.7',
    writeText: (value) => {
      text = value;
    },
    logFile,
  });
  return { text, logLines };
}

function expectNoSecret(text: string): void {
  for (const secret of SECRETS) {
    expect(text).not.toContain(secret);
    // Nor a recognisable piece of one (the views' four-character tails).
    expect(text).not.toContain(secret.slice(-4));
  }
}

describe('Copy Diagnostics', () => {
  it('gives versions, OS and the settings, with no key and no secret header value', () => {
    const { text } = copied();
    expect(text).toContain('Gateway Studio: 9.8.7');
    expect(text).toContain(`Node: ${process.versions.node}`);
    expect(text).toContain(`(${process.platform}, `);
    expect(text).toContain('- Planted profile (active)');
    expect(text).toContain('base URL: https://gateway.example.com');
    expect(text).toContain('API key saved: yes (os storage)');
    expect(text).toContain('CF-Access-Client-Secret (value set)');
    expectNoSecret(text);
  });

  it('carries the last log lines, with keys, Authorization values and secret header values hidden', () => {
    const log = createLogger('gateway');
    log.error(
      'request failed',
      `POST /v1/responses x-vendor-api-key: ${KEY} Authorization: Bearer ${BEARER} CF-Access-Client-Secret: ${HEADER_SECRET}`,
    );
    log.info('a plain line that stays as it is');
    const { text, logLines } = copied();
    expect(logLines).toBeGreaterThanOrEqual(2);
    expect(text).toContain('[gateway] request failed: POST /v1/responses');
    expect(text).toContain('a plain line that stays as it is');
    expectNoSecret(text);
  });

  it('scrubs again when copying: a line written to the file before the secret was known is hidden too', () => {
    // Straight into the file, past the logger's scrubbing (as a line from before the key was saved).
    logFile.write(
      'error',
      `old line: upstream echoed "${HEADER_SECRET}"; authorization: Bearer ${BEARER}; Authorization: Bearer ${KEY}`,
    );
    logFile.write('error', `old line: key ${KEY}`);
    const { text } = copied();
    expect(text).toContain('old line: upstream echoed');
    expectNoSecret(text);
  });

  it('a window error reported over IPC lands in the log file, scrubbed, and so in the report', async () => {
    const result = await t.ok('diagnostics.reportError', {
      kind: 'error',
      message: `TypeError: cannot read "${HEADER_SECRET}"`,
      stack: `TypeError: cannot read "${HEADER_SECRET}"\n    at render (index.js:1:2)`,
    });
    expect(result.logged).toBe(true);
    const tail = logFile.tail(5).join('\n');
    expect(tail).toContain('[renderer] window error: TypeError: cannot read');
    expect(tail).toContain('at render (index.js:1:2)');
    expectNoSecret(tail);
    expectNoSecret(copied().text);
  });
});
