import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DROPPED_PATH_CHANNEL,
  emitToOwner,
  senderInfoOf,
  wireIpcLayer,
} from '../../../src-main/electron/ipc-main.ts';
import type { IpcLayer, SenderInfo } from '../../../src-main/ipc/types.ts';
import {
  eventChannel,
  METHOD_NAMES,
  methodChannel,
  type Result,
  type SettingsState,
} from '../../../src-preload/contract.ts';
import { startFakeGateway } from '../../fake-gateway/server.ts';
import { APP_URL, createTestLayer } from '../../support/test-layer.ts';

const electron = await vi.hoisted(async () => {
  const { EventEmitter } = await import('node:events');
  const handlers = new Map<string, (event: unknown, input: unknown) => unknown>();
  class FakeFrame {
    detached = false;
    constructor(
      readonly frameToken: string,
      readonly url: string,
    ) {}
  }
  class FakeContents extends EventEmitter {
    static all = new Map<number, FakeContents>();
    destroyed = false;
    sent: unknown[][] = [];
    mainFrame: FakeFrame;
    constructor(
      readonly id: number,
      url = 'app://gateway-studio/index.html',
    ) {
      super();
      this.mainFrame = new FakeFrame(`main-${id}`, url);
      FakeContents.all.set(id, this);
    }
    isDestroyed() {
      return this.destroyed;
    }
    send(...args: unknown[]) {
      if (this.destroyed) throw new Error('Object has been destroyed');
      this.sent.push(args);
    }
  }
  return {
    handlers,
    FakeFrame,
    FakeContents,
    ipcMain: {
      handle: (channel: string, handler: (event: unknown, input: unknown) => unknown) => {
        if (handlers.has(channel)) throw new Error(`second handler for ${channel}`);
        handlers.set(channel, handler);
      },
      removeHandler: (channel: string) => handlers.delete(channel),
    },
    webContents: { fromId: (id: number) => FakeContents.all.get(id) },
  };
});

vi.mock('electron', () => ({ ipcMain: electron.ipcMain, webContents: electron.webContents }));

type Contents = InstanceType<typeof electron.FakeContents>;

function fakeLayer() {
  return {
    dispatch: vi.fn(
      async (_sender: SenderInfo, _method: string, _input: unknown): Promise<Result<unknown>> => ({
        ok: true,
        data: 'ok',
      }),
    ),
    registerDroppedPath: vi.fn((_sender: SenderInfo, _path: unknown) => true),
    abortOwnerStreams: vi.fn(),
    closeOwner: vi.fn(),
    dispose: vi.fn(),
    writing: vi.fn(() => false),
    writesDone: vi.fn(async () => {}),
    settled: vi.fn(async () => {}),
  } satisfies IpcLayer;
}

function invokeEvent(contents: Contents, frame: unknown = contents.mainFrame) {
  return { sender: contents, senderFrame: frame } as never;
}

beforeEach(() => {
  electron.handlers.clear();
  electron.FakeContents.all.clear();
});

describe('senderInfoOf', () => {
  it('describes a call from the top frame of a window we created', () => {
    const contents = new electron.FakeContents(7);
    expect(senderInfoOf(invokeEvent(contents), new Set([7]))).toEqual({
      ownerId: 7,
      knownWindow: true,
      topFrame: true,
      url: 'app://gateway-studio/index.html',
    });
  });

  it('marks an iframe, a detached frame and a missing frame as not top', () => {
    const contents = new electron.FakeContents(7);
    const iframe = new electron.FakeFrame('child', 'https://evil.example.com/');
    expect(senderInfoOf(invokeEvent(contents, iframe), new Set([7]))).toMatchObject({
      topFrame: false,
      url: 'https://evil.example.com/',
    });
    const detached = new electron.FakeFrame('main-7', 'app://gateway-studio/index.html');
    detached.detached = true;
    expect(senderInfoOf(invokeEvent(contents, detached), new Set([7])).topFrame).toBe(false);
    expect(senderInfoOf(invokeEvent(contents, null), new Set([7]))).toMatchObject({
      topFrame: false,
      url: '',
    });
  });

  it('marks a window we did not create as unknown', () => {
    const contents = new electron.FakeContents(9);
    expect(senderInfoOf(invokeEvent(contents), new Set([7])).knownWindow).toBe(false);
  });

  it('treats a frame that throws on access (disposed mid-flight) as not top', () => {
    const contents = new electron.FakeContents(7);
    const disposed = {
      get detached(): boolean {
        throw new Error('Render frame was disposed');
      },
      get url(): string {
        throw new Error('Render frame was disposed');
      },
    };
    expect(senderInfoOf(invokeEvent(contents, disposed), new Set([7]))).toMatchObject({
      topFrame: false,
      url: '',
    });
  });
});

