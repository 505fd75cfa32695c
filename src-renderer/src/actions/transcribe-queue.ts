// The queue runner. It lives outside React and follows the app's store and the stream store, so
// transcriptions keep starting and finishing while another panel is shown: it starts queued items while
// fewer than the chosen number run, and moves running ones along as their streams report (upload
// progress, the saved transcript, an error).
import {
  type AudioFile,
  MAX_AUDIO_PATHS_PER_CALL,
  type PartSettings,
  type UnfinishedJob,
} from '../../../src-preload/contract.ts';
import { call } from '../api.ts';
import { probeDuration } from '../audio/duration.ts';
import { resolveTranscription } from '../panels/transcribe/model-rules.ts';
import { transcribeWords } from '../panels/transcribe/strings.ts';
import { type AppState, useAppStore } from '../store/index.ts';
import { type StreamsState, useStreamStore } from '../store/streams.ts';
import {
  audioLeftBehind,
  cancelItem,
  clearFinished,
  followStream,
  heldBack,
  isRunning,
  itemsToStart,
  markFailed,
  markStarted,
  markStarting,
  newQueueItem,
  pausedJobItem,
  type QueueItem,
  removeItem,
  retryItem,
  setDuration,
} from '../store/transcribe-queue.ts';
import { selectOpenedTranscriptId } from '../store/transcripts.ts';
import { announce, toastError } from './feedback.ts';
import { noteTranscriptSaved, openTranscript } from './transcripts.ts';

let nextItemNumber = 1;
let running = false;
let syncing = false;
/** Streams of items the user cancelled: forgotten once main has ended them. */
const abandonedStreams = new Set<string>();

const store = () => useAppStore.getState();
const forgetStream = (streamId: string) => useStreamStore.getState().forgetStream(streamId);
const update = (change: (items: QueueItem[]) => QueueItem[]) => store().updateTranscribeQueue(change);

/** Starts following the stores (once per window); every queue action calls it. */
function ensureRunner(): void {
  if (running) return;
  running = true;
  useAppStore.subscribe((state, previous) => {
    if (
      state.transcribeQueue !== previous.transcribeQueue ||
      state.prefs.transcribe.concurrency !== previous.prefs.transcribe.concurrency
    ) {
      sync();
    }
  });
  useStreamStore.subscribe(sync);
}

/** One pass: fold stream news into the items, then fill the free slots. Re-entrant calls are no-ops. */
function sync(): void {
  if (syncing) return;
  syncing = true;
  try {
    followStreams(store(), useStreamStore.getState().streams);
    startQueued(store());
  } finally {
    syncing = false;
  }
}

function followStreams(state: AppState, streams: StreamsState['streams']): void {
  const finished: QueueItem[] = [];
  let changed = false;
  const next = state.transcribeQueue.map((item) => {
    const stream = item.streamId ? streams[item.streamId] : undefined;
    if (!stream) return item;
    const updated = followStream(item, stream);
    if (updated === item) return item;
    changed = true;
    if (isRunning(item.status) && !isRunning(updated.status)) finished.push(updated);
    return updated;
  });
  if (changed) update(() => next);

  for (const item of finished) {
    if (item.streamId) forgetStream(item.streamId);
    const name = item.audio.name;
    if (item.status === 'done') announce(transcribeWords.t('toasts.ready', { name }));
    else if (item.status === 'failed')
      announce(
        item.error
          ? transcribeWords.t('toasts.failedWhy', { name, message: item.error.message })
          : transcribeWords.t('toasts.failed', { name }),
      );
    // The first result opens by itself; later ones wait in the list rather than pull the view away.
    if (item.status === 'done' && item.entry) {
      noteTranscriptSaved(item.entry, { open: selectOpenedTranscriptId(store()) === null });
    }
  }
  for (const streamId of abandonedStreams) {
    const stream = useStreamStore.getState().streams[streamId];
    if (stream && stream.status !== 'running') {
      abandonedStreams.delete(streamId);
      forgetStream(streamId);
    }
  }
}

