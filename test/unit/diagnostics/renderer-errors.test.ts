// The window's errors reach main's log over `diagnostics.reportError`: validated, size-capped and
// rate-limited, so a page stuck in an error loop cannot fill the disk.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRendererErrorLog } from '../../../src-main/diagnostics/error-capture.ts';
import { createLogFile, type LogFile } from '../../../src-main/diagnostics/log-file.ts';
import { setLogSink } from '../../../src-main/log.ts';
import { MAX_REPORTED_MESSAGE, MAX_REPORTED_STACK } from '../../../src-preload/contract.ts';
import { createTestLayer, type TestLayer } from '../../support/test-layer.ts';

let t: TestLayer;
let logFile: LogFile;

beforeEach(() => {
  t = createTestLayer();
  logFile = createLogFile({ dataDir: t.dataDir });
  setLogSink((level, line) => logFile.write(level, line));
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(async () => {
  setLogSink(null);
  vi.restoreAllMocks();
  await t.close();
});

const windowErrorLines = () => logFile.tail(1_000).filter((line) => line.includes('[renderer] window'));

describe('window errors over IPC', () => {
  it('an error loop is cut off: after 20 in a minute the rest are dropped', async () => {
    const answers: boolean[] = [];
    for (let i = 0; i < 100; i += 1) {
      const result = await t.ok('diagnostics.reportError', { kind: 'error', message: `loop ${i}` });
      answers.push(result.logged);
    }
    expect(answers.filter(Boolean)).toHaveLength(20);
    expect(answers.slice(0, 20).every(Boolean)).toBe(true);
    expect(windowErrorLines()).toHaveLength(20);
  });

  it('an unhandled rejection is logged as one', async () => {
    await t.ok('diagnostics.reportError', { kind: 'unhandledrejection', message: 'Error: late' });
    expect(windowErrorLines().at(-1)).toContain('[renderer] window unhandled rejection: Error: late');
  });

  it.each([
    ['an over-long message', { kind: 'error', message: 'm'.repeat(MAX_REPORTED_MESSAGE + 1) }],
    ['an over-long stack', { kind: 'error', message: 'm', stack: 's'.repeat(MAX_REPORTED_STACK + 1) }],
    ['an unknown kind', { kind: 'warning', message: 'm' }],
    ['an extra field', { kind: 'error', message: 'm', path: '/etc/passwd' }],
    ['no message', { kind: 'error' }],
  ])('refuses %s and logs nothing', async (_name, input) => {
    const result = await t.call('diagnostics.reportError', input as never);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe('invalid_input');
    expect(windowErrorLines()).toEqual([]);
  });
});

describe('the rate limit', () => {
  it('opens again after its window and says once how many were dropped', () => {
    const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    let now = 0;
    const errors = createRendererErrorLog({ log, limit: 3, windowMs: 1_000, now: () => now });
    for (let i = 0; i < 10; i += 1) errors.report({ kind: 'error', message: `e${i}` });
    expect(log.error).toHaveBeenCalledTimes(3);
    expect(log.warn).not.toHaveBeenCalled();
    now = 1_000;
    expect(errors.report({ kind: 'error', message: 'later' })).toBe(true);
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn.mock.calls[0]?.[0]).toContain('7 more window errors were not logged');
  });

  it('a stack that repeats the message logs it once', () => {
    const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    createRendererErrorLog({ log }).report({
      kind: 'error',
      message: 'TypeError: x is undefined',
      stack: 'TypeError: x is undefined\n    at a (b.js:1:1)',
    });
    expect(log.error).toHaveBeenCalledWith('window error', 'TypeError: x is undefined\n    at a (b.js:1:1)');
  });
});
