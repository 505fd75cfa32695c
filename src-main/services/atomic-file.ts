// Files the app owns are written atomically and durably: a crash or a power cut mid-write leaves the old
// file or the new one, never an empty or half-written one, and a write that has returned survives a power cut.
//
// Written here rather than with `atomically` (which conf uses): that library flushes the file but not the
// folder, so a save it reports done can still be lost; it retries EACCES/EPERM for up to 7.5 s, so a
// read-only folder stalls a save; and when the name is too long it quietly writes to a shortened name.
import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { scrubKnownSecretsInFile } from './known-secrets.ts';

/** How the temp file of a write is named beside its target: `<name>.<12 hex>.tmp`. */
const TEMP_NAME = /^.+\.[0-9a-f]{12}\.tmp$/;

/**
 * Temp names `atomically` gives (`<name>.tmp-<10 digits><6 hex>`), the library electron-store writes the
 * settings file with: a crash during its write leaves one of these in the data folder.
 */
const LIBRARY_TEMP_NAME = /^.+\.tmp-\d{10}[0-9a-f]{6}$/;

/** Temp files of writes still running in this process: a sweep must not pull one from under its write. */
const inFlight = new Set<string>();

/** Every write still running in this process, so that a quitting app can let them finish. */
const running = new Set<Promise<unknown>>();

/** Whether a write is running now. */
export function writesUnderWay(): boolean {
  return running.size > 0;
}

/** Resolves once every write started so far has ended, done or failed. Never rejects. */
export async function writesSettled(): Promise<void> {
  await Promise.allSettled(running);
}

/** Whether a file's name is that of an atomic write's temp file (which only a crash leaves behind). */
export function isAtomicTempName(name: string): boolean {
  return TEMP_NAME.test(name) || LIBRARY_TEMP_NAME.test(name);
}

/** Whether a temp file belongs to a write this process is doing right now. */
export function isWriteInFlight(path: string): boolean {
  return inFlight.has(path);
}

/**
 * Flushes a folder, so the names created or renamed in it reach the disk. Windows cannot open a folder
 * for this (NTFS journals the rename itself); some file systems refuse it (EINVAL): the write has
 * happened either way, so a refusal only costs the extra guarantee and is not a failed save.
 */
async function syncFolder(folder: string): Promise<void> {
  if (process.platform === 'win32') return;
  try {
    const handle = await open(folder, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // See above.
  }
}

/**
 * Writes `data` to `path` atomically and durably. Text is written with every known secret hidden
 * (known-secrets.ts): every store and export of the app writes through here, so this is the one place where
 * nothing secret reaches the disk. Bytes (audio) are written as they are. The store of the secrets themselves
 * (settings.json, written by electron-store) must never come through here.
 */
export function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  const write = writeNow(path, data);
  running.add(write);
  const forget = () => running.delete(write);
  write.then(forget, forget);
  return write;
}

async function writeNow(path: string, data: string | Uint8Array): Promise<void> {
  const content = typeof data === 'string' ? scrubKnownSecretsInFile(data) : data;
  const folder = dirname(path);
  const created = await mkdir(folder, { recursive: true });
  const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  inFlight.add(temp);
  let opened = false;
  try {
    // `wx`: a file of that name (however unlikely) is never written through, truncated or removed.
    const handle = await open(temp, 'wx');
    opened = true;
    try {
      await handle.writeFile(content);
      // The bytes reach the disk before the name points at them; without this a power cut soon after the
      // rename can leave the name on an empty file (delayed allocation), which the store moves aside as corrupt.
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, path);
  } catch (error) {
    // The write's own failure is the one to report, not a failed clean-up (the start-up sweep retries it).
    if (opened) await rm(temp, { force: true }).catch(() => undefined);
    throw error;
  } finally {
    inFlight.delete(temp);
  }
  // The rename itself reaches the disk, and so does each folder this write created: until then a power
  // cut could bring back the old file, or none, after the app said the save was done.
  await syncFolder(folder);
  if (created !== undefined) {
    for (let parent = dirname(folder); ; parent = dirname(parent)) {
      await syncFolder(parent);
      if (parent === dirname(created) || parent === dirname(parent)) break;
    }
  }
}

/** A time as it can stand in a file name on every system: `2025-03-12T14-02-09-123Z`. */
export function fileStamp(at: Date): string {
  return at.toISOString().replace(/[:.]/g, '-');
}

/**
 * Moves a file that could not be read out of the way, to `<path>.corrupt-<time>` beside it, so it is kept
 * for a person to look at and never read again. Returns the new name; throws when the move fails.
 */
export async function moveAside(path: string, at: Date): Promise<string> {
  const aside = `${path}.corrupt-${fileStamp(at)}`;
  await rename(path, aside);
  return aside;
}
