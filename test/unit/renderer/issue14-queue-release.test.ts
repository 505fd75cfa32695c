// Issue 14, item 9, the page's side: when items leave the Transcribe queue (removed, cleared, cancelled
// before they ran, or never taken in), main is told which audio files no item holds any more, so the
// recordings and clips it wrote for them can go. What may be deleted is main's decision
// (test/unit/ipc/issue14-queue-files.test.ts); the page only says what it let go of.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inputSchemas } from '../../../src-main/ipc/schemas/index.ts';
import {
  type AudioFile,
  BRIDGE_KEY,
  DEFAULT_PREFS,
  MAX_AUDIO_PATHS_PER_CALL,
  type MethodName,
  type Result,
} from '../../../src-preload/contract.ts';
import {
  cancelQueueItem,
  clearFinishedItems,
  enqueueAudio,
  removeQueueItem,
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

function withModel(model: string) {
  useAppStore.setState({
    prefs: { ...DEFAULT_PREFS, transcribe: { ...DEFAULT_PREFS.transcribe, model, concurrency: 1 } },
  });
}

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
  useAppStore.setState({ transcribeQueue: [], toasts: [] });
  useStreamStore.setState({ streams: {} });
  withModel('whisper-1');
});
afterEach(() => {
  delete (globalThis as Record<string, unknown>).window;
});

const recording = (n: number): AudioFile => ({
  path: `/data/media/recordings/2026-11-26T12-00-0${n}-000Z-recording.webm`,
  name: `Recording ${n}`,
  size: 1000,
  url: `app://gateway-studio/media/recordings/${n}.webm`,
  kind: 'recording',
  durationSec: 3,
  peaks: null,
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const queue = () => useAppStore.getState().transcribeQueue;
const released = () =>
  pending.filter((p) => p.method === 'audio.release').flatMap((p) => (p.input as { paths: string[] }).paths);

/** Answers the running item's request with a refusal, as main does when the gateway cannot be reached. */
async function failRunning(): Promise<void> {
  const request = pending.find((p) => p.method === 'audio.transcribe' && !('answered' in p));
  Object.assign(request!, { answered: true });
  request!.answer({ ok: false, error: { code: 'network', message: 'Offline.' } });
  await settle();
}

describe('audio the Transcribe queue lets go of', () => {
  it('is released when a failed item is removed, and not before', async () => {
    enqueueAudio([recording(1)]);
    await failRunning();
    expect(queue()[0]!.status).toBe('failed');
    expect(released()).toEqual([]);

    removeQueueItem(queue()[0]!.id);
    expect(queue()).toEqual([]);
    expect(released()).toEqual([recording(1).path]);
  });

  it('is released for every finished item "Clear finished" takes away, not for those still waiting', async () => {
    enqueueAudio([recording(1), recording(2), recording(3)]);
    await failRunning();
    await failRunning();
    // Items 1 and 2 failed; item 3 is running now.
    clearFinishedItems();
    expect(queue().map((i) => i.audio.path)).toEqual([recording(3).path]);
    expect(released()).toEqual([recording(1).path, recording(2).path]);
  });

  it('is released when a queued item is cancelled before it ran', () => {
    enqueueAudio([recording(1), recording(2)]);
    const waiting = queue()[1]!;
    expect(waiting.status).toBe('queued');
    cancelQueueItem(waiting.id);
    expect(released()).toEqual([recording(2).path]);
  });

  it('is not released while another item still holds the same file', async () => {
    enqueueAudio([recording(1)]);
    enqueueAudio([recording(1)]);
    await failRunning();
    removeQueueItem(queue()[0]!.id);
    expect(released()).toEqual([]);
  });

  // Review of item 9: a recording made while the model field was emptied used to be released (deleted by
  // main) with only a "Choose a model first" toast. What the user recorded is never lost that way.
  it('is kept, in the queue as an item that needs a model, when none was chosen', async () => {
    withModel('');
    expect(enqueueAudio([recording(1)])).toBe(false);
    await settle();
    expect(released()).toEqual([]);
    expect(pending.filter((p) => p.method === 'audio.transcribe')).toEqual([]);
    expect(queue()).toHaveLength(1);
    expect(queue()[0]).toMatchObject({
      audio: recording(1),
      status: 'failed',
      error: { message: 'Choose a model first.' },
    });

    // Retried once a model is chosen, it is sent to that model.
    withModel('whisper-1');
    retryQueueItem(queue()[0]!.id);
    await settle();
    const sent = pending.filter((p) => p.method === 'audio.transcribe');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.input).toMatchObject({
      source: { path: recording(1).path },
      options: { model: 'whisper-1' },
    });
  });

  it('stays in the queue when retried while there is still no model', async () => {
    withModel('');
    enqueueAudio([recording(1)]);
    retryQueueItem(queue()[0]!.id);
    await settle();
    expect(queue()[0]).toMatchObject({ status: 'failed', error: { message: 'Choose a model first.' } });
    expect(pending.filter((p) => p.method !== 'audio.release')).toEqual([]);
    expect(released()).toEqual([]);
  });

  it('is released in calls main accepts, however many items leave at once', async () => {
    const many = Array.from({ length: MAX_AUDIO_PATHS_PER_CALL + 5 }, (_, n) => ({
      ...recording(0),
      path: `/data/media/recordings/2026-11-26T12-00-00-000Z-recording-${n}.webm`,
    }));
    withModel('');
    enqueueAudio(many);
    clearFinishedItems();
    const calls = pending.filter((p) => p.method === 'audio.release');
    expect(calls.length).toBeGreaterThan(1);
    for (const call of calls) expect(inputSchemas['audio.release'].safeParse(call.input).success).toBe(true);
    expect(new Set(released())).toEqual(new Set(many.map((file) => file.path)));
  });
});
