// Main's own failures reach the log file: uncaught exceptions, unhandled rejections and IPC handlers that
// fail (the choke point logs those through the same logger, src-main/ipc/index.ts).
import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logUnhandledErrors } from '../../../src-main/diagnostics/error-capture.ts';
import { createLogFile } from '../../../src-main/diagnostics/log-file.ts';
import { createLogger, setLogSink } from '../../../src-main/log.ts';
import { createTestLayer } from '../../support/test-layer.ts';

afterEach(() => {
  setLogSink(null);
  vi.restoreAllMocks();
});

describe("main's unhandled errors", () => {
  it('an uncaught exception and an unhandled rejection are logged to the file', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const t = createTestLayer();
    try {
      const file = createLogFile({ dataDir: t.dataDir });
      setLogSink((level, line) => file.write(level, line));
      const processEvents = new EventEmitter();
      logUnhandledErrors(processEvents, createLogger('app'));
      processEvents.emit('uncaughtExceptionMonitor', new TypeError('boom in main'), 'uncaughtException');
      processEvents.emit('unhandledRejection', new Error('nobody awaited me'));
      const lines = file.tail(200).join('\n');
      expect(lines).toMatch(/ERROR \[app\] uncaught \(uncaughtException\): TypeError: boom in main/);
      expect(lines).toMatch(/ERROR \[app\] unhandled rejection: Error: nobody awaited me/);
    } finally {
      await t.close();
    }
  });

  it('an IPC handler that fails is logged to the file', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const t = createTestLayer({
      overrides: {
        dialogs: {
          save: async () => null,
          open: async () => {
            throw new Error('the native dialog broke');
          },
        },
      },
    });
    try {
      const file = createLogFile({ dataDir: t.dataDir });
      setLogSink((level, line) => file.write(level, line));
      const result = await t.call('audio.pick', undefined);
      expect(result.ok).toBe(false);
      expect(file.tail(200).join('\n')).toMatch(
        /ERROR \[ipc\] audio\.pick failed: Error: the native dialog broke/,
      );
    } finally {
      await t.close();
    }
  });
});
