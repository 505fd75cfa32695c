// Every store reads its files through here: size first, then the text. A file far larger than anything the
// app writes (a hand edit, another program, a damaged disk) would otherwise be read whole — seconds of a
// frozen start and a gigabyte of memory for a 200 MB file, and for settings the whole of it sent to the
// window. Such a file is treated like a damaged one: the store sets it aside, counts it and says so.
// What is read is also scrubbed of every known secret (known-secrets.ts): a file written before the
// scrubber existed, or before its key was entered, may hold a key a gateway echoed (issue 14, item 14).
import { closeSync, fstatSync, openSync, readFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { isMissing } from './file-missing.ts';
import { scrubKnownSecretsInFile } from './known-secrets.ts';

export type StoredText =
  | { kind: 'missing' }
  /** Larger than the store's limit: not read. */
  | { kind: 'oversized'; size: number; limit: number }
  /** `size` and `mtimeMs` are those of the text read (one handle for both). */
  | { kind: 'text'; text: string; size: number; mtimeMs: number };

/** A size as a person reads it, precise enough to tell a limit from what exceeded it. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Why an oversized file was not read, in the words the stores' notices use after "could not be read". */
export function tooLargeProblem(size: number, limit: number): string {
  return `it is too large: ${formatBytes(size)}; at most ${formatBytes(limit)}`;
}

/**
 * Reads a stored file of at most `maxBytes`; a missing file is `missing`, other failures throw. The size
 * is that of the open file, so a file replaced between a `stat` and the read cannot slip past. A file that
 * grows while it is read is judged on what was read. The text has every known secret hidden (one scan when
 * there is none, as on write); `size` stays that of the file.
 */
export async function readStoredText(path: string, maxBytes: number): Promise<StoredText> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    if (isMissing(error)) return { kind: 'missing' };
    throw error;
  }
  try {
    const { size, mtimeMs } = await handle.stat();
    if (size > maxBytes) return { kind: 'oversized', size, limit: maxBytes };
    const bytes = await handle.readFile();
    if (bytes.byteLength > maxBytes) return { kind: 'oversized', size: bytes.byteLength, limit: maxBytes };
    return { kind: 'text', text: scrubKnownSecretsInFile(bytes.toString('utf8')), size, mtimeMs };
  } finally {
    await handle.close();
  }
}

/**
 * `readStoredText` for the one store read synchronously at start (settings), not scrubbed: settings.json
 * holds the header values an older build stored in clear until they are sealed, and the secrets come
 * from settings itself.
 */
export function readStoredTextSync(path: string, maxBytes: number): StoredText {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (error) {
    if (isMissing(error)) return { kind: 'missing' };
    throw error;
  }
  try {
    const { size, mtimeMs } = fstatSync(fd);
    if (size > maxBytes) return { kind: 'oversized', size, limit: maxBytes };
    const bytes = readFileSync(fd);
    if (bytes.byteLength > maxBytes) return { kind: 'oversized', size: bytes.byteLength, limit: maxBytes };
    return { kind: 'text', text: bytes.toString('utf8'), size, mtimeMs };
  } finally {
    closeSync(fd);
  }
}
