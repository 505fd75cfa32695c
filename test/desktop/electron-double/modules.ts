// Every module the double offers, named as Electron's main process names them. index.ts gives them
// both as named exports (`import { app } from 'electron'`) and as the default export
// (`import electron from 'electron'`, as electron-store does).
import { WebContents } from './web-contents.ts';

export { app } from './app.ts';
export { BrowserWindow } from './browser-window.ts';
export { ipcMain } from './ipc-main.ts';
export { Menu, MenuItem } from './menu.ts';
export { clipboard, dialog, nativeTheme, shell } from './native.ts';
export { safeStorage } from './safe-storage.ts';
export { protocol, session } from './session.ts';

export const webContents = {
  fromId: (id: number) => WebContents.fromId(id),
  getAllWebContents: () => WebContents.getAllWebContents(),
  getFocusedWebContents: () => WebContents.getFocusedWebContents(),
};
