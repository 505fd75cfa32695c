// The renderer side of the Electron double, in the test process: every BrowserWindow main creates is a
// Chromium page here, loaded, reloaded, crashed and closed when main says so, and every page event
// Electron would report (commit, DOMContentLoaded, load, first paint, crash, IPC, menu keys,
// permission prompts, navigation attempts) is reported back to main over the child's IPC channel.
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page, Request, Route } from '@playwright/test';
import type { DoubleRecord, HostToMain, MainToHost } from './link-messages.ts';
import { type PageRuntimeConfig, pageRuntime } from './page-runtime.ts';

const BINDING = '__gsElectron';
/** The loopback stand-in origins of the app scheme (see electron-double/scheme-bridge.ts). */
const STAND_IN = /^http:\/\/[a-z0-9-]+\.[a-z][a-z0-9+.-]*\.localhost:\d+\//i;

/** Chromium's net error names → codes (net/base/net_error_list.h), for did-fail-load. */
const NET_ERRORS: Record<string, number> = {
  ERR_ABORTED: -3,
  ERR_FAILED: -2,
  ERR_FILE_NOT_FOUND: -6,
  ERR_UNEXPECTED: -9,
  ERR_CONNECTION_REFUSED: -102,
  ERR_CONNECTION_RESET: -101,
  ERR_EMPTY_RESPONSE: -324,
  ERR_INVALID_URL: -300,
  ERR_UNKNOWN_URL_SCHEME: -302,
  ERR_NAME_NOT_RESOLVED: -105,
};

export interface DesktopWindow {
  readonly windowId: number;
  readonly contentsId: number;
  /** The Chromium page showing this window now (a new one after a renderer crash and reload). */
  readonly page: Page;
  readonly title: string;
  readonly visible: boolean;
  readonly closed: boolean;
  /** The user clicks the window's close button. */
  close(): void;
  /** The renderer process dies (as `forcefullyCrashRenderer` or an OS kill would). */
  crash(): Promise<void>;
  /** Waits for the window's page to show a document again (after a crash and a reload). */
  waitForDocument(): Promise<Page>;
  /** Drops files from the OS onto an element: real Files whose paths webUtils.getPathForFile knows. */
  dropFiles(selector: string, files: Array<{ path: string; type: string }>): Promise<void>;
}

interface WindowState {
  windowId: number;
  contentsId: number;
  title: string;
  visible: boolean;
  closed: boolean;
  page: Page | null;
  /** Serialises what main asks of this window, in the order it asked. */
  queue: Promise<void>;
  navigationId: number;
  hostNavigation: string | null;
  lastUrl: string;
  lastStatus: number;
  crashed: boolean;
  /** A main-frame request for a new document is under way (so the next commit is a new document). */
  documentPending: boolean;
  preload: string | null;
  contextIsolation: boolean;
  /** Targets of redirects main allowed: their requests continue a navigation. */
  redirectHops: Set<string>;
  documentWaiters: Array<(page: Page) => void>;
  handle: DesktopWindow;
}

/**
 * One IPC message between a page and main, as it crossed (after the structured clone): what the page
 * invoked, what main answered (a result or an error), and what main sent to the page. For secret scans.
 */
export interface IpcCrossing {
  direction: 'renderer→main' | 'main→renderer';
  kind: 'invoke' | 'reply' | 'send';
  channel: string;
  payload: unknown;
}

export interface RendererHostOptions {
  context: BrowserContext;
  child: ChildProcess;
  platform: NodeJS.Platform;
  viewport: { width: number; height: number };
  onRecord(entry: DoubleRecord): void;
  /** Every IPC message, both ways (the double carries them all through this host). */
  onIpc?(crossing: IpcCrossing): void;
  onPage?: (page: Page) => Promise<void>;
  /** Native dialogs: what the "user" picks. */
  answerDialog(type: 'dialog.open' | 'dialog.save' | 'dialog.messageBox', options: unknown): unknown;
}

export interface RendererHost {
  windows(): DesktopWindow[];
  nextWindow(): Promise<DesktopWindow>;
  send(message: HostToMain): void;
  close(): Promise<void>;
}

