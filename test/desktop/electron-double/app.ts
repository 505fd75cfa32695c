// `app`: readiness, the quit sequence, paths, single instance (docs/api/app.md; ELECTRON.md §4).
import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { BrowserWindow } from './browser-window.ts';
import { setMenuTargets } from './menu.ts';
import { electronEvent, lifecycle, onHostMessage, platform, readiness, record } from './runtime.ts';
import { singleInstance } from './single-instance.ts';

/** Electron reads the app's name and version from the package.json of the app it runs. */
function appPackage(): { name: string; version: string } {
  let folder = dirname(resolve(process.argv[1] ?? '.'));
  for (;;) {
    try {
      const pkg = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
      return { name: pkg.productName ?? pkg.name ?? 'Electron', version: pkg.version ?? '0.0.0' };
    } catch {
      const parent = dirname(folder);
      if (parent === folder) return { name: 'Electron', version: '0.0.0' };
      folder = parent;
    }
  }
}

function switchValue(name: string): string | undefined {
  const prefix = `--${name}=`;
  return process.argv.find((arg) => arg.startsWith(prefix))?.slice(prefix.length);
}

/** Leaves once the test has every record sent so far (process.send is asynchronous). */
function exitProcess(code: number): void {
  lifecycle('exit', { code });
  if (process.connected && process.send)
    process.send({ kind: 'record', entry: { type: 'lifecycle', event: 'flushed', at: Date.now() } }, () =>
      process.exit(code),
    );
  else process.exit(code);
}

class App extends EventEmitter {
  readonly #package = appPackage();
  #quitting = false;
  #exiting = false;
  #whenReady: Promise<void>;
  #markReady: () => void = () => {};
  readonly #paths = new Map<string, string>();
  aboutPanelOptions: Record<string, unknown> = {};
  readonly isPackaged = false;

