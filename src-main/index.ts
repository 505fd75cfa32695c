// The app entry. It assembles the Electron adapters, hands them to the IPC layer (the same layer the tests
// build with test adapters), and manages the app's lifecycle.
import { app, type BrowserWindow, dialog, nativeTheme, session } from 'electron';
import { isExternalLink } from '../src-preload/contract.ts';
import { AppFailure } from './app-failure.ts';
import { createAppFetch } from './app-fetch.ts';
import {
  appUrls,
  devServerUrl,
  handleAppProtocol,
  isAppUrl,
  registerAppScheme,
} from './electron/app-protocol.ts';
import { createNativeDialogs } from './electron/dialogs.ts';
import { createElectronSettingsStore } from './electron/electron-settings-store.ts';
import { emitToOwner, type IpcMainWiring, wireIpcLayer } from './electron/ipc-main.ts';
import { installMaintenance } from './electron/maintenance.ts';
import { listenForOpenedFiles } from './electron/opened-files.ts';
import { quitAfterWork } from './electron/quit-after-work.ts';
import { createSafeStorageBox } from './electron/safe-storage-box.ts';
import {
  applyDevServerCsp,
  applySessionPolicy,
  hardenWebContents,
  openExternalLink,
} from './electron/security.ts';
import { createMainWindow, ICON_PATH } from './electron/window.ts';
import { t } from './i18n/index.ts';
import { createIpcLayer } from './ipc/index.ts';
import type { IpcHostDeps, IpcLayer } from './ipc/types.ts';
import { createLogger, redact } from './log.ts';
import type { OpenedFiles } from './opened-files.ts';
import { createMediaGrants } from './services/media-grants.ts';

const APP_NAME = 'Gateway Studio';
const log = createLogger('app');

// Before `ready`: privileged schemes can only be registered then.
registerAppScheme();

let mainWindow: BrowserWindow | null = null;
let layer: IpcLayer | null = null;
let wiring: IpcMainWiring | null = null;
let openedFiles: OpenedFiles | undefined;

function openMainWindow(): void {
  const window = createMainWindow();
  wiring?.adoptWindow(window);
  mainWindow = window;
  window.on('closed', () => {
    if (mainWindow === window) mainWindow = null;
  });
}

async function start(): Promise<void> {
  // The renderer follows the OS light/dark setting through CSS (prefers-color-scheme).
  nativeTheme.themeSource = 'system';
  app.setAboutPanelOptions({
    applicationName: APP_NAME,
    applicationVersion: app.getVersion(),
    iconPath: ICON_PATH,
  });
  // The log file, updates and the menu that reaches them (issue 18, items 3 and 7).
  installMaintenance({ appName: APP_NAME, dataDir: app.getPath('userData') });

  const dataDir = app.getPath('userData');
  applySessionPolicy(session.defaultSession, appUrls);
  if (devServerUrl) applyDevServerCsp(session.defaultSession, devServerUrl);
  const mediaGrants = createMediaGrants(dataDir);
  handleAppProtocol({ dataDir, grants: mediaGrants });

  const deps: IpcHostDeps = {
    dataDir,
    secretBox: createSafeStorageBox(),
    createSettingsStore: createElectronSettingsStore,
    // Node's fetch (undici), not net.fetch: the app runs the very network code the tests run. Only the
    // system's proxy is asked of Chromium, which knows the OS settings and PAC scripts (app-fetch.ts).
    fetch: createAppFetch({ resolveProxy: (url) => session.defaultSession.resolveProxy(url) }),
    dialogs: createNativeDialogs(),
    mediaGrants,
    openExternal: async (url) => {
      if (!isExternalLink(url)) throw new AppFailure('invalid_input', t('errors.links.onlyHttps'));
      if (!(await openExternalLink(url))) {
        throw new AppFailure('internal', t('errors.links.browserFailed'), {
          hint: t('errors.links.browserFailedHint'),
        });
      }
    },
    emit: emitToOwner,
    isAppUrl,
    appInfo: {
      name: APP_NAME,
      version: app.getVersion(),
      platform: process.platform,
      systemLanguages: app.getPreferredSystemLanguages(),
    },
    openedFiles,
  };
  layer = createIpcLayer(deps);
  wiring = wireIpcLayer(layer);

  openMainWindow();
}

if (!app.requestSingleInstanceLock()) {
  // Another Gateway Studio is running; it was told to come forward (see `second-instance`).
  app.quit();
} else {
  if (process.platform === 'win32') app.setAppUserModelId('app.gateway-studio');

  // Every webContents, whoever creates it, gets the baseline: no popups, no navigation away, no webview.
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, appUrls));

  // "Open with Gateway Studio": before `ready`, as macOS' open-file can come that early.
  openedFiles = listenForOpenedFiles({
    currentWindow: () => mainWindow,
    openWindow: () => {
      if (app.isReady() && layer && !mainWindow) openMainWindow();
    },
  });

  app.on('second-instance', () => {
    if (!mainWindow) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.show();
    mainWindow.focus();
  });

  app.on('activate', () => {
    // macOS: clicking the dock icon with no window open brings one back.
    if (app.isReady() && layer && !mainWindow) openMainWindow();
  });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  // Every running stream is aborted, so no upstream request outlives the app; what they and the stores are
  // still writing ends before the process does.
  quitAfterWork(app, () => layer);

  app
    .whenReady()
    .then(start)
    .catch((error: unknown) => {
      log.error('start-up failed', error);
      dialog.showErrorBox(
        t('startup.failedTitle'),
        redact(
          `${error instanceof Error ? error.message : String(error)}\n\n${t('startup.dataFolder', { path: app.getPath('userData') })}`,
        ),
      );
      app.exit(1);
    });
}