export function createRendererHost(options: RendererHostOptions): RendererHost {
  const { context, child } = options;
  const windows = new Map<number, WindowState>();
  const windowWaiters: Array<(window: DesktopWindow) => void> = [];
  const pendingReplies = new Map<
    number,
    (reply: { result?: unknown; error?: string; dropped?: boolean }) => void
  >();
  const pendingAnswers = new Map<number, (value: unknown) => void>();
  let accelerators: string[] = [];
  /** Pages this host is opening: any other new page in the context is a popup the page opened. */
  let ownPagesExpected = 0;
  const pageStates = new Map<Page, WindowState>();
  /** Electron URL patterns (`http://localhost:5173/*`) as regular expressions. */
  let headerFilters: RegExp[] = [];
  let nextReplyId = 1;
  let nextRequestId = 1;

  // A new page the host did not open is a popup (a target=_blank link, a form target): Electron asks
  // the window-open handler, and the double then closes the tab (it opens no child windows).
  context.on('page', (popup) => {
    if (ownPagesExpected > 0) {
      ownPagesExpected--;
      return;
    }
    void (async () => {
      const request = await popup
        .waitForEvent('request', { predicate: (r) => r.isNavigationRequest(), timeout: 2_000 })
        .catch(() => null);
      const opener = await popup.opener().catch(() => null);
      const state = (opener && pageStates.get(opener)) ?? [...windows.values()].find((w) => !w.closed);
      await popup.close().catch(() => {});
      if (!state) return;
      send({
        kind: 'page.windowOpen',
        contentsId: state.contentsId,
        url: request?.url() ?? popup.url(),
        frameName: '',
        features: '',
      });
    })();
  });

  // `connected` can still be true while main is exiting: the write then fails (EPIPE) after the call.
  // Without a callback Node emits that as an 'error' on the child, unhandled, failing whichever test
  // runs; a message main can no longer read is dropped (a page's late request at a test's end).
  const send = (message: HostToMain) => {
    if (child.connected) child.send(message, (error) => void error);
  };
  const askMain = (build: (requestId: number) => HostToMain): Promise<unknown> => {
    const requestId = nextRequestId++;
    return new Promise((resolve) => {
      pendingAnswers.set(requestId, resolve);
      send(build(requestId));
    });
  };
  const byContents = (contentsId: number) => [...windows.values()].find((w) => w.contentsId === contentsId);

  /** The preload main named in webPreferences, or null (none, or a path that cannot be read). */
  function preloadOf(state: WindowState): string | null {
    if (!state.preload) return null;
    try {
      return readFileSync(state.preload, 'utf8');
    } catch (error) {
      // Electron logs this in the page and loads it without the preload.
      options.onRecord({
        type: 'console',
        level: 'error',
        text: `Unable to load preload script: ${state.preload} (${String(error)})`,
      });
      return null;
    }
  }

  function initScript(state: WindowState): string {
    const config: PageRuntimeConfig = {
      binding: BINDING,
      accelerators,
      platform: options.platform,
      contextIsolation: state.contextIsolation,
    };
    const preloadSource = preloadOf(state);
    const preload =
      preloadSource === null ? 'null' : `function (require, module, exports, process) {\n${preloadSource}\n}`;
    // A string, not a function: the preload's source is spliced in as a function body, which a page
    // with a strict CSP could not build itself (no eval).
    // Under tsx (benches) esbuild's keepNames wraps functions in `__name(…)`, which the page lacks.
    return `globalThis.__name ??= (fn) => fn;\n(${pageRuntime.toString()})(${JSON.stringify(config)}, ${preload});`;
  }

  async function openPage(state: WindowState): Promise<Page> {
    ownPagesExpected++;
    const page = await context.newPage();
    pageStates.set(page, state);
    await page.setViewportSize(options.viewport);
    await page.exposeBinding(BINDING, (source, message: Record<string, unknown>) =>
      fromPage(state, source.frame === page.mainFrame(), message),
    );
    await page.addInitScript({ content: initScript(state) });
    await options.onPage?.(page);
    // Requests for anything but our own origin: navigations the page starts are put to main's
    // will-navigate, and responses main filters (webRequest.onHeadersReceived) are shown to it first.
    await page.route(
      (url) => !STAND_IN.test(url.href),
      (route) => void offOrigin(state, page, route),
    );
    page.on('request', (request) => {
      if (!request.isNavigationRequest() || request.frame() !== page.mainFrame() || state.page !== page)
        return;
      // Only a navigation to a new document makes a request; hash and history changes do not.
      state.documentPending = true;
      const continuing = state.redirectHops.has(request.url());
      const hostStarted = state.hostNavigation !== null && request.url() === state.hostNavigation;
      if (!hostStarted && !continuing) {
        send({ kind: 'page.navigationStarted', contentsId: state.contentsId, url: request.url() });
      }
    });
    page.on('requestfailed', (request) => {
      // A navigation the page started that did not commit (will-navigate stopped it) ends its loading.
      if (!request.isNavigationRequest() || request.frame() !== page.mainFrame() || state.page !== page)
        return;
      if (state.hostNavigation !== null) return;
      state.documentPending = false;
      send({
        kind: 'page.failed',
        contentsId: state.contentsId,
        navigationId: 0,
        code: -3,
        description: 'ERR_ABORTED',
      });
    });
    page.on('response', (response) => {
      if (response.request().isNavigationRequest() && response.frame() === page.mainFrame())
        state.lastStatus = response.status();
    });
    page.on('framenavigated', (frame) => {
      if (frame !== page.mainFrame() || state.page !== page) return;
      const url = frame.url();
      // Chromium's error page for a failed load is no document of the app's: the failure is reported.
      if (url.startsWith('chrome-error:')) return;
      if (!state.documentPending) {
        send({ kind: 'page.navigatedInPage', contentsId: state.contentsId, url });
        return;
      }
      state.documentPending = false;
      state.hostNavigation = null;
      state.lastUrl = url;
      send({
        kind: 'page.committed',
        contentsId: state.contentsId,
        navigationId: state.navigationId,
        url,
        status: state.lastStatus,
      });
    });
    page.on('domcontentloaded', () => {
      if (state.page === page)
        send({
          kind: 'page.domContentLoaded',
          contentsId: state.contentsId,
          navigationId: state.navigationId,
        });
    });
    page.on('load', () => {
      if (state.page !== page) return;
      send({ kind: 'page.loaded', contentsId: state.contentsId, navigationId: state.navigationId });
      for (const waiter of state.documentWaiters.splice(0)) waiter(page);
    });
    page.on('crash', () => {
      if (state.page !== page) return;
      state.crashed = true;
      send({ kind: 'page.crashed', contentsId: state.contentsId });
    });
    page.on('console', (message) => {
      const level = message.type();
      if (level === 'error' || level === 'warning')
        options.onRecord({
          type: 'console',
          level: level === 'error' ? 'error' : 'warn',
          text: message.text(),
        });
    });
    page.on('pageerror', (error) =>
      options.onRecord({ type: 'console', level: 'error', text: error.message }),
    );
    state.page = page;
    return page;
  }

  async function offOrigin(state: WindowState, page: Page, route: Route): Promise<void> {
    const request: Request = route.request();
    const isMainFrame = request.frame() === page.mainFrame();
    const ask = (kind: 'page.willNavigate' | 'page.willRedirect', url: string) =>
      askMain((requestId) => ({ kind, requestId, contentsId: state.contentsId, url, isMainFrame }));
    const navigation = request.isNavigationRequest();
    // The next hop of a redirect main let through is the same navigation, not a new one.
    const continuing = state.redirectHops.delete(request.url());
    const isHostNavigation = state.hostNavigation !== null && request.url() === state.hostNavigation;
    if (navigation && !isHostNavigation && !continuing && (await ask('page.willNavigate', request.url()))) {
      await route.abort('aborted').catch(() => {});
      return;
    }
    const filtered = headerFilters.some((pattern) => pattern.test(request.url()));
    if (!navigation && !filtered) {
      await route.continue().catch(() => {});
      return;
    }
    // Redirects of a navigation are put to main's will-redirect before Chromium follows them.
    const response = await route.fetch({ maxRedirects: 0 }).catch(() => null);
    if (!response) {
      await route.abort('failed').catch(() => {});
      return;
    }
    const location = response.headers().location;
    if (navigation && location && response.status() >= 300 && response.status() < 400) {
      const target = new URL(location, request.url()).href;
      if (await ask('page.willRedirect', target)) {
        await route.abort('aborted').catch(() => {});
        return;
      }
      state.redirectHops.add(target);
    }
    if (!filtered) {
      await route.fulfill({ response }).catch(() => {});
      return;
    }
    const responseHeaders: Record<string, string[]> = {};
    for (const { name, value } of response.headersArray()) {
      responseHeaders[name] = [...(responseHeaders[name] ?? []), value];
    }
    const answer = (await askMain((requestId) => ({
      kind: 'page.headersReceived',
      requestId,
      contentsId: state.contentsId,
      url: request.url(),
      resourceType: navigation ? 'mainFrame' : request.resourceType(),
      statusCode: response.status(),
      responseHeaders,
    }))) as { cancel?: boolean; responseHeaders?: Record<string, string[]> };
    if (answer.cancel) {
      await route.abort('blockedbyclient').catch(() => {});
      return;
    }
    const headers: Record<string, string> = {};
    for (const [name, values] of Object.entries(answer.responseHeaders ?? responseHeaders)) {
      headers[name] = values.join(', ');
    }
    await route.fulfill({ response, headers }).catch(() => {});
  }

  async function fromPage(
    state: WindowState,
    isMainFrame: boolean,
    message: Record<string, unknown>,
  ): Promise<unknown> {
    switch (message.kind) {
      case 'invoke': {
        const replyId = nextReplyId++;
        const reply = new Promise<{ result?: unknown; error?: string; dropped?: boolean }>((resolve) =>
          pendingReplies.set(replyId, resolve),
        );
        const frame = { ...(message.frame as object), isMainFrame } as Extract<
          HostToMain,
          { kind: 'ipc.invoke' }
        >['frame'];
        const channel = String(message.channel);
        options.onIpc?.({ direction: 'renderer→main', kind: 'invoke', channel, payload: message.args });
        send({
          kind: 'ipc.invoke',
          contentsId: state.contentsId,
          frame,
          channel,
          args: message.args as unknown[],
          replyId,
        });
        const answer = await reply;
        if (answer.dropped) return { dropped: true };
        options.onIpc?.({ direction: 'main→renderer', kind: 'reply', channel, payload: answer });
        return 'error' in answer ? { error: answer.error } : { result: answer.result };
      }
      case 'firstPaint':
        send({
          kind: 'page.firstPaint',
          contentsId: state.contentsId,
          documentId: String(message.documentId),
        });
        return null;
      case 'accelerator':
        send({
          kind: 'ipc.accelerator',
          contentsId: state.contentsId,
          accelerator: String(message.accelerator),
        });
        return null;
      case 'permission': {
        const granted = await askMain((requestId) => ({
          kind: 'page.permission',
          requestId,
          contentsId: state.contentsId,
          report: message.report as Extract<HostToMain, { kind: 'page.permission' }>['report'],
        }));
        return granted === true;
      }
      case 'windowOpen':
        send({
          kind: 'page.windowOpen',
          contentsId: state.contentsId,
          url: String(message.url),
          frameName: String(message.frameName),
          features: String(message.features),
        });
        return null;
      default:
        return null;
    }
  }

  /**
   * Closes a window's page. As the user's close, the page's beforeunload and unload handlers run first
   * and main hears when the page is gone; a beforeunload that asks to stay cancels the close, as
   * Electron cancels it when nothing handles will-prevent-unload (docs/api/web-contents.md).
   */
  async function closePage(state: WindowState, runUnload: boolean): Promise<void> {
    const page = state.page;
    if (!runUnload || !page || state.crashed || page.isClosed()) {
      state.closed = true;
      state.visible = false;
      await page?.close().catch(() => {});
      if (runUnload) send({ kind: 'page.closed', contentsId: state.contentsId });
      return;
    }
    const outcome = await new Promise<'closed' | 'stayed'>((resolve) => {
      page.once('close', () => resolve('closed'));
      page.once('dialog', (dialog) => {
        if (dialog.type() !== 'beforeunload') return;
        void dialog.dismiss().catch(() => {});
        resolve('stayed');
      });
      void page.close({ runBeforeUnload: true }).catch(() => resolve('closed'));
    });
    if (outcome === 'stayed') {
      send({ kind: 'page.closeCancelled', contentsId: state.contentsId });
      return;
    }
    state.closed = true;
    state.visible = false;
    send({ kind: 'page.closed', contentsId: state.contentsId });
  }

  /** Runs what main asked of a window after everything it asked before. */
  const enqueue = (state: WindowState, work: () => Promise<void>) => {
    state.queue = state.queue.then(work).catch((error: unknown) => {
      if (!state.closed)
        options.onRecord({ type: 'console', level: 'error', text: `renderer host: ${String(error)}` });
    });
  };

  async function navigate(
    state: WindowState,
    navigationId: number,
    url: string,
    reload: boolean,
  ): Promise<void> {
    // A crashed tab cannot be driven again through Playwright: the reload happens in a fresh page, as
    // Electron reloads a crashed webContents in a new renderer process (docs § forcefullyCrashRenderer).
    if (state.crashed || !state.page) {
      const old = state.page;
      state.crashed = false;
      await openPage(state);
      await old?.close().catch(() => {});
    }
    const page = state.page as Page;
    state.navigationId = navigationId;
    state.hostNavigation = url;
    const going =
      reload && page.url() === url
        ? page.reload({ waitUntil: 'commit' })
        : page.goto(url, { waitUntil: 'commit' });
    // Only the start is awaited here: later navigations must not wait for this page's load.
    void going.catch((error: Error) => {
      if (state.closed || state.page !== page || state.navigationId !== navigationId) return;
      const name = /net::(ERR_[A-Z_]+)/.exec(error.message)?.[1] ?? 'ERR_FAILED';
      send({
        kind: 'page.failed',
        contentsId: state.contentsId,
        navigationId,
        code: NET_ERRORS[name] ?? -2,
        description: name,
      });
    });
  }

  function handleFor(state: WindowState): DesktopWindow {
    return {
      windowId: state.windowId,
      contentsId: state.contentsId,
      get page() {
        if (!state.page) throw new Error(`window ${state.windowId} has no page yet`);
        return state.page;
      },
      get title() {
        return state.title;
      },
      get visible() {
        return state.visible;
      },
      get closed() {
        return state.closed;
      },
      close: () => send({ kind: 'user.closeWindow', windowId: state.windowId }),
      async crash() {
        const page = state.page as Page;
        const crashed = new Promise<void>((resolve) => page.once('crash', () => resolve()));
        const cdp = await context.newCDPSession(page);
        void cdp.send('Page.crash').catch(() => {});
        await crashed;
      },
      waitForDocument: () =>
        new Promise<Page>((resolve) => {
          state.documentWaiters.push(resolve);
        }),
      async dropFiles(selector, files) {
        const page = state.page as Page;
        const items = files.map((file) => ({
          path: file.path,
          name: file.path.split(/[\\/]/).pop() ?? 'file',
          type: file.type,
          base64: readFileSync(file.path).toString('base64'),
        }));
        const dataTransfer = await page.evaluateHandle((list) => {
          const transfer = new DataTransfer();
          const register = (window as unknown as { __gsDoubleRegisterPath(f: File, p: string): void })
            .__gsDoubleRegisterPath;
          list.forEach((item, index) => {
            // A plain loop: `Uint8Array.from(text, map)` makes a one-character string per byte.
            const binary = atob(item.base64);
            const bytes = new Uint8Array(binary.length);
            for (let at = 0; at < binary.length; at++) bytes[at] = binary.charCodeAt(at);
            const file = new File([bytes], item.name, { type: item.type, lastModified: Date.now() - index });
            register(file, item.path);
            transfer.items.add(file);
          });
          return transfer;
        }, items);
        const target = page.locator(selector).first();
        for (const type of ['dragenter', 'dragover', 'drop'])
          await target.dispatchEvent(type, { dataTransfer });
      },
    };
  }

  child.on('message', (raw) => {
    const message = raw as MainToHost;
    switch (message.kind) {
      case 'window.create': {
        const state: WindowState = {
          windowId: message.windowId,
          contentsId: message.contentsId,
          title: message.title,
          visible: message.show,
          closed: false,
          page: null,
          queue: Promise.resolve(),
          navigationId: 0,
          hostNavigation: null,
          lastUrl: 'about:blank',
          lastStatus: -1,
          crashed: false,
          documentPending: false,
          preload: message.preload,
          contextIsolation: message.contextIsolation,
          redirectHops: new Set(),
          documentWaiters: [],
          handle: undefined as unknown as DesktopWindow,
        };
        state.handle = handleFor(state);
        accelerators = message.accelerators;
        windows.set(message.windowId, state);
        enqueue(state, async () => {
          await openPage(state);
          for (const waiter of windowWaiters.splice(0)) waiter(state.handle);
        });
        return;
      }
      case 'window.show': {
        const state = windows.get(message.windowId);
        if (state) state.visible = true;
        return;
      }
      case 'window.focus': {
        const state = windows.get(message.windowId);
        if (state) enqueue(state, async () => void (await state.page?.bringToFront()));
        return;
      }
      case 'window.destroy': {
        const state = windows.get(message.windowId);
        if (!state) return;
        enqueue(state, () => closePage(state, message.runUnload));
        return;
      }
      case 'contents.navigate': {
        const state = byContents(message.contentsId);
        if (state) enqueue(state, () => navigate(state, message.navigationId, message.url, message.reload));
        return;
      }
      case 'contents.send': {
        const state = byContents(message.contentsId);
        if (!state) return;
        options.onIpc?.({
          direction: 'main→renderer',
          kind: 'send',
          channel: message.channel,
          payload: message.args,
        });
        enqueue(state, async () => {
          const page = state.page;
          if (!page || state.crashed || page.isClosed()) return;
          await page
            .evaluate(
              ([channel, args]) =>
                (window as unknown as { __gsDoubleDeliver(c: string, a: unknown[]): void }).__gsDoubleDeliver(
                  channel,
                  args,
                ),
              [message.channel, message.args] as const,
            )
            .catch(() => {});
        });
        return;
      }
      case 'contents.crash': {
        const state = byContents(message.contentsId);
        if (state) enqueue(state, () => state.handle.crash());
        return;
      }
      case 'menu.accelerators': {
        accelerators = message.accelerators;
        for (const state of windows.values()) {
          void state.page
            ?.evaluate(
              (list) =>
                (
                  window as unknown as { __gsDoubleSetAccelerators(l: string[]): void }
                ).__gsDoubleSetAccelerators(list),
              accelerators,
            )
            .catch(() => {});
        }
        return;
      }
      case 'webRequest.filters':
        headerFilters = message.urls.map((pattern) =>
          pattern === '<all_urls>'
            ? /^/
            : new RegExp(
                `^${pattern
                  .split('*')
                  .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
                  .join('.*')}$`,
              ),
        );
        return;
      case 'invoke.reply': {
        const { replyId, ...reply } = message;
        pendingReplies.get(replyId)?.(reply);
        pendingReplies.delete(replyId);
        return;
      }
      case 'answer':
        pendingAnswers.get(message.requestId)?.(message.value);
        pendingAnswers.delete(message.requestId);
        return;
      case 'request':
        send({
          kind: 'answer',
          requestId: message.requestId,
          value: options.answerDialog(message.what.type, message.what.options),
        });
        return;
      case 'record':
        options.onRecord(message.entry);
        return;
      default:
    }
  });

  return {
    windows: () => [...windows.values()].map((state) => state.handle),
    nextWindow: () => new Promise((resolve) => windowWaiters.push(resolve)),
    send,
    async close() {
      for (const state of windows.values()) state.closed = true;
      for (const resolve of pendingReplies.values()) resolve({ dropped: true });
      await context.close().catch(() => {});
    },
  };
}
