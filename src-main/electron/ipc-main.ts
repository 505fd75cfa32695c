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
      knownIds.clear();
    },
  };
}
