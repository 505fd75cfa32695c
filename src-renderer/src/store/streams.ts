// Streams live in a store of their own, keyed by stream id, apart from the app's store: a batch arrives
// up to ~30 times a second per stream, and every hook on a store runs its selector on every change to it
// (measured: ~0.2 ms per batch with the Playground's hooks on the app's store, against ~0.03 ms to fold
// the batch). Only what shows or follows a stream subscribes here.
import { useSyncExternalStore } from 'react';
import { create } from 'zustand';
import {
  type AppError,
  STOPPED_STATUS,
  type StreamBatch,
  type StreamEvent,
  type TokenUsage,
  type TranscriptPartPlan,
} from '../../../src-preload/contract.ts';

export type StreamStatus = 'running' | 'done' | 'error' | 'stopped';

export interface StreamState {
  text: string;
  /**
   * What the last batch carrying text added to `text`, and where it starts: a view of a long stream reads
   * that rather than the whole text (which V8 would copy whole on each read: markdown/text-tail.ts).
   */
  appended: { at: number; text: string } | null;
  reasoning: string;
  usage: TokenUsage | null;
  upload: { sent: number; total: number } | null;
  progress: { step: number; steps: number } | null;
  /** A long recording being cut: seconds of it written so far, of all. */
  split: { doneSec: number; totalSec: number } | null;
  /** A long recording sent in parts: its job, each part as it stands, and the parts' uploads and text. */
  job: JobProgress | null;
  result: unknown;
  status: StreamStatus;
  /** The terminal status the gateway reported (`completed`, `incomplete`, …). */
  doneStatus: string | null;
  responseId: string | null;
  error: AppError | null;
  /** Events seen so far; a cheap way for metrics to notice progress without reading the text. */
  eventCount: number;
  /**
   * A chat stream's inspector record, as main reports it after the reply's end: kept (main holds it; the
   * inspector asks for it) or not. `null` until then, and for streams that keep none.
   */
  detail: KeptDetail | null;
  /** `performance.now()` when the first batch carrying text or reasoning arrived (time to first token). */
  firstContentAt: number | null;
  /** `performance.now()` when the stream ended: its terminal event arrived, or its final batch. */
  endedAt: number | null;
  /** The final batch has arrived: main sends nothing more (a chat stream's record outcome comes last). */
  closed: boolean;
}

/** What main did with a reply's inspector record (`detail-kept` / `detail-failed`). */
export type KeptDetail = { kept: true; detailBytes: number } | { kept: false; error: AppError };

export interface JobProgress {
  jobId: string;
  parts: TranscriptPartPlan[];
  /** Bytes sent of each part being uploaded, by part index. */
  uploads: Record<number, { sent: number; total: number }>;
  /** The live transcript of each part, by part index (models that stream their text). */
  texts: Record<number, string>;
}

/**
 * The live texts and uploads under the parts' new numbers. A part cut again mid-run is replaced by its
 * pieces and every later part is numbered on; a part keeps where it starts, so that finds it again.
 */
function renumbered(
  job: JobProgress | null,
  parts: readonly TranscriptPartPlan[],
): Pick<JobProgress, 'texts' | 'uploads'> {
  if (!job) return { texts: {}, uploads: {} };
  const indexAt = new Map(parts.map((part) => [part.startSec, part.index]));
  const moved = <V>(byIndex: Record<number, V>): Record<number, V> => {
    const next: Record<number, V> = {};
    for (const part of job.parts) {
      const index = indexAt.get(part.startSec);
      const value = byIndex[part.index];
      if (index !== undefined && value !== undefined) next[index] = value;
    }
    return next;
  };
  return { texts: moved(job.texts), uploads: moved(job.uploads) };
}

/** The job after one part event; parts are replaced, never edited in place (the store compares by reference). */
function foldJobEvent(job: JobProgress | null, event: StreamEvent): JobProgress | null {
  switch (event.type) {
    case 'parts':
      return { jobId: event.jobId, parts: event.parts, ...renumbered(job, event.parts) };
    case 'part-status': {
      if (!job) return job;
      const parts = job.parts.map((part) =>
        part.index === event.part ? { ...part, status: event.status } : part,
      );
      // A part sent again starts its text afresh.
      const texts =
        event.status === 'sending' && job.texts[event.part] ? { ...job.texts, [event.part]: '' } : job.texts;
      return { ...job, parts, texts };
    }
    case 'part-upload':
      return (
        job && { ...job, uploads: { ...job.uploads, [event.part]: { sent: event.sent, total: event.total } } }
      );
    case 'text-delta':
      if (!job || event.part === undefined) return job;
      return { ...job, texts: { ...job.texts, [event.part]: (job.texts[event.part] ?? '') + event.text } };
    default:
      return job;
  }
}

export interface StreamsState {
  streams: Record<string, StreamState>;
  applyStreamBatch(batch: StreamBatch): void;
  forgetStream(streamId: string): void;
}

const emptyStream = (): StreamState => ({
  text: '',
  appended: null,
  reasoning: '',
  usage: null,
  upload: null,
  progress: null,
  split: null,
  job: null,
  result: undefined,
  status: 'running',
  doneStatus: null,
  responseId: null,
  error: null,
  eventCount: 0,
  detail: null,
  firstContentAt: null,
  endedAt: null,
  closed: false,
});

