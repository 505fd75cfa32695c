// Starts Gateway Studio as the desktop app it is: the built main entry (out/main/index.js, the bundle
// of src-main/index.ts) in its own Node process with `electron` resolved to the double, and its windows
// as Chromium pages driven by the renderer host in this process. The test acts as the user (clicks,
// keys, dropped files, native dialogs, the window's close button, the dock) and as the OS (renderer
// crashes, a second launch).
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from '@playwright/test';
import { REPO_ROOT } from '../e2e/paths.ts';
import type { DoubleRecord } from './link-messages.ts';
import {
  createRendererHost,
  type DesktopWindow,
  type IpcCrossing,
  type RendererHost,
} from './renderer-host.ts';

export type { DesktopWindow, IpcCrossing };

export const MAIN_ENTRY = join(REPO_ROOT, 'out', 'main', 'index.js');
export const PRELOAD = join(REPO_ROOT, 'out', 'preload', 'index.cjs');
const BOOTSTRAP = pathToFileURL(join(import.meta.dirname, 'electron-double', 'bootstrap.ts')).href;

export interface LaunchOptions {
  browser: Browser;
  /** The user-data folder (`--user-data-dir`); reuse it to start the app again on the same data. */
  userDataDir: string;
  /** The OS keychain's stand-in (a key file), kept across launches like a real keychain. */
  keyringFile: string;
  safeStorage?: 'os' | 'unavailable' | 'basic_text';
  /** The OS the main process plays (default: this one). */
  platform?: NodeJS.Platform;
  /** Extra command-line arguments (a second instance passes its own). */
  args?: string[];
  viewport?: { width: number; height: number };
  /** Extra environment for main (e.g. ELECTRON_RENDERER_URL, as `electron-vite dev` sets it). */
  env?: Record<string, string>;
  /** Runs on each window's page before it loads anything (a bench's probes). */
  onPage?: (page: Page) => Promise<void>;
}

export interface DesktopApp {
  readonly process: ChildProcess;
  /** When main's process was spawned (ms since the epoch, as the lifecycle records' `at`). */
  readonly spawnedAt: number;
  /** Everything the double recorded: lifecycle, protocol requests, error boxes, opened links, console. */
  readonly records: DoubleRecord[];
  /** Every IPC message between the pages and main, both ways, in order. */
  readonly ipc: IpcCrossing[];
  /** Main's own stdout and stderr, for failure messages. */
  output(): string;
  windows(): DesktopWindow[];
  /** The next window main creates (or the first one, if it exists already and none was asked for yet). */
  firstWindow(): Promise<DesktopWindow>;
  nextWindow(): Promise<DesktopWindow>;
  lifecycle(): string[];
  waitForLifecycle(event: string, count?: number): Promise<void>;
  /** What the next native open / save dialogs answer (a queue; empty = cancelled). */
  queueOpenDialog(paths: string[] | null): void;
  queueSaveDialog(path: string | null): void;
  /** The user clicks the dock icon (macOS). */
  activate(): void;
  /** macOS hands the app a file: Finder's "Open With Gateway Studio" (the double's `open-file`). */
  openFile(path: string): void;
  /** The user picks an application-menu item by its role (e.g. 'reload', 'quit'). */
  menu(role: string): void;
  /** The user clicks the app's own menu item with this id (e.g. 'copy-diagnostics'). */
  menuItem(id: string): void;
  setOsDarkMode(dark: boolean): void;
  /** Resolves with the exit code once main has exited. */
  readonly exited: Promise<number | null>;
  /** Ends the run: quits through the menu as a user would, or kills main if it does not leave in time. */
  close(): Promise<number | null>;
}

