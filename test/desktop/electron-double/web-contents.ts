// webContents: the page of a window, as main sees it. Navigation events follow Electron's documented
// order (docs/api/web-contents.md § Navigation Events; ELECTRON.md §1), driven by what Chromium reports
// through the renderer host: the load is real, only the event plumbing is the double's.
import { EventEmitter } from 'node:events';
import { serialize } from 'node:v8';
import type { FrameReport, HostToMain } from '../link-messages.ts';
import { app } from './app.ts';
import { BrowserWindow } from './browser-window.ts';
import { ipcMain } from './ipc-main.ts';
import {
  assertCarried,
  destroyedError,
  electronEvent,
  lifecycle,
  onHostMessage,
  post,
  record,
} from './runtime.ts';
import { fromChromium, fromChromiumUrl, toChromium, toChromiumUrl } from './scheme-bridge.ts';
import { defaultSessionIfReady } from './session.ts';
import { WebFrameMain } from './web-frame-main.ts';

type WindowOpenHandler = (details: {
  url: string;
  frameName: string;
  features: string;
  disposition: string;
  referrer: { url: string; policy: string };
}) => unknown;

interface Navigation {
  id: number;
  url: string;
  resolve(): void;
  reject(error: Error): void;
}

const all = new Map<number, WebContents>();
let nextId = 1;
let nextNavigationId = 1;
// Chromium's renderer process ids are internal numbers, not OS pids (ELECTRON.md §5); one per page here.
let nextProcessId = 4;

/** Electron's navigation-event object: an Event with the navigation's details (§1.1). */
function navigationDetails(url: string, frame: WebFrameMain, isSameDocument: boolean) {
  let prevented = false;
  return {
    url,
    isSameDocument,
    isMainFrame: true,
    processId: frame.processId,
    routingId: frame.routingId,
    get frame() {
      return frame;
    },
    initiator: null,
    preventDefault() {
      prevented = true;
    },
    get defaultPrevented() {
      return prevented;
    },
  };
}

export class WebContents extends EventEmitter {
  readonly id = nextId++;
  #frame: WebFrameMain;
  /** Document ids (from the page runtime) that belonged to earlier documents: their messages are stale. */
  readonly #retiredDocuments = new Set<string>();
  #currentDocument: string | null = null;
  #navigation: Navigation | null = null;
  #url = '';
  #loading = false;
  #crashed = false;
  #destroyed = false;
  #windowOpenHandler: WindowOpenHandler | null = null;
  #zoomLevel = 0;
  readonly #stopListening: () => void;
  /** Set by the BrowserWindow that owns this page. */
  ownerWindowId = 0;