/**
 * Folds one batch into a stream's state; pure so it can be tested without a store. `now` is when the batch
 * arrived (`performance.now()` in the app), kept for the first content and the end of the stream.
 */
export function foldStreamBatch(
  previous: StreamState | undefined,
  batch: StreamBatch,
  now: number,
): StreamState {
  const next = { ...(previous ?? emptyStream()) };
  let added = '';
  let reasoning = next.reasoning;
  for (const event of batch.events) {
    switch (event.type) {
      case 'text-delta':
        // A part's text is kept with its part: parts sent at once would interleave here.
        if (event.part === undefined) added += event.text;
        else next.job = foldJobEvent(next.job, event);
        break;
      case 'split-progress':
        next.split = { doneSec: event.doneSec, totalSec: event.totalSec };
        break;
      case 'parts':
      case 'part-status':
      case 'part-upload':
        next.job = foldJobEvent(next.job, event);
        break;
      case 'reasoning-delta':
        reasoning += event.text;
        break;
      case 'usage':
        next.usage = event.usage;
        break;
      case 'upload-progress':
        next.upload = { sent: event.sent, total: event.total };
        break;
      case 'progress':
        next.progress = { step: event.step, steps: event.steps };
        break;
      case 'result':
        next.result = event.data;
        break;
      case 'detail-kept':
        next.detail = { kept: true, detailBytes: event.detailBytes };
        break;
      case 'detail-failed':
        next.detail = { kept: false, error: event.error };
        break;
      case 'done':
        // `stopped`: main ended it on the user's Stop; `cancelled`: the gateway's own word for it.
        next.status = event.status === STOPPED_STATUS || event.status === 'cancelled' ? 'stopped' : 'done';
        next.doneStatus = event.status;
        next.responseId = event.responseId ?? next.responseId;
        break;
      case 'error':
        next.status = event.error.code === 'aborted' ? 'stopped' : 'error';
        next.error = event.error;
        break;
    }
  }
  if (next.firstContentAt === null && (added !== '' || reasoning !== next.reasoning)) {
    next.firstContentAt = now;
  }
  if (added !== '') {
    next.appended = { at: next.text.length, text: added };
    next.text += added;
  }
  next.reasoning = reasoning;
  next.eventCount += batch.events.length;
  // A final batch without a terminal event still ends the stream.
  if (batch.final && next.status === 'running') next.status = 'done';
  if (batch.final) next.closed = true;
  // The end is when the terminal event came: a chat stream's last batch may follow with its record's outcome.
  if (next.status !== 'running' && next.endedAt === null) next.endedAt = now;
  return next;
}

/**
 * A stream as this page holds it, ended by the user's Stop at `now`: what had arrived is what the reply
 * keeps, whatever main still sends (`undefined`: nothing had arrived yet).
 */
export function stoppedByUser(stream: StreamState | undefined, now: number): StreamState {
  return { ...(stream ?? emptyStream()), status: 'stopped', doneStatus: STOPPED_STATUS, endedAt: now };
}

export const useStreamStore = create<StreamsState>()((set) => ({
  streams: {},
  applyStreamBatch: (batch) =>
    set((current) => ({
      streams: {
        ...current.streams,
        [batch.streamId]: foldStreamBatch(current.streams[batch.streamId], batch, performance.now()),
      },
    })),
  forgetStream: (streamId) =>
    set((current) => {
      if (!(streamId in current.streams)) return current;
      const next = { ...current.streams };
      delete next[streamId];
      return { streams: next };
    }),
}));

/**
 * The text of stream `streamId` as a reply's markdown follows it (Markdown's `follow`): read and told of
 * each update straight from this store, so a streamed token renders no component. Other streams' batches
 * keep this one's object and tell it nothing.
 */
export function liveText(streamId: string): {
  read(): { text: string; appended: StreamState['appended'] };
  subscribe(changed: () => void): () => void;
} {
  const read = () => {
    const stream = useStreamStore.getState().streams[streamId];
    return { text: stream?.text ?? '', appended: stream?.appended ?? null };
  };
  return {
    read,
    subscribe: (changed) =>
      useStreamStore.subscribe((state, previous) => {
        if (state.streams[streamId] !== previous.streams[streamId]) changed();
      }),
  };
}

const NOT_SUBSCRIBED = () => () => {};

/**
 * `pick` of the stream `streamId` (a primitive: it is compared to tell a change), re-rendering when it
 * changes. Nothing is subscribed without a stream, so a view that shows one only for a while (a reply:
 * while it is live) costs the other streams' batches nothing the rest of the time.
 */
export function useStreamValue<T extends string | number | boolean>(
  streamId: string | null | undefined,
  pick: (stream: StreamState | undefined) => T,
): T {
  const read = () => pick(streamId ? useStreamStore.getState().streams[streamId] : undefined);
  return useSyncExternalStore(streamId ? useStreamStore.subscribe : NOT_SUBSCRIBED, read, read);
}
