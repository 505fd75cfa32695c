import { describe, expect, it } from 'vitest';
import type {
  AppError,
  AudioFile,
  TranscriptionDone,
  TranscriptSummary,
} from '../../../src-preload/contract.ts';
import type { StreamState } from '../../../src-renderer/src/store/streams.ts';
import {
  cancelItem,
  clearFinished,
  followStream,
  itemsToStart,
  markFailed,
  markStarted,
  markStarting,
  newQueueItem,
  type QueueItem,
  removeItem,
  retryItem,
  setDuration,
  transcriptionDoneOf,
  uploadPercent,
} from '../../../src-renderer/src/store/transcribe-queue.ts';

const audio = (name: string, durationSec: number | null = 12): AudioFile => ({
  path: `/data/${name}`,
  name,
  size: 1000,
  url: `app://gateway-studio/media/${name}`,
  kind: 'file',
  durationSec,
  peaks: null,
});

const request = {
  options: { model: 'whisper-1', responseFormat: 'verbose_json' as const },
  mode: 'transcribe' as const,
};

const queue = (...names: string[]): QueueItem[] =>
  names.map((name) => newQueueItem(name, audio(name), request));

const stream = (
  patch: Partial<StreamState>,
): Pick<StreamState, 'status' | 'upload' | 'result' | 'error'> => ({
  status: 'running',
  upload: null,
  result: undefined,
  error: null,
  ...patch,
});

const summary: TranscriptSummary = {
  id: 't-1',
  createdAt: '2025-03-12T14:02:00.000Z',
  name: 'a.wav',
  mode: 'transcribe',
  model: 'whisper-1',
  kind: 'file',
  durationSec: 12,
  language: 'english',
  preview: 'Hello there',
  segmentCount: 3,
};

const done: TranscriptionDone = {
  entry: summary,
  transcript: { text: 'Hello there', segments: [], format: 'verbose_json' },
};

const tooLarge: AppError = {
  code: 'too_large',
  message: 'The file is too large for the gateway.',
  hint: 'Use a shorter or compressed clip.',
  status: 413,
};

const statuses = (items: QueueItem[]) => items.map((item) => `${item.id}:${item.status}`);

/** Starts `id` the way the runner does: starting, then the stream id from main. */
const start = (items: QueueItem[], id: string, streamId = `s-${id}`) =>
  markStarted(markStarting(items, id), id, streamId);

describe('a queue item from queued to done', () => {
  it('is queued with the request captured and the duration main knew', () => {
    const [item] = queue('a.wav');
    expect(item).toMatchObject({
      status: 'queued',
      options: request.options,
      mode: 'transcribe',
      durationSec: 12,
    });
    expect(item?.streamId).toBeNull();
  });

  it('goes queued → uploading (with progress) → waiting → done with its entry', () => {
    let items = start(queue('a.wav'), 'a.wav');
    expect(items[0]).toMatchObject({ status: 'uploading', streamId: 's-a.wav', upload: null });

    let item = followStream(items[0]!, stream({ upload: { sent: 400, total: 1000 } }));
    expect(item).toMatchObject({ status: 'uploading', upload: { sent: 400, total: 1000 } });
    expect(uploadPercent(item.upload)).toBe(40);

    item = followStream(item, stream({ upload: { sent: 1000, total: 1000 } }));
    expect(item.status).toBe('waiting');

    item = followStream(item, stream({ status: 'done', upload: { sent: 1000, total: 1000 }, result: done }));
    expect(item).toMatchObject({ status: 'done', entry: summary, upload: null });
    items = [item];
    expect(statuses(items)).toEqual(['a.wav:done']);
  });

  it('keeps the same object when the stream says nothing new (no re-render, no loop)', () => {
    const [item] = start(queue('a.wav'), 'a.wav');
    const uploading = followStream(item!, stream({ upload: { sent: 10, total: 100 } }));
    expect(followStream(uploading, stream({ upload: { sent: 10, total: 100 } }))).toBe(uploading);
    expect(followStream(item!, stream({}))).toBe(item);
  });

  it('fails when the stream ends without a saved transcript', () => {
    const [item] = start(queue('a.wav'), 'a.wav');
    const ended = followStream(item!, stream({ status: 'done', result: { text: 'no entry' } }));
    expect(ended.status).toBe('failed');
    expect(ended.error?.code).toBe('malformed_response');
  });

  it('ignores streams once the item is finished', () => {
    const [item] = start(queue('a.wav'), 'a.wav');
    const cancelled = cancelItem([item!], 'a.wav').items[0]!;
    expect(followStream(cancelled, stream({ status: 'done', result: done }))).toBe(cancelled);
  });
});

