import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createElectronSettingsStore } from '../../../src-main/electron/electron-settings-store.ts';

const electron = await vi.hoisted(async () => {
  const { EventEmitter } = await import('node:events');
  return {
    ipcMain: new EventEmitter(),
    app: { getPath: () => '/nonexistent/userData', getVersion: () => '0.1.0' },
  };
});
// electron-store imports electron's default export (vitest.config inlines it so this mock reaches it).
vi.mock('electron', () => ({ default: electron, ...electron }));

let directory: string;
beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'gs-settings-store-'));
});
afterEach(() => rm(directory, { recursive: true, force: true }));

describe('the electron-store settings store', () => {
  it('keeps its file in the given folder under the given name', () => {
    const store = createElectronSettingsStore({ directory, name: 'settings' });
    store.set('activeProfileId', 'p1');
    store.set('profiles', [{ id: 'p1' }]);
    expect(store.path).toBe(join(directory, 'settings.json'));
    expect(store.get('activeProfileId')).toBe('p1');
    store.delete('activeProfileId');
    expect(store.get('activeProfileId')).toBeUndefined();
    expect(store.get('profiles')).toEqual([{ id: 'p1' }]);
  });

  it('persists across instances', () => {
    createElectronSettingsStore({ directory, name: 'settings' }).set('theme', 'dark');
    expect(createElectronSettingsStore({ directory, name: 'settings' }).get('theme')).toBe('dark');
  });

  it('never wipes a corrupt file: it throws and leaves the file for the settings service', async () => {
    const file = join(directory, 'settings.json');
    await writeFile(file, '{ "profiles": [ oops');
    expect(() => createElectronSettingsStore({ directory, name: 'settings' })).toThrow();
    expect(await readFile(file, 'utf8')).toBe('{ "profiles": [ oops');
  });

  it("removes electron-store's own IPC listener (all renderer calls go through the choke point)", () => {
    createElectronSettingsStore({ directory, name: 'settings' });
    expect(electron.ipcMain.listenerCount('electron-store-get-data')).toBe(0);
  });
});
