// BrowserWindow: a window is a Chromium page the renderer host opens; its lifecycle events follow
// docs/api/browser-window.md and the close order of ELECTRON.md §2.2 (close → destroyed → closed →
// window-all-closed).
import { EventEmitter } from 'node:events';
import { app, appLifecycle } from './app.ts';
import { pageAccelerators } from './menu.ts';
import { destroyedError, electronEvent, lifecycle, onHostMessage, post, readiness } from './runtime.ts';
import { WebContents } from './web-contents.ts';

interface WindowOptions {
  title?: string;
  show?: boolean;
  backgroundColor?: string;
  webPreferences?: Record<string, unknown>;
}

const windows = new Map<number, BrowserWindow>();
let nextId = 1;
let focusedId: number | null = null;

export class BrowserWindow extends EventEmitter {
  readonly id = nextId++;
  readonly webContents: WebContents;
  #title: string;
  #visible: boolean;
  #minimized = false;
  #fullScreen = false;
  #backgroundColor: string;
  #destroyed = false;
  #closing = false;
  readonly webPreferences: Record<string, unknown>;

  constructor(options: WindowOptions = {}) {
    super();
    if (!readiness.isReady) throw new Error('Cannot create BrowserWindow before app is ready');
    this.#title = options.title ?? app.name;
    this.#visible = options.show !== false;
    this.#backgroundColor = options.backgroundColor ?? '#FFFFFF';
    this.webPreferences = { ...(options.webPreferences ?? {}) };
    const preferences = this.webPreferences;
    // What a page here cannot be given, a test must not believe it had: Node in the page (nodeIntegration)
    // or an unsandboxed preload that may require Node modules (docs/tutorial/sandbox.md).
    if (preferences.nodeIntegration === true || preferences.sandbox === false) {
      throw new Error(
        'The Electron double runs sandboxed pages only: nodeIntegration and sandbox: false are not emulated.',
      );
    }
    this.webContents = new WebContents();
    this.webContents.ownerWindowId = this.id;
    windows.set(this.id, this);
    lifecycle('window-created', { windowId: this.id });
    // The window's copy of ready-to-show comes on the next tick, for every new document (ELECTRON.md §2.1).
    this.webContents.on('ready-to-show', () =>
      process.nextTick(() => {
        if (this.#destroyed) return;
        lifecycle('ready-to-show', { windowId: this.id });
        this.emit('ready-to-show');
      }),
    );
    post({
      kind: 'window.create',
      windowId: this.id,
      contentsId: this.webContents.id,
      title: this.#title,
      show: this.#visible,
      backgroundColor: this.#backgroundColor,
      accelerators: pageAccelerators(),
      preload: typeof preferences.preload === 'string' ? preferences.preload : null,
      // Isolation is the default since Electron 12 (docs/api/context-bridge.md § Isolated World).
      contextIsolation: preferences.contextIsolation !== false,
    });
    if (this.#visible) focusedId = this.id;
    app.emit('web-contents-created', electronEvent(), this.webContents);
    app.emit('browser-window-created', electronEvent(), this);
  }

  static getAllWindows(): BrowserWindow[] {
    return [...windows.values()];
  }

  static getFocusedWindow(): BrowserWindow | null {
    return focusedId === null ? null : (windows.get(focusedId) ?? null);
  }

  static fromWebContents(contents: WebContents): BrowserWindow | null {
    return windows.get(contents.ownerWindowId) ?? null;
  }

  static fromId(id: number): BrowserWindow | null {
    return windows.get(id) ?? null;
  }

  isDestroyed(): boolean {
    return this.#destroyed;
  }

  loadURL(url: string): Promise<void> {
    return this.#alive().webContents.loadURL(url);
  }

  reload(): void {
    this.#alive().webContents.reload();
  }

  show(): void {
    this.#alive();
    const wasHidden = !this.#visible;
    this.#visible = true;
    this.#minimized = false;
    post({ kind: 'window.show', windowId: this.id });
    // 'show' is emitted when a hidden window is shown (T "BrowserWindow.show() › emits when window is shown").
    if (wasHidden) {
      lifecycle('show', { windowId: this.id });
      this.emit('show');
    }
    this.focus();
  }

  focus(): void {
    this.#alive();
    const previous = focusedId;
    focusedId = this.id;
    post({ kind: 'window.focus', windowId: this.id });
    lifecycle('focus', { windowId: this.id });
    if (previous !== this.id) this.emit('focus');
  }

  isVisible(): boolean {
    return this.#alive().#visible && !this.#minimized;
  }

  isFocused(): boolean {
    this.#alive();
    return focusedId === this.id;
  }

  isMinimized(): boolean {
    return this.#alive().#minimized;
  }

  /** A minimised window loses the focus (no focused window until another gets it). */
  minimize(): void {
    this.#alive().#minimized = true;
    if (focusedId === this.id) focusedId = null;
    this.emit('minimize');
  }

  /** `restore` is emitted when the window is restored from a minimised state (docs § Event: 'restore'). */
  restore(): void {
    if (!this.#alive().#minimized) return;
    this.#minimized = false;
    lifecycle('restore', { windowId: this.id });
    this.emit('restore');
  }

  isFullScreen(): boolean {
    return this.#alive().#fullScreen;
  }

  setFullScreen(flag: boolean): void {
    this.#alive().#fullScreen = flag;
  }

  getTitle(): string {
    return this.#alive().#title;
  }

  setTitle(title: string): void {
    this.#alive().#title = title;
  }

  getBackgroundColor(): string {
    return this.#alive().#backgroundColor;
  }

  setBackgroundColor(color: string): void {
    this.#alive().#backgroundColor = color;
  }

  /** Like the user clicking close: `close` may be prevented, which also cancels a running app.quit(). */
  close(): void {
    this.#alive();
    if (this.#closing) return;
    const event = electronEvent();
    this.emit('close', event);
    if (event.defaultPrevented) {
      appLifecycle.closeCancelled();
      return;
    }
    // The page's beforeunload and unload run after `close` (docs § Event: 'close'); the host reports
    // when the page is gone (page.closed), and destruction follows.
    this.#closing = true;
    post({ kind: 'window.destroy', windowId: this.id, contentsId: this.webContents.id, runUnload: true });
  }

  /** Skips `close` (and the page's unload handlers) but guarantees `closed` (docs § win.destroy()). */
  destroy(): void {
    if (this.#destroyed || this.#closing) return;
    this.#closing = true;
    post({ kind: 'window.destroy', windowId: this.id, contentsId: this.webContents.id, runUnload: false });
    this.pageClosed();
  }

  /** The page's beforeunload asked to stay: the window stays, and a running quit stops (ELECTRON.md §2.2). */
  closeCancelledByPage(): void {
    this.#closing = false;
    appLifecycle.closeCancelled();
  }

  /**
   * The page is gone: webContents `destroyed` on a posted task, then the window's `closed` on the next
   * (S WebContents::Destroy posts; BrowserWindow then closes itself; ELECTRON.md §2.2–2.3), so work
   * queued on `destroyed` runs before `closed`, as in Electron.
   */
  pageClosed(): void {
    setImmediate(() => {
      this.webContents.destroyInternal();
      setImmediate(() => this.#finishClose());
    });
  }

  /** app.exit(): everything at once, `closed` included, before `quit` (S Browser::Exit → DestroyAllWindows). */
  destroyNow(): void {
    if (this.#destroyed) return;
    this.#closing = true;
    post({ kind: 'window.destroy', windowId: this.id, contentsId: this.webContents.id, runUnload: false });
    this.webContents.destroyInternal();
    this.#finishClose();
  }

  #finishClose(): void {
    if (this.#destroyed) return;
    this.#destroyed = true;
    windows.delete(this.id);
    if (focusedId === this.id) focusedId = null;
    lifecycle('closed', { windowId: this.id });
    this.emit('closed');
    appLifecycle.windowClosed(windows.size);
  }

  #alive(): this {
    if (this.#destroyed) throw destroyedError();
    return this;
  }
}

onHostMessage((message) => {
  if (message.kind === 'user.closeWindow') BrowserWindow.fromId(message.windowId)?.close();
  else if (message.kind === 'user.focusWindow') BrowserWindow.fromId(message.windowId)?.focus();
  else if (message.kind === 'page.closeCancelled') {
    const window = BrowserWindow.getAllWindows().find((w) => w.webContents.id === message.contentsId);
    window?.closeCancelledByPage();
  } else if (message.kind === 'page.closed') {
    const window = BrowserWindow.getAllWindows().find((w) => w.webContents.id === message.contentsId);
    window?.pageClosed();
  }
});
