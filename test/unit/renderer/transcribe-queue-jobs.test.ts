// A long recording in the queue (issue 16): what its stream's part events make of the item, how Retry
// resumes it (all unfinished parts, or one), and that "Clear finished" never throws away finished parts.
import { describe, expect, it } from 'vitest';
import type {
  AudioFile,
  StreamBatch,
  StreamEvent,
  TranscriptPartPlan,
  UnfinishedJob,
} from '../../../src-preload/contract.ts';
import { partsStatusText } from '../../../src-renderer/src/panels/transcribe/QueueParts.tsx';
import { foldStreamBatch, type StreamState } from '../../../src-renderer/src/store/streams.ts';
import {
  cancelItem,
  clearFinished,
  followStream,
  markStarted,
  markStarting,
  newQueueItem,
  pausedJobItem,
  type QueueItem,
  retryItem,
} from '../../../src-renderer/src/store/transcribe-queue.ts';

const audio: AudioFile = {
  path: '/data/lecture.wav',
  name: 'lecture.wav',
  size: 100_000_000,
  url: 'app://gateway-studio/media/lecture.wav',
  kind: 'file',
  durationSec: 3600,
  peaks: null,
};
const request = { options: { model: 'whisper-1' }, mode: 'transcribe' as const };

const plan = (index: number, status: TranscriptPartPlan['status'] = 'pending'): TranscriptPartPlan => ({
  index,
  startSec: index * 600,
  endSec: (index + 1) * 600,
  size: 19_200_044,
  status,
});

function fold(events: StreamEvent[], previous?: StreamState): StreamState {
  const batch: StreamBatch = { streamId: 's1', events, final: false };
  return foldStreamBatch(previous, batch, 0);
}

/** A running item following stream `s1`. */
function runningItem(): QueueItem {
  const items = markStarted(markStarting([newQueueItem('q1', audio, request)], 'q1'), 'q1', 's1');
  return items[0]!;
}

