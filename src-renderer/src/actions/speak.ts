// The Speak panel's actions: ask main, fold the answer into the store (store/speak.ts), tell the user.
// A running job is followed from outside React, so its clip still lands if the panel is left meanwhile.
import {
  type SpeakPrefs,
  type SpeechEntry,
  type SpeechRequest,
  speechCharacters,
  speechTakesInstructions,
} from '../../../src-preload/contract.ts';
import { call } from '../api.ts';
import { generateProblem, speedLabel } from '../panels/speak/speak-rules.ts';
import { speakWords } from '../panels/speak/strings.ts';
import { useAppStore } from '../store/index.ts';
import { type StreamState, useStreamStore } from '../store/streams.ts';
import { fileNameOf, folderOf } from '../util/paths.ts';
import { announce, toastError, toastSuccess } from './feedback.ts';
import { flushPrefs, setPrefs } from './prefs.ts';

const store = () => useAppStore.getState();

/** The request Generate sends for the current text and choices. */
export function speechRequestFrom(text: string, prefs: SpeakPrefs): SpeechRequest {
  const request: SpeechRequest = {
    text,
    model: prefs.model.trim(),
    voice: prefs.voice.trim(),
    format: prefs.format,
    speed: prefs.speed,
  };
  if (prefs.instructions.trim() && speechTakesInstructions(prefs.model)) {
    request.instructions = prefs.instructions;
  }
  return request;
}

/** A Generate is being asked of main and has no job yet: a second press (Ctrl+Enter held) must not start another. */
let starting = false;

export async function generateSpeech(): Promise<void> {
  const { speak, prefs } = store();
  if (speak.job || starting) return;
  const characters = speechCharacters(speak.text);
  const problem = generateProblem(characters, speak.text, prefs.speak);
  if (problem) {
    store().updateSpeak({ error: { code: 'invalid_input', message: problem } });
    return;
  }
  // The choices the clip is made with are the ones remembered, even if the app closes mid-job.
  void flushPrefs();
  store().updateSpeak({ error: null });
  const startedAt = performance.now();
  starting = true;
  const result = await call('speech.generate', speechRequestFrom(speak.text, prefs.speak)).finally(() => {
    starting = false;
  });
  if (!result.ok) {
    store().updateSpeak({ error: result.error });
    return;
  }
  const { streamId } = result.data;
  store().updateSpeak({ job: { streamId, startedAt, characters } });
  follow(streamId);
}

/**
 * Sends the parts a partial clip lacks. Main uses the clip's own stored text and choices, so whatever the
 * editor or the options hold now changes nothing; the parts already kept are not sent again.
 */
export async function continueSpeech(id: string): Promise<void> {
  const { speak } = store();
  if (speak.job || starting) return;
  store().updateSpeak({ error: null });
  const startedAt = performance.now();
  starting = true;
  const result = await call('speech.continue', { id }).finally(() => {
    starting = false;
  });
  if (!result.ok) {
    toastError(result.error);
    return;
  }
  const { streamId } = result.data;
  const characters = speak.current?.id === id ? speak.current.characters : 0;
  store().updateSpeak({ job: { streamId, startedAt, characters, continuing: id } });
  follow(streamId);
}

/** Watches one job's stream until it ends, then settles the panel's state and forgets the stream. */
function follow(streamId: string): void {
  const settle = (stream: StreamState) => {
    unsubscribe();
    const entry = stream.result as SpeechEntry | undefined;
    // A clip that arrived is kept, even if a Cancel crossed its last moments: main has saved it. A partial
    // one (a part failed, or Cancel) carries its own reason and Continue, shown with the clip itself.
    if (entry) {
      store().addSpeechClip(entry);
      // A search is listed: asked again, so the new clip shows if it matches.
      if (store().speak.historySearched !== '') void loadSpeechHistory();
      store().updateSpeak({ job: null });
      announce(speakWords.t(entry.partial ? 'announce.partialReady' : 'announce.ready'));
    } else if (stream.status === 'error' && stream.error) {
      store().updateSpeak({ job: null, error: stream.error });
      announce(speakWords.t('announce.failed', { message: stream.error.message }));
    } else {
      // Stopped (by the user) or ended with nothing: the text is still there to try again.
      store().updateSpeak({ job: null });
    }
    useStreamStore.getState().forgetStream(streamId);
  };
  const check = (stream: StreamState | undefined) => {
    if (stream && stream.status !== 'running') settle(stream);
  };
  const unsubscribe = useStreamStore.subscribe((state, previous) => {
    const stream = state.streams[streamId];
    if (stream !== previous.streams[streamId]) check(stream);
  });
  // A stream that ended before this subscription existed.
  check(useStreamStore.getState().streams[streamId]);
}