  constructor() {
    super();
    this.#whenReady = new Promise((resolve) => {
      this.#markReady = resolve;
    });
  }

  get name(): string {
    return this.#package.name;
  }

  getName(): string {
    return this.#package.name;
  }

  getVersion(): string {
    return this.#package.version;
  }

  /**
   * docs/api/app.md § app.getPreferredSystemLanguages: "g_get_language_names on Linux", the double's only
   * OS. GLib takes the first of LANGUAGE (a colon-separated list), LC_ALL, LC_MESSAGES and LANG that is set,
   * and lists each locale with its variants (codeset, then territory dropped), then "C".
   */
  getPreferredSystemLanguages(): string[] {
    const source = ['LANGUAGE', 'LC_ALL', 'LC_MESSAGES', 'LANG']
      .map((name) => process.env[name])
      .find((value) => value !== undefined && value !== '');
    const names: string[] = [];
    for (const locale of (source ?? '').split(':').filter(Boolean)) {
      const withoutCodeset = locale.replace(/\.[^@]*/, '');
      const language = withoutCodeset.replace(/_[^@]*/, '');
      for (const name of [locale, withoutCodeset, language]) if (!names.includes(name)) names.push(name);
    }
    return [...names, 'C'];
  }

  isReady(): boolean {
    return readiness.isReady;
  }

  whenReady(): Promise<void> {
    return this.#whenReady;
  }

  /** Called once, after the main script's first tick (docs § Event: 'ready'). */
  becomeReady(): void {
    // On Windows and Linux will-finish-launching is the same moment as ready (docs § 'will-finish-launching').
    this.emit('will-finish-launching');
    readiness.markReady();
    lifecycle('ready');
    // `ready` listeners run before whenReady() callbacks: the promise settles in a microtask (ELECTRON.md §4).
    this.emit('ready', electronEvent(), {});
    this.#markReady();
    singleInstance.ready((argv, cwd, data) => this.emit('second-instance', electronEvent(), argv, cwd, data));
  }

  getPath(name: string): string {
    const set = this.#paths.get(name);
    if (set) return set;
    const home = homedir();
    const appData =
      platform() === 'darwin'
        ? join(home, 'Library', 'Application Support')
        : (process.env.XDG_CONFIG_HOME ?? join(home, '.config'));
    // Chromium's --user-data-dir switch sets the user-data path (S shell/app/electron_main_delegate.cc
    // PreSandboxStartup); otherwise it is appData/<name> (docs/api/app.md § app.getPath).
    const userData = switchValue('user-data-dir') ?? join(appData, this.name);
    const paths: Record<string, string> = {
      home,
      appData,
      userData,
      sessionData: userData,
      temp: tmpdir(),
      documents: join(home, 'Documents'),
      downloads: join(home, 'Downloads'),
      desktop: join(home, 'Desktop'),
      logs: join(userData, 'logs'),
      exe: process.execPath,
    };
    const path = paths[name];
    if (!path) throw new Error(`Failed to get '${name}' path`);
    return path;
  }

  setPath(name: string, path: string): void {
    this.#paths.set(name, path);
  }

  setAboutPanelOptions(options: Record<string, unknown>): void {
    this.aboutPanelOptions = options;
  }

  showAboutPanel(): void {
    record({ type: 'lifecycle', event: 'about-panel', at: Date.now(), detail: this.aboutPanelOptions });
  }

  setAppUserModelId(): void {}

  focus(): void {}

  requestSingleInstanceLock(additionalData?: unknown): boolean {
    return singleInstance.request(this.getPath('userData'), additionalData);
  }

  hasSingleInstanceLock(): boolean {
    return singleInstance.held();
  }

  releaseSingleInstanceLock(): void {
    singleInstance.release();
  }

  /** before-quit → every window's close → will-quit → quit (docs § app.quit(); ELECTRON.md §4). */
  quit(): void {
    if (this.#quitting) return;
    const beforeQuit = electronEvent();
    this.emit('before-quit', beforeQuit);
    if (beforeQuit.defaultPrevented) return;
    lifecycle('before-quit');
    this.#quitting = true;
    const open = BrowserWindow.getAllWindows();
    if (open.length === 0) {
      this.#finishQuit();
      return;
    }
    for (const window of open) {
      if (!this.#quitting) return;
      window.close();
    }
  }

  /**
   * Closes everything at once: every window destroyed (`closed`, no `close`), no before-quit or
   * will-quit, then `quit` (S Browser::Exit → DestroyAllWindows → OnQuit; ELECTRON.md §4).
   */
  exit(code = 0): void {
    this.#quitting = true;
    this.#exiting = true;
    for (const window of BrowserWindow.getAllWindows()) window.destroyNow();
    this.emit('quit', electronEvent(), code);
    exitProcess(code);
  }

  /** From the windows: a prevented `close` cancels a running quit. */
  closeCancelled(): void {
    this.#quitting = false;
  }

  windowClosed(remaining: number): void {
    if (remaining > 0 || this.#exiting) return;
    if (this.#quitting) {
      this.#finishQuit();
      return;
    }
    // No listener of our own: without one of the app's, Electron's default is to quit, on every
    // platform, macOS included (S lib/browser/init.ts).
    if (this.listenerCount('window-all-closed') === 0) this.quit();
    else this.emit('window-all-closed');
  }

  #finishQuit(): void {
    const willQuit = electronEvent();
    this.emit('will-quit', willQuit);
    if (willQuit.defaultPrevented) {
      this.#quitting = false;
      return;
    }
    lifecycle('quit');
    this.emit('quit', electronEvent(), 0);
    singleInstance.release();
    exitProcess(0);
  }
}

export const app = new App();
export const appLifecycle = {
  closeCancelled: () => app.closeCancelled(),
  windowClosed: (remaining: number) => app.windowClosed(remaining),
};

setMenuTargets({
  focusedWindow: () => BrowserWindow.getFocusedWindow(),
  quit: () => app.quit(),
  showAboutPanel: () => app.showAboutPanel(),
});

onHostMessage((message) => {
  // `open-file(event, path)` is macOS only, and may come before `ready` (docs/api/app.md § Event:
  // 'open-file'; ELECTRON.md §4): it is emitted whenever the OS hands the file over.
  if (message.kind === 'os.openFile') {
    if (platform() === 'darwin') app.emit('open-file', electronEvent(), message.path);
    return;
  }
  if (message.kind !== 'user.activate') return;
  // `activate` is macOS only: Electron never emits it on Windows or Linux (ELECTRON.md §4).
  if (platform() !== 'darwin' || !readiness.isReady) return;
  const visible = BrowserWindow.getAllWindows().some((window) => window.isVisible());
  lifecycle('activate');
  app.emit('activate', electronEvent(), visible);
});

lifecycle('main-entry');
// `ready` comes only after the main script's first tick (docs § Event: 'ready'): this module is
// evaluated as part of the app's own module graph, which runs to its end before an immediate fires.
setImmediate(() => app.becomeReady());