function startQueued(state: AppState): void {
  const ready = itemsToStart(state.transcribeQueue, state.prefs.transcribe.concurrency);
  for (const item of ready) {
    update((items) => markStarting(items, item.id));
    void requestTranscription(item, item.attempt + 1);
  }
}

/** The item as it stands now, when it is still running the given attempt. */
function currentAttempt(id: string, attempt: number): QueueItem | null {
  const current = store().transcribeQueue.find((i) => i.id === id);
  return current && isRunning(current.status) && current.attempt === attempt ? current : null;
}

/** How long recordings are cut and sent, as the Transcribe options stand. */
function partSettingsNow(): PartSettings {
  const { partMinutes, partConcurrency } = store().prefs.transcribe;
  return { maxSeconds: partMinutes * 60, concurrency: partConcurrency };
}

async function requestTranscription(item: QueueItem, attempt: number): Promise<void> {
  const parts = partSettingsNow();
  const result =
    item.jobId !== null
      ? await call('audio.resumeJob', {
          jobId: item.jobId,
          concurrency: parts.concurrency,
          ...(item.resumePart !== null ? { part: item.resumePart } : {}),
        })
      : await call('audio.transcribe', {
          source: { path: item.audio.path },
          options: item.options,
          mode: item.mode,
          name: item.audio.name,
          ...(item.durationSec !== null ? { durationSec: item.durationSec } : {}),
          parts,
        });
  if (!result.ok) {
    if (currentAttempt(item.id, attempt)) update((items) => markFailed(items, item.id, result.error));
    return;
  }
  const { streamId } = result.data;
  if (!currentAttempt(item.id, attempt)) {
    // Cancelled (and perhaps retried) while main was starting it: stop what it started.
    abandonStream(streamId);
    return;
  }
  update((items) => markStarted(items, item.id, streamId));
  // Events may have arrived before the id did; the stream store kept them.
  sync();
}

function abandonStream(streamId: string): void {
  abandonedStreams.add(streamId);
  void call('stream.stop', { streamId });
}

/** Why nothing can be sent yet, in the interface's language as it is when said. */
const noModel = () =>
  ({
    code: 'invalid_input',
    message: transcribeWords.t('toasts.noModel'),
    hint: transcribeWords.t('toasts.noModelHint'),
  }) as const;

/** Whether audio can be queued now (a model is chosen); says why not when it cannot. */
export function requireModel(): boolean {
  if (resolveTranscription(store().prefs.transcribe).options.model) return true;
  toastError(noModel());
  return false;
}

/**
 * Queues audio files with the options as they stand now, or with `request` when given (a shorter clip is
 * sent exactly as the item it checks). `false` (and a message) when there is no model to send them to:
 * they are then listed as failed with why, and Retry sends them once a model is chosen.
 */
export function enqueueAudio(
  files: readonly AudioFile[],
  from: { clipOf: string; request: Pick<QueueItem, 'options' | 'mode'> } | null = null,
): boolean {
  if (files.length === 0) return true;
  ensureRunner();
  const request = from?.request ?? requestNow();
  const items = files.map((audio) =>
    newQueueItem(`queue-${nextItemNumber++}`, audio, request, from?.clipOf ?? null),
  );
  const sendable = Boolean(request.options.model);
  // No model: the audio still enters the queue, held back with why. Released instead, a recording made
  // while the model field was empty would be deleted by main: what the user recorded is never lost so.
  if (!sendable) toastError(noModel());
  store().showTranscribeList('queue');
  update((current) => [...current, ...(sendable ? items : items.map((item) => heldBack(item, noModel())))]);
  for (const item of items) if (item.durationSec === null) void fillInDuration(item);
  return sendable;
}

/** The request new items are sent with: the Transcribe options as they stand. */
function requestNow(): Pick<QueueItem, 'options' | 'mode'> {
  const prefs = store().prefs.transcribe;
  return { options: resolveTranscription(prefs).options, mode: prefs.mode };
}

