import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_ENTRY_URL } from '../../../src-main/app-origin.ts';
import { createMainWindow, WINDOW_BACKGROUND } from '../../../src-main/electron/window.ts';

const electron = await vi.hoisted(async () => {
  const { EventEmitter } = await import('node:events');
  class FakeBrowserWindow extends EventEmitter {
    static created: FakeBrowserWindow[] = [];
    readonly options: Record<string, unknown>;
    visible = false;
    background = '';
    static nextLoadError: Error | null = null;
    loadURL = vi.fn(async (_url: string) => {
      const error = FakeBrowserWindow.nextLoadError;
      FakeBrowserWindow.nextLoadError = null;
      if (error) throw error;
    });
    constructor(options: Record<string, unknown>) {
      super();
      this.options = options;
      this.background = String(options.backgroundColor);
      FakeBrowserWindow.created.push(this);
    }
    show() {
      this.visible = true;
    }
    isDestroyed() {
      return false;
    }
    setBackgroundColor(color: string) {
      this.background = color;
    }
  }
  const nativeTheme = Object.assign(new EventEmitter(), { shouldUseDarkColors: false });
  return { FakeBrowserWindow, nativeTheme };
});

vi.mock('electron', () => ({
  app: { isPackaged: true },
  protocol: {},
  BrowserWindow: electron.FakeBrowserWindow,
  nativeTheme: electron.nativeTheme,
}));

type FakeWindow = InstanceType<typeof electron.FakeBrowserWindow>;

let window: FakeWindow;
let prefs: Record<string, unknown>;
beforeEach(() => {
  electron.nativeTheme.shouldUseDarkColors = false;
  window = createMainWindow() as unknown as FakeWindow;
  prefs = window.options.webPreferences as Record<string, unknown>;
});

describe('the main window', () => {
  it('is sandboxed and isolated, with no Node in the page', () => {
    expect(prefs.sandbox).toBe(true);
    expect(prefs.contextIsolation).toBe(true);
    expect(prefs.nodeIntegration).toBe(false);
    expect(prefs.nodeIntegrationInWorker).toBe(false);
    expect(prefs.nodeIntegrationInSubFrames).toBe(false);
    expect(prefs.webSecurity).toBe(true);
    expect(prefs.allowRunningInsecureContent).toBe(false);
    expect(prefs.webviewTag).toBe(false);
    expect(prefs.navigateOnDragDrop).toBe(false);
  });

  it('writes the security settings out literally in window.ts, where a scanner sees them', () => {
    const source = readFileSync(join(import.meta.dirname, '../../../src-main/electron/window.ts'), 'utf8');
    for (const line of [
      'sandbox: true',
      'contextIsolation: true',
      'nodeIntegration: false',
      'webSecurity: true',
    ]) {
      expect(source).toContain(line);
    }
  });

  it('loads the built single-file CommonJS preload beside the built main', () => {
    expect(String(prefs.preload).replaceAll('\\', '/')).toMatch(/\/preload\/index\.cjs$/);
  });

  it('loads our page from the app protocol (no dev server in a packaged app)', () => {
    expect(window.loadURL).toHaveBeenCalledWith(APP_ENTRY_URL);
  });

  it('stays hidden until the first paint is ready, then shows', () => {
    expect(window.options.show).toBe(false);
    expect(window.visible).toBe(false);
    window.emit('ready-to-show');
    expect(window.visible).toBe(true);
  });

  it('has a sensible size, a minimum size and the app icon', () => {
    expect(window.options.width).toBeGreaterThanOrEqual(1024);
    expect(window.options.minWidth).toBeGreaterThanOrEqual(640);
    expect(window.options.minHeight).toBeGreaterThanOrEqual(480);
    expect(String(window.options.icon).replaceAll('\\', '/')).toMatch(/\/resources\/icon\.png$/);
  });

  it('paints the background of the OS theme, and follows it when it changes', () => {
    expect(window.background).toBe(WINDOW_BACKGROUND.light);
    electron.nativeTheme.shouldUseDarkColors = true;
    expect((createMainWindow() as unknown as FakeWindow).background).toBe(WINDOW_BACKGROUND.dark);
    electron.nativeTheme.emit('updated');
    expect(window.background).toBe(WINDOW_BACKGROUND.dark);
  });

  it('stops following the theme once closed', () => {
    const before = electron.nativeTheme.listenerCount('updated');
    window.emit('closed');
    expect(electron.nativeTheme.listenerCount('updated')).toBe(before - 1);
  });

  it('shows the window even when the page fails to load', async () => {
    electron.FakeBrowserWindow.nextLoadError = new Error('ERR_FILE_NOT_FOUND');
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    const failing = createMainWindow() as unknown as FakeWindow;
    await vi.waitFor(() => expect(failing.visible).toBe(true));
    expect(quiet).toHaveBeenCalled();
    quiet.mockRestore();
  });
});
