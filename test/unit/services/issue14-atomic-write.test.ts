// Issue 14, item 10, on the real file system: what an atomic write promises besides surviving a power cut
// (that part is in issue14-atomic-durability.test.ts).
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../../../src-main/services/atomic-file.ts';

let folder: string;

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'gs-atomic-'));
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

describe('writeFileAtomic', () => {
  it('replaces a file’s content and leaves nothing beside it', async () => {
    const path = join(folder, 'prefs.json');
    writeFileSync(path, 'old');
    await writeFileAtomic(path, 'new');
    expect(readFileSync(path, 'utf8')).toBe('new');
    expect(readdirSync(folder)).toEqual(['prefs.json']);
  });

  it('writes bytes exactly, large ones included, creating the folders it needs', async () => {
    const bytes = new Uint8Array(8 * 1024 * 1024 + 3).map((_, index) => (index * 31) % 251);
    const path = join(folder, 'media', 'recordings', 'take.webm');
    await writeFileAtomic(path, bytes);
    expect(Buffer.compare(readFileSync(path), Buffer.from(bytes))).toBe(0);
    expect(readdirSync(join(folder, 'media', 'recordings'))).toEqual(['take.webm']);
  });

  it('keeps the old file and removes its temp file when the write cannot finish', async () => {
    // The target is a folder: the rename fails after the temp file was written.
    const path = join(folder, 'conversation.json');
    mkdirSync(path);
    writeFileSync(join(path, 'inside'), 'kept');
    await expect(writeFileAtomic(path, 'new')).rejects.toThrow();
    expect(readdirSync(folder)).toEqual(['conversation.json']);
    expect(readFileSync(join(path, 'inside'), 'utf8')).toBe('kept');
  });

  it('leaves one whole version when writes to one file overlap', async () => {
    const path = join(folder, 'conversation.json');
    const versions = Array.from({ length: 20 }, (_, index) =>
      `${index}:`.padEnd(100_000, String(index % 10)),
    );
    await Promise.all(versions.map((text) => writeFileAtomic(path, text)));
    expect(versions).toContain(readFileSync(path, 'utf8'));
    expect(readdirSync(folder)).toEqual(['conversation.json']);
  });
});
