// Starts Gateway Studio for a page: the REAL main-side IPC layer (`createIpcLayer`) built in this Node
// process with test dependencies (a fresh temp data folder, a test secret box, recorded dialogs), the
// built renderer served on 127.0.0.1, and a test bridge on `window.gatewayStudio` that forwards every
// call to `layer.dispatch` — the same path the preload and ipcMain take in Electron. Everything the
// bridge carried back is recorded for key-leak scans.
//
// The e2e fixtures (harness.ts) and the benches (bench/support/app-page.ts) both start the app here; it
// needs no test runner, so a bench can drive its own browser with it.

import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Frame, type Page } from '@playwright/test';
import { createAppFetch } from '../../src-main/app-fetch.ts';
import { APP_ORIGIN, MEDIA_ROUTE } from '../../src-main/app-origin.ts';
import { createIpcLayer } from '../../src-main/ipc/index.ts';
import type {
  Dialogs,
  IpcLayer,
  OpenDialogRequest,
  SaveDialogRequest,
  SenderInfo,
} from '../../src-main/ipc/types.ts';
import { createImageAttachments } from '../../src-main/services/image-attachments.ts';
import { createMediaGrants } from '../../src-main/services/media-grants.ts';
import type { SecretBackend } from '../../src-main/services/secret-box.ts';
import {
  BRIDGE_KEY,
  type EventName,
  type MethodInput,
  type MethodName,
  type MethodOutput,
  type ProfileFields,
  type ProfileView,
  type Result,
} from '../../src-preload/contract.ts';
import { createConfSettingsStore } from '../support/conf-store.ts';
import { createTestSecretBox, type TestSecretBox } from '../support/test-secret-box.ts';
import { DELIVER_FUNCTION, INVOKE_BINDING, installPageBridge } from './page-bridge.ts';
import { RENDERER_BUILD_DIR } from './paths.ts';
import { saveScreenshot } from './screenshots.ts';
import { rememberSecrets, scanStoppingApp } from './secret-scan-record.ts';
import { type StaticServer, startStaticServer } from './static-server.ts';
import { rewriteStrings, unwrapBytes, wrapBytes } from './wire-codec.ts';

export interface StartOptions {
  /** Pre-create a profile (made active) pointing at this gateway, before the page loads. */
  gateway?: { baseUrl: string; apiKey?: string };
  /** Overrides for that profile's fields (name, headers, upload limit, …). */
  profile?: Partial<ProfileFields>;
  /** What the test secret box claims to be (default `os`). */
  secretBackend?: SecretBackend;
  /** With `basic_text`: the user already agreed to store keys obfuscated. */
  plaintextConsent?: boolean;
  /** Stream batching interval handed to the layer (default 16 ms, so tests see batches quickly). */
  batchIntervalMs?: number;
  /** The OS's preferred languages as Electron would report them (default `['en-US']`). */
  systemLanguages?: string[];
  /** Wait for the first screen (welcome, or shell with its panel) before returning (default true). */
  waitForReady?: boolean;
  /** Runs on the fresh data folder before main starts (e.g. to plant a corrupt settings file). */
  prepareDataDir?: (dataDir: string) => void;
  /**
   * A restart: the data folder and the keychain of an app that has quit (`RunningApp.quit`). The folder
   * stays the first app's to delete.
   */
  restartOf?: RunningApp;
}

/** One bridge crossing, as the page received it (the JSON text), for leak scans and debugging. */
export interface Crossing {
  kind: 'result' | 'event';
  name: string;
  json: string;
}

export interface RecordedDialogs {
  saves: SaveDialogRequest[];
  opens: OpenDialogRequest[];
  /** What the next open dialogs answer, in order; an empty queue answers "cancelled". */
  queueOpen(paths: string[] | null): void;
  /** What the next save dialog answers; by default a fresh path under `<dataDir>/exports/`. */
  queueSave(path: string | null): void;
}

