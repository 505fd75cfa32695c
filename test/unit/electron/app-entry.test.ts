import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { IpcHostDeps } from '../../../src-main/ipc/types.ts';
import { METHOD_NAMES, methodChannel } from '../../../src-preload/contract.ts';

// The entry wires real adapters into the IPC layer; here Electron and the layer are stand-ins, so what is
// checked is the wiring and the lifecycle.
const fake = await vi.hoisted(async () => {
  const { EventEmitter } = await import('node:events');
  const calls: string[] = [];
  const app = Object.assign(new EventEmitter(), {
    isPackaged: true,
    gotLock: true,
    ready: null as null | (() => void),
    requestSingleInstanceLock: vi.fn(() => app.gotLock),
    quit: vi.fn(),
    exit: vi.fn(),
    isReady: () => true,
    whenReady: () =>
      new Promise<void>((resolve) => {
        app.ready = resolve;
      }),
    getPath: (name: string) => `/tmp/gs-entry/${name}`,
    getVersion: () => '0.1.0',
    // docs/api/app.md § app.getPreferredSystemLanguages: the OS's languages, most preferred first.
    getPreferredSystemLanguages: () => ['en-US'],
    setAboutPanelOptions: vi.fn(),
    setAppUserModelId: vi.fn(),
  });
  class FakeWebContents extends EventEmitter {
    static nextId = 1;
    id = FakeWebContents.nextId++;
    setWindowOpenHandler = vi.fn();
  }
  class FakeBrowserWindow extends EventEmitter {
    static created: FakeBrowserWindow[] = [];
    webContents = new FakeWebContents();
    constructor(readonly options: unknown) {
      super();
      FakeBrowserWindow.created.push(this);
    }
    loadURL = vi.fn(async () => {});
    isDestroyed = () => false;
    show = vi.fn();
  }
  const handlers = new Map<string, unknown>();
  const session = {
    setPermissionRequestHandler: vi.fn(),
    setPermissionCheckHandler: vi.fn(),
    setDevicePermissionHandler: vi.fn(),
    webRequest: { onHeadersReceived: vi.fn() },
    // Chromium's PAC-style answer (docs/api/session.md § ses.resolveProxy).
    resolveProxy: vi.fn(async (_url: string) => 'PROXY proxy.corp:8080; DIRECT'),
  };
  const layer = {
    dispatch: vi.fn(),
    abortOwnerStreams: vi.fn(),
    closeOwner: vi.fn(),
    dispose: vi.fn(),
    writing: vi.fn(() => true),
    writesDone: vi.fn(async () => {}),
  };
  return {
    calls,
    app,
    FakeWebContents,
    FakeBrowserWindow,
    handlers,
    session,
    layer,
    deps: [] as IpcHostDeps[],
    electron: {
      app,
      BrowserWindow: FakeBrowserWindow,
      dialog: { showErrorBox: vi.fn() },
      ipcMain: Object.assign(new EventEmitter(), {
        handle: (channel: string, handler: unknown) => handlers.set(channel, handler),
        removeHandler: (channel: string) => handlers.delete(channel),
      }),
      Menu: { setApplicationMenu: vi.fn(), buildFromTemplate: (template: unknown) => template },
      nativeTheme: Object.assign(new EventEmitter(), { themeSource: 'light', shouldUseDarkColors: false }),
      protocol: {
        registerSchemesAsPrivileged: vi.fn(() => calls.push('registerSchemesAsPrivileged')),
        handle: vi.fn(() => calls.push('protocol.handle')),
      },
      safeStorage: { isEncryptionAvailable: () => true, getSelectedStorageBackend: () => 'gnome_libsecret' },
      session: { defaultSession: session },
      shell: { openExternal: vi.fn(async () => {}) },
      webContents: { fromId: () => undefined },
    },
  };
});

vi.mock('electron', () => ({ default: fake.electron, ...fake.electron }));
vi.mock('../../../src-main/ipc/index.ts', () => ({
  createIpcLayer: (deps: IpcHostDeps) => {
    fake.deps.push(deps);
    return fake.layer;
  },
}));

async function startApp() {
  await import('../../../src-main/index.ts');
  fake.app.ready?.();
  await vi.waitFor(() => expect(fake.FakeBrowserWindow.created).toHaveLength(1));
}

