// The Transcribe panel's queue: audio waiting for, going through, or back from the gateway. The state
// changes are pure functions over the list (tested without a store); actions/transcribe-queue.ts runs them
// outside React, so the queue keeps going while another panel is shown.
import type { StateCreator } from 'zustand';
import type {
  AppError,
  AudioFile,
  TranscribeMode,
  TranscriptionDone,
  TranscriptionOptions,
  TranscriptPartPlan,
  TranscriptSummary,
  UnfinishedJob,
} from '../../../src-preload/contract.ts';
import type { RefusedFile } from '../audio/accepted-files.ts';
import type { AppState } from './index.ts';
import type { StreamState } from './streams.ts';

/**
 * `uploading`: the request is being sent (from the moment it is asked for); `waiting`: the whole file is
 * with the gateway and no answer has come yet.
 */
export type QueueItemStatus =
  | 'queued'
  | 'uploading'
  | 'waiting'
  | 'done'
  | 'failed'
  | 'cancelled'
  /** A long recording whose parts are not all done, found again after the app was closed. */
  | 'paused';

export interface QueueItem {
  id: string;
  audio: AudioFile;
  /** Seconds of audio: main's figure, else the browser's, else unknown. */
  durationSec: number | null;
  /** The request as the options stood when the item was queued; a retry sends the same. */
  options: TranscriptionOptions;
  mode: TranscribeMode;
  status: QueueItemStatus;
  /**
   * Counts the requests made for this item. A cancel and a retry while main is still answering the first
   * request leave two answers on the way; only the one for the current attempt may move the item.
   */
  attempt: number;
  streamId: string | null;
  upload: { sent: number; total: number } | null;
  entry: TranscriptSummary | null;
  error: AppError | null;
  /**
   * A long recording sent in parts (main's job, kept across restarts): Retry resumes it, sending only the
   * parts not done; removing the item lets main delete the parts.
   */
  jobId: string | null;
  /** Its parts as they last stood (`null` until main has cut the recording). */
  parts: TranscriptPartPlan[] | null;
  /** Seconds cut so far, of all, while main cuts the recording. */
  split: { doneSec: number; totalSec: number } | null;
  /** The next start sends only this part (Retry on one failed part). */
  resumePart: number | null;
  /** `false`: a diarized long recording whose speakers are labelled per part (they could not be matched). */
  speakersMatched: boolean;
  /** The item this one is the shortened copy of (the "first 30 seconds" check). */
  clipOf: string | null;
  /** A shorter clip of it is being made. */
  clipping: boolean;
}

export type TranscribeListTab = 'queue' | 'history';

export interface TranscribeQueueSlice {
  transcribeQueue: QueueItem[];
  /** Files the last drop or pick did not take, with why; shown until dismissed or the next add. */
  refusedAudio: RefusedFile[];
  transcribeListTab: TranscribeListTab;
  /** The options card folded to one line (for this run of the app). */
  transcribeOptionsCollapsed: boolean;
  updateTranscribeQueue(update: (items: QueueItem[]) => QueueItem[]): void;
  setRefusedAudio(files: RefusedFile[]): void;
  showTranscribeList(tab: TranscribeListTab): void;
  setTranscribeOptionsCollapsed(collapsed: boolean): void;
}

export const createTranscribeQueueSlice: StateCreator<AppState, [], [], TranscribeQueueSlice> = (set) => ({
  transcribeQueue: [],
  refusedAudio: [],
  transcribeListTab: 'queue',
  transcribeOptionsCollapsed: false,
  updateTranscribeQueue: (update) =>
    set((current) => {
      const next = update(current.transcribeQueue);
      return next === current.transcribeQueue ? current : { transcribeQueue: next };
    }),
  setRefusedAudio: (files) => set({ refusedAudio: files }),
  showTranscribeList: (tab) => set({ transcribeListTab: tab }),
  setTranscribeOptionsCollapsed: (collapsed) => set({ transcribeOptionsCollapsed: collapsed }),
});

// ─── Pure transitions ────────────────────────────────────────────────────────────────────────────

export const isRunning = (status: QueueItemStatus): boolean => status === 'uploading' || status === 'waiting';
export const isFinished = (status: QueueItemStatus): boolean =>
  status === 'done' || status === 'failed' || status === 'cancelled' || status === 'paused';
/** Not running, and Retry would send it again (a job resumes where it stopped). */
export const isRetryable = (status: QueueItemStatus): boolean =>
  status === 'failed' || status === 'cancelled' || status === 'paused';
