// The Electron double: what `import … from 'electron'` gives the app's main process when the desktop
// tests run it in plain Node (bootstrap.ts points the specifier here). Each module behaves as Electron's
// documentation and sources say (facts and citations: ../../../../shared/ELECTRON.md and the comments
// beside each behaviour); the pages are real Chromium pages driven by the test's renderer host.
// Test-only: nothing under src-* imports it, and it never ships.
import { app } from './app.ts';
import { BrowserWindow } from './browser-window.ts';
import { ipcMain } from './ipc-main.ts';
import { Menu, MenuItem } from './menu.ts';
import { clipboard, dialog, nativeTheme, shell } from './native.ts';
import { safeStorage } from './safe-storage.ts';
import { protocol, session } from './session.ts';
import { WebContents } from './web-contents.ts';

export const webContents = {
  fromId: (id: number) => WebContents.fromId(id),
  getAllWebContents: () => WebContents.getAllWebContents(),
  getFocusedWebContents: () => WebContents.getFocusedWebContents(),
};

export {
  app,
  BrowserWindow,
  clipboard,
  dialog,
  ipcMain,
  Menu,
  MenuItem,
  nativeTheme,
  protocol,
  safeStorage,
  session,
  shell,
};

const electron = {
  app,
  BrowserWindow,
  clipboard,
  dialog,
  ipcMain,
  Menu,
  MenuItem,
  nativeTheme,
  protocol,
  safeStorage,
  session,
  shell,
  webContents,
};
export default electron;
