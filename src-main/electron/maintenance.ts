// Updates and diagnostics in the running app (issue 18, items 3 and 7): the log file in the data folder,
// main's unhandled errors, the update controller with electron-updater where this build can update itself,
// and the menu items that reach them. The logic lives in src-main/updates/ and src-main/diagnostics/; this
// module only hands them Electron's pieces.
import { app, BrowserWindow, clipboard, dialog } from 'electron';
import type { EventName, Events } from '../../src-preload/contract.ts';
import { copyDiagnostics } from '../diagnostics/copy-diagnostics.ts';
import { logUnhandledErrors } from '../diagnostics/error-capture.ts';
import { createLogFile } from '../diagnostics/log-file.ts';
import { onInterfaceLanguage, t } from '../i18n/index.ts';
import { createLogger, setLogSink } from '../log.ts';
import { setUpdateController } from '../updates/current.ts';
import { loadElectronUpdater } from '../updates/electron-updater.ts';
import { menuCheck } from '../updates/menu-check.ts';
import { createUpdateController, type UpdateController } from '../updates/update-controller.ts';
import { updateSupport } from '../updates/update-support.ts';
import { emitToOwner } from './ipc-main.ts';
import { installApplicationMenu } from './menu.ts';

/** The check at start waits until the window is up and the first requests are done. */
const START_CHECK_DELAY_MS = 10_000;

/** Every open window hears it (a state change belongs to the app, not to one window). */
function emitToAllWindows<E extends EventName>(event: E, payload: Events[E]): void {
  for (const window of BrowserWindow.getAllWindows()) emitToOwner(window.webContents.id, event, payload);
}

export interface MaintenanceOptions {
  appName: string;
  dataDir: string;
}

/** Starts the log file and the update controller, and installs the application menu with their items. */
export function installMaintenance({ appName, dataDir }: MaintenanceOptions): void {
  const logFile = createLogFile({ dataDir });
  setLogSink((level, line) => logFile.write(level, line));
  const log = createLogger('app');
  logUnhandledErrors(process, log);
  log.info(`${appName} ${app.getVersion()} started (Electron ${process.versions.electron ?? 'n/a'})`);

  const support = updateSupport({ isPackaged: app.isPackaged, platform: process.platform, env: process.env });
  const updatesLog = createLogger('updates');
  if (!support.supported) updatesLog.info(`updates are off for this build (${support.reason})`);

  // Until electron-updater is loaded, the handlers answer "cannot update" (src-main/updates/current.ts).
  const ready: Promise<UpdateController | null> = support.supported
    ? loadElectronUpdater(updatesLog)
        .then((updater) => {
          const controller = createUpdateController({
            updater,
            currentVersion: app.getVersion(),
            log: updatesLog,
          });
          controller.subscribe((state) => emitToAllWindows('updates.state', state));
          setUpdateController(controller);
          setTimeout(() => void controller.check({ userInitiated: false }), START_CHECK_DELAY_MS).unref();
          return controller;
        })
        .catch((error: unknown) => {
          updatesLog.error('the updater could not be loaded', error);
          return null;
        })
    : Promise.resolve(null);

  const menuActions = {
    appName,
    updatesSupported: support.supported,
    checkForUpdates: menuCheck(ready, (message) => void dialog.showMessageBox({ type: 'warning', message })),
    copyDiagnostics: () => {
      const { logLines } = copyDiagnostics({
        appName,
        appVersion: app.getVersion(),
        writeText: (text) => clipboard.writeText(text),
        logFile,
      });
      // The window confirms it (a toast); with no window open (macOS), a message box does.
      if (BrowserWindow.getAllWindows().length > 0) emitToAllWindows('diagnostics.copied', { logLines });
      else void dialog.showMessageBox({ type: 'info', message: t('diagnostics.copied') });
    },
  };
  installApplicationMenu(process.platform, menuActions);
  // The menu is built with the labels of its moment: a new language builds it again.
  onInterfaceLanguage(() => installApplicationMenu(process.platform, menuActions));
}