beforeEach(() => {
  vi.resetModules();
  fake.calls.length = 0;
  fake.deps.length = 0;
  fake.handlers.clear();
  fake.FakeBrowserWindow.created.length = 0;
  fake.app.removeAllListeners();
  fake.app.gotLock = true;
  fake.app.quit.mockClear();
  fake.layer.dispose.mockClear();
  fake.layer.writesDone.mockClear();
});

describe('the app entry', () => {
  it('registers the app scheme before the app is ready', async () => {
    await startApp();
    expect(fake.calls[0]).toBe('registerSchemesAsPrivileged');
  });

  it('follows the OS theme', async () => {
    await startApp();
    expect(fake.electron.nativeTheme.themeSource).toBe('system');
  });

  it('hands the IPC layer the real adapters: the data folder, the app fetch, our page matcher', async () => {
    await startApp();
    const [deps] = fake.deps;
    expect(deps?.dataDir).toBe('/tmp/gs-entry/userData');
    // The app's fetch (undici without its own 5-minute limits), a working one.
    const answer = await deps?.fetch('data:text/plain,fetched');
    expect(await answer?.text()).toBe('fetched');
    // The system proxy is the session's (issue 14, item 21).
    const routed = deps?.fetch && 'via' in deps.fetch ? deps.fetch.via({ mode: 'system' }) : undefined;
    expect(await routed?.route('https://gateway.example/v1/models')).toEqual({
      kind: 'proxy',
      proxy: 'http://proxy.corp:8080',
      source: 'system',
    });
    expect(fake.session.resolveProxy).toHaveBeenCalledWith('https://gateway.example/v1/models');
    expect(deps?.isAppUrl('app://gateway-studio/index.html')).toBe(true);
    expect(deps?.isAppUrl('https://example.com/')).toBe(false);
    expect(deps?.appInfo).toMatchObject({
      name: 'Gateway Studio',
      version: '0.1.0',
      platform: process.platform,
    });
    await expect(deps?.openExternal('http://insecure.example.com')).rejects.toMatchObject({
      code: 'invalid_input',
    });
    await expect(deps?.openExternal('https://example.com/docs')).resolves.toBeUndefined();
    expect(fake.electron.shell.openExternal).toHaveBeenCalledWith('https://example.com/docs');
  });

  it('serves the app protocol, installs the permission policy and registers every method', async () => {
    await startApp();
    expect(fake.calls).toContain('protocol.handle');
    expect(fake.session.setPermissionRequestHandler).toHaveBeenCalled();
    expect(fake.session.setPermissionCheckHandler).toHaveBeenCalled();
    // Every contract method, and the preload's private channel for dropped paths (issue 14, item 16).
    expect([...fake.handlers.keys()].sort()).toEqual(
      [...METHOD_NAMES.map(methodChannel), 'gs:dropped-path'].sort(),
    );
  });

  it('hardens every webContents the app creates', async () => {
    await startApp();
    const contents = new fake.FakeWebContents();
    fake.app.emit('web-contents-created', {}, contents);
    expect(contents.setWindowOpenHandler).toHaveBeenCalled();
    expect(contents.listenerCount('will-navigate')).toBe(1);
  });

  it('aborts every stream before quitting, and, while main writes, quits once that is done', async () => {
    await startApp();
    // Electron passes an Event whose preventDefault() cancels this quit (docs/api/app.md § 'before-quit').
    const event = { preventDefault: vi.fn() };
    fake.app.emit('before-quit', event);
    expect(event.preventDefault).toHaveBeenCalled();
    expect(fake.layer.dispose).toHaveBeenCalled();
    expect(fake.layer.writesDone).toHaveBeenCalled();
    await vi.waitFor(() => expect(fake.app.quit).toHaveBeenCalled());
  });

  it('quits when the last window closes (outside macOS)', async () => {
    await startApp();
    fake.app.emit('window-all-closed');
    if (process.platform === 'darwin') expect(fake.app.quit).not.toHaveBeenCalled();
    else expect(fake.app.quit).toHaveBeenCalled();
  });

  it('a second instance quits at once and opens nothing', async () => {
    fake.app.gotLock = false;
    await import('../../../src-main/index.ts');
    expect(fake.app.quit).toHaveBeenCalled();
    expect(fake.app.listenerCount('window-all-closed')).toBe(0);
  });
});
