// Saved transcripts: the history list and its search, opening one, copying, exporting and deleting.
// Main keeps the files; these actions ask it and put the answers in the store (store/transcripts.ts).
import type {
  AudioPeaks,
  TranscriptEntry,
  TranscriptExportFormat,
  TranscriptSummary,
} from '../../../src-preload/contract.ts';
import { call } from '../api.ts';
import { formatNumber } from '../i18n/format.ts';
import { transcriptPlainText } from '../panels/transcribe/segments.ts';
import { transcribeWords } from '../panels/transcribe/strings.ts';
import { useAppStore } from '../store/index.ts';
import { fileNameOf } from '../util/paths.ts';
import { toastError, toastSuccess } from './feedback.ts';

/** Typing pauses this long before the history is searched: one request per word, not per key. */
export const SEARCH_DELAY_MS = 200;

let searchTimer: ReturnType<typeof setTimeout> | null = null;
// Answers can arrive out of order (a slow search for "me", a fast one for "meeting"); only the latest counts.
let latestListRequest = 0;
let latestOpenRequest = 0;
/** Bumped by a new list or search (not by asking the same again): a page of an older one is dropped. */
let listGeneration = 0;
let loadingMore: number | null = null;

/** Entries asked of main at a time: a few screens' worth; more are asked as the list scrolls near its end. */
export const HISTORY_PAGE = 100;
/** While main is still indexing (at a start), the list is asked again this often. */
const REBUILD_POLL_MS = 700;
let rebuildPoll: ReturnType<typeof setTimeout> | null = null;

/**
 * The history's first page, asked once ahead of its first showing: when the Transcribe panel's code is
 * loaded, at idle after the first screen (shell/panel-views.ts). The History tab is drawn in the background
 * while the queue shows (TranscribeLists), so its first click shows the rows at once. Resolves once it has
 * arrived (or failed).
 */
export function prefetchTranscriptHistory(): Promise<void> {
  return useAppStore.getState().transcriptHistoryStatus === 'idle' ? loadHistory() : Promise.resolve();
}

/**
 * Loads the history list's first page now, for what the search box holds (asked again while main indexes:
 * as many rows as are loaded, those beyond kept).
 */
export async function loadHistory({ again = false }: { again?: boolean } = {}): Promise<void> {
  if (searchTimer) clearTimeout(searchTimer);
  searchTimer = null;
  if (rebuildPoll) clearTimeout(rebuildPoll);
  rebuildPoll = null;
  const request = ++latestListRequest;
  if (!again) listGeneration++;
  const store = useAppStore.getState();
  const query = store.transcriptQuery.trim();
  const limit = again ? Math.min(500, Math.max(HISTORY_PAGE, store.transcriptHistory.length)) : HISTORY_PAGE;
  if (!again) store.setTranscriptHistoryLoading();
  const result = await call('transcripts.list', query ? { query, limit } : { limit });
  if (request !== latestListRequest) return;
  if (!result.ok) {
    useAppStore.getState().failTranscriptHistory(result.error);
    return;
  }
  // Rows loaded beyond the first page are kept only for the same search (the box may have changed since).
  const keepBeyond = again && query === useAppStore.getState().transcriptHistoryQuery;
  useAppStore.getState().applyTranscriptHistory(result.data, query, keepBeyond);
  // Main is still reading its files (a first start, a lost index): the rest arrives as it does.
  if (result.data.rebuilding) {
    rebuildPoll = setTimeout(() => {
      rebuildPoll = null;
      if (request === latestListRequest) void loadHistory({ again: true });
    }, REBUILD_POLL_MS);
  }
}

/** The next page of the list, once the rows shown come near the end of those loaded. */
export async function loadMoreHistory(): Promise<void> {
  const state = useAppStore.getState();
  const { transcriptHistory: list, transcriptHistoryTotal: total, transcriptHistoryStatus: status } = state;
  if (status !== 'ready' || list.length >= total || loadingMore === listGeneration) return;
  const generation = listGeneration;
  loadingMore = generation;
  const query = state.transcriptHistoryQuery;
  const page = { offset: list.length, limit: HISTORY_PAGE };
  const result = await call('transcripts.list', query ? { query, ...page } : page);
  if (loadingMore === generation) loadingMore = null;
  if (generation !== listGeneration || !result.ok) return;
  useAppStore.getState().appendTranscriptHistory(result.data.transcripts, result.data.total);
}

/** Searches the history by name and text: the box shows `query` at once, the list follows shortly. */
export function searchHistory(query: string): void {
  useAppStore.getState().setTranscriptQuery(query);
  // A new search replaces the list main is still filling in: its next ask waits for the search.
  if (rebuildPoll) clearTimeout(rebuildPoll);
  rebuildPoll = null;
  if (searchTimer) clearTimeout(searchTimer);
  searchTimer = setTimeout(() => void loadHistory(), SEARCH_DELAY_MS);
}

/**
 * Segments that come with the opened entry: a screenful and more. A 3-hour lecture's 6,000 in one message
 * made opening it one long task (the message, then one React commit building all of them).
 */
export const FIRST_SEGMENTS = 100;
/** Segments per later message, asked for one after another, each answer in a task of its own. */
export const SEGMENTS_PAGE = 1_000;

/** Resolves when the open entry has all its segments (or another entry was opened, or a page failed). */
let allSegments: { id: string; done: Promise<void> } | null = null;

