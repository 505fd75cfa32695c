// BrowserWindow: a window is a Chromium page the renderer host opens; its lifecycle events follow
// docs/api/browser-window.md and the close order of ELECTRON.md §2.2 (close → destroyed → closed →
// window-all-closed).
import { EventEmitter } from 'node:events';
import { app, appLifecycle } from './app.ts';
import { pageAccelerators } from './menu.ts';
import { destroyedError, lifecycle, onHostMessage, post, readiness } from './runtime.ts';
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

function preventable() {
  let prevented = false;
  return {
    preventDefault() {
      prevented = true;
    },
    get defaultPrevented() {
      return prevented;
    },
  };
}

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
    });
    if (this.#visible) focusedId = this.id;
    app.emit('web-contents-created', preventable(), this.webContents);
    app.emit('browser-window-created', preventable(), this);
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

  minimize(): void {
    this.#alive().#minimized = true;
    this.emit('minimize');
  }

  restore(): void {
    this.#alive().#minimized = false;
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
    const event = preventable();
    this.emit('close', event);
    if (event.defaultPrevented) {
      appLifecycle.closeCancelled();
      return;
    }
    this.#teardown();
  }

  /** Skips `close` (and the page's unload handlers) but guarantees `closed` (docs § win.destroy()). */
  destroy(): void {
    if (this.#destroyed || this.#closing) return;
    this.#teardown();
  }

  #teardown(): void {
    this.#closing = true;
    post({ kind: 'window.destroy', windowId: this.id, contentsId: this.webContents.id });
    // webContents is destroyed on a posted task, then the window emits `closed` (ELECTRON.md §2.2–2.3).
    setImmediate(() => {
      this.webContents.destroyInternal();
      this.#destroyed = true;
      windows.delete(this.id);
      if (focusedId === this.id) focusedId = null;
      lifecycle('closed', { windowId: this.id });
      this.emit('closed');
      appLifecycle.windowClosed(windows.size);
    });
  }

  #alive(): this {
    if (this.#destroyed) throw destroyedError();
    return this;
  }
}

onHostMessage((message) => {
  if (message.kind === 'user.closeWindow') BrowserWindow.fromId(message.windowId)?.close();
  else if (message.kind === 'user.focusWindow') BrowserWindow.fromId(message.windowId)?.focus();
});