/** The browser reads the length of what main could not (anything but WAV). */
async function fillInDuration(item: QueueItem): Promise<void> {
  const seconds = await probeDuration(item.audio.url);
  if (seconds !== null) update((items) => setDuration(items, item.id, seconds));
}

/**
 * Changes the queue and tells main which audio files no item holds any more, so the recordings and
 * clips it wrote for them do not stay in the data folder for good (issue 14, item 9). Main decides what
 * that frees: never a file the user dropped, never one a saved transcript refers to.
 */
function changeAndRelease(change: (items: QueueItem[]) => QueueItem[]): void {
  const before = store().transcribeQueue;
  update(change);
  const after = store().transcribeQueue;
  // A long recording's job goes with its item; main then lets go of the recording itself.
  // Its recording goes with it unless another item (a clip checked from it, say) still holds it.
  const kept = new Set(after.map((item) => item.id));
  const held = new Set(after.map((item) => item.audio.path));
  const leftJobs = before.filter((item) => item.jobId !== null && !kept.has(item.id));
  for (const item of leftJobs) {
    void call('audio.discardJob', { jobId: item.jobId!, keepRecording: held.has(item.audio.path) });
  }
  const jobAudio = new Set(leftJobs.map((item) => item.audio.path));
  releaseAudio(audioLeftBehind(before, after).filter((path) => !jobAudio.has(path)));
}

function releaseAudio(paths: readonly string[]): void {
  for (let start = 0; start < paths.length; start += MAX_AUDIO_PATHS_PER_CALL) {
    void call('audio.release', { paths: paths.slice(start, start + MAX_AUDIO_PATHS_PER_CALL) });
  }
}

export function cancelQueueItem(id: string): void {
  let stopStreamId: string | null = null;
  changeAndRelease((current) => {
    const cancelled = cancelItem(current, id);
    stopStreamId = cancelled.stopStreamId;
    return cancelled.items;
  });
  if (stopStreamId) abandonStream(stopStreamId);
}

/**
 * Long recordings an earlier run left unfinished (stopped, failed, or the app closed while they ran): listed
 * again as paused, once per window, so that Retry resumes them where they stopped.
 */
let jobsRestored = false;
export async function restoreUnfinishedJobs(): Promise<void> {
  if (jobsRestored) return;
  jobsRestored = true;
  const result = await call('audio.jobs', undefined);
  if (!result.ok) {
    toastError(result.error);
    return;
  }
  const listed = new Set(store().transcribeQueue.map((item) => item.jobId));
  const restored = result.data
    .filter((job) => !listed.has(job.jobId))
    .map((job) => pausedJobItem(`queue-${nextItemNumber++}`, job, job.audio ?? missingAudio(job)));
  if (restored.length === 0) return;
  ensureRunner();
  update((items) => [...restored, ...items]);
}

/** Stands in for a recording moved or deleted since its job began: its parts still hold the audio. */
function missingAudio(job: UnfinishedJob): AudioFile {
  return {
    path: '',
    name: job.name,
    size: 0,
    url: '',
    kind: 'file',
    durationSec: job.durationSec,
    peaks: null,
  };
}

/** Sends one failed part of a long recording again, alone. */
export function retryQueuePart(id: string, part: number): void {
  ensureRunner();
  update((items) => retryItem(items, id, null, part));
}

export function retryQueueItem(id: string): void {
  const item = store().transcribeQueue.find((i) => i.id === id);
  if (!item) return;
  // An item held back for want of a model is sent with the options as they are now; still none, it waits.
  const request = item.options.model ? null : requestNow();
  if (request && !request.options.model) {
    toastError(noModel());
    return;
  }
  ensureRunner();
  update((items) => retryItem(items, id, request));
}

export function removeQueueItem(id: string): void {
  changeAndRelease((items) => removeItem(items, id));
}

export function clearFinishedItems(): void {
  changeAndRelease(clearFinished);
}

/** A finished item's transcript, opened in the main area. */
export function openQueueItem(item: QueueItem): void {
  if (item.status === 'done' && item.entry) void openTranscript(item.entry.id);
}