describe('failures', () => {
  it('a stream error fails the item with the error (message and hint)', () => {
    const [item] = start(queue('a.wav'), 'a.wav');
    const failed = followStream(item!, stream({ status: 'error', error: tooLarge }));
    expect(failed).toMatchObject({ status: 'failed', error: tooLarge, upload: null });
  });

  it('a refused request (no stream at all) fails the item', () => {
    const items = markFailed(markStarting(queue('a.wav'), 'a.wav'), 'a.wav', tooLarge);
    expect(items[0]).toMatchObject({ status: 'failed', error: tooLarge });
  });

  it('a stream stopped by main reads as cancelled', () => {
    const [item] = start(queue('a.wav'), 'a.wav');
    expect(followStream(item!, stream({ status: 'stopped' })).status).toBe('cancelled');
  });
});

describe('cancel', () => {
  it('removes a queued item outright, with nothing to stop', () => {
    const result = cancelItem(queue('a.wav', 'b.wav'), 'a.wav');
    expect(statuses(result.items)).toEqual(['b.wav:queued']);
    expect(result.stopStreamId).toBeNull();
  });

  it('marks a running item cancelled and hands back its stream to stop', () => {
    const items = start(queue('a.wav'), 'a.wav');
    const result = cancelItem(items, 'a.wav');
    expect(statuses(result.items)).toEqual(['a.wav:cancelled']);
    expect(result.stopStreamId).toBe('s-a.wav');
  });

  it('cancels an item main has not answered for yet (no stream id to stop yet)', () => {
    const items = markStarting(queue('a.wav'), 'a.wav');
    const result = cancelItem(items, 'a.wav');
    expect(result.items[0]?.status).toBe('cancelled');
    expect(result.stopStreamId).toBeNull();
    // The id that arrives later is not attached to a cancelled item.
    expect(markStarted(result.items, 'a.wav', 's-late')[0]?.streamId).toBeNull();
  });

  it('leaves finished items alone', () => {
    const items = markFailed(markStarting(queue('a.wav'), 'a.wav'), 'a.wav', tooLarge);
    expect(cancelItem(items, 'a.wav').items).toBe(items);
  });
});

describe('retry', () => {
  it('puts a failed item back in the queue, in its place, with the same request and no error', () => {
    let items = queue('a.wav', 'b.wav');
    items = markFailed(markStarting(items, 'a.wav'), 'a.wav', tooLarge);
    items = retryItem(items, 'a.wav');
    expect(statuses(items)).toEqual(['a.wav:queued', 'b.wav:queued']);
    expect(items[0]).toMatchObject({ error: null, streamId: null, options: request.options });
  });

  it('retries a cancelled item', () => {
    const items = cancelItem(start(queue('a.wav'), 'a.wav'), 'a.wav').items;
    expect(retryItem(items, 'a.wav')[0]?.status).toBe('queued');
  });

  it('does nothing to queued, running or done items', () => {
    const items = start(queue('a.wav', 'b.wav'), 'a.wav');
    expect(retryItem(items, 'a.wav')).toBe(items);
    expect(retryItem(items, 'b.wav')).toBe(items);
  });
});

