// The preload: one generic forwarder, limited to the contract's channels. It runs sandboxed, so it is
// bundled into a single CommonJS file and imports nothing but `electron` and the contract.
import { contextBridge, type IpcRenderer, type IpcRendererEvent, ipcRenderer, webUtils } from 'electron';
import {
  type AppError,
  BRIDGE_KEY,
  type Bridge,
  EVENT_NAMES,
  type EventName,
  eventChannel,
  METHOD_NAMES,
  type MethodName,
  methodChannel,
  type Result,
} from './contract.ts';

const methods: ReadonlySet<string> = new Set(METHOD_NAMES);
/**
 * Where a dropped file's path is registered with main (issue 14, item 16): main accepts a path from the
 * page only if it was registered here first. Not a contract method, so `invoke` below refuses it and the
 * page cannot register paths itself. Spelled as `DROPPED_PATH_CHANNEL` in src-main/electron/ipc-main.ts,
 * which this bundle cannot import.
 */
const DROPPED_PATH_CHANNEL = 'gs:dropped-path';
const events: ReadonlySet<string> = new Set(EVENT_NAMES);

function failure(error: AppError): Result<never> {
  return { ok: false, error };
}

function nameForMessage(name: unknown): string {
  return typeof name === 'string' ? name.slice(0, 80) : typeof name;
}

export interface BridgeDeps {
  ipc: Pick<IpcRenderer, 'invoke' | 'on' | 'removeListener'>;
  getPathForFile(file: File): string;
}

export function createBridge({ ipc, getPathForFile }: BridgeDeps): Bridge {
  /**
   * Settles once main has every path registered so far. `pathForFile` must answer synchronously, so the
   * registration runs behind it; calls wait for it, so a page that names a path right after resolving it
   * (as the drop handler does) never reaches main first. A failed registration only means main will
   * refuse the path later, so it is swallowed rather than allowed to stop every call after it.
   */
  let registered: Promise<unknown> = Promise.resolve();

  return {
    async invoke(method, input) {
      if (typeof method !== 'string' || !methods.has(method)) {
        return failure({ code: 'unknown_method', message: `Unknown request “${nameForMessage(method)}”.` });
      }
      await registered;
      try {
        return await ipc.invoke(methodChannel(method as MethodName), input);
      } catch {
        // Main answers with result objects and never throws; a rejection means it was not listening.
        return failure({
          code: 'internal',
          message: 'Gateway Studio’s main process did not answer.',
          hint: 'Restart the app; if it keeps happening, report it.',
        });
      }
    },
    on(event, listener) {
      if (typeof event !== 'string' || !events.has(event) || typeof listener !== 'function') {
        return () => {};
      }
      const channel = eventChannel(event as EventName);
      // Electron's event object (with `sender`) must never reach the page: pass the payload alone.
      const forward = (_event: IpcRendererEvent, payload: unknown) => {
        (listener as (payload: unknown) => void)(payload);
      };
      ipc.on(channel, forward);
      let subscribed = true;
      return () => {
        if (!subscribed) return;
        subscribed = false;
        ipc.removeListener(channel, forward);
      };
    },
    pathForFile(file) {
      let path: string;
      try {
        path = getPathForFile(file);
      } catch {
        // Not a File (or one from another context): there is no path.
        return '';
      }
      // Only what Electron resolved for a real file is registered: a File made in script has no path.
      if (typeof path === 'string' && path !== '') {
        const registering = ipc.invoke(DROPPED_PATH_CHANNEL, path).catch(() => {});
        registered = Promise.all([registered, registering]);
      }
      return path;
    },
  };
}

contextBridge.exposeInMainWorld(
  BRIDGE_KEY,
  createBridge({ ipc: ipcRenderer, getPathForFile: (file) => webUtils.getPathForFile(file) }),
);