export async function cancelSpeech(): Promise<void> {
  const job = store().speak.job;
  if (!job) return;
  const result = await call('stream.stop', { streamId: job.streamId });
  if (!result.ok) toastError(result.error);
}

/** Clips asked of main at a time: a few screens' worth; more are asked as the list scrolls near its end. */
export const SPEECH_HISTORY_PAGE = 100;
/** While main is still indexing (at a start), the history is asked again this often. */
const HISTORY_REBUILD_POLL_MS = 700;
let historyPoll: ReturnType<typeof setTimeout> | null = null;
/** Bumped by each first page: a later page of an older list is dropped. */
let historyGeneration = 0;
let loadingMoreHistory: number | null = null;

/**
 * The history's first page, asked once (the panel keeps it current as clips are made and deleted): when the
 * panel's code is loaded, at idle after the first screen (shell/panel-views.ts), so the first visit shows
 * it at once; or when the panel is first shown. Resolves once it has arrived (or failed).
 */
export function prefetchSpeechHistory(): Promise<void> {
  return store().speak.historyStatus === 'idle' ? loadSpeechHistory() : Promise.resolve();
}

/** Typing pauses this long before the history is searched: one request per word, not per key. */
export const SPEECH_SEARCH_DELAY_MS = 200;
let searchTimer: ReturnType<typeof setTimeout> | null = null;

/** Searches the history by the clips' text: the box shows `query` at once, the list follows shortly. */
export function searchSpeechHistory(query: string): void {
  store().updateSpeak({ historyQuery: query });
  if (searchTimer) clearTimeout(searchTimer);
  searchTimer = setTimeout(() => {
    searchTimer = null;
    void loadSpeechHistory({ search: true });
  }, SPEECH_SEARCH_DELAY_MS);
}

/**
 * The history's first page for what the search box holds (asked again while main indexes: as many clips
 * as are loaded, those beyond kept). A search replaces a list still loading; other loads wait for it.
 */
export async function loadSpeechHistory({
  again = false,
  search = false,
}: {
  again?: boolean;
  search?: boolean;
} = {}): Promise<void> {
  const { historyStatus, history, historyQuery, historySearched } = store().speak;
  if (historyStatus === 'loading' && !search) return;
  if (historyPoll) clearTimeout(historyPoll);
  historyPoll = null;
  const generation = ++historyGeneration;
  const query = historyQuery.trim();
  // Rows loaded beyond the first page are kept only for the same search.
  const keepBeyond = again && query === historySearched;
  const limit = keepBeyond
    ? Math.min(500, Math.max(SPEECH_HISTORY_PAGE, history.length))
    : SPEECH_HISTORY_PAGE;
  if (!again) store().updateSpeak({ historyStatus: 'loading', historyError: null });
  const result = await call('speech.list', query ? { query, limit } : { limit });
  if (generation !== historyGeneration) return;
  if (!result.ok) {
    store().updateSpeak({ historyStatus: 'failed', historyError: result.error });
    return;
  }
  const { entries, total, movedAside, rebuilding } = result.data;
  const fresh = new Set(entries.map((item) => item.id));
  const beyond = keepBeyond
    ? store()
        .speak.history.slice(entries.length)
        .filter((item) => !fresh.has(item.id))
    : [];
  store().updateSpeak({
    history: beyond.length > 0 ? [...entries, ...beyond] : entries,
    historyTotal: Math.max(total, entries.length),
    historyRebuilding: rebuilding ?? null,
    historyStatus: 'ready',
    historySearched: query,
    movedAside,
  });
  // Main is still reading its files (a first start, a lost index): the rest arrives as it does.
  if (rebuilding) {
    historyPoll = setTimeout(() => {
      historyPoll = null;
      if (generation === historyGeneration) void loadSpeechHistory({ again: true });
    }, HISTORY_REBUILD_POLL_MS);
  }
}

