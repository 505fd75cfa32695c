// The Speak panel's state: the text being written (kept here so switching panels or a failed request
// never loses it), the job running, the clip in the player, and the history list. The voice, model and
// other choices are remembered choices (store/prefs.ts), not kept here.
import type { StateCreator } from 'zustand';
import type { AppError, SpeechEntry, SpeechSummary } from '../../../src-preload/contract.ts';
import type { AppState } from './index.ts';

export interface SpeakJob {
  streamId: string;
  /** `performance.now()` when Generate was pressed. */
  startedAt: number;
  /** Characters sent, to say "about N parts" before main reports its progress. */
  characters: number;
  /** A partial clip being continued: its id (the job adds to it rather than making a new clip). */
  continuing?: string;
}

export type SpeakHistoryStatus = 'idle' | 'loading' | 'ready' | 'failed';

export interface SpeakState {
  text: string;
  job: SpeakJob | null;
  /** The last failure, shown until the next Generate or until dismissed. */
  error: AppError | null;
  /** The clip in the player. */
  current: SpeechEntry | null;
  /** The history's pages loaded so far, newest first; the next is asked for as the list scrolls near its end. */
  history: SpeechSummary[];
  /** Clips in the history, every page (`history` may hold fewer). */
  historyTotal: number;
  /** Main is still reading its files into its index (a first start, a lost index): `done` of `total`. */
  historyRebuilding: { done: number; total: number } | null;
  historyStatus: SpeakHistoryStatus;
  historyError: AppError | null;
  /** History files main found damaged and moved aside. */
  movedAside: number;
  /** What the history's search box holds (the list follows shortly after typing stops). */
  historyQuery: string;
  /** The search the listed clips answer ('' for every clip). */
  historySearched: string;
}

export interface SpeakSlice {
  speak: SpeakState;
  setSpeakText(text: string): void;
  updateSpeak(patch: Partial<SpeakState>): void;
  /**
   * A finished clip: into the player, and at the top of the history; a clip already listed (a partial
   * clip continued) stays in its place, as main lists clips by when they were first made. While a search
   * is listed, a new clip waits for the search to be asked again (it may not match).
   */
  addSpeechClip(entry: SpeechEntry): void;
  removeSpeechClip(id: string): void;
}

export const initialSpeakState: SpeakState = {
  text: '',
  job: null,
  error: null,
  current: null,
  history: [],
  historyTotal: 0,
  historyRebuilding: null,
  historyStatus: 'idle',
  historyError: null,
  movedAside: 0,
  historyQuery: '',
  historySearched: '',
};

/** The summary part of an entry, as the history list holds it. */
export function summaryOf(entry: SpeechEntry): SpeechSummary {
  const { text: _text, request: _request, urls: _urls, elapsedMs: _elapsed, ...summary } = entry;
  return summary;
}

export const createSpeakSlice: StateCreator<AppState, [], [], SpeakSlice> = (set) => ({
  speak: initialSpeakState,
  setSpeakText: (text) => set((s) => ({ speak: { ...s.speak, text } })),
  updateSpeak: (patch) => set((s) => ({ speak: { ...s.speak, ...patch } })),
  addSpeechClip: (entry) =>
    set((s) => {
      const known = s.speak.history.some((item) => item.id === entry.id);
      if (!known && s.speak.historySearched !== '') return { speak: { ...s.speak, current: entry } };
      return {
        speak: {
          ...s.speak,
          current: entry,
          history: known
            ? s.speak.history.map((item) => (item.id === entry.id ? summaryOf(entry) : item))
            : [summaryOf(entry), ...s.speak.history],
          historyTotal: s.speak.historyTotal + (known ? 0 : 1),
        },
      };
    }),
  removeSpeechClip: (id) =>
    set((s) => {
      const history = s.speak.history.filter((item) => item.id !== id);
      const removed = history.length < s.speak.history.length ? 1 : 0;
      return {
        speak: {
          ...s.speak,
          current: s.speak.current?.id === id ? null : s.speak.current,
          history,
          historyTotal: Math.max(history.length, s.speak.historyTotal - removed),
        },
      };
    }),
});
