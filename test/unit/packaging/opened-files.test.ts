// "Open with Gateway Studio" in main (issue 18, item 1): which command-line arguments are opened files,
// which paths from the OS are queued (existing regular audio files only; the rest ignored with a log
// line), and how the window takes them — each path handed to that window so `audio.open` accepts it.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HandlerServices } from '../../../src-main/ipc/handlers/index.ts';
import { createOpenedFilesHandlers } from '../../../src-main/ipc/handlers/opened-files.ts';
import type { Logger } from '../../../src-main/log.ts';
import {
  audioPathsInArgv,
  createOpenedFiles,
  MAX_QUEUED_OPENED_FILES,
} from '../../../src-main/opened-files.ts';
import { createWindowPaths } from '../../../src-main/services/media-grants.ts';
import { MAX_AUDIO_PATHS_PER_CALL } from '../../../src-preload/contract.ts';

function recordingLog(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const add = (message: string) => lines.push(message);
  return { lines, info: add, warn: add, error: add };
}

describe('audio files on a command line', () => {
  it('keeps audio files (absolute, relative to the launching folder, or file:// URIs) and skips the rest', () => {
    const cwd = join(tmpdir(), 'here');
    const absolute = join(tmpdir(), 'talk.WAV');
    const uri = pathToFileURL(join(tmpdir(), 'a b.m4a')).href;
    const argv = [
      '/opt/Gateway Studio/gateway-studio',
      '--user-data-dir=/tmp/x.wav',
      '--original-process-start-time=1',
      '.',
      absolute,
      'notes/memo.mp3',
      uri,
      'readme.txt',
    ];
    expect(audioPathsInArgv(argv, cwd)).toEqual([
      absolute,
      join(cwd, 'notes/memo.mp3'),
      join(tmpdir(), 'a b.m4a'),
    ]);
  });

  it('never takes the executable itself, whatever its name', () => {
    expect(audioPathsInArgv(['/weird/app.wav'], '/')).toEqual([]);
  });
});

describe('the queue of files the OS asked the app to open', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'gs-opened-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('queues existing audio files once, tells the window, and ignores the rest with a log line naming only the file', async () => {
    const wav = join(dir, 'talk.wav');
    writeFileSync(wav, 'RIFF');
    const link = join(dir, 'link.mp3');
    symlinkSync(wav, link);
    const folder = join(dir, 'album.flac');
    mkdirSync(folder);
    const text = join(dir, 'notes.txt');
    writeFileSync(text, 'x');
    const log = recordingLog();
    const onQueued = vi.fn();
    const opened = createOpenedFiles({ log, onQueued });

    await opened.offer([wav, join(dir, 'gone.wav'), folder, text, link, wav, 'relative.wav']);

    expect(onQueued).toHaveBeenCalledTimes(1);
    expect(opened.take()).toEqual([wav, link]);
    expect(opened.take()).toEqual([]);
    expect(log.lines).toEqual([
      'ignored a file the system asked to open (no such file): gone.wav',
      'ignored a file the system asked to open (not a regular file): album.flac',
      'ignored a file the system asked to open (not an audio file the app accepts): notes.txt',
      'ignored a file the system asked to open (not an absolute path): relative.wav',
    ]);
    expect(log.lines.join('\n')).not.toContain(dir);
  });

  it('does not disturb the window when nothing openable came', async () => {
    const onQueued = vi.fn();
    const opened = createOpenedFiles({ log: recordingLog(), onQueued });
    await opened.offer([join(dir, 'missing.wav')]);
    expect(onQueued).not.toHaveBeenCalled();
  });

  it('hands files out one audio.open call’s worth at a time, and keeps no more than its limit', async () => {
    const paths = Array.from({ length: MAX_QUEUED_OPENED_FILES + 5 }, (_, index) => {
      const path = join(dir, `${index}.wav`);
      writeFileSync(path, '');
      return path;
    });
    const log = recordingLog();
    const opened = createOpenedFiles({ log, onQueued: () => {} });
    await opened.offer(paths);
    let taken = 0;
    for (let batch = opened.take(); batch.length > 0; batch = opened.take()) {
      expect(batch.length).toBeLessThanOrEqual(MAX_AUDIO_PATHS_PER_CALL);
      taken += batch.length;
    }
    expect(taken).toBe(MAX_QUEUED_OPENED_FILES);
    expect(log.lines.filter((line) => line.includes('too many waiting'))).toHaveLength(5);
  });
});

describe('openedFiles.take', () => {
  it('hands the taken paths to the calling window only, so its audio.open may name them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gs-opened-take-'));
    try {
      const wav = join(dir, 'talk.wav');
      writeFileSync(wav, 'RIFF');
      const opened = createOpenedFiles({ log: recordingLog(), onQueued: () => {} });
      await opened.offer([wav]);
      const media = createWindowPaths();
      const handlers = createOpenedFilesHandlers({
        openedFiles: opened,
        media,
      } as unknown as HandlerServices);
      expect(media.admits(7, wav)).toBe(false);
      expect(await handlers['openedFiles.take'](undefined, { ownerId: 7 })).toEqual({ paths: [wav] });
      expect(media.admits(7, wav)).toBe(true);
      expect(media.admits(8, wav)).toBe(false);
      expect(await handlers['openedFiles.take'](undefined, { ownerId: 8 })).toEqual({ paths: [] });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('answers with nothing where the host has no "Open with" (the browser harness)', async () => {
    const handlers = createOpenedFilesHandlers({ media: createWindowPaths() } as unknown as HandlerServices);
    expect(await handlers['openedFiles.take'](undefined, { ownerId: 1 })).toEqual({ paths: [] });
  });
});