/** A job whose finished parts would be lost with the item: "Clear finished" leaves it in the list. */
const holdsUnfinishedJob = (item: QueueItem): boolean => item.jobId !== null && item.status !== 'done';

export function newQueueItem(
  id: string,
  audio: AudioFile,
  request: { options: TranscriptionOptions; mode: TranscribeMode },
  clipOf: string | null = null,
): QueueItem {
  return {
    id,
    audio,
    durationSec: audio.durationSec,
    options: request.options,
    mode: request.mode,
    status: 'queued',
    attempt: 0,
    streamId: null,
    upload: null,
    entry: null,
    error: null,
    jobId: null,
    parts: null,
    split: null,
    resumePart: null,
    speakersMatched: true,
    clipOf,
    clipping: false,
  };
}

/** An unfinished long recording from an earlier run, listed as paused until the user resumes or removes it. */
export function pausedJobItem(id: string, job: UnfinishedJob, audio: AudioFile): QueueItem {
  return {
    ...newQueueItem(id, audio, { options: job.options, mode: job.mode }),
    durationSec: job.durationSec ?? audio.durationSec,
    status: 'paused',
    jobId: job.jobId,
    parts: job.parts,
  };
}

function replaceItem(items: QueueItem[], id: string, change: (item: QueueItem) => QueueItem): QueueItem[] {
  let changed = false;
  const next = items.map((item) => {
    if (item.id !== id) return item;
    const updated = change(item);
    if (updated !== item) changed = true;
    return updated;
  });
  return changed ? next : items;
}

/** The queued items that may start now, first queued first, so that at most `concurrency` run. */
export function itemsToStart(items: readonly QueueItem[], concurrency: number): QueueItem[] {
  const limit = Math.max(1, Math.floor(concurrency) || 1);
  const running = items.filter((item) => isRunning(item.status)).length;
  const free = Math.max(0, limit - running);
  return items.filter((item) => item.status === 'queued').slice(0, free);
}

/** The request is being asked for: the item counts as running from now, so no slot is given twice. */
export function markStarting(items: QueueItem[], id: string): QueueItem[] {
  return replaceItem(items, id, (item) =>
    item.status === 'queued'
      ? { ...item, status: 'uploading', attempt: item.attempt + 1, upload: null, error: null }
      : item,
  );
}

/** Main accepted the request and streams its progress under `streamId`. */
export function markStarted(items: QueueItem[], id: string, streamId: string): QueueItem[] {
  return replaceItem(items, id, (item) => (isRunning(item.status) ? { ...item, streamId } : item));
}

export function markFailed(items: QueueItem[], id: string, error: AppError): QueueItem[] {
  return replaceItem(items, id, (item) =>
    isRunning(item.status) ? { ...item, status: 'failed', error, upload: null } : item,
  );
}

/** What `audio.transcribe`'s result event carries, when it has the expected shape. */
export function transcriptionDoneOf(result: unknown): TranscriptionDone | null {
  if (!result || typeof result !== 'object') return null;
  const { entry, transcript } = result as Partial<TranscriptionDone>;
  if (!entry || typeof entry !== 'object' || typeof entry.id !== 'string') return null;
  if (!transcript || typeof transcript !== 'object') return null;
  return result as TranscriptionDone;
}

const NO_SAVED_TRANSCRIPT: AppError = {
  code: 'malformed_response',
  message: 'The answer came back without a saved transcript.',
  hint: 'Try again. If it keeps happening, the gateway’s answer may not be a transcript.',
};

type StreamView = Pick<StreamState, 'status' | 'upload' | 'result' | 'error'> &
  Partial<Pick<StreamState, 'split' | 'job'>>;

/** The item with what its stream says of its job (parts, cutting); the same object when that is unchanged. */
function followJob(item: QueueItem, stream: StreamView): QueueItem {
  const job = stream.job ?? null;
  const jobId = job?.jobId ?? item.jobId;
  const parts = job?.parts ?? item.parts;
  const split = job ? null : (stream.split ?? null);
  if (jobId === item.jobId && parts === item.parts && split === item.split) return item;
  return { ...item, jobId, parts, split };
}

