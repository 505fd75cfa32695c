// The transcript actions against a stand-in bridge: what reaches the store and what the user is told.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BRIDGE_KEY,
  type MethodName,
  type Result,
  type TranscriptEntry,
  type TranscriptSummary,
} from '../../../src-preload/contract.ts';
import {
  copyTranscript,
  deleteTranscript,
  exportTranscript,
  HISTORY_PAGE,
  loadHistory,
  loadMoreHistory,
  noteTranscriptSaved,
  openTranscript,
  SEARCH_DELAY_MS,
  searchHistory,
} from '../../../src-renderer/src/actions/transcripts.ts';
import { useAppStore } from '../../../src-renderer/src/store/index.ts';

type Handler = (input: unknown) => Promise<Result<unknown>> | Result<unknown>;

const summary = (id: string, name = `${id}.wav`): TranscriptSummary => ({
  id,
  createdAt: '2025-03-12T14:02:00.000Z',
  name,
  mode: 'transcribe',
  model: 'whisper-1',
  kind: 'file',
  durationSec: 42,
  language: 'english',
  preview: 'Thanks for joining the call',
  segmentCount: 3,
});

const entry = (id: string): TranscriptEntry => ({
  ...summary(id),
  options: { model: 'whisper-1' },
  transcript: { text: 'Thanks for joining.', segments: [], format: 'json' },
  audioPath: `/audio/${id}.wav`,
  audio: null,
});

let handlers: Partial<Record<MethodName, Handler>>;
let calls: Array<{ method: MethodName; input: unknown }>;

