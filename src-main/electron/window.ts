// The main window. Its webPreferences are written out in full, in one literal, so a reviewer or a
// scanner sees the whole security posture at a glance.
import { join } from 'node:path';
import { BrowserWindow, nativeTheme } from 'electron';
import { APP_ENTRY_URL } from '../app-origin.ts';
import { createLogger } from '../log.ts';
import { devServerUrl } from './app-protocol.ts';

// Paths are relative to the built main (`out/main/index.js`).
export const PRELOAD_PATH = join(import.meta.dirname, '../preload/index.cjs');
export const ICON_PATH = join(import.meta.dirname, '../../resources/icon.png');

/** The first paint's colour per theme, so a dark-mode user never sees a white flash. */
export const WINDOW_BACKGROUND = { light: '#f5f6fa', dark: '#15161c' } as const;

function backgroundColor(): string {
  return nativeTheme.shouldUseDarkColors ? WINDOW_BACKGROUND.dark : WINDOW_BACKGROUND.light;
}

export function createMainWindow(): BrowserWindow {
  // electronegativity: AUXCLICK_JS_CHECK — a middle-click opens no window: every webContents gets
  // hardenWebContents (security.ts), whose window-open handler denies all and sends https links to the browser.
  const window = new BrowserWindow({
    title: 'Gateway Studio',
    width: 1280,
    height: 820,
    minWidth: 880,
    minHeight: 580,
    show: false,
    backgroundColor: backgroundColor(),
    icon: ICON_PATH,
    webPreferences: {
      // electronegativity: PRELOAD_JS_CHECK — our own sandboxed preload: one generic forwarder limited to
      // the contract's channels (src-preload/index.ts), exposing no Node or Electron API to the page.
      preload: PRELOAD_PATH,
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      // Dropped files are for the page's drop zones; the window itself must never navigate to them.
      navigateOnDragDrop: false,
    },
  });

  window.once('ready-to-show', () => window.show());

  const followTheme = () => {
    if (!window.isDestroyed()) window.setBackgroundColor(backgroundColor());
  };
  nativeTheme.on('updated', followTheme);
  window.once('closed', () => nativeTheme.off('updated', followTheme));

  window.loadURL(devServerUrl ?? APP_ENTRY_URL).catch((error: unknown) => {
    createLogger('window').error('the page failed to load', error);
    // Show the window anyway: an empty window beats an app that seems not to start.
    if (!window.isDestroyed()) window.show();
  });
  return window;
}