describe('a long recording’s stream', () => {
  it('keeps each part’s text apart, so parts sent at once do not interleave', () => {
    let state = fold([{ type: 'parts', jobId: 'job-1', parts: [plan(0), plan(1)] }]);
    state = fold(
      [
        { type: 'part-status', part: 0, status: 'sending' },
        { type: 'part-status', part: 1, status: 'sending' },
        { type: 'text-delta', text: 'Good morning', part: 0 },
        { type: 'text-delta', text: 'And then', part: 1 },
        { type: 'text-delta', text: ' everyone.', part: 0 },
      ],
      state,
    );
    expect(state.job?.texts).toEqual({ 0: 'Good morning everyone.', 1: 'And then' });
    // The whole-file text is for streams without parts.
    expect(state.text).toBe('');
    expect(state.job?.parts.map((p) => p.status)).toEqual(['sending', 'sending']);
  });

  it('starts a part’s text afresh when the part is sent again', () => {
    let state = fold([
      { type: 'parts', jobId: 'job-1', parts: [plan(0)] },
      { type: 'part-status', part: 0, status: 'sending' },
      { type: 'text-delta', text: 'half a sent', part: 0 },
      { type: 'part-status', part: 0, status: 'failed' },
    ]);
    state = fold([{ type: 'part-status', part: 0, status: 'sending' }], state);
    expect(state.job?.texts[0]).toBe('');
  });

  it('shows cutting, then the part being sent and how much of it is uploaded', () => {
    let state = fold([{ type: 'split-progress', doneSec: 900, totalSec: 3600 }]);
    let item = followStream(runningItem(), state);
    expect(partsStatusText(item, state.job)).toBe('Cutting into parts · 25 %');

    state = fold(
      [
        { type: 'parts', jobId: 'job-1', parts: [plan(0, 'done'), plan(1), plan(2)] },
        { type: 'part-status', part: 1, status: 'sending' },
        { type: 'part-upload', part: 1, sent: 41, total: 100 },
      ],
      state,
    );
    item = followStream(item, state);
    expect(item.jobId).toBe('job-1');
    expect(item.split).toBeNull();
    expect(partsStatusText(item, state.job)).toBe('Part 2 of 3 · 41 %');

    state = fold([{ type: 'part-upload', part: 1, sent: 100, total: 100 }], state);
    expect(partsStatusText(item, state.job)).toBe('Part 2 of 3 · transcribing');
  });

  it('a failed job keeps its parts, and the item says how many failed', () => {
    let state = fold([
      { type: 'parts', jobId: 'job-1', parts: [plan(0), plan(1), plan(2)] },
      { type: 'part-status', part: 0, status: 'done' },
      { type: 'part-status', part: 1, status: 'failed' },
      { type: 'part-status', part: 2, status: 'done' },
    ]);
    state = fold(
      [{ type: 'error', error: { code: 'gateway_error', message: '1 of 3 parts were not transcribed.' } }],
      state,
    );
    const item = followStream(runningItem(), state);
    expect(item.status).toBe('failed');
    expect(item.parts?.map((p) => p.status)).toEqual(['done', 'failed', 'done']);
    expect(partsStatusText(item, null)).toBe('1 of 3 parts failed');
  });

  it('keeps each part’s live text with its part when an earlier part is cut again and later ones renumbered', () => {
    const at = (index: number, startSec: number, endSec: number): TranscriptPartPlan => ({
      index,
      startSec,
      endSec,
      size: 1,
      status: 'pending',
    });
    let state = fold([
      { type: 'parts', jobId: 'job-1', parts: [at(0, 0, 600), at(1, 600, 1200), at(2, 1200, 1800)] },
      { type: 'part-status', part: 1, status: 'sending' },
      { type: 'part-status', part: 2, status: 'sending' },
      { type: 'text-delta', part: 2, text: 'third part so far' },
    ]);
    // Part 2 (index 1) was refused for its size and is now two pieces; the third part is index 3.
    state = fold(
      [
        {
          type: 'parts',
          jobId: 'job-1',
          parts: [at(0, 0, 600), at(1, 600, 900), at(2, 900, 1200), at(3, 1200, 1800)],
        },
        { type: 'text-delta', part: 3, text: ', and more' },
      ],
      state,
    );
    expect(state.job?.texts).toEqual({ 3: 'third part so far, and more' });
  });

  it('an item cancelled before its job news was shown still learns its job, so Retry resumes it', () => {
    const state = fold([
      { type: 'parts', jobId: 'job-1', parts: [plan(0), plan(1)] },
      { type: 'part-status', part: 0, status: 'done' },
    ]);
    const { items } = cancelItem([runningItem()], 'q1');
    const cancelled = followStream(items[0]!, state);
    expect(cancelled).toMatchObject({ status: 'cancelled', jobId: 'job-1' });
    expect(retryItem([cancelled], 'q1')[0]).toMatchObject({ status: 'queued', jobId: 'job-1' });
  });
});

describe('retrying a long recording', () => {
  const failedJob = (): QueueItem => ({
    ...runningItem(),
    status: 'failed',
    jobId: 'job-1',
    parts: [plan(0, 'done'), plan(1, 'failed'), plan(2, 'failed')],
  });

  it('resumes with the options it was asked with, never the options as they are now', () => {
    const [retried] = retryItem([failedJob()], 'q1', { options: { model: 'other' }, mode: 'translate' });
    expect(retried).toMatchObject({ status: 'queued', jobId: 'job-1', resumePart: null, mode: 'transcribe' });
    expect(retried?.options.model).toBe('whisper-1');
  });

  it('can send one part alone', () => {
    const [retried] = retryItem([failedJob()], 'q1', null, 2);
    expect(retried).toMatchObject({ status: 'queued', resumePart: 2 });
  });

  it('a paused job from an earlier run resumes like a failed one', () => {
    const job: UnfinishedJob = {
      jobId: 'job-2',
      name: 'lecture.wav',
      mode: 'transcribe',
      options: { model: 'whisper-1' },
      audio,
      durationSec: 1800,
      parts: [plan(0, 'done'), plan(1), plan(2)],
    };
    const paused = pausedJobItem('q2', job, audio);
    expect(partsStatusText(paused, null)).toBe('Paused · 1 of 3 parts done');
    expect(retryItem([paused], 'q2')[0]).toMatchObject({ status: 'queued', jobId: 'job-2' });
  });

  it('“Clear finished” keeps the items whose finished parts would be lost', () => {
    const done = { ...runningItem(), id: 'q3', status: 'done' as const, jobId: 'job-3' };
    const plain = { ...newQueueItem('q4', audio, request), status: 'failed' as const };
    const kept = clearFinished([failedJob(), done, plain]);
    expect(kept.map((item) => item.id)).toEqual(['q1']);
  });
});
