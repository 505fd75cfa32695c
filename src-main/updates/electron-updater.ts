// electron-updater's `autoUpdater`, loaded only when this build can update itself (./update-support.ts):
// a development run or a deb never loads it. Its own log lines go through the app's redacting logger.
import type { Logger } from '../log.ts';
import type { Updater } from './update-controller.ts';

export async function loadElectronUpdater(log: Logger): Promise<Updater> {
  // A CommonJS package whose `autoUpdater` is a getter (it picks the updater class for the OS on first
  // read): read through the module object rather than a named import Node may not detect.
  const module = (await import('electron-updater')) as unknown as {
    default?: { autoUpdater: unknown };
    autoUpdater?: unknown;
  };
  const autoUpdater = (module.default?.autoUpdater ?? module.autoUpdater) as Updater & {
    logger: { info(message?: unknown): void; warn(message?: unknown): void; error(message?: unknown): void };
  };
  autoUpdater.logger = {
    info: (message) => log.info(String(message)),
    warn: (message) => log.warn(String(message)),
    error: (message) => log.error(String(message)),
  };
  return autoUpdater;
}