describe('wireIpcLayer', () => {
  it('registers one handler per contract method and the private dropped-path channel, nothing else', () => {
    wireIpcLayer(fakeLayer());
    expect([...electron.handlers.keys()].sort()).toEqual(
      [...METHOD_NAMES.map(methodChannel), DROPPED_PATH_CHANNEL].sort(),
    );
  });

  it('hands every call to the choke point with the sender, method and raw input', async () => {
    const layer = fakeLayer();
    const wiring = wireIpcLayer(layer);
    const contents = new electron.FakeContents(3);
    wiring.adoptWindow({ webContents: contents } as never);
    const handler = electron.handlers.get(methodChannel('profiles.delete'));
    expect(await handler?.(invokeEvent(contents), { id: 'p1' })).toEqual({ ok: true, data: 'ok' });
    expect(layer.dispatch).toHaveBeenCalledWith(
      { ownerId: 3, knownWindow: true, topFrame: true, url: 'app://gateway-studio/index.html' },
      'profiles.delete',
      { id: 'p1' },
    );
  });

  it('reports windows it was not told about as unknown', async () => {
    const layer = fakeLayer();
    wireIpcLayer(layer);
    const stranger = new electron.FakeContents(4);
    await electron.handlers.get(methodChannel('app.info'))?.(invokeEvent(stranger), undefined);
    expect(layer.dispatch.mock.calls[0]?.[0].knownWindow).toBe(false);
  });

  it("aborts a window's streams when its page navigates or crashes, and retires it only when destroyed", async () => {
    const layer = fakeLayer();
    const wiring = wireIpcLayer(layer);
    const contents = new electron.FakeContents(5);
    wiring.adoptWindow({ webContents: contents } as never);
    contents.emit('did-navigate');
    contents.emit('render-process-gone');
    expect(layer.abortOwnerStreams.mock.calls).toEqual([[5], [5]]);
    expect(layer.closeOwner).not.toHaveBeenCalled();
    contents.emit('destroyed');
    expect(layer.closeOwner).toHaveBeenLastCalledWith(5);
    await electron.handlers.get(methodChannel('app.info'))?.(invokeEvent(contents), undefined);
    expect(layer.dispatch.mock.calls[0]?.[0].knownWindow).toBe(false);
  });

  // Regression: Electron emits `did-navigate` for the first loadURL and for every reload
  // (docs/api/web-contents.md § Navigation Events; spec "for initial navigation, event order is
  // consistent"), and the window stays usable after a renderer crash (§ render-process-gone). The
  // wiring used to retire the window on those events, so every stream the real window asked for failed.
  it('keeps starting streams for a window after its page loaded, reloaded and crashed', async () => {
    const gateway = await startFakeGateway();
    const t = createTestLayer();
    try {
      await t.ok('profiles.create', { name: 'Fake', baseUrl: gateway.baseUrl, apiKey: gateway.apiKey });
      wireIpcLayer(t.layer).adoptWindow({ webContents: new electron.FakeContents(1, APP_URL) } as never);
      const contents = electron.FakeContents.all.get(1) as Contents;
      const chat = electron.handlers.get(methodChannel('chat.responses'));
      const input = { request: { model: 'gpt-5-mini', input: 'Hi' }, stream: true };
      for (const event of ['did-navigate', 'did-navigate', 'render-process-gone', 'did-navigate']) {
        contents.emit(event);
        const result = (await chat?.(invokeEvent(contents), input)) as Result<{ streamId: string }>;
        expect(result, `a stream started after ${event}`).toMatchObject({ ok: true });
      }
    } finally {
      await t.close();
      await gateway.close();
    }
  });

  it('removes its handlers on dispose', () => {
    wireIpcLayer(fakeLayer()).dispose();
    expect(electron.handlers.size).toBe(0);
  });
});

describe('emitToOwner', () => {
  const state = { profiles: [] } as unknown as SettingsState;

  it('sends the payload to that window on the event channel', () => {
    const contents = new electron.FakeContents(11);
    const other = new electron.FakeContents(12);
    emitToOwner(11, 'settings.changed', state);
    expect(contents.sent).toEqual([[eventChannel('settings.changed'), state]]);
    expect(other.sent).toEqual([]);
  });

  it('drops events for a window that is gone, without throwing', () => {
    const contents = new electron.FakeContents(13);
    contents.destroyed = true;
    expect(() => emitToOwner(13, 'settings.changed', state)).not.toThrow();
    expect(() => emitToOwner(999, 'settings.changed', state)).not.toThrow();
    expect(contents.sent).toEqual([]);
  });
});