export async function launchDesktop(options: LaunchOptions): Promise<DesktopApp> {
  for (const file of [MAIN_ENTRY, PRELOAD]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run \`npx electron-vite build\` first`);
  }
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    // A dev-server URL would make main load Vite instead of its build.
    if (value !== undefined && key !== 'ELECTRON_RENDERER_URL' && key !== 'ELECTRON_RUN_AS_NODE')
      env[key] = value;
  }
  Object.assign(env, options.env);
  env.GS_DOUBLE_KEYRING = options.keyringFile;
  env.GS_DOUBLE_SAFE_STORAGE = options.safeStorage ?? 'os';
  if (options.platform) env.GS_DOUBLE_PLATFORM = options.platform;
  // `npm run coverage:desktop`: V8 writes main's coverage (with the bundle's source map) when it exits.
  if (process.env.GS_DESKTOP_COVERAGE) env.NODE_V8_COVERAGE = process.env.GS_DESKTOP_COVERAGE;

  const spawnedAt = performance.timeOrigin + performance.now();
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--import',
      BOOTSTRAP,
      MAIN_ENTRY,
      `--user-data-dir=${options.userDataDir}`,
      ...(options.args ?? []),
    ],
    { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe', 'ipc'], serialization: 'advanced' },
  );
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const records: DoubleRecord[] = [];
  const ipc: IpcCrossing[] = [];
  const recordWaiters = new Set<() => void>();
  const openAnswers: Array<string[] | null> = [];
  const saveAnswers: Array<string | null> = [];
  const context = await options.browser.newContext({
    viewport: options.viewport ?? { width: 1280, height: 820 },
  });
  const host: RendererHost = createRendererHost({
    context,
    child,
    platform: options.platform ?? process.platform,
    viewport: options.viewport ?? { width: 1280, height: 820 },
    ...(options.onPage ? { onPage: options.onPage } : {}),
    onRecord(entry) {
      records.push(entry);
      for (const waiter of [...recordWaiters]) waiter();
    },
    onIpc: (crossing) => ipc.push(crossing),
    answerDialog(type) {
      if (type === 'dialog.open') return openAnswers.shift() ?? null;
      if (type === 'dialog.save') return saveAnswers.shift() ?? null;
      return 0;
    },
  });
  const lifecycle = () => records.flatMap((entry) => (entry.type === 'lifecycle' ? [entry.event] : []));
  let firstAsked = false;

  return {
    spawnedAt,
    process: child,
    records,
    ipc,
    output: () => output,
    windows: () => host.windows().filter((window) => !window.closed),
    firstWindow() {
      const existing = host.windows()[0];
      if (existing && !firstAsked) {
        firstAsked = true;
        return Promise.resolve(existing);
      }
      firstAsked = true;
      return host.nextWindow();
    },
    nextWindow: () => host.nextWindow(),
    lifecycle,
    waitForLifecycle(event, count = 1) {
      return new Promise<void>((resolve, reject) => {
        const check = () => {
          if (lifecycle().filter((name) => name === event).length >= count) {
            recordWaiters.delete(check);
            resolve();
          }
        };
        recordWaiters.add(check);
        void exited.then(() => {
          check();
          if (recordWaiters.has(check)) {
            recordWaiters.delete(check);
            reject(new Error(`main exited before "${event}" (#${count}):\n${output.slice(-3000)}`));
          }
        });
        check();
      });
    },
    queueOpenDialog: (paths) => openAnswers.push(paths),
    queueSaveDialog: (path) => saveAnswers.push(path),
    activate: () => host.send({ kind: 'user.activate' }),
    openFile: (path) => host.send({ kind: 'os.openFile', path }),
    menu: (role) => host.send({ kind: 'user.menuRole', role }),
    menuItem: (id) => host.send({ kind: 'user.menuItem', id }),
    setOsDarkMode(dark) {
      host.send({ kind: 'os.darkMode', dark });
      for (const window of host.windows()) {
        if (!window.closed)
          void window.page.emulateMedia({ colorScheme: dark ? 'dark' : 'light' }).catch(() => {});
      }
    },
    exited,
    async close() {
      if (child.exitCode === null && child.signalCode === null) {
        host.send({ kind: 'user.menuRole', role: 'quit' });
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(timer);
      }
      await host.close();
      return exited;
    },
  };
}
