// Wires the IPC layer to ipcMain: one handler per contract method, all funnelled into `layer.dispatch`,
// which checks the sender and never throws. Events go back to the one window that owns them.
import { type BrowserWindow, type IpcMainInvokeEvent, ipcMain, webContents } from 'electron';
import {
  type EventName,
  type Events,
  eventChannel,
  METHOD_NAMES,
  methodChannel,
} from '../../src-preload/contract.ts';
import type { IpcLayer, SenderInfo } from '../ipc/types.ts';

/**
 * Where the preload tells main which path a dropped file resolved to (issue 14, item 16). Deliberately
 * not a contract method: the bridge forwards only `METHOD_NAMES`, so the page itself can never send here
 * and register a path of its choosing; only the preload's own `pathForFile` does, with what
 * `webUtils.getPathForFile` returned for a File the user dropped. The preload cannot import this module,
 * so it spells the same string; test/unit/electron/issue14-dropped-paths.test.ts checks they agree.
 */
export const DROPPED_PATH_CHANNEL = 'gs:dropped-path';

/** What the choke point needs to know about who called; a detached or missing frame is never "top". */
export function senderInfoOf(event: IpcMainInvokeEvent, knownIds: ReadonlySet<number>): SenderInfo {
  const contents = event.sender;
  const frame = event.senderFrame;
  let topFrame = false;
  try {
    topFrame = frame !== null && !frame.detached && frame.frameToken === contents.mainFrame.frameToken;
  } catch {
    // The frame was disposed while the message was in flight.
  }
  let url = '';
  try {
    url = frame?.url ?? '';
  } catch {
    url = '';
  }
  return { ownerId: contents.id, knownWindow: knownIds.has(contents.id), topFrame, url };
}

/**
 * `IpcHostDeps.emit`: delivers an event to one window, if it is still there. `send` throws only on a
 * destroyed webContents; to a page that is reloading or crashed it logs and drops the message
 * (S lib/browser/api/web-frame-main.ts; ELECTRON.md §2.4), so nothing here needs catching.
 */
export function emitToOwner<E extends EventName>(ownerId: number, event: E, payload: Events[E]): void {
  const target = webContents.fromId(ownerId);
  if (!target || target.isDestroyed()) return;
  target.send(eventChannel(event), payload);
}

export interface IpcMainWiring {
  /** Marks a window as ours (its calls are accepted) and closes its streams when it goes away. */
  adoptWindow(window: BrowserWindow): void;
  /** Removes the handlers (app shutdown, tests). */
  dispose(): void;
}

export function wireIpcLayer(layer: IpcLayer): IpcMainWiring {
  const knownIds = new Set<number>();
  for (const method of METHOD_NAMES) {
    ipcMain.handle(methodChannel(method), (event, input: unknown) =>
      layer.dispatch(senderInfoOf(event, knownIds), method, input),
    );
  }
  // `handle`, not `on`: the preload waits for the answer before its next call, so main has the path
  // before the page can name it. The layer applies the same sender check as `dispatch`.
  ipcMain.handle(DROPPED_PATH_CHANNEL, (event, path: unknown) =>
    layer.registerDroppedPath(senderInfoOf(event, knownIds), path),
  );
  return {
    adoptWindow(window) {
      const contents = window.webContents;
      const id = contents.id;
      knownIds.add(id);
      // A reloaded or crashed page has forgotten its streams: stop them rather than stream into nothing.
      // Electron emits `did-navigate` for every main-frame document, the first load and each reload
      // included (docs/api/web-contents.md § Navigation Events), so these must never retire the window:
      // only `destroyed` does.
      contents.on('did-navigate', () => layer.abortOwnerStreams(id));
      contents.on('render-process-gone', () => layer.abortOwnerStreams(id));
      contents.once('destroyed', () => {
        knownIds.delete(id);
        layer.closeOwner(id);
      });
    },
    dispose() {
      for (const method of METHOD_NAMES) ipcMain.removeHandler(methodChannel(method));
      ipcMain.removeHandler(DROPPED_PATH_CHANNEL);
      knownIds.clear();
    },
  };
}