export interface RunningApp {
  page: Page;
  /** The harness origin the page is served from, e.g. `http://127.0.0.1:43121`. */
  origin: string;
  dataDir: string;
  /** `<dataDir>/media`: files here are served at `${origin}/media/<name>`. */
  mediaDir: string;
  layer: IpcLayer;
  secretBox: TestSecretBox;
  /** The pre-created profile, when `gateway` was given. */
  profile: ProfileView | null;
  dialogs: RecordedDialogs;
  /** URLs the app asked to open in the system browser. */
  openedExternal: string[];
  /** Every result and event the bridge carried to the page. */
  crossings: Crossing[];
  /** Uncaught page errors and console errors (CSP violations land here too). */
  consoleErrors: string[];
  /** Calls main directly (as the page would), bypassing the UI; not recorded as page traffic. */
  call<M extends MethodName>(method: M, input: MethodInput<M>): Promise<Result<MethodOutput<M>>>;
  /** `call`, throwing unless it succeeds. */
  ok<M extends MethodName>(method: M, input: MethodInput<M>): Promise<MethodOutput<M>>;
  mediaUrl(fileName: string): string;
  /** Reloads the page (the main side, like the app's main process, keeps running). */
  reload(): Promise<void>;
  /** Asserts the key appears nowhere the renderer could see it: bridge traffic, DOM, input values, storage. */
  expectNoKeyLeak(key: string): Promise<void>;
  /** Saves `test-results/screenshots/<name>.png` and returns its path. */
  screenshot(name: string, options?: { fullPage?: boolean }): Promise<string>;
  /**
   * Ends the main side as a quit of the app would (its streams aborted mid-request) and leaves the data
   * folder in place, for a restart (`StartOptions.restartOf`).
   */
  quit(): Promise<void>;
}

export interface LaunchedApp {
  app: RunningApp;
  /** Ends the main side (aborting its streams), stops the server and deletes the data folder. */
  stop(): Promise<void>;
}

