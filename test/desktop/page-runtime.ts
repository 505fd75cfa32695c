// What runs in each page before any of the app's scripts, in place of Electron's renderer side: the
// `electron` module the sandboxed preload requires (contextBridge, ipcRenderer, webUtils), the page's
// reports to main (first paint, menu keys, permission prompts, window.open), and then the real built
// preload itself (out/preload/index.cjs), so the same bytes travel between page and main as in the app.
//
// It is serialised into the page (renderer-host.ts builds the init script from `pageRuntime.toString()`
// and the preload's source), so it may use nothing from outside its own body.
//
// Where it differs from Electron, and why:
// - The preload runs in the page's main world, not an isolated one: CDP init scripts cannot reach
//   Electron's isolated world. contextBridge's copying rules are applied all the same.
// - Permission prompts are put to main by wrapping getUserMedia and the async clipboard: headless
//   Chromium has no embedder to ask. Chromium's fake-UI flag then grants what main allowed.
// - window.open returns null at once; main's window-open handler is consulted afterwards.

export interface PageRuntimeConfig {
  /** The Playwright binding that carries page → main messages. */
  binding: string;
  /** Menu accelerators, normalised as menu.ts does (`ctrl+shift+r`). */
  accelerators: string[];
  platform: string;
  /** webPreferences.contextIsolation: without it contextBridge refuses to work. */
  contextIsolation: boolean;
}

type PreloadModule =
  | null
  | ((
      require: (name: string) => unknown,
      module: { exports: unknown },
      exports: unknown,
      process: unknown,
    ) => void);

