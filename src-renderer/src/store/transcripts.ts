// Saved transcripts as the Transcribe panel shows them: the history list (with its search), the entry that
// is open, and where its audio is playing. actions/transcripts.ts talks to main and fills this in.
import type { StateCreator } from 'zustand';
import type {
  AppError,
  TranscriptEntry,
  TranscriptSegment,
  TranscriptSummary,
} from '../../../src-preload/contract.ts';
import type { AppState } from './index.ts';

export type TranscriptHistoryStatus = 'idle' | 'loading' | 'ready' | 'failed';

/** The entry shown in the panel's main area, from the moment it is asked for. */
export type OpenedTranscript =
  | { status: 'loading'; id: string }
  | { status: 'ready'; id: string; entry: TranscriptEntry }
  | { status: 'failed'; id: string; error: AppError };

export interface TranscriptsSlice {
  /**
   * Newest first, filtered by `transcriptQuery` (main does the searching): the pages loaded so far, the
   * next asked for as the list scrolls near their end.
   */
  transcriptHistory: TranscriptSummary[];
  /** How many entries match, every page (`transcriptHistory` may hold fewer). */
  transcriptHistoryTotal: number;
  /** Main is still reading its files into its index (a first start, a lost index): `done` of `total`. */
  transcriptHistoryRebuilding: { done: number; total: number } | null;
  transcriptHistoryStatus: TranscriptHistoryStatus;
  transcriptHistoryError: AppError | null;
  /** What the search box holds; the list follows it a moment later. */
  transcriptQuery: string;
  /** The query `transcriptHistory` answers, so "Nothing matches" names what was really searched. */
  transcriptHistoryQuery: string;
  openedTranscript: OpenedTranscript | null;
  /** Seconds into the open transcript's audio (the playhead), for the segment highlight. */
  transcriptPlaybackTime: number;
  setTranscriptQuery(query: string): void;
  setTranscriptHistoryLoading(): void;
  /** The list's first page; `keepBeyond`: rows loaded past it stay (asked again while main indexes). */
  applyTranscriptHistory(
    page: { transcripts: TranscriptSummary[]; total: number; rebuilding?: { done: number; total: number } },
    query: string,
    keepBeyond?: boolean,
  ): void;
  /** A later page, after those loaded (rows already there are not repeated). */
  appendTranscriptHistory(items: TranscriptSummary[], total: number): void;
  failTranscriptHistory(error: AppError): void;
  /** Puts an entry at the top of the list (newest first), replacing an older copy of it. */
  upsertTranscriptSummary(entry: TranscriptSummary): void;
  removeTranscriptSummary(id: string): void;
  setOpenedTranscript(opened: OpenedTranscript | null): void;
  /**
   * More segments of the open entry (`from`: where they go; `total`: how many it has): they join those
   * it was opened with. An answer for another entry, or for another place, is dropped.
   */
  addOpenedSegments(id: string, from: number, segments: TranscriptSegment[], total: number): void;
  setTranscriptPlaybackTime(seconds: number): void;
}

export const createTranscriptsSlice: StateCreator<AppState, [], [], TranscriptsSlice> = (set) => ({
  transcriptHistory: [],
  transcriptHistoryTotal: 0,
  transcriptHistoryRebuilding: null,
  transcriptHistoryStatus: 'idle',
  transcriptHistoryError: null,
  transcriptQuery: '',
  transcriptHistoryQuery: '',
  openedTranscript: null,
  transcriptPlaybackTime: 0,
  setTranscriptQuery: (query) => set({ transcriptQuery: query }),
  setTranscriptHistoryLoading: () =>
    // A list already shown stays while it refreshes; only the first load shows as loading.
    set((current) => ({
      transcriptHistoryStatus: current.transcriptHistoryStatus === 'ready' ? 'ready' : 'loading',
    })),
  applyTranscriptHistory: ({ transcripts, total, rebuilding }, query, keepBeyond = false) =>
    set((current) => {
      const fresh = new Set(transcripts.map((item) => item.id));
      const beyond = keepBeyond
        ? current.transcriptHistory.slice(transcripts.length).filter((item) => !fresh.has(item.id))
        : [];
      return {
        transcriptHistory: beyond.length > 0 ? [...transcripts, ...beyond] : transcripts,
        transcriptHistoryTotal: Math.max(total, transcripts.length),
        transcriptHistoryRebuilding: rebuilding ?? null,
        transcriptHistoryQuery: query,
        transcriptHistoryStatus: 'ready',
        transcriptHistoryError: null,
      };
    }),
  appendTranscriptHistory: (items, total) =>
    set((current) => {
      const known = new Set(current.transcriptHistory.map((item) => item.id));
      const history = [...current.transcriptHistory, ...items.filter((item) => !known.has(item.id))];
      return { transcriptHistory: history, transcriptHistoryTotal: Math.max(total, history.length) };
    }),
  failTranscriptHistory: (error) => set({ transcriptHistoryStatus: 'failed', transcriptHistoryError: error }),
  upsertTranscriptSummary: (entry) =>
    set((current) => {
      const known = current.transcriptHistory.some((item) => item.id === entry.id);
      return {
        transcriptHistory: [entry, ...current.transcriptHistory.filter((item) => item.id !== entry.id)],
        transcriptHistoryTotal: current.transcriptHistoryTotal + (known ? 0 : 1),
      };
    }),
  removeTranscriptSummary: (id) =>
    set((current) => {
      const history = current.transcriptHistory.filter((item) => item.id !== id);
      const removed = history.length < current.transcriptHistory.length ? 1 : 0;
      return {
        transcriptHistory: history,
        transcriptHistoryTotal: Math.max(history.length, current.transcriptHistoryTotal - removed),
        openedTranscript: current.openedTranscript?.id === id ? null : current.openedTranscript,
      };
    }),
  setOpenedTranscript: (opened) => set({ openedTranscript: opened, transcriptPlaybackTime: 0 }),
  addOpenedSegments: (id, from, segments, total) =>
    set((current) => {
      const opened = current.openedTranscript;
      if (opened?.status !== 'ready' || opened.id !== id) return {};
      const { entry } = opened;
      if (entry.transcript.segments.length !== from) return {};
      // No segments where more were expected: main's count was wrong, so the list ends here.
      const segmentCount = segments.length === 0 ? from : total;
      const transcript = { ...entry.transcript, segments: [...entry.transcript.segments, ...segments] };
      return { openedTranscript: { ...opened, entry: { ...entry, segmentCount, transcript } } };
    }),
  setTranscriptPlaybackTime: (seconds) => set({ transcriptPlaybackTime: seconds }),
});

export const selectOpenedTranscriptId = (s: AppState): string | null => s.openedTranscript?.id ?? null;
export const selectOpenedEntry = (s: AppState): TranscriptEntry | null =>
  s.openedTranscript?.status === 'ready' ? s.openedTranscript.entry : null;