/** Opens a saved transcript in the panel's main area; its segments beyond the first come after it. */
export async function openTranscript(id: string): Promise<void> {
  const opened = useAppStore.getState().openedTranscript;
  // Choosing the entry already open keeps it as it is (and its audio where it is playing).
  if (opened?.id === id && opened.status !== 'failed') return;
  const request = ++latestOpenRequest;
  useAppStore.getState().setOpenedTranscript({ status: 'loading', id });
  const result = await call('transcripts.get', { id, segments: FIRST_SEGMENTS });
  if (request !== latestOpenRequest) return;
  useAppStore
    .getState()
    .setOpenedTranscript(
      result.ok ? { status: 'ready', id, entry: result.data } : { status: 'failed', id, error: result.error },
    );
  if (result.ok && segmentsToCome(result.data)) {
    allSegments = { id, done: loadOtherSegments(id, request) };
  }
}

/**
 * Whether main holds segments of `entry` that the window has not been given yet: it was opened with a
 * full first page, and its count says there are more.
 */
export function segmentsToCome(entry: Pick<TranscriptEntry, 'segmentCount' | 'transcript'>): boolean {
  const { length } = entry.transcript.segments;
  return length >= FIRST_SEGMENTS && length < entry.segmentCount;
}

/**
 * The open entry with all its segments: at once when it has them, else once they have arrived (what the
 * End key on the last loaded row waits for).
 */
export function whenAllSegments(id: string): Promise<void> {
  return allSegments?.id === id ? allSegments.done : Promise.resolve();
}

/** Asks main for the rest of the open entry's segments, a page at a time, until it is closed or replaced. */
async function loadOtherSegments(id: string, request: number): Promise<void> {
  for (;;) {
    // A task between pages: the list renders what came before the next answer is taken in.
    await new Promise((resolve) => setTimeout(resolve, 0));
    const shown = openedEntry(id, request);
    if (!shown || !segmentsToCome(shown)) return;
    const from = shown.transcript.segments.length;
    const result = await call('transcripts.segments', { id, from, count: SEGMENTS_PAGE });
    if (!openedEntry(id, request)) return;
    if (!result.ok) {
      toastError(result.error);
      return;
    }
    useAppStore.getState().addOpenedSegments(id, from, result.data.segments, result.data.total);
  }
}

function openedEntry(id: string, request: number): TranscriptEntry | null {
  const opened = useAppStore.getState().openedTranscript;
  if (request !== latestOpenRequest || opened?.status !== 'ready' || opened.id !== id) return null;
  return opened.entry;
}

/** Closes the open transcript (the panel shows its empty state again). */
export function closeTranscript(): void {
  latestOpenRequest++;
  useAppStore.getState().setOpenedTranscript(null);
}

/**
 * A transcription finished and main saved it: it joins the history at once, and opens when asked (the
 * queue asks for the first one, so a user who waits sees the result without a click).
 */
export function noteTranscriptSaved(entry: TranscriptSummary, options: { open: boolean }): void {
  const store = useAppStore.getState();
  // Under a search only main knows whether the new entry matches; without one it simply goes on top.
  if (store.transcriptQuery.trim()) void loadHistory();
  else store.upsertTranscriptSummary(entry);
  if (options.open) void openTranscript(entry.id);
}

/** Deletes a saved transcript; `true` when it is gone (the confirm dialog then closes). */
export async function deleteTranscript(id: string): Promise<boolean> {
  const result = await call('transcripts.delete', { id });
  if (!result.ok) {
    toastError(result.error);
    return false;
  }
  // `deleted: false` means it was already gone (another window): either way it leaves the list.
  useAppStore.getState().removeTranscriptSummary(id);
  toastSuccess(transcribeWords.t('toasts.deleted'));
  return true;
}

/** Main asks where to save and writes the file; a cancelled dialog is not worth a message. */
export async function exportTranscript(id: string, format: TranscriptExportFormat): Promise<void> {
  const result = await call('transcripts.export', { id, format });
  if (!result.ok) {
    toastError(result.error);
    return;
  }
  const { path } = result.data;
  if (path) toastSuccess(transcribeWords.t('toasts.savedTo', { name: fileNameOf(path) }), path);
}

/** Puts the whole text on the clipboard. */
export async function copyTranscript(entry: Pick<TranscriptEntry, 'transcript'>): Promise<void> {
  const text = transcriptPlainText(entry.transcript);
  try {
    await navigator.clipboard.writeText(text);
    toastSuccess(
      transcribeWords.t('toasts.copied'),
      transcribeWords.t('toasts.copiedDetail', { count: text.length, n: formatNumber(text.length) }),
    );
  } catch {
    toastError({
      code: 'internal',
      message: transcribeWords.t('toasts.copyFailed'),
      hint: transcribeWords.t('toasts.copyFailedHint'),
    });
  }
}

/**
 * Keeps the waveform peaks the player worked out, so the next visit draws at once. A cache: if it cannot
 * be written the waveform is simply decoded again next time, which is not worth telling anyone.
 */
export function rememberPeaks(path: string, peaks: AudioPeaks): void {
  void call('audio.savePeaks', { path, peaks });
}

/** Whether the panel's main area shows a transcript (or one on its way). */
export function useHasOpenTranscript(): boolean {
  return useAppStore((s) => s.openedTranscript !== null);
}
