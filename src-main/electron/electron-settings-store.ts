// The settings store of the app: electron-store (conf underneath, the same class the tests use).
import { ipcMain } from 'electron';
import Store from 'electron-store';
import type { SettingsStoreFactory } from '../services/settings-store.ts';

// electron-store answers this synchronous IPC message (meant for stores opened in a renderer) with the
// data folder's path. Our renderer never opens a store, and every renderer→main call must go through the
// IPC choke point, so the listener is removed.
const ELECTRON_STORE_CHANNEL = 'electron-store-get-data';

export const createElectronSettingsStore: SettingsStoreFactory = ({ directory, name }) => {
  const store = new Store<Record<string, unknown>>({
    cwd: directory,
    name,
    // A corrupt file is the settings service's to move aside and report; it must never be silently wiped.
    clearInvalidConfig: false,
  });
  ipcMain.removeAllListeners(ELECTRON_STORE_CHANNEL);
  return store;
};
