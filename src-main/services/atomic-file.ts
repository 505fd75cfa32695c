// Files the app owns are written atomically: a crash mid-write leaves the old file, never half a new one.
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

export async function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(temp, data);
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
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