/** An item after what its stream has said so far; the same object when nothing it shows has changed. */
export function followStream(item: QueueItem, current: StreamView): QueueItem {
  // An item cancelled before its stream's job news was folded in still learns its job: Retry then
  // resumes that job, rather than cutting the recording again and paying for its finished parts twice.
  item = followJob(item, current);
  if (!isRunning(item.status)) return item;
  const stream = current;
  switch (stream.status) {
    case 'error':
      return { ...item, status: 'failed', error: stream.error ?? NO_SAVED_TRANSCRIPT, upload: null };
    case 'stopped':
      return { ...item, status: 'cancelled', upload: null };
    case 'done': {
      const done = transcriptionDoneOf(stream.result);
      return done
        ? {
            ...item,
            status: 'done',
            entry: done.entry,
            upload: null,
            speakersMatched: done.speakersMatched ?? true,
          }
        : { ...item, status: 'failed', error: NO_SAVED_TRANSCRIPT, upload: null };
    }
    default: {
      const upload = stream.upload;
      if (!upload) return item;
      const status = upload.total > 0 && upload.sent >= upload.total ? 'waiting' : 'uploading';
      if (status === item.status && item.upload?.sent === upload.sent && item.upload.total === upload.total) {
        return item;
      }
      return { ...item, status, upload: { sent: upload.sent, total: upload.total } };
    }
  }
}

/**
 * Cancels an item: a queued one simply leaves the queue; a running one is marked cancelled at once and its
 * stream (when it has one yet) is returned for the caller to stop.
 */
export function cancelItem(
  items: QueueItem[],
  id: string,
): { items: QueueItem[]; stopStreamId: string | null } {
  const item = items.find((i) => i.id === id);
  if (!item) return { items, stopStreamId: null };
  if (item.status === 'queued') return { items: items.filter((i) => i.id !== id), stopStreamId: null };
  if (!isRunning(item.status)) return { items, stopStreamId: null };
  return {
    items: replaceItem(items, id, (i) => ({ ...i, status: 'cancelled', upload: null })),
    stopStreamId: item.streamId,
  };
}

/**
 * A failed or cancelled item goes back in the queue, in its place, with the same request, or with
 * `request` when given (an item that was held back for want of a model takes the options as they are now).
 */
export function retryItem(
  items: QueueItem[],
  id: string,
  request: Pick<QueueItem, 'options' | 'mode'> | null = null,
  part: number | null = null,
): QueueItem[] {
  return replaceItem(items, id, (item) =>
    isRetryable(item.status)
      ? {
          ...item,
          // A job is resumed as it was asked for: its finished parts were made with those options.
          ...(item.jobId === null ? request : null),
          status: 'queued',
          streamId: null,
          upload: null,
          error: null,
          entry: null,
          resumePart: item.jobId === null ? null : part,
        }
      : item,
  );
}

/**
 * An item that cannot be sent as it is (no model chosen): listed as failed with why, so that its audio
 * stays in the queue (nothing the user recorded is let go of) and Retry sends it once it can be.
 */
export function heldBack(item: QueueItem, error: AppError): QueueItem {
  return { ...item, status: 'failed', error };
}

/** Removes a finished item from the list (its transcript, if any, stays in the history). */
export function removeItem(items: QueueItem[], id: string): QueueItem[] {
  const item = items.find((i) => i.id === id);
  return item && isFinished(item.status) ? items.filter((i) => i.id !== id) : items;
}

/** What "Clear finished" takes away: finished items, except those holding an unfinished job. */
export const clearedByClearFinished = (item: QueueItem): boolean =>
  isFinished(item.status) && !holdsUnfinishedJob(item);

export function clearFinished(items: QueueItem[]): QueueItem[] {
  return items.some(clearedByClearFinished) ? items.filter((item) => !clearedByClearFinished(item)) : items;
}

/**
 * The audio of items that left the queue (`before` → `after`) that no item still holds. A finished
 * transcript's audio is listed too: whether the history keeps it is main's to know, not the page's.
 */
export function audioLeftBehind(before: readonly QueueItem[], after: readonly QueueItem[]): string[] {
  if (before === after) return [];
  const held = new Set(after.map((item) => item.audio.path));
  const left = new Set<string>();
  // '' is a job's recording that was gone when the job was listed again: there is nothing to let go of.
  for (const item of before) if (item.audio.path && !held.has(item.audio.path)) left.add(item.audio.path);
  return [...left];
}

export function setClipping(items: QueueItem[], id: string, clipping: boolean): QueueItem[] {
  return replaceItem(items, id, (item) => (item.clipping === clipping ? item : { ...item, clipping }));
}

export function setDuration(items: QueueItem[], id: string, durationSec: number): QueueItem[] {
  return replaceItem(items, id, (item) => (item.durationSec === null ? { ...item, durationSec } : item));
}

/** The share of the upload sent, 0–100, whole numbers. */
export function uploadPercent(upload: QueueItem['upload']): number {
  if (!upload || upload.total <= 0) return 0;
  return Math.min(100, Math.floor((upload.sent / upload.total) * 100));
}
