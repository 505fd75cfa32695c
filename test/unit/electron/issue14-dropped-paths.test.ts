// Issue 14, item 16, at the Electron edge: the preload tells main about a dropped file's path over a
// private channel (not a contract method, so the page cannot use it), and ipcMain hands it to the layer
// with the same sender description as every call. `electron` is mocked, as in preload.test.ts and
// ipc-main.test.ts.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DROPPED_PATH_CHANNEL, wireIpcLayer } from '../../../src-main/electron/ipc-main.ts';
import type { SenderInfo } from '../../../src-main/ipc/types.ts';
import {
  BRIDGE_KEY,
  type Bridge,
  METHOD_NAMES,
  methodChannel,
  type Result,
} from '../../../src-preload/contract.ts';
import { APP_URL, createTestLayer } from '../../support/test-layer.ts';

const electron = await vi.hoisted(async () => {
  const { EventEmitter } = await import('node:events');
  const handlers = new Map<string, (event: unknown, input: unknown) => unknown>();
  class FakeContents extends EventEmitter {
    mainFrame: { frameToken: string; url: string; detached: boolean };
    constructor(
      readonly id: number,
      url: string,
    ) {
      super();
      this.mainFrame = { frameToken: `main-${id}`, url, detached: false };
    }
    isDestroyed() {
      return false;
    }
  }
  const ipcRenderer = Object.assign(new EventEmitter(), {
    invoke: vi.fn(async (_channel: string, _input: unknown): Promise<unknown> => ({ ok: true, data: null })),
  });
  return {
    handlers,
    FakeContents,
    exposed: new Map<string, unknown>(),
    ipcRenderer,
    getPathForFile: vi.fn((_file: unknown): string => '/home/u/clip.wav'),
    ipcMain: {
      handle: (channel: string, handler: (event: unknown, input: unknown) => unknown) => {
        if (handlers.has(channel)) throw new Error(`second handler for ${channel}`);
        handlers.set(channel, handler);
      },
      removeHandler: (channel: string) => handlers.delete(channel),
    },
  };
});

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, api: unknown) => electron.exposed.set(key, api) },
  ipcRenderer: electron.ipcRenderer,
  webUtils: { getPathForFile: electron.getPathForFile },
  ipcMain: electron.ipcMain,
  webContents: { fromId: () => undefined },
}));

await import('../../../src-preload/index.ts');
const bridge = electron.exposed.get(BRIDGE_KEY) as Bridge;
const invoke = electron.ipcRenderer.invoke;

beforeEach(() => {
  invoke.mockReset();
  invoke.mockImplementation(async () => ({ ok: true, data: null }));
  electron.getPathForFile.mockReset();
  electron.getPathForFile.mockImplementation(() => '/home/u/clip.wav');
  electron.handlers.clear();
});

describe('the preload registers dropped paths with main', () => {
  it('registers exactly when pathForFile yields a path, on a channel no contract method uses', async () => {
    const file = { name: 'clip.wav' } as File;
    expect(bridge.pathForFile(file)).toBe('/home/u/clip.wav');
    expect(invoke.mock.calls).toEqual([[DROPPED_PATH_CHANNEL, '/home/u/clip.wav']]);
    expect(METHOD_NAMES.map(methodChannel)).not.toContain(DROPPED_PATH_CHANNEL);

    invoke.mockClear();
    electron.getPathForFile.mockImplementationOnce(() => '');
    expect(bridge.pathForFile({ name: 'made-in-script.wav' } as File)).toBe('');
    electron.getPathForFile.mockImplementationOnce(() => {
      throw new TypeError('not a File');
    });
    expect(bridge.pathForFile({} as File)).toBe('');
    expect(invoke).not.toHaveBeenCalled();
  });

  it('the page cannot reach the channel through invoke', async () => {
    const result = await bridge.invoke(DROPPED_PATH_CHANNEL as never, '/etc/passwd' as never);
    expect(result).toMatchObject({ ok: false, error: { code: 'unknown_method' } });
    expect(invoke).not.toHaveBeenCalled();
  });

  it('holds a call back until main has the path the page just resolved', async () => {
    let acknowledge: (value: unknown) => void = () => {};
    invoke.mockImplementationOnce(() => new Promise((resolve) => (acknowledge = resolve)));
    const path = bridge.pathForFile({ name: 'clip.wav' } as File);
    const opened = bridge.invoke('audio.open', { paths: [path] });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(invoke.mock.calls.map(([channel]) => channel)).toEqual([DROPPED_PATH_CHANNEL]);
    acknowledge(true);
    await opened;
    expect(invoke.mock.calls.map(([channel]) => channel)).toEqual([
      DROPPED_PATH_CHANNEL,
      methodChannel('audio.open'),
    ]);
  });

  it('a failed registration does not stop later calls', async () => {
    invoke.mockImplementationOnce(async () => {
      throw new Error("No handler registered for 'gs:dropped-path'");
    });
    bridge.pathForFile({ name: 'clip.wav' } as File);
    expect(await bridge.invoke('app.info', undefined)).toEqual({ ok: true, data: null });
  });
});

