// The messages between the Electron double (in the app's main process) and the renderer host (in the
// test process, driving Debian Chromium through Playwright). Node's IPC channel with `serialization:
// 'advanced'` carries them: V8's structured clone, the algorithm Electron's own IPC uses
// (docs/api/ipc-renderer.md § ipcRenderer.invoke), so payloads cross as they would in the app.

/** What the page runtime reports about the frame that sent a message. */
export interface FrameReport {
  /** A fresh id per document (per run of the page runtime): a message from a gone document is stale. */
  documentId: string;
  isMainFrame: boolean;
  /** The frame's URL as Chromium sees it (the loopback stand-in of the app scheme). */
  url: string;
  /** Sent while the page ran its unload handlers (docs/api/web-frame-main.md § frame.detached). */
  detached: boolean;
}

export interface PermissionReport {
  permission: string;
  requestingUrl: string;
  securityOrigin: string;
  isMainFrame: boolean;
  mediaTypes?: Array<'audio' | 'video'>;
  mediaType?: 'audio' | 'video' | 'unknown';
}

/** Main (double) → test process. `replyTo` messages answer a `request` with the same id. */
export type MainToHost =
  | {
      kind: 'window.create';
      windowId: number;
      contentsId: number;
      title: string;
      show: boolean;
      backgroundColor: string;
      accelerators: string[];
      /** webPreferences.preload: the file the page runs before its own scripts. */
      preload: string | null;
      contextIsolation: boolean;
    }
  | { kind: 'window.show'; windowId: number }
  | { kind: 'window.focus'; windowId: number }
  /** `runUnload`: close as the user does (the page's beforeunload and unload run); else destroy(). */
  | { kind: 'window.destroy'; windowId: number; contentsId: number; runUnload: boolean }
  | { kind: 'contents.navigate'; contentsId: number; navigationId: number; url: string; reload: boolean }
  | { kind: 'contents.send'; contentsId: number; channel: string; args: unknown[] }
  | { kind: 'contents.crash'; contentsId: number }
  | { kind: 'contents.colorScheme'; dark: boolean }
  | { kind: 'menu.accelerators'; accelerators: string[] }
  /** URL patterns whose responses main wants to see (session.webRequest.onHeadersReceived). */
  | { kind: 'webRequest.filters'; urls: string[] }
  | { kind: 'invoke.reply'; replyId: number; result?: unknown; error?: string; dropped?: boolean }
  | { kind: 'request'; requestId: number; what: HostQuestion }
  | { kind: 'answer'; requestId: number; value: unknown }
  | { kind: 'record'; entry: DoubleRecord };

/** Questions main asks the test (a user at a native dialog, the page's permission prompt…). */
export type HostQuestion =
  | { type: 'dialog.open'; options: unknown }
  | { type: 'dialog.save'; options: unknown }
  | { type: 'dialog.messageBox'; options: unknown };

/** What the double saw, for the test to assert on (the user's view of native UI and the lifecycle). */
export type DoubleRecord =
  | { type: 'lifecycle'; event: string; at: number; detail?: unknown }
  | { type: 'errorBox'; title: string; content: string }
  | { type: 'openExternal'; url: string }
  | { type: 'protocol'; method: string; url: string; range: string | null; status: number }
  | { type: 'console'; level: 'warn' | 'error'; text: string }
  /** Text the app put on the clipboard (clipboard.writeText). */
  | { type: 'clipboard'; text: string };

/** Test process → main (double). */
export type HostToMain =
  /** A navigation the page started itself (a link, location.href, a script reload). */
  | { kind: 'page.navigationStarted'; contentsId: number; url: string }
  | { kind: 'page.committed'; contentsId: number; navigationId: number; url: string; status: number }
  | { kind: 'page.navigatedInPage'; contentsId: number; url: string }
  | { kind: 'page.closed'; contentsId: number }
  | { kind: 'page.closeCancelled'; contentsId: number }
  | { kind: 'page.domContentLoaded'; contentsId: number; navigationId: number }
  | { kind: 'page.loaded'; contentsId: number; navigationId: number }
  | { kind: 'page.failed'; contentsId: number; navigationId: number; code: number; description: string }
  | { kind: 'page.firstPaint'; contentsId: number; documentId: string }
  | { kind: 'page.crashed'; contentsId: number }
  | {
      kind: 'ipc.invoke';
      contentsId: number;
      frame: FrameReport;
      channel: string;
      args: unknown[];
      replyId: number;
    }
  | { kind: 'ipc.accelerator'; contentsId: number; accelerator: string }
  | { kind: 'page.windowOpen'; contentsId: number; url: string; frameName: string; features: string }
  | { kind: 'page.willNavigate'; requestId: number; contentsId: number; url: string; isMainFrame: boolean }
  | { kind: 'page.willRedirect'; requestId: number; contentsId: number; url: string; isMainFrame: boolean }
  | { kind: 'page.permission'; requestId: number; contentsId: number; report: PermissionReport }
  | {
      kind: 'page.headersReceived';
      requestId: number;
      contentsId: number;
      url: string;
      resourceType: string;
      statusCode: number;
      responseHeaders: Record<string, string[]>;
    }
  | { kind: 'user.closeWindow'; windowId: number }
  | { kind: 'user.focusWindow'; windowId: number }
  | { kind: 'user.activate' }
  /** macOS hands the app a file (Finder's "Open With", a drop on the dock icon). */
  | { kind: 'os.openFile'; path: string }
  | { kind: 'user.menuRole'; role: string }
  /** The user clicks the app's own menu item with this `id` (docs/api/menu-item.md § new MenuItem). */
  | { kind: 'user.menuItem'; id: string }
  | { kind: 'os.darkMode'; dark: boolean }
  | { kind: 'answer'; requestId: number; value: unknown }
  | { kind: 'request'; requestId: number; what: MainQuestion };

/** Questions the test asks main (beyond what a user does). */
export type MainQuestion = { type: 'webContents.ids' } | { type: 'app.state' };