/** Starts the app in `page`: main side, server, bridge, then the first screen (unless told not to wait). */
export async function launchApp(firstPage: Page, options: StartOptions = {}): Promise<LaunchedApp> {
  // A restart opens a new window: the page of the app that quit keeps its bindings to the old main side.
  let page = firstPage;
  if (options.restartOf) {
    page = await firstPage.context().newPage();
    await options.restartOf.page.close();
  }
  const dataDir = options.restartOf?.dataDir ?? mkdtempSync(join(tmpdir(), 'gs-e2e-'));
  const mediaDir = join(dataDir, 'media');
  mkdirSync(mediaDir, { recursive: true });
  const mediaGrants = createMediaGrants(dataDir);
  const server: StaticServer = await startStaticServer({
    rendererDir: RENDERER_BUILD_DIR,
    mediaDir,
    grants: mediaGrants,
    attachments: createImageAttachments(dataDir),
  });
  const { origin } = server;
  const appUrl = `${origin}/index.html`;

  const crossings: Crossing[] = [];
  const openedExternal: string[] = [];
  const dialogs = createRecordedDialogs(dataDir);
  // Remembers what main encrypts: the secrets the run's secret scan looks for (secret-scan-record.ts).
  const secretBox = rememberSecrets(
    options.restartOf?.secretBox ?? createTestSecretBox(options.secretBackend ?? 'os'),
  );
  options.prepareDataDir?.(dataDir);
  const consoleErrors: string[] = [];
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });

  // Main hands out media as `app://gateway-studio/media/…`; in the browser the same files are served by
  // the harness, so those URLs are rewritten on the way to the page, as the app protocol would serve them.
  const toPage = (value: unknown) =>
    JSON.stringify(wrapBytes(rewriteStrings(value, `${APP_ORIGIN}${MEDIA_ROUTE}`, `${origin}/media/`)));

  // Events reach the page in the order main emitted them, without main waiting for the page: Electron's
  // `webContents.send` queues a message and returns (docs/api/web-contents.md, "contents.send"). Each
  // round trip to this page is a Playwright call, slow on a busy machine, so what was emitted while one
  // was under way goes over in the next one, together: one call per event fell seconds behind a
  // streamed reply (16 ms batches) when the machine was loaded. Together up to a size (see
  // `takeDeliveryChunk`), though: the page receives a call in one task, and Electron never sends one
  // message of hundreds of events.
  let queued: Array<readonly [EventName, string]> = [];
  let delivery = Promise.resolve();
  let closed = false;
  const deliverQueued = async () => {
    while (queued.length > 0 && !closed && !page.isClosed()) {
      const batch = takeDeliveryChunk(queued);
      queued = queued.slice(batch.length);
      await page
        .evaluate(
          ([fn, events]) =>
            new Promise<void>((resolve) => {
              const deliver = (window as never as Record<string, (e: string, j: string) => void>)[fn];
              // Each event in a task of its own, as in Electron: it emits each IPC message with a
              // `v8::MicrotasksScope` that runs the microtasks on leaving (EmitIPCEvent in
              // shell/renderer/electron_api_service_impl.cc), so React's render of one stream batch runs
              // before the next batch arrives. Delivered in one go, two batches would render as one.
              const channel = new MessageChannel();
              let next = 0;
              channel.port1.onmessage = () => {
                const [name, body] = events[next++]!;
                try {
                  deliver?.(name, body);
                } finally {
                  if (next === events.length) {
                    channel.port1.close();
                    resolve();
                  }
                }
              };
              for (const _ of events) channel.port2.postMessage(null);
            }),
          [DELIVER_FUNCTION, batch] as const,
        )
        .catch(() => {});
    }
    queued = [];
  };
  const layer = createIpcLayer({
    dataDir,
    secretBox,
    createSettingsStore: createConfSettingsStore,
    fetch: createAppFetch(),
    dialogs: dialogs.dialogs,
    mediaGrants,
    openExternal: async (url) => {
      openedExternal.push(url);
    },
    emit: (_ownerId, event: EventName, payload) => {
      const json = toPage(payload);
      crossings.push({ kind: 'event', name: event, json });
      if (closed) return;
      queued.push([event, json]);
      // A delivery under way takes this event in its next round; otherwise one starts.
      if (queued.length === 1) delivery = delivery.then(deliverQueued);
    },
    isAppUrl: (url) => url.startsWith(`${origin}/`) && !url.startsWith(`${origin}/media/`),
    appInfo: {
      name: 'Gateway Studio',
      version: '0.0.0-e2e',
      platform: process.platform,
      systemLanguages: options.systemLanguages ?? ['en-US'],
    },
    batchIntervalMs: options.batchIntervalMs ?? 16,
  });

  const mainSender: SenderInfo = { ownerId: 1, knownWindow: true, topFrame: true, url: appUrl };
  // A direct call that names a file stands for the page after the user dropped it. In the app the preload
  // registers a dropped file's path with main before the page can name it (issue 14, item 16); this
  // harness has no preload (its drops travel as bytes), so the paths a direct call names are registered
  // here first, as the preload would. The page's own calls, through the bridge below, are not.
  const registerNamedPaths = (input: unknown) => {
    const named = (input ?? {}) as { paths?: unknown; path?: unknown; source?: { path?: unknown } };
    const paths = [...(Array.isArray(named.paths) ? named.paths : []), named.path, named.source?.path];
    for (const path of paths) if (typeof path === 'string') layer.registerDroppedPath(mainSender, path);
  };
  const call = <M extends MethodName>(method: M, input: MethodInput<M>) => {
    registerNamedPaths(input);
    return layer.dispatch(mainSender, method, input) as Promise<Result<MethodOutput<M>>>;
  };
  const ok = async <M extends MethodName>(method: M, input: MethodInput<M>) => {
    const result = await call(method, input);
    if (!result.ok) throw new Error(`${method} failed: ${result.error.code}: ${result.error.message}`);
    return result.data;
  };

  if (options.plaintextConsent) await ok('settings.setPlaintextConsent', { allow: true });
  let profile: ProfileView | null = null;
  if (options.gateway) {
    const created = await ok('profiles.create', {
      name: 'Test gateway',
      ...options.profile,
      baseUrl: options.gateway.baseUrl,
      ...(options.gateway.apiKey ? { apiKey: options.gateway.apiKey } : {}),
    });
    profile = created.profile;
    await ok('profiles.setActive', { id: profile.id });
  }

  /** A call from the page, answered by main as over IPC. */
  const answerPage = async (source: { frame: Frame; page: Page }, json: string) => {
    const message = JSON.parse(json) as { method: string; input?: unknown };
    const sender: SenderInfo = {
      ownerId: 1,
      knownWindow: true,
      topFrame: source.frame === source.page.mainFrame(),
      url: source.frame.url(),
    };
    const input = 'input' in message ? unwrapBytes(message.input) : undefined;
    const result = await layer.dispatch(sender, message.method, input);
    const reply = toPage(result);
    crossings.push({ kind: 'result', name: message.method, json: reply });
    return reply;
  };
  // The page's calls main is still answering: a quit lets them finish before it waits for main's background
  // work (a save answered after that wait wrote into a data folder being scanned and deleted).
  const answering = new Set<Promise<unknown>>();
  await page.exposeBinding(INVOKE_BINDING, (source, json: string) => {
    // Once the app quits its window is gone, and nothing the page asks reaches main.
    if (closed) return new Promise<string>(() => {});
    const answer = answerPage(source, json);
    answering.add(answer);
    void answer.finally(() => answering.delete(answer)).catch(() => {});
    return answer;
  });
  await page.addInitScript(installPageBridge, {
    bridgeKey: BRIDGE_KEY,
    invoke: INVOKE_BINDING,
    deliver: DELIVER_FUNCTION,
  });

  const waitForReady = async () => {
    if (options.waitForReady === false) return;
    // The shell's first screen is its frame; its panel's code loads right after. Ready is the panel drawn.
    await page
      .locator('[data-testid="welcome"], .shell:not(:has([data-testid="panel-loading"]))')
      .first()
      .waitFor({ state: 'visible' });
  };
  await page.goto(appUrl);
  await waitForReady();

  const app: RunningApp = {
    page,
    origin,
    dataDir,
    mediaDir,
    layer,
    secretBox,
    profile,
    dialogs: dialogs.recorded,
    openedExternal,
    crossings,
    consoleErrors,
    call,
    ok,
    mediaUrl: (fileName) => `${origin}/media/${encodeURIComponent(fileName)}`,
    async reload() {
      await page.reload();
      await waitForReady();
    },
    expectNoKeyLeak: (key) => expectNoKeyLeak(page, crossings, key),
    screenshot: (name, screenshotOptions) => saveScreenshot(page, name, screenshotOptions),
    quit: () => quit(),
  };
  let quitting: Promise<void> | null = null;
  const quit = () => {
    quitting ??= (async () => {
      closed = true;
      await delivery;
      // Bounded: a call waiting on something outside (a gateway) must not hold the quit.
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([
        Promise.allSettled(answering),
        new Promise((resolve) => {
          timer = setTimeout(resolve, 5_000);
        }),
      ]);
      clearTimeout(timer);
      layer.closeOwner(1);
      layer.dispose();
      // Its stores' indexes may still be writing; the data folder is scanned, then maybe deleted, after.
      await layer.settled();
      await scanStoppingApp({ page, crossings, dataDir, secrets: secretBox.secrets() });
      await server.close();
    })();
    return quitting;
  };
  const stop = async () => {
    await quit();
    if (!options.restartOf) rmSync(dataDir, { recursive: true, force: true });
  };
  return { app, stop };
}

