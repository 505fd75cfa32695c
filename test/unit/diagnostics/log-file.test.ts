import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createLogFile,
  LOG_FILE,
  LOG_FOLDER,
  LOG_RETRY_MS,
  OLD_LOG_FILE,
} from '../../../src-main/diagnostics/log-file.ts';

const folders: string[] = [];
function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'gs-logfile-'));
  folders.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the log file', () => {
  it('lives in <data folder>/logs/ and keeps each line with its time and level', () => {
    const dir = dataDir();
    const file = createLogFile({ dataDir: dir, now: () => new Date('2026-11-27T03:00:00.000Z') });
    file.write('error', '[ipc] chat.send failed: TypeError: x\n    at f (a.ts:1)');
    expect(file.path).toBe(join(dir, LOG_FOLDER, LOG_FILE));
    expect(readFileSync(file.path, 'utf8')).toBe(
      '2026-11-27T03:00:00.000Z ERROR [ipc] chat.send failed: TypeError: x\n        at f (a.ts:1)\n',
    );
  });

  it('rotates: the disk never holds more than two files of at most the limit', () => {
    const dir = dataDir();
    const file = createLogFile({ dataDir: dir, maxBytes: 2_000 });
    for (let i = 0; i < 500; i += 1) file.write('info', `line ${i} ${'x'.repeat(40)}`);
    const current = join(dir, LOG_FOLDER, LOG_FILE);
    const old = join(dir, LOG_FOLDER, OLD_LOG_FILE);
    expect(existsSync(old)).toBe(true);
    expect(statSync(current).size).toBeLessThanOrEqual(2_000);
    expect(statSync(old).size).toBeLessThanOrEqual(2_000);
    // The newest line is kept, the oldest long gone.
    expect(readFileSync(current, 'utf8')).toContain('line 499 ');
    expect(readFileSync(current, 'utf8') + readFileSync(old, 'utf8')).not.toContain('line 0 ');
  });

  it('a line longer than any sensible error is cut, so one huge body cannot rotate the history away', () => {
    const dir = dataDir();
    const file = createLogFile({ dataDir: dir, maxBytes: 100_000 });
    file.write('info', 'first');
    file.write('error', 'y'.repeat(500_000));
    expect(file.tail(2)[0]).toContain('first');
    expect(statSync(file.path).size).toBeLessThan(20_000);
  });

  it('tail reads the last lines across the rotated file and the current one, oldest first', () => {
    const dir = dataDir();
    const file = createLogFile({ dataDir: dir, maxBytes: 600 });
    for (let i = 0; i < 30; i += 1) file.write('info', `entry ${i}`);
    const tail = file.tail(12);
    expect(tail).toHaveLength(12);
    expect(tail.map((line) => line.replace(/^\S+ INFO /, ''))).toEqual(
      Array.from({ length: 12 }, (_, i) => `entry ${18 + i}`),
    );
  });

  it('a log file that cannot be written never throws into the caller', () => {
    const dir = dataDir();
    // A file where the folder should be: mkdir fails.
    const blocked = join(dir, 'blocked');
    writeFileSync(blocked, '');
    const console = vi.spyOn(globalThis.console, 'error').mockImplementation(() => {});
    const file = createLogFile({ dataDir: blocked });
    expect(() => file.write('error', 'x')).not.toThrow();
    expect(() => file.write('error', 'y')).not.toThrow();
    expect(file.tail(5)).toEqual([]);
    // Said once, not once a line.
    expect(console).toHaveBeenCalledTimes(1);
    console.mockRestore();
  });

  it('once the disk takes writes again, logging resumes (a write error does not end logging for good)', () => {
    const dir = dataDir();
    const blocked = join(dir, 'data');
    writeFileSync(blocked, '');
    let clock = Date.parse('2026-11-27T03:00:00.000Z');
    const console = vi.spyOn(globalThis.console, 'error').mockImplementation(() => {});
    const file = createLogFile({ dataDir: blocked, now: () => new Date(clock) });
    file.write('error', 'lost while the disk refused');
    // The cause goes away (here: the file in the folder's place; in life, a full disk freed).
    rmSync(blocked);
    clock += LOG_RETRY_MS / 2;
    file.write('info', 'dropped: too soon to try again');
    clock += LOG_RETRY_MS;
    file.write('info', 'kept: written after the pause');
    expect(file.tail(5).map((line) => line.replace(/^\S+ \S+ /, ''))).toEqual([
      'kept: written after the pause',
    ]);
    console.mockRestore();
  });
});
