// "Open with Gateway Studio" in the window (src-renderer/src/actions/opened-files.ts), against a stand-in
// bridge: the files main hands over reach the Transcribe queue, and none is lost on the way.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type AudioFile,
  BRIDGE_KEY,
  DEFAULT_PREFS,
  type MethodName,
  type Result,
} from '../../../src-preload/contract.ts';
import { followOpenedFiles } from '../../../src-renderer/src/actions/opened-files.ts';
import { useAppStore } from '../../../src-renderer/src/store/index.ts';
import { useStreamStore } from '../../../src-renderer/src/store/streams.ts';

const audioFile = (path: string): AudioFile => ({
  path,
  name: path.split('/').at(-1)!,
  size: 1000,
  url: `app://gateway-studio/media/${encodeURIComponent(path)}`,
  kind: 'file',
  durationSec: 12,
  peaks: null,
});

let waiting: string[] = [];
const calls: MethodName[] = [];

beforeEach(() => {
  calls.length = 0;
  (globalThis as Record<string, unknown>).window = {
    [BRIDGE_KEY]: {
      invoke: async (method: MethodName, input: unknown): Promise<Result<unknown>> => {
        calls.push(method);
        if (method === 'openedFiles.take') {
          // Main hands the queue out and forgets it: what the window does not keep is gone.
          const paths = waiting;
          waiting = [];
          return { ok: true, data: { paths } };
        }
        if (method === 'audio.open') {
          const { paths } = input as { paths: string[] };
          return { ok: true, data: { files: paths.map(audioFile), refused: [] } };
        }
        return { ok: true, data: {} };
      },
      on: () => () => {},
      pathForFile: () => '',
    },
  };
  useAppStore.setState({ transcribeQueue: [], toasts: [], prefs: DEFAULT_PREFS });
  useStreamStore.setState({ streams: {} });
});
afterEach(() => {
  delete (globalThis as Record<string, unknown>).window;
});

/** Until the window has said there is no model (it loads the queue's code first), and a task more. */
const toldNoModel = async () => {
  await vi.waitFor(() => expect(useAppStore.getState().toasts).not.toEqual([]));
  await new Promise((resolve) => setTimeout(resolve, 0));
};

describe('files the OS asked the app to open', () => {
  it('are kept in the queue, held back with why, when no model is chosen yet (a first start)', async () => {
    waiting = ['/home/user/standup.wav'];
    useAppStore.setState({
      prefs: { ...DEFAULT_PREFS, transcribe: { ...DEFAULT_PREFS.transcribe, model: '' } },
    });
    followOpenedFiles(Promise.resolve());
    await toldNoModel();
    expect(useAppStore.getState().panel).toBe('transcribe');
    const queue = useAppStore.getState().transcribeQueue;
    // Not dropped: main no longer has it, so the queue is the only place the user's file is named.
    expect(queue.map((item) => [item.audio.name, item.status])).toEqual([['standup.wav', 'failed']]);
    expect(queue[0]!.error?.message).toMatch(/choose a model/i);
    expect(useAppStore.getState().toasts.map((toast) => toast.title)).toEqual(['Choose a model first.']);
  });
});