function createRecordedDialogs(dataDir: string): { dialogs: Dialogs; recorded: RecordedDialogs } {
  const openAnswers: Array<string[] | null> = [];
  const saveAnswers: Array<string | null> = [];
  const recorded: RecordedDialogs = {
    saves: [],
    opens: [],
    queueOpen: (paths) => openAnswers.push(paths),
    queueSave: (path) => saveAnswers.push(path),
  };
  const dialogs: Dialogs = {
    async save(request) {
      recorded.saves.push(request);
      if (saveAnswers.length > 0) return saveAnswers.shift() ?? null;
      const folder = join(dataDir, 'exports');
      mkdirSync(folder, { recursive: true });
      return join(folder, request.defaultName);
    },
    async open(request) {
      recorded.opens.push(request);
      return openAnswers.shift() ?? null;
    },
  };
  return { dialogs, recorded };
}

async function expectNoKeyLeak(page: Page, crossings: Crossing[], key: string): Promise<void> {
  expect(key.length, 'expectNoKeyLeak needs the key itself').toBeGreaterThan(4);
  const leakedCrossings = crossings.filter((c) => c.json.includes(key)).map((c) => `${c.kind} ${c.name}`);
  expect(leakedCrossings, 'bridge results/events containing the key').toEqual([]);

  const pageText = await page.evaluate(() => {
    // outerHTML leaves out live input values, so those are read one by one.
    const values = Array.from(document.querySelectorAll('input, textarea, select')).map(
      (element) => (element as HTMLInputElement).value,
    );
    const storage = [localStorage, sessionStorage].flatMap((store) =>
      Object.keys(store).map((name) => `${name}=${store.getItem(name)}`),
    );
    return [document.documentElement.outerHTML, document.title, ...values, ...storage].join('\n');
  });
  const hits = pageText.split(key).length - 1;
  expect(hits, 'occurrences of the key in the DOM, input values and web storage').toBe(0);
}

/** The most JSON one delivery to the page carries (unless a single event is bigger). */
const DELIVERY_CHUNK_CHARACTERS = 64 * 1024;

/**
 * The events at the head of `queued` that go to the page in one call. A call's arguments are received and
 * parsed in one task of the page: four Compare columns a second behind queued ~200 batches (~700 KB), a
 * 50–70 ms task of the harness's own that the compare-stream bench counted as the app's.
 */
function takeDeliveryChunk<T extends readonly [string, string]>(queued: readonly T[]): T[] {
  let characters = 0;
  let count = 0;
  while (
    count < queued.length &&
    (count === 0 || characters + queued[count]![1].length <= DELIVERY_CHUNK_CHARACTERS)
  ) {
    characters += queued[count]![1].length;
    count++;
  }
  return queued.slice(0, count);
}
