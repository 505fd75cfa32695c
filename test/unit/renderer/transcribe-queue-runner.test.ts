// The queue runner against a stand-in bridge: answers from main that arrive after the user moved on
// (a cancel, a retry) must not move the item, and what they started is stopped.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type AudioFile,
  BRIDGE_KEY,
  DEFAULT_PREFS,
  type MethodName,
  type Result,
} from '../../../src-preload/contract.ts';
import {
  cancelQueueItem,
  enqueueAudio,
  retryQueueItem,
} from '../../../src-renderer/src/actions/transcribe-queue.ts';
import { useAppStore } from '../../../src-renderer/src/store/index.ts';
import { useStreamStore } from '../../../src-renderer/src/store/streams.ts';

interface Pending {
  method: MethodName;
  input: unknown;
  answer(result: Result<unknown>): void;
}

let pending: Pending[] = [];

beforeEach(() => {
  pending = [];
  (globalThis as Record<string, unknown>).window = {
    [BRIDGE_KEY]: {
      invoke: (method: MethodName, input: unknown) =>
        new Promise<Result<unknown>>((resolve) => pending.push({ method, input, answer: resolve })),
      on: () => () => {},
      pathForFile: () => '',
    },
  };
  useAppStore.setState({
    transcribeQueue: [],
    prefs: { ...DEFAULT_PREFS, transcribe: { ...DEFAULT_PREFS.transcribe, model: 'whisper-1' } },
  });
  useStreamStore.setState({ streams: {} });
});
afterEach(() => {
  delete (globalThis as Record<string, unknown>).window;
});

const audio: AudioFile = {
  path: '/data/a.wav',
  name: 'a.wav',
  size: 1000,
  url: 'app://gateway-studio/media/a.wav',
  kind: 'file',
  durationSec: 12,
  peaks: null,
};

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const item = () => useAppStore.getState().transcribeQueue[0]!;
const requests = (method: MethodName) => pending.filter((p) => p.method === method);

describe('transcribe queue runner', () => {
  it('ignores the answer to a request the user cancelled and retried meanwhile, and stops its stream', async () => {
    expect(enqueueAudio([audio])).toBe(true);
    expect(requests('audio.transcribe')).toHaveLength(1);
    const [first] = requests('audio.transcribe');

    cancelQueueItem(item().id);
    retryQueueItem(item().id);
    expect(item().status).toBe('uploading');
    expect(requests('audio.transcribe')).toHaveLength(2);
    const second = requests('audio.transcribe')[1]!;

    first!.answer({ ok: true, data: { streamId: 'old' } });
    await settle();
    expect(item().streamId).toBeNull();
    expect(requests('stream.stop').map((p) => p.input)).toEqual([{ streamId: 'old' }]);

    second.answer({ ok: true, data: { streamId: 'new' } });
    await settle();
    expect(item()).toMatchObject({ status: 'uploading', streamId: 'new' });
  });

  it('does not fail a retried item with the error of the request it replaced', async () => {
    enqueueAudio([audio]);
    const [first] = requests('audio.transcribe');
    cancelQueueItem(item().id);
    retryQueueItem(item().id);

    first!.answer({ ok: false, error: { code: 'network', message: 'Offline.' } });
    await settle();
    expect(item()).toMatchObject({ status: 'uploading', error: null });
  });
});