/** The next page of the history, once the clips shown come near the end of those loaded. */
export async function loadMoreSpeechHistory(): Promise<void> {
  const { history, historyTotal, historyStatus, historySearched } = store().speak;
  if (historyStatus !== 'ready' || history.length >= historyTotal || loadingMoreHistory === historyGeneration)
    return;
  const generation = historyGeneration;
  loadingMoreHistory = generation;
  const page = { offset: history.length, limit: SPEECH_HISTORY_PAGE };
  const result = await call('speech.list', historySearched ? { query: historySearched, ...page } : page);
  if (loadingMoreHistory === generation) loadingMoreHistory = null;
  if (generation !== historyGeneration || !result.ok) return;
  const current = store().speak.history;
  const known = new Set(current.map((item) => item.id));
  const next = [...current, ...result.data.entries.filter((item) => !known.has(item.id))];
  store().updateSpeak({
    history: next,
    historyTotal: Math.max(result.data.total, next.length),
    movedAside: result.data.movedAside,
  });
}

let latestOpen = 0;

/** Puts a clip from the history into the player. */
export async function openSpeechClip(id: string): Promise<void> {
  const request = ++latestOpen;
  const entry = await entryFor(id);
  // A later choice wins over a slower earlier one.
  if (entry && request === latestOpen) store().updateSpeak({ current: entry });
}

export async function saveSpeechClip(id: string): Promise<void> {
  const result = await call('speech.save', { id });
  if (!result.ok) {
    toastError(result.error);
    return;
  }
  const { path, files } = result.data;
  if (path === null) return;
  if (files.length > 1) {
    toastSuccess(
      speakWords.t('toast.savedFiles', { n: files.length }),
      speakWords.t('toast.savedFilesDetail', {
        first: fileNameOf(files[0]!),
        last: fileNameOf(files.at(-1)!),
        folder: folderOf(path),
      }),
    );
  } else {
    toastSuccess(speakWords.t('toast.saved'), path);
  }
}

export async function deleteSpeechClip(id: string): Promise<boolean> {
  const result = await call('speech.delete', { id });
  if (!result.ok) {
    toastError(result.error);
    return false;
  }
  store().removeSpeechClip(id);
  toastSuccess(speakWords.t('toast.deleted'), speakWords.t('toast.deletedDetail'));
  return true;
}

/** A clip's whole entry: the one in the player, or asked of main. */
async function entryFor(id: string): Promise<SpeechEntry | null> {
  const current = store().speak.current;
  if (current?.id === id) return current;
  const result = await call('speech.get', { id });
  if (result.ok) return result.data;
  toastError(result.error);
  if (result.error.code === 'not_found') store().removeSpeechClip(id);
  return null;
}

/** Makes a clip's model, voice, format, speed and instructions the current choices. */
export async function reuseSpeechSettings(id: string): Promise<void> {
  const entry = await entryFor(id);
  if (!entry) return;
  const { model, voice, format, speed, instructions } = entry.request;
  setPrefs({ speak: { model, voice, format, speed, instructions: instructions ?? '' } });
  toastSuccess(
    speakWords.t('toast.reused'),
    `${model} · ${voice} · ${format.toUpperCase()} · ${speedLabel(speed)}`,
  );
}

/** Puts a clip's text back in the editor (what was there is replaced). */
export async function reuseSpeechText(id: string): Promise<void> {
  const entry = await entryFor(id);
  if (!entry) return;
  store().setSpeakText(entry.text);
  toastSuccess(speakWords.t('toast.textBack'));
}