export function pageRuntime(config: PageRuntimeConfig, preload: PreloadModule): void {
  type Listener = (...args: unknown[]) => void;
  const scope = window as unknown as Record<string, unknown>;
  const hidden = (name: string, value: unknown) =>
    Object.defineProperty(window, name, { value, enumerable: false, configurable: false, writable: false });

  // ─── The wire: Playwright's binding serialiser carries what Electron's structured clone does for this
  // contract (bytes, dates, NaN, undefined) but drops Map and Set, and would carry a Blob Electron refuses.
  // Those are refused here loudly rather than let the double differ in silence (ELECTRON.md §9).
  const uncarried = (value: unknown, seen = new Set<unknown>()): string | null => {
    if (value === null || typeof value !== 'object' || seen.has(value)) return null;
    seen.add(value);
    if (value instanceof Map || value instanceof Set) return 'a Map or Set';
    if (value instanceof Blob) return 'a Blob';
    if (ArrayBuffer.isView(value) || value instanceof Date) return null;
    for (const item of Object.values(value)) {
      const found = uncarried(item, seen);
      if (found) return found;
    }
    return null;
  };
  const toMain = scope[config.binding] as (message: unknown) => Promise<unknown>;
  const ask = (message: Record<string, unknown>): Promise<unknown> => toMain(message);

  // ─── This document ───
  // randomUUID needs a secure context, which Chromium's own error pages are not.
  const documentId = crypto.randomUUID?.() ?? `${Date.now()}-${Math.random()}`;
  let unloading = false;
  window.addEventListener('pagehide', () => {
    unloading = true;
  });
  const frame = () => ({
    documentId,
    isMainFrame: window === window.top,
    url: location.href,
    detached: unloading,
  });

  // ready-to-show follows the first non-empty paint of the document (ELECTRON.md §2.1).
  new PerformanceObserver((list, observer) => {
    if (list.getEntries().some((entry) => entry.name === 'first-contentful-paint')) {
      observer.disconnect();
      void ask({ kind: 'firstPaint', documentId });
    }
  }).observe({ type: 'paint', buffered: true });

  // ─── Menu accelerators: a key the page did not handle goes to the application menu ───
  let accelerators = new Set(config.accelerators);
  hidden('__gsDoubleSetAccelerators', (list: string[]) => {
    accelerators = new Set(list);
  });
  window.addEventListener('keydown', (event) => {
    if (event.defaultPrevented || event.repeat) return;
    const key = event.key.toLowerCase();
    const modifiers = [
      event.ctrlKey && 'ctrl',
      event.altKey && 'alt',
      event.shiftKey && 'shift',
      event.metaKey && 'meta',
    ].filter(Boolean);
    const combo = [...modifiers, key].join('+');
    if (!accelerators.has(combo)) return;
    event.preventDefault();
    void ask({ kind: 'accelerator', accelerator: combo });
  });

  // ─── Permission prompts go to main's session handlers ───
  const permitted = (permission: string, extra: Record<string, unknown> = {}) =>
    ask({
      kind: 'permission',
      report: {
        permission,
        requestingUrl: location.href,
        securityOrigin: `${location.origin}/`,
        isMainFrame: window === window.top,
        ...extra,
      },
    }) as Promise<boolean>;
  const media = navigator.mediaDevices;
  if (media?.getUserMedia) {
    const original = media.getUserMedia.bind(media);
    media.getUserMedia = async (constraints?: MediaStreamConstraints) => {
      const mediaTypes = [constraints?.audio && 'audio', constraints?.video && 'video'].filter(Boolean);
      if (!(await permitted('media', { mediaTypes })))
        throw new DOMException('Permission denied', 'NotAllowedError');
      return original(constraints);
    };
  }
  const clipboard = navigator.clipboard;
  if (clipboard) {
    for (const name of ['writeText', 'write'] as const) {
      const original = (clipboard[name] as (value: never) => Promise<void>).bind(clipboard);
      (clipboard as unknown as Record<string, unknown>)[name] = async (value: never) => {
        if (!(await permitted('clipboard-sanitized-write')))
          throw new DOMException('Write permission denied.', 'NotAllowedError');
        return original(value);
      };
    }
  }
  if (typeof Notification !== 'undefined') {
    Notification.requestPermission = async () => ((await permitted('notifications')) ? 'granted' : 'denied');
  }
  window.open = ((url?: string | URL, target?: string, features?: string) => {
    void ask({
      kind: 'windowOpen',
      url: String(url ?? ''),
      frameName: target ?? '',
      features: features ?? '',
    });
    return null;
  }) as typeof window.open;

  // ─── The renderer half of Electron for the preload ───
  const listeners = new Map<string, Set<Listener>>();
  const ipcRenderer = {
    async invoke(channel: string, ...args: unknown[]) {
      // IPC uses structured clone: what cannot be cloned throws here, as in Electron (docs/api/ipc-renderer.md).
      const cloned = structuredClone(args);
      const refused = uncarried(cloned);
      if (refused) throw new Error(`An object could not be cloned (${refused}: see page-runtime.ts).`);
      const reply = (await ask({ kind: 'invoke', channel, args: cloned, frame: frame() })) as {
        result?: unknown;
        error?: string;
        dropped?: boolean;
      };
      // A reply to a document that is gone never arrives (ELECTRON.md §2.4).
      if (reply.dropped) return new Promise(() => {});
      if (reply.error !== undefined) throw new Error(reply.error);
      return reply.result;
    },
    on(channel: string, listener: Listener) {
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
      }
      set.add(listener);
      return ipcRenderer;
    },
    once(channel: string, listener: Listener) {
      const once: Listener = (...args) => {
        ipcRenderer.removeListener(channel, once);
        listener(...args);
      };
      return ipcRenderer.on(channel, once);
    },
    removeListener(channel: string, listener: Listener) {
      listeners.get(channel)?.delete(listener);
      return ipcRenderer;
    },
    off(channel: string, listener: Listener) {
      return ipcRenderer.removeListener(channel, listener);
    },
    removeAllListeners(channel?: string) {
      if (channel === undefined) listeners.clear();
      else listeners.delete(channel);
      return ipcRenderer;
    },
    send() {
      throw new Error('ipcRenderer.send is not emulated by the Electron double (the preload uses invoke).');
    },
    sendSync() {
      throw new Error('ipcRenderer.sendSync is not emulated by the Electron double.');
    },
  };
  hidden('__gsDoubleDeliver', (channel: string, args: unknown[]) => {
    const event = { sender: ipcRenderer, senderId: 0, ports: [] };
    for (const listener of [...(listeners.get(channel) ?? [])]) {
      try {
        listener(event, ...args);
      } catch (error) {
        console.error(error);
      }
    }
  });

  // Files the test dropped "from the OS" have a path; a File made in script has none (docs/api/web-utils.md).
  // Keyed by name, size and a unique modification time: a drop hands the page new File wrappers.
  const paths = new Map<string, string>();
  const fileKey = (file: File) => `${file.name}\u0000${file.size}\u0000${file.lastModified}`;
  hidden('__gsDoubleRegisterPath', (file: File, path: string) => paths.set(fileKey(file), path));
  const webUtils = {
    getPathForFile(file: File) {
      if (!(file instanceof File)) throw new TypeError('Expected a File');
      return paths.get(fileKey(file)) ?? '';
    },
  };

  // contextBridge copies values and proxies functions across worlds (docs/api/context-bridge.md § API).
  const copy = (value: unknown): unknown => {
    if (typeof value === 'function') {
      return (...args: unknown[]) => copy((value as (...a: unknown[]) => unknown)(...args.map(copy)));
    }
    if (value instanceof Promise) return value.then(copy, (error) => Promise.reject(copy(error)));
    // Errors lose their class and properties: `new Error(message)` (I #25596).
    if (value instanceof Error) return new Error(value.message);
    if (value === null || typeof value !== 'object') return typeof value === 'symbol' ? undefined : value;
    if (ArrayBuffer.isView(value) || value instanceof Date || value instanceof Blob)
      return structuredClone(value);
    if (Array.isArray(value)) return Object.freeze(value.map(copy));
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) out[key] = copy((value as Record<string, unknown>)[key]);
    return Object.freeze(out);
  };
  const contextBridge = {
    exposeInMainWorld(key: string, api: unknown) {
      // S lib/renderer/api/context-bridge.ts (ELECTRON.md §9).
      if (!config.contextIsolation)
        throw new Error('contextBridge API can only be used when contextIsolation is enabled');
      if (key in window)
        throw new Error('Cannot bind an API on top of an existing property on the window object');
      Object.defineProperty(window, key, {
        value: copy(api),
        enumerable: true,
        configurable: false,
        writable: false,
      });
    },
  };

  // A sandboxed preload may require only these (docs/tutorial/sandbox.md § Preload scripts).
  const electron = { contextBridge, ipcRenderer, webUtils };
  const require = (name: string): unknown => {
    if (name === 'electron' || name === 'electron/renderer' || name === 'electron/common') return electron;
    throw new Error(`module not found: ${name}`);
  };
  const module = { exports: {} as unknown };
  const sandboxedProcess = {
    platform: config.platform,
    env: {},
    versions: {},
    type: 'renderer',
    sandboxed: true,
  };
  try {
    preload?.(require, module, module.exports, sandboxedProcess);
  } catch (error) {
    console.error('Unable to load preload script', error);
  }
}