describe('concurrency', () => {
  it('starts at most the limit, first queued first', () => {
    const items = queue('a', 'b', 'c', 'd');
    expect(itemsToStart(items, 2).map((i) => i.id)).toEqual(['a', 'b']);
    expect(itemsToStart(items, 1).map((i) => i.id)).toEqual(['a']);
    expect(itemsToStart(items, 6).map((i) => i.id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('counts running items (uploading and waiting) against the limit', () => {
    let items = start(queue('a', 'b', 'c', 'd'), 'a');
    items = [followStream(items[0]!, stream({ upload: { sent: 5, total: 5 } })), ...items.slice(1)];
    expect(items[0]?.status).toBe('waiting');
    expect(itemsToStart(items, 2).map((i) => i.id)).toEqual(['b']);
    items = start(items, 'b');
    expect(itemsToStart(items, 2)).toEqual([]);
  });

  it('counts an item being started (no stream id yet), so a slot is never given twice', () => {
    const items = markStarting(queue('a', 'b', 'c'), 'a');
    expect(itemsToStart(items, 2).map((i) => i.id)).toEqual(['b']);
  });

  it('frees a slot when an item finishes, and the next in order starts', () => {
    let items = start(start(queue('a', 'b', 'c', 'd'), 'a'), 'b');
    items = markFailed(items, 'a', tooLarge);
    expect(itemsToStart(items, 2).map((i) => i.id)).toEqual(['c']);
  });

  it('treats a nonsense limit as one at a time', () => {
    expect(itemsToStart(queue('a', 'b'), 0).map((i) => i.id)).toEqual(['a']);
    expect(itemsToStart(queue('a', 'b'), Number.NaN).map((i) => i.id)).toEqual(['a']);
  });

  it('runs a whole queue in order with a limit of 2', () => {
    let items = queue('a', 'b', 'c', 'd', 'e');
    const startedOrder: string[] = [];
    const pump = () => {
      for (const item of itemsToStart(items, 2)) {
        startedOrder.push(item.id);
        items = start(items, item.id);
      }
    };
    pump();
    expect(startedOrder).toEqual(['a', 'b']);
    while (items.some((i) => i.status !== 'done')) {
      const running = items.find((i) => i.status === 'uploading');
      if (!running) break;
      items = items.map((i) =>
        i.id === running.id ? followStream(i, stream({ status: 'done', result: done })) : i,
      );
      const active = items.filter((i) => i.status === 'uploading' || i.status === 'waiting').length;
      expect(active).toBeLessThanOrEqual(2);
      pump();
    }
    expect(startedOrder).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(items.every((i) => i.status === 'done')).toBe(true);
  });
});

describe('the list', () => {
  it('removes only finished items, one or all', () => {
    let items = queue('a', 'b', 'c');
    items = markFailed(markStarting(items, 'a'), 'a', tooLarge);
    items = start(items, 'b');
    expect(removeItem(items, 'b')).toBe(items);
    expect(statuses(removeItem(items, 'a'))).toEqual(['b:uploading', 'c:queued']);
    expect(statuses(clearFinished(items))).toEqual(['b:uploading', 'c:queued']);
    const unfinished = clearFinished(items);
    expect(clearFinished(unfinished)).toBe(unfinished);
  });

  it('fills in a duration the browser read, once, and never over main’s', () => {
    const items = [newQueueItem('a', audio('a.webm', null), request)];
    const filled = setDuration(items, 'a', 4.2);
    expect(filled[0]?.durationSec).toBe(4.2);
    expect(setDuration(filled, 'a', 9)).toBe(filled);
  });

  it('rounds the upload share down, and knows nothing before the first report', () => {
    expect(uploadPercent(null)).toBe(0);
    expect(uploadPercent({ sent: 999, total: 1000 })).toBe(99);
    expect(uploadPercent({ sent: 5, total: 0 })).toBe(0);
    expect(uploadPercent({ sent: 2000, total: 1000 })).toBe(100);
  });
});

describe('reading the result event', () => {
  it('takes { transcript, entry } and refuses anything else', () => {
    expect(transcriptionDoneOf(done)).toBe(done);
    expect(transcriptionDoneOf(done.transcript)).toBeNull();
    expect(transcriptionDoneOf({ entry: { id: 3 }, transcript: {} })).toBeNull();
    expect(transcriptionDoneOf(null)).toBeNull();
    expect(transcriptionDoneOf('text')).toBeNull();
  });
});
