import type { EventEmitter } from 'node:events';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BRIDGE_KEY,
  type Bridge,
  EVENT_NAMES,
  eventChannel,
  METHOD_NAMES,
  methodChannel,
  type StreamBatch,
} from '../../../src-preload/contract.ts';

const electron = await vi.hoisted(async () => {
  const { EventEmitter } = await import('node:events');
  const ipcRenderer = Object.assign(new EventEmitter(), {
    invoke: vi.fn(async (_channel: string, _input: unknown): Promise<unknown> => ({ ok: true, data: null })),
  });
  return {
    exposed: new Map<string, unknown>(),
    ipcRenderer,
    getPathForFile: vi.fn((_file: unknown) => '/home/u/clip.wav'),
  };
});

vi.mock('electron', () => ({
  contextBridge: {
    exposeInMainWorld: (key: string, api: unknown) => electron.exposed.set(key, api),
  },
  ipcRenderer: electron.ipcRenderer,
  webUtils: { getPathForFile: electron.getPathForFile },
}));

await import('../../../src-preload/index.ts');
const bridge = electron.exposed.get(BRIDGE_KEY) as Bridge;
const ipc = electron.ipcRenderer as EventEmitter & { invoke: ReturnType<typeof vi.fn> };

beforeEach(() => {
  ipc.invoke.mockClear();
  ipc.removeAllListeners();
});

describe('the preload bridge', () => {
  it('exposes exactly invoke, on and pathForFile under the contract key', () => {
    expect(BRIDGE_KEY).toBe('gatewayStudio');
    expect([...electron.exposed.keys()]).toEqual([BRIDGE_KEY]);
    expect(Object.keys(bridge).sort()).toEqual(['invoke', 'on', 'pathForFile']);
  });

  it('forwards every contract method on its own channel with its input', async () => {
    ipc.invoke.mockResolvedValue({ ok: true, data: { name: 'Gateway Studio' } });
    for (const method of METHOD_NAMES) {
      await bridge.invoke(method, { probe: method } as never);
      expect(ipc.invoke).toHaveBeenLastCalledWith(methodChannel(method), { probe: method });
    }
    expect(await bridge.invoke('app.info', undefined)).toEqual({
      ok: true,
      data: { name: 'Gateway Studio' },
    });
  });

  it.each(['nope', 'electron-store-get-data', '__proto__', 'gs:call:app.info', ''])(
    'refuses %j without touching IPC, and without rejecting',
    async (method) => {
      const result = await bridge.invoke(method as never, undefined as never);
      expect(result).toMatchObject({ ok: false, error: { code: 'unknown_method' } });
      expect(ipc.invoke).not.toHaveBeenCalled();
    },
  );

  it('refuses a non-string method name', async () => {
    const result = await bridge.invoke({ toString: () => 'app.info' } as never, undefined as never);
    expect(result).toMatchObject({ ok: false, error: { code: 'unknown_method' } });
    expect(ipc.invoke).not.toHaveBeenCalled();
  });

  it('turns an IPC rejection into a result object', async () => {
    ipc.invoke.mockRejectedValueOnce(new Error("No handler registered for 'gs:call:app.info'"));
    const result = await bridge.invoke('app.info', undefined);
    expect(result).toMatchObject({ ok: false, error: { code: 'internal' } });
  });

  it("delivers event payloads without Electron's event object", () => {
    const listener = vi.fn();
    bridge.on('stream.batch', listener);
    const batch: StreamBatch = { streamId: 's1', events: [{ type: 'text-delta', text: 'Hi' }], final: false };
    const sender = { send: () => {} };
    ipc.emit(eventChannel('stream.batch'), { sender, senderId: 0 }, batch);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener.mock.calls[0]).toEqual([batch]);
  });

  it('listens on contract events only', () => {
    for (const event of EVENT_NAMES) {
      bridge.on(event, () => {});
      expect(ipc.listenerCount(eventChannel(event))).toBe(1);
    }
    const unsubscribe = bridge.on('electron-store-get-data' as never, () => {});
    expect(ipc.eventNames()).toHaveLength(EVENT_NAMES.length);
    expect(() => unsubscribe()).not.toThrow();
  });

  it('unsubscribes, once and only its own listener', () => {
    const first = vi.fn();
    const second = vi.fn();
    const offFirst = bridge.on('settings.changed', first);
    bridge.on('settings.changed', second);
    offFirst();
    offFirst();
    ipc.emit(eventChannel('settings.changed'), {}, { profiles: [] });
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledWith({ profiles: [] });
    expect(ipc.listenerCount(eventChannel('settings.changed'))).toBe(1);
  });

  it('resolves a dropped file to its path, and to "" when there is none', () => {
    const file = { name: 'clip.wav' } as File;
    expect(bridge.pathForFile(file)).toBe('/home/u/clip.wav');
    expect(electron.getPathForFile).toHaveBeenCalledWith(file);
    electron.getPathForFile.mockImplementationOnce(() => {
      throw new TypeError('not a File');
    });
    expect(bridge.pathForFile({} as File)).toBe('');
  });
});