describe('ipcMain hands a dropped path to the layer', () => {
  const event = (contents: InstanceType<typeof electron.FakeContents>, frame: unknown = contents.mainFrame) =>
    ({ sender: contents, senderFrame: frame }) as never;

  it('with the sender as every call sees it, and removes the handler on dispose', async () => {
    const layer = {
      dispatch: vi.fn(async (): Promise<Result<unknown>> => ({ ok: true, data: null })),
      registerDroppedPath: vi.fn((_sender: SenderInfo, _path: unknown) => true),
      abortOwnerStreams: vi.fn(),
      closeOwner: vi.fn(),
      dispose: vi.fn(),
      writing: vi.fn(() => false),
      writesDone: vi.fn(async () => {}),
      settled: vi.fn(async () => {}),
    };
    const wiring = wireIpcLayer(layer);
    const contents = new electron.FakeContents(3, APP_URL);
    wiring.adoptWindow({ webContents: contents } as never);
    expect(await electron.handlers.get(DROPPED_PATH_CHANNEL)?.(event(contents), '/home/u/a.wav')).toBe(true);
    expect(layer.registerDroppedPath).toHaveBeenCalledWith(
      { ownerId: 3, knownWindow: true, topFrame: true, url: APP_URL },
      '/home/u/a.wav',
    );
    wiring.dispose();
    expect(electron.handlers.has(DROPPED_PATH_CHANNEL)).toBe(false);
  });

  it('through the real layer: our top frame registers, an iframe or a stranger does not', async () => {
    const t = createTestLayer();
    try {
      const wiring = wireIpcLayer(t.layer);
      const ours = new electron.FakeContents(1, APP_URL);
      const stranger = new electron.FakeContents(9, APP_URL);
      wiring.adoptWindow({ webContents: ours } as never);
      const register = electron.handlers.get(DROPPED_PATH_CHANNEL)!;
      const open = electron.handlers.get(methodChannel('audio.open'))!;
      const iframe = { frameToken: 'child', url: APP_URL, detached: false };

      expect(await register(event(ours, iframe), '/home/u/iframe.wav')).toBe(false);
      expect(await register(event(stranger), '/home/u/stranger.wav')).toBe(false);
      const refused = (await open(event(ours), { paths: ['/home/u/iframe.wav'] })) as Result<unknown>;
      expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_input' } });

      expect(await register(event(ours), '/home/u/ours.wav')).toBe(true);
      // Registered: what comes back now is about the file (here: it is not there), not the refusal.
      const answered = (await open(event(ours), { paths: ['/home/u/ours.wav'] })) as Result<unknown>;
      expect(answered).toEqual({
        ok: true,
        data: { files: [], refused: [{ name: 'ours.wav', reason: '“ours.wav” cannot be read.' }] },
      });
      wiring.dispose();
    } finally {
      await t.close();
    }
  });
});