beforeEach(() => {
  vi.useFakeTimers();
  handlers = {};
  calls = [];
  vi.stubGlobal('window', {
    [BRIDGE_KEY]: {
      invoke: async (method: MethodName, input: unknown) => {
        calls.push({ method, input });
        const handler = handlers[method];
        return handler ? handler(input) : { ok: false, error: { code: 'internal', message: 'unexpected' } };
      },
      on: () => () => {},
      pathForFile: () => '',
    },
  });
  useAppStore.setState({
    transcriptHistory: [],
    transcriptHistoryTotal: 0,
    transcriptHistoryRebuilding: null,
    transcriptHistoryStatus: 'idle',
    transcriptHistoryError: null,
    transcriptQuery: '',
    transcriptHistoryQuery: '',
    openedTranscript: null,
    transcriptPlaybackTime: 0,
    toasts: [],
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const ok = <T>(data: T): Result<T> => ({ ok: true, data });
const state = () => useAppStore.getState();
/** One page of the history as main answers it. */
const page = (transcripts: TranscriptSummary[]) => ok({ transcripts, total: transcripts.length });

describe('the history list', () => {
  it('loads newest first from main and is ready', async () => {
    handlers['transcripts.list'] = () => page([summary('b'), summary('a')]);
    await loadHistory();
    expect(calls).toEqual([{ method: 'transcripts.list', input: { limit: HISTORY_PAGE } }]);
    expect(state().transcriptHistory.map((s) => s.id)).toEqual(['b', 'a']);
    expect(state().transcriptHistoryStatus).toBe('ready');
  });

  it('searches once typing pauses, not on every key', async () => {
    handlers['transcripts.list'] = () => page([summary('m', 'meeting.wav')]);
    searchHistory('m');
    searchHistory('me');
    searchHistory('meet');
    expect(state().transcriptQuery).toBe('meet');
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS);
    expect(calls).toEqual([{ method: 'transcripts.list', input: { query: 'meet', limit: HISTORY_PAGE } }]);
    expect(state().transcriptHistoryQuery).toBe('meet');
  });

  it('keeps only the latest answer when a slow search is overtaken by a newer one', async () => {
    let releaseSlow: (value: Result<unknown>) => void = () => {};
    handlers['transcripts.list'] = (input) =>
      (input as { query?: string }).query === 'slow'
        ? new Promise((resolve) => {
            releaseSlow = resolve;
          })
        : page([summary('fresh')]);
    useAppStore.setState({ transcriptQuery: 'slow' });
    const slow = loadHistory();
    useAppStore.setState({ transcriptQuery: 'fresh' });
    await loadHistory();
    releaseSlow(page([summary('stale')]));
    await slow;
    expect(state().transcriptHistory.map((s) => s.id)).toEqual(['fresh']);
    expect(state().transcriptHistoryQuery).toBe('fresh');
  });

  it('asks for the next page after those loaded, once, and keeps the total main counts', async () => {
    const first = Array.from({ length: HISTORY_PAGE }, (_, i) => summary(`a${i}`));
    handlers['transcripts.list'] = () => ok({ transcripts: first, total: 150 });
    await loadHistory();
    expect(state().transcriptHistoryTotal).toBe(150);
    handlers['transcripts.list'] = () =>
      ok({ transcripts: Array.from({ length: 50 }, (_, i) => summary(`b${i}`)), total: 150 });
    await Promise.all([loadMoreHistory(), loadMoreHistory()]);
    expect(calls.slice(1)).toEqual([
      { method: 'transcripts.list', input: { offset: HISTORY_PAGE, limit: HISTORY_PAGE } },
    ]);
    expect(state().transcriptHistory).toHaveLength(150);
    await loadMoreHistory(); // Everything is loaded: nothing more is asked.
    expect(calls).toHaveLength(2);
  });

  it('asks again while main is still indexing, keeping the rows loaded beyond the first', async () => {
    handlers['transcripts.list'] = () =>
      ok({ transcripts: [summary('a')], total: 1, rebuilding: { done: 10, total: 400 } });
    await loadHistory();
    expect(state().transcriptHistoryRebuilding).toEqual({ done: 10, total: 400 });
    handlers['transcripts.list'] = () => page([summary('b'), summary('a')]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveLength(2);
    expect(state().transcriptHistory.map((s) => s.id)).toEqual(['b', 'a']);
    expect(state().transcriptHistoryRebuilding).toBeNull();
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls).toHaveLength(2);
  });

  it('a search typed while main indexes replaces the list: no rows of the list before it are kept', async () => {
    const all = Array.from({ length: 10 }, (_, i) => summary(`a${i}`));
    handlers['transcripts.list'] = () =>
      ok({ transcripts: all, total: 5000, rebuilding: { done: 0, total: 0 } });
    await loadHistory();
    handlers['transcripts.list'] = () => page([summary('m', 'meeting.wav')]);
    searchHistory('meet');
    await vi.advanceTimersByTimeAsync(1000);
    expect(state().transcriptHistory.map((s) => s.id)).toEqual(['m']);
    expect(state().transcriptHistoryTotal).toBe(1);
  });

  it('shows a failure with what main said', async () => {
    handlers['transcripts.list'] = () => ({ ok: false, error: { code: 'file_error', message: 'Disk gone' } });
    await loadHistory();
    expect(state().transcriptHistoryStatus).toBe('failed');
    expect(state().transcriptHistoryError?.message).toBe('Disk gone');
  });
});

describe('a transcript the queue just saved', () => {
  it('goes on top of the list at once and opens when asked', async () => {
    useAppStore.setState({ transcriptHistory: [summary('old')], transcriptHistoryStatus: 'ready' });
    handlers['transcripts.get'] = () => ok(entry('new'));
    noteTranscriptSaved(summary('new'), { open: true });
    expect(state().transcriptHistory.map((s) => s.id)).toEqual(['new', 'old']);
    await vi.runAllTimersAsync();
    expect(state().openedTranscript).toMatchObject({ status: 'ready', id: 'new' });
  });

  it('does not open when not asked (the user is reading another one)', () => {
    noteTranscriptSaved(summary('new'), { open: false });
    expect(state().openedTranscript).toBeNull();
    expect(calls).toEqual([]);
  });

  it('under a search, asks main again (only main knows whether it matches)', async () => {
    useAppStore.setState({ transcriptQuery: 'budget', transcriptHistory: [] });
    handlers['transcripts.list'] = () => page([]);
    noteTranscriptSaved(summary('new'), { open: false });
    await vi.runAllTimersAsync();
    expect(calls).toEqual([{ method: 'transcripts.list', input: { query: 'budget', limit: HISTORY_PAGE } }]);
    expect(state().transcriptHistory).toEqual([]);
  });
});

describe('opening, deleting, exporting and copying', () => {
  it('opens through loading to ready; choosing the open one again asks nothing', async () => {
    handlers['transcripts.get'] = () => ok(entry('a'));
    const opening = openTranscript('a');
    expect(state().openedTranscript).toEqual({ status: 'loading', id: 'a' });
    await opening;
    expect(state().openedTranscript).toMatchObject({ status: 'ready', id: 'a' });
    await openTranscript('a');
    expect(calls.filter((c) => c.method === 'transcripts.get')).toHaveLength(1);
  });

  it('shows the entry chosen last when two opens race', async () => {
    let releaseFirst: (value: Result<unknown>) => void = () => {};
    handlers['transcripts.get'] = (input) =>
      (input as { id: string }).id === 'a'
        ? new Promise((resolve) => {
            releaseFirst = resolve;
          })
        : ok(entry('b'));
    const first = openTranscript('a');
    await openTranscript('b');
    releaseFirst(ok(entry('a')));
    await first;
    expect(state().openedTranscript).toMatchObject({ status: 'ready', id: 'b' });
  });

  it('deletes: the entry leaves the list, the view closes if it was open, and the user is told', async () => {
    handlers['transcripts.get'] = () => ok(entry('a'));
    await openTranscript('a');
    useAppStore.setState({ transcriptHistory: [summary('a'), summary('b')] });
    handlers['transcripts.delete'] = () => ok({ deleted: true });
    expect(await deleteTranscript('a')).toBe(true);
    expect(state().transcriptHistory.map((s) => s.id)).toEqual(['b']);
    expect(state().openedTranscript).toBeNull();
    expect(state().toasts.at(-1)).toMatchObject({ tone: 'success', title: 'Transcript deleted' });
  });

  it('a failed delete keeps the entry and says why (the dialog stays open)', async () => {
    useAppStore.setState({ transcriptHistory: [summary('a')] });
    handlers['transcripts.delete'] = () => ({
      ok: false,
      error: { code: 'file_error', message: 'Locked', hint: 'Close it elsewhere.' },
    });
    expect(await deleteTranscript('a')).toBe(false);
    expect(state().transcriptHistory).toHaveLength(1);
    expect(state().toasts.at(-1)).toMatchObject({
      tone: 'error',
      title: 'Locked',
      detail: 'Close it elsewhere.',
    });
  });

  it('export names the file it saved; a cancelled save dialog says nothing', async () => {
    handlers['transcripts.export'] = () => ok({ path: '/home/ana/Exports/meeting.srt' });
    await exportTranscript('a', 'srt');
    expect(calls.at(-1)).toEqual({ method: 'transcripts.export', input: { id: 'a', format: 'srt' } });
    expect(state().toasts.at(-1)).toMatchObject({
      tone: 'success',
      title: 'Saved to meeting.srt',
      detail: '/home/ana/Exports/meeting.srt',
    });
    useAppStore.setState({ toasts: [] });
    handlers['transcripts.export'] = () => ok({ path: null });
    await exportTranscript('a', 'vtt');
    expect(state().toasts).toEqual([]);
  });

  it('copies the whole text to the clipboard', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    await copyTranscript(entry('a'));
    expect(writeText).toHaveBeenCalledWith('Thanks for joining.');
    expect(state().toasts.at(-1)).toMatchObject({ tone: 'success', title: 'Transcript copied' });
  });

  it('says so when the clipboard refuses', async () => {
    vi.stubGlobal('navigator', { clipboard: { writeText: async () => Promise.reject(new Error('denied')) } });
    await copyTranscript(entry('a'));
    expect(state().toasts.at(-1)).toMatchObject({
      tone: 'error',
      title: 'The transcript could not be copied.',
    });
  });
});
