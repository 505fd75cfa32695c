// Issue 14, item 10: an atomic write must survive a power cut. A power cut keeps what was flushed (fsync) and
// may keep any directory change already made (file systems journal renames on their own schedule), but loses
// file bytes not yet flushed. The file system is modelled that way beside the real one, and after every
// step of a write the model is asked what the file would hold if the power went out right then: it must be
// the old content or the new one, never an empty file. Once the write has returned, the new content must be
// what a cut leaves, since the app has told the user it was saved.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type * as FsPromises from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

interface Inode {
  /** What a power cut leaves in the file: its bytes as of its last flush. */
  flushed: string;
}

const model = vi.hoisted(async () => {
  const { dirname } = await import('node:path');
  const state = {
    watching: false,
    inodes: new Map<number, Inode>(),
    /** Directory entries as the running system sees them. */
    names: new Map<string, number>(),
    /** Directory entries as of each folder's last flush. */
    flushedNames: new Map<string, number>(),
    nextInode: 1,
    /** The file under test and the contents a cut may leave in it. */
    target: '',
    /** The folder the test's files live in, long settled on disk. */
    root: '',
    allowed: [] as string[],
    violations: [] as string[],
  };
  /** What the target holds after a cut, for each extent of the journal that may have reached the disk. */
  const afterCut = (entries: Map<string, number>) => {
    // A file in a new folder is reachable only when every new folder's own name reached the disk too.
    for (let folder = dirname(state.target); folder !== state.root; folder = dirname(folder)) {
      if (!entries.has(folder) || folder === dirname(folder)) return '(missing)';
    }
    const inode = entries.get(state.target);
    return inode === undefined ? '(missing)' : (state.inodes.get(inode)?.flushed ?? '(missing)');
  };
  const check = (step: string) => {
    if (!state.watching) return;
    for (const entries of [state.flushedNames, state.names]) {
      const content = afterCut(entries);
      if (!state.allowed.includes(content)) {
        state.violations.push(`a cut after ${step} leaves ${JSON.stringify(content.slice(0, 20))}`);
      }
    }
  };
  return { state, afterCut, check };
});

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof FsPromises>();
  const { dirname } = await import('node:path');
  const { state, check } = await model;
  const create = (path: string) => {
    const inode = state.nextInode++;
    state.inodes.set(inode, { flushed: '' });
    state.names.set(path, inode);
    check(`creating ${path}`);
    return inode;
  };
  const existed = (path: string) => state.names.has(path);

  const open: typeof real.open = async (path, flags, mode) => {
    const name = String(path);
    const isFolder = statSync(name, { throwIfNoEntry: false })?.isDirectory() ?? false;
    const creates = typeof flags === 'string' && /[wa]/.test(flags) && !existed(name);
    const handle = await real.open(path, flags, mode);
    const inode = creates ? create(name) : state.names.get(name);
    const flush = () => {
      if (isFolder) {
        for (const [entry, id] of state.names) {
          if (dirname(entry) === name) state.flushedNames.set(entry, id);
        }
        for (const entry of [...state.flushedNames.keys()]) {
          if (dirname(entry) === name && !state.names.has(entry)) state.flushedNames.delete(entry);
        }
      } else if (inode !== undefined) {
        state.inodes.get(inode)!.flushed = readFileSync(name, 'utf8');
      }
      check(`flushing ${name}`);
    };
    return new Proxy(handle, {
      get(target, key) {
        if (key === 'sync' || key === 'datasync') {
          return async () => {
            await target[key]();
            flush();
          };
        }
        const value = Reflect.get(target, key, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  };
  const writeFile: typeof real.writeFile = async (path, data, options) => {
    const name = String(path);
    if (!existed(name)) create(name);
    await real.writeFile(path, data, options);
  };
  const rename: typeof real.rename = async (from, to) => {
    await real.rename(from, to);
    const inode = state.names.get(String(from));
    state.names.delete(String(from));
    if (inode !== undefined) state.names.set(String(to), inode);
    check(`renaming ${String(from)} to ${String(to)}`);
  };
  const mkdir = (async (path: string, options?: { recursive?: boolean }) => {
    const created = await real.mkdir(path, options);
    if (typeof created === 'string') {
      const made: string[] = [];
      for (let folder = path; folder !== dirname(created); folder = dirname(folder)) made.unshift(folder);
      for (const folder of made) create(folder);
    }
    return created;
  }) as typeof real.mkdir;
  const rm: typeof real.rm = async (path, options) => {
    await real.rm(path, options);
    state.names.delete(String(path));
    check(`removing ${String(path)}`);
  };
  const wrapped = { ...real, mkdir, open, writeFile, rename, rm };
  return { ...wrapped, default: wrapped };
});

const { state, afterCut } = await model;
const { writeFileAtomic } = await import('../../../src-main/services/atomic-file.ts');

let folder: string;

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'gs-durable-'));
  state.inodes.clear();
  state.names.clear();
  state.flushedNames.clear();
  state.violations.length = 0;
  state.watching = false;
  state.root = folder;
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

/** A file that has been on disk for a long time: its bytes and its name are both flushed. */
function settledFile(name: string, content: string): string {
  const path = join(folder, name);
  writeFileSync(path, content);
  const inode = state.nextInode++;
  state.inodes.set(inode, { flushed: content });
  state.names.set(path, inode);
  state.flushedNames.set(path, inode);
  return path;
}

describe('atomic writes and a power cut', () => {
  it('never leave an empty or half-written file under the name, whenever the power goes out', async () => {
    const oldText = JSON.stringify({ version: 1, conversation: 'the old one' });
    const newText = JSON.stringify({ version: 1, conversation: 'the new one' });
    const path = settledFile('conversation.json', oldText);
    state.target = path;
    state.allowed = [oldText, newText];
    state.watching = true;

    await writeFileAtomic(path, newText);

    expect(state.violations).toEqual([]);
    expect(readFileSync(path, 'utf8')).toBe(newText);
  });

  it('keep the new content through a power cut once the write has returned', async () => {
    const path = settledFile('prefs.json', '{"version":1,"prefs":{"tab":"speak"}}');
    const newText = '{"version":1,"prefs":{"tab":"transcribe"}}';
    state.target = path;

    await writeFileAtomic(path, newText);

    // Only what was flushed: the rename itself must have reached the disk, not just the bytes.
    expect(afterCut(state.flushedNames)).toBe(newText);
  });

  it('keep a file written into a new folder once the write has returned', async () => {
    const path = join(folder, 'history', 'speech', 'clip.json');
    state.target = path;

    await writeFileAtomic(path, '{"version":1}');

    expect(afterCut(state.flushedNames)).toBe('{"version":1}');
  });
});