  constructor() {
    super();
    this.#frame = new WebFrameMain('', nextProcessId++, 1);
    all.set(this.id, this);
    this.#stopListening = onHostMessage((message) => {
      if ('contentsId' in message && message.contentsId === this.id) this.#onHost(message);
    });
  }

  static fromId(id: number): WebContents | undefined {
    return all.get(id);
  }

  static getAllWebContents(): WebContents[] {
    return [...all.values()];
  }

  /**
   * The page with the keyboard focus: the focused window's, unless its renderer is gone (a crashed page
   * has no view to hold focus; S WebContents::IsFocused needs a RenderWidgetHostView).
   */
  static getFocusedWebContents(): WebContents | null {
    const contents = BrowserWindow.getFocusedWindow()?.webContents ?? null;
    return contents && !contents.isDestroyed() && !contents.isCrashed() ? contents : null;
  }

  get session() {
    return defaultSessionIfReady();
  }

  get mainFrame(): WebFrameMain {
    this.#alive();
    return this.#frame;
  }

  get zoomLevel(): number {
    return this.#zoomLevel;
  }

  set zoomLevel(level: number) {
    this.#zoomLevel = level;
  }

  isDestroyed(): boolean {
    return this.#destroyed;
  }

  isLoading(): boolean {
    this.#alive();
    return this.#loading;
  }

  isCrashed(): boolean {
    this.#alive();
    return this.#crashed;
  }

  getURL(): string {
    this.#alive();
    return this.#url;
  }

  loadURL(url: string): Promise<void> {
    this.#alive();
    return this.#navigate(url, false);
  }

  reload(): void {
    this.#alive();
    // A crashed page reloads in a new renderer and is no longer crashed (T "a crashed process is recoverable with reload()").
    this.#crashed = false;
    void this.#navigate(this.#url, true);
  }

  reloadIgnoringCache(): void {
    this.reload();
  }

  /** docs/api/web-contents.md § contents.forcefullyCrashRenderer(). */
  forcefullyCrashRenderer(): void {
    this.#alive();
    post({ kind: 'contents.crash', contentsId: this.id });
  }

  setWindowOpenHandler(handler: WindowOpenHandler): void {
    this.#windowOpenHandler = handler;
  }

  send(channel: string, ...args: unknown[]): void {
    // On a destroyed webContents the mainFrame getter throws (ELECTRON.md §2.4).
    const frame = this.mainFrame;
    if (this.#crashed || this.#currentDocument === null || frame.isDestroyed()) {
      // WebFrameMain.send catches and logs this rather than throwing (S lib/browser/api/web-frame-main.ts).
      console.error(
        'Error sending from webFrameMain: Error: Render frame was disposed before WebFrameMain could be accessed',
      );
      return;
    }
    try {
      serialize(args);
    } catch (error) {
      // Main → renderer: an uncloneable value is logged, not thrown (ELECTRON.md §9).
      console.error('Failed to serialize arguments', error);
      return;
    }
    assertCarried(args);
    post({ kind: 'contents.send', contentsId: this.id, channel, args: toChromium(args) as unknown[] });
  }

  toggleDevTools(): void {
    record({ type: 'lifecycle', event: 'toggle-devtools', at: Date.now() });
  }

  openDevTools(): void {
    this.toggleDevTools();
  }

  // Editing commands act on the page's focused element, as the same keys do natively (the double lets
  // those keys through to the page instead; see page-runtime.ts).
  undo(): void {}
  redo(): void {}
  cut(): void {}
  copy(): void {}
  paste(): void {}
  selectAll(): void {}

  /** Destroys the page (its window closed). Emits `destroyed` (docs/api/web-contents.md § Event: 'destroyed'). */
  destroyInternal(): void {
    if (this.#destroyed) return;
    this.#destroyed = true;
    this.#retire();
    // A destroyed page's load stops without finishing: ERR_FAILED (S web-contents.ts stopLoadingListener).
    this.#navigation?.reject(this.#loadError(-2, 'ERR_FAILED', this.#navigation.url));
    this.#navigation = null;
    this.#stopListening();
    all.delete(this.id);
    this.emit('destroyed', electronEvent(this));
  }

  #alive(): void {
    if (this.#destroyed) throw destroyedError();
  }

  #loadError(code: number, description: string, url: string): Error {
    // The loadURL promise's rejection (T "sets appropriate error information on rejection").
    return Object.assign(new Error(`${description} (${code}) loading '${url}'`), {
      errno: code,
      code: description,
      url,
    });
  }

  #navigate(url: string, reload: boolean): Promise<void> {
    let parsed: URL | null = null;
    try {
      parsed = new URL(url);
    } catch {
      parsed = null;
    }
    if (!parsed) {
      // An invalid URL fails synchronously from loadURL, with four arguments (ELECTRON.md §1.5).
      this.emit('did-fail-load', electronEvent(this), -300, 'ERR_INVALID_URL', url, true);
      const failed = Promise.reject(this.#loadError(-300, 'ERR_INVALID_URL', url));
      failed.catch(() => {});
      return failed;
    }
    // A newer navigation aborts the pending one's promise; it never committed, so no did-fail-* (§1.6).
    this.#navigation?.reject(this.#loadError(-3, 'ERR_ABORTED', this.#navigation.url));
    const id = nextNavigationId++;
    let settle: Pick<Navigation, 'resolve' | 'reject'> = { resolve: () => {}, reject: () => {} };
    const promise = new Promise<void>((resolve, reject) => {
      settle = { resolve, reject };
    });
    // A no-op catch is pre-attached: an ignored rejection is not an unhandled one (D § contents.loadURL).
    promise.catch(() => {});
    this.#navigation = { id, url, ...settle };
    // did-start-loading fires synchronously inside loadURL (T "fails if loadURL is called inside did-start-loading").
    this.#startNavigation(url);
    post({
      kind: 'contents.navigate',
      contentsId: this.id,
      navigationId: id,
      url: toChromiumUrl(url),
      reload,
    });
    return promise;
  }

  /** Loading starts, then the navigation (ELECTRON.md §1.3), whoever started it. */
  #startNavigation(url: string): void {
    this.#loading = true;
    this.emit('did-start-loading', electronEvent(this));
    this.emit(
      'did-start-navigation',
      navigationDetails(url, this.#frame, false),
      url,
      false,
      true,
      this.#frame.processId,
      this.#frame.routingId,
    );
  }

  /** The old document is gone: its frame is disposed and anything it still sends is stale. */
  #retire(): void {
    if (this.#currentDocument) this.#retiredDocuments.add(this.#currentDocument);
    this.#currentDocument = null;
    this.#frame.dispose();
  }

  /**
   * Binds a page runtime's document id to the current document the first time it is heard after a
   * commit; an id from an earlier document stays stale for good.
   */
  #documentOf(documentId: string): 'current' | 'stale' {
    if (this.#retiredDocuments.has(documentId)) return 'stale';
    if (this.#currentDocument === null && !this.#frame.isDestroyed()) this.#currentDocument = documentId;
    return this.#currentDocument === documentId ? 'current' : 'stale';
  }

  #onHost(message: HostToMain): void {
    switch (message.kind) {
      case 'page.navigationStarted': {
        // A navigation the page started: loading starts, then the navigation (ELECTRON.md §1.3).
        this.#startNavigation(fromChromiumUrl(message.url));
        return;
      }
      case 'page.navigatedInPage': {
        // Same document (a hash or history change): no new document, no did-navigate (ELECTRON.md §1.3 In-page).
        const url = fromChromiumUrl(message.url);
        this.emit(
          'did-start-navigation',
          navigationDetails(url, this.#frame, true),
          url,
          true,
          true,
          this.#frame.processId,
          this.#frame.routingId,
        );
        this.emit(
          'did-navigate-in-page',
          electronEvent(this),
          url,
          true,
          this.#frame.processId,
          this.#frame.routingId,
        );
        return;
      }
      case 'page.committed': {
        if (this.#navigation && this.#navigation.id !== message.navigationId) return;
        this.#retire();
        this.#frame = new WebFrameMain(fromChromiumUrl(message.url), nextProcessId++, 1);
        this.#url = fromChromiumUrl(message.url);
        const status = message.status;
        const statusText = status === 200 ? 'OK' : '';
        // did-frame-navigate → did-navigate, for the first load and every reload (ELECTRON.md §1.3–1.4).
        this.emit('did-frame-navigate', electronEvent(this), this.#url, status, statusText, true, 0, 1);
        this.emit('did-navigate', electronEvent(this), this.#url, status, statusText);
        lifecycle('did-navigate', { contentsId: this.id, url: this.#url });
        return;
      }
      case 'page.domContentLoaded':
        if (this.#navigation && this.#navigation.id !== message.navigationId) return;
        this.emit('dom-ready', electronEvent(this));
        return;
      case 'page.loaded': {
        if (this.#navigation && this.#navigation.id !== message.navigationId) return;
        // did-frame-finish-load, then did-finish-load (main frame), then did-stop-loading; the promise
        // resolves on did-finish-load while isLoading() is still true (ELECTRON.md §1.3, §1.6).
        this.emit('did-frame-finish-load', electronEvent(this), true, 0, 1);
        this.emit('did-finish-load', electronEvent(this));
        this.#navigation?.resolve();
        this.#navigation = null;
        // isLoading() is still true inside did-finish-load and the promise's callbacks (I #43370).
        setImmediate(() => {
          if (this.#destroyed) return;
          this.#loading = false;
          this.emit('did-stop-loading', electronEvent(this));
        });
        return;
      }
      case 'page.failed': {
        const navigation = this.#navigation;
        if (navigation && navigation.id !== message.navigationId) return;
        if (!navigation && message.navigationId === 0) {
          // A navigation the page started that never committed emits no did-fail-* (ELECTRON.md §1.5).
          this.#loading = false;
          this.emit('did-stop-loading', electronEvent(this));
          return;
        }
        const url = navigation?.url ?? this.#url;
        const args = [message.code, message.description, url, true, 0, 1] as const;
        this.emit('did-fail-provisional-load', electronEvent(this), ...args);
        // ERR_ABORTED emits only the provisional failure (S "Do not emit did-fail-load for canceled requests").
        if (message.code !== -3) this.emit('did-fail-load', electronEvent(this), ...args);
        navigation?.reject(this.#loadError(message.code, message.description, url));
        this.#navigation = null;
        this.#loading = false;
        this.emit('did-stop-loading', electronEvent(this));
        return;
      }
      case 'page.firstPaint':
        // ready-to-show follows the first non-empty layout of each main-frame document (ELECTRON.md §2.1).
        if (this.#documentOf(message.documentId) === 'current') this.emit('ready-to-show');
        return;
      case 'page.crashed': {
        this.#crashed = true;
        this.#retire();
        // The double cannot observe the renderer's real exit code; 11 is SIGSEGV's, a segfaulting renderer's.
        const details = { reason: 'crashed', exitCode: 11 };
        lifecycle('render-process-gone', { contentsId: this.id });
        // The app-level event fires before listeners on the webContents (ELECTRON.md §3).
        app.emit('render-process-gone', electronEvent(app), this, details);
        this.emit('render-process-gone', electronEvent(this), details);
        return;
      }
      case 'ipc.invoke':
        void this.#invoke(message.frame, message.channel, message.args, message.replyId);
        return;
      case 'page.windowOpen':
        this.#windowOpen(message.url, message.frameName, message.features);
        return;
      case 'page.willNavigate':
        // Renderer-initiated only; will-frame-navigate first, will-navigate for the main frame (ELECTRON.md §1.2).
        this.#askCancellable(message, (details, args) => {
          this.emit('will-frame-navigate', details, ...args);
          if (message.isMainFrame && !details.defaultPrevented) this.emit('will-navigate', details, ...args);
        });
        return;
      case 'page.willRedirect':
        // For every kind of navigation, cancellable; did-redirect-navigation follows when it goes on
        // (ELECTRON.md §1.2–1.3).
        this.#askCancellable(message, (details, args) => {
          this.emit('will-redirect', details, ...args);
          lifecycle('will-redirect', { url: details.url, prevented: details.defaultPrevented });
          if (!details.defaultPrevented) this.emit('did-redirect-navigation', details, ...args);
        });
        return;
      default:
    }
  }

  /** Emits a cancellable navigation event (details first, then the deprecated positionals) and answers whether it was prevented. */
  #askCancellable(
    message: { requestId: number; url: string; isMainFrame: boolean },
    emit: (details: ReturnType<typeof navigationDetails>, args: readonly unknown[]) => void,
  ): void {
    const url = fromChromiumUrl(message.url);
    const details = navigationDetails(url, this.#frame, false);
    emit(details, [url, false, message.isMainFrame, this.#frame.processId, this.#frame.routingId]);
    post({ kind: 'answer', requestId: message.requestId, value: details.defaultPrevented });
  }

  async #invoke(
    frameReport: FrameReport,
    channel: string,
    rawArgs: unknown[],
    replyId: number,
  ): Promise<void> {
    const documentState = this.#documentOf(frameReport.documentId);
    const frame = this.#frame;
    // Sent while its document ran unload handlers (docs/api/web-frame-main.md § frame.detached).
    if (frameReport.detached && documentState === 'current') frame.detached = true;
    const args = fromChromium(rawArgs) as unknown[];
    const event = {
      type: 'frame' as const,
      sender: this,
      processId: frame.processId,
      frameId: frame.routingId,
      // A lazy getter: null once the document is gone, with Electron's warning (ELECTRON.md §5).
      get senderFrame(): WebFrameMain | null {
        if (documentState === 'stale' || frame.isDestroyed()) {
          console.warn(
            'Frame property was accessed after it navigated or was destroyed. Avoid asynchronous tasks prior to indexing.',
          );
          return null;
        }
        return frameReport.isMainFrame ? frame : null;
      },
    };
    let answer = await ipcMain.invokeHandler(event, channel, args);
    if ('result' in answer) {
      try {
        assertCarried(answer.result);
      } catch (error) {
        answer = { error: String(error) };
      }
    }
    // The reply goes to the document that asked; a reloaded or crashed page's replies are dropped
    // silently (ELECTRON.md §2.4): the host resolves the binding with nothing anyone reads.
    const stillThere = !this.#destroyed && this.#documentOf(frameReport.documentId) === 'current';
    if (!stillThere) post({ kind: 'invoke.reply', replyId, dropped: true });
    else if ('error' in answer) post({ kind: 'invoke.reply', replyId, error: answer.error });
    else post({ kind: 'invoke.reply', replyId, result: toChromium(answer.result) });
  }

  #windowOpen(chromiumUrl: string, frameName: string, features: string): void {
    const url = fromChromiumUrl(chromiumUrl);
    let response: unknown = { action: 'allow' };
    if (this.#windowOpenHandler) {
      response = this.#windowOpenHandler({
        url,
        frameName,
        features,
        disposition: 'new-window',
        referrer: { url: '', policy: 'strict-origin-when-cross-origin' },
      });
    }
    const action =
      response && typeof response === 'object' ? (response as { action?: unknown }).action : undefined;
    if (action !== 'allow' && action !== 'deny') {
      // An unrecognised answer is a console error and a deny (docs/api/web-contents.md § setWindowOpenHandler).
      console.error(
        'The window open handler response must be an object with an "action" property of "allow" or "deny".',
      );
      return;
    }
    // The double answers window.open with null at once (page-runtime.ts) and opens no child window, so
    // the handler's answer is recorded for the test to check. The app denies every popup; the smoke
    // test covers real Electron.
    lifecycle('window-open', { url, action });
  }
}
