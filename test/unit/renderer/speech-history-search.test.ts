// The speech history's search (src-renderer/src/actions/speak.ts, store/speak.ts) against a stand-in
// bridge that answers `speech.list` as main does: typing asks once it pauses, a search replaces a list
// still loading, the next pages keep to the search, and a new clip waits for the search to be asked again.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BRIDGE_KEY,
  type MethodName,
  type Result,
  type SpeechEntry,
  type SpeechHistory,
  type SpeechSummary,
} from '../../../src-preload/contract.ts';
import {
  loadMoreSpeechHistory,
  loadSpeechHistory,
  SPEECH_HISTORY_PAGE,
  SPEECH_SEARCH_DELAY_MS,
  searchSpeechHistory,
} from '../../../src-renderer/src/actions/speak.ts';
import { useAppStore } from '../../../src-renderer/src/store/index.ts';
import { initialSpeakState } from '../../../src-renderer/src/store/speak.ts';

const clip = (id: string, preview: string): SpeechSummary => ({
  id,
  createdAt: '2026-03-12T14:02:00.000Z',
  preview,
  characters: preview.length,
  model: 'gpt-4o-mini-tts',
  voice: 'alloy',
  format: 'mp3',
  speed: 1,
  parts: 1,
  layout: 'file',
  extension: 'mp3',
  bytes: 1000,
  durationSec: 1,
  timeToFirstAudioMs: 300,
});

/** 250 clips, newest first; every third one speaks of the weather. */
const SAVED = Array.from({ length: 250 }, (_, i) =>
  clip(`c${i}`, i % 3 === 0 ? `Weather report ${i}` : `Shopping list ${i}`),
);

let asked: Array<{ query?: string; offset?: number; limit?: number }>;
/** Answers held back until released (a slow list). */
let holding: Array<() => void> | null;

function answer({ query = '', offset = 0, limit = SPEECH_HISTORY_PAGE }): SpeechHistory {
  const matching = query ? SAVED.filter((c) => c.preview.toLowerCase().includes(query.toLowerCase())) : SAVED;
  return { entries: matching.slice(offset, offset + limit), total: matching.length, movedAside: 0 };
}

beforeEach(() => {
  vi.useFakeTimers();
  asked = [];
  holding = null;
  vi.stubGlobal('window', {
    [BRIDGE_KEY]: {
      invoke: async (method: MethodName, input: unknown): Promise<Result<unknown>> => {
        if (method !== 'speech.list')
          return { ok: false, error: { code: 'internal', message: 'unexpected' } };
        const request = input as { query?: string; offset?: number; limit?: number };
        asked.push(request);
        if (holding) await new Promise<void>((resolve) => holding!.push(resolve));
        return { ok: true, data: answer(request) };
      },
      on: () => () => {},
      pathForFile: () => '',
    },
  });
  useAppStore.setState({ speak: { ...initialSpeakState } });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const speak = () => useAppStore.getState().speak;

describe('the speech history search', () => {
  it('asks main once typing pauses, and lists what it found', async () => {
    await loadSpeechHistory();
    expect(speak().historyTotal).toBe(250);
    searchSpeechHistory('s');
    searchSpeechHistory('sh');
    searchSpeechHistory('shopping');
    expect(speak().historyQuery).toBe('shopping');
    expect(asked).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(SPEECH_SEARCH_DELAY_MS);
    expect(asked.at(-1)).toEqual({ query: 'shopping', limit: SPEECH_HISTORY_PAGE });
    expect(speak().historyTotal).toBe(166);
    expect(speak().historySearched).toBe('shopping');
    expect(speak().history).toHaveLength(SPEECH_HISTORY_PAGE);
    expect(speak().history.every((c) => c.preview.startsWith('Shopping'))).toBe(true);
    // The next page keeps to the search.
    await loadMoreSpeechHistory();
    expect(asked.at(-1)).toEqual({
      query: 'shopping',
      offset: SPEECH_HISTORY_PAGE,
      limit: SPEECH_HISTORY_PAGE,
    });
    expect(speak().history).toHaveLength(166);
  });

  it('replaces a list still loading with the search', async () => {
    holding = [];
    const first = loadSpeechHistory();
    searchSpeechHistory('weather');
    await vi.advanceTimersByTimeAsync(SPEECH_SEARCH_DELAY_MS);
    expect(asked.map((a) => a.query)).toEqual([undefined, 'weather']);
    for (const release of holding.splice(0)) release();
    holding = null;
    await first;
    await vi.runAllTimersAsync();
    // The slower first list answered last; the search is what stays.
    expect(speak().historySearched).toBe('weather');
    expect(speak().historyTotal).toBe(84);
  });

  it('clearing the box lists every clip again', async () => {
    searchSpeechHistory('weather');
    await vi.advanceTimersByTimeAsync(SPEECH_SEARCH_DELAY_MS);
    searchSpeechHistory('');
    await vi.advanceTimersByTimeAsync(SPEECH_SEARCH_DELAY_MS);
    expect(asked.at(-1)).toEqual({ limit: SPEECH_HISTORY_PAGE });
    expect(speak().historySearched).toBe('');
    expect(speak().historyTotal).toBe(250);
  });

  it('a new clip goes into the player; it joins a searched list only when asked again', async () => {
    searchSpeechHistory('weather');
    await vi.advanceTimersByTimeAsync(SPEECH_SEARCH_DELAY_MS);
    const made: SpeechEntry = {
      ...clip('new', 'A brand new clip'),
      text: 'A brand new clip',
      request: {
        model: 'gpt-4o-mini-tts',
        voice: 'alloy',
        format: 'mp3',
        speed: 1,
      } as SpeechEntry['request'],
      urls: [],
      elapsedMs: 10,
    };
    useAppStore.getState().addSpeechClip(made);
    expect(speak().current?.id).toBe('new');
    expect(speak().history.some((c) => c.id === 'new')).toBe(false);
    expect(speak().historyTotal).toBe(84);
    // Without a search it is at the top of the list at once.
    searchSpeechHistory('');
    await vi.advanceTimersByTimeAsync(SPEECH_SEARCH_DELAY_MS);
    useAppStore.getState().addSpeechClip({ ...made, id: 'newer' });
    expect(speak().history[0]!.id).toBe('newer');
    expect(speak().historyTotal).toBe(251);
  });
});
