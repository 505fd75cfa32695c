// A store's persistent index (issue 19): each saved item's summary and search words, so that a start reads
// the index and never the items, a list is one page of summaries, and a search looks up words. One concept
// for every store of many files (conversations now; transcripts and speech clips reuse it).
//
// On disk: two journals, each a header line then one line per change, the last line of an id winning —
// `<name>.v<version>.jsonl`, what the list needs:
//   `{"id":…,"size":…,"mtimeMs":…,"summary":{…}}`            the item as saved
//   `{"id":…,"size":…,"mtimeMs":…,"newer":true,"note":…}`   a newer build's file, left alone (`note`: what
//                                                            the store must still know of it, e.g. its audio)
//   `{"id":…,"removed":true}`                               deleted, moved aside or gone
// and `<name>.v<version>.words`, what search needs:
//   `{"id":…,"size":…,"mtimeMs":…}<TAB><token> <token> …`   an item's words, for the item of that size and time
// Apart, because words are most of it (5,000 long transcripts: 40 MB of words, 2 MB of summaries) and the
// first list after a start waits only for the summaries. A save appends a line to each, so saving costs the
// same with 5 or 5,000 items; both are rewritten whole (atomically, atomic-file.ts) once old lines pile up,
// and soon after a delete, so a deleted item's words do not stay on disk. A kill mid-append leaves at worst
// a torn last line, skipped when read, or a summary whose words line is missing or older; the file it
// described then looks stale and is read again (below). A later format gets other file names, so a newer
// build's index is never read nor overwritten by this one; an earlier format's journal is removed once
// this one is written whole (it holds words of items deleted since).
//
// At start the summaries are read in slices, then (for search) the words, then the index is checked in
// the background against the folder: a file newer than its entry, a file
// without one, an entry without a file. Those are read again one at a time, yielding between files, while
// the list answers from what is indexed so far with `rebuilding: { done, total }`. A missing or damaged
// journal is the same check with every file stale.
import { createReadStream } from 'node:fs';
import { appendFile, readFile, rm } from 'node:fs/promises';
import { writeFileAtomic } from '../atomic-file.ts';
import { isMissing } from '../file-missing.ts';
import { scrubKnownSecretsInFile, scrubKnownSecretsInText } from '../known-secrets.ts';
import { nextTurn, TimeSlice } from './time-slice.ts';
import { queryTerms, tokensOf } from './tokens.ts';
import { WordIndex } from './word-index.ts';

/** The journals' format; a change of it (or of tokenising) is new file names, and an index rebuilt. */
export const SAVED_INDEX_VERSION = 2;

export interface StoredFileStamp {
  id: string;
  size: number;
  mtimeMs: number;
}

/** What reading one item gave, for the index. */
export type ItemReading<S> =
  | { kind: 'ok'; summary: S; texts: readonly string[]; size: number; mtimeMs: number }
  | { kind: 'newer'; size: number; mtimeMs: number; note?: unknown }
  /** Missing, moved aside as damaged, or unreadable now: not listed. */
  | { kind: 'gone' };

export interface SavedIndexOptions<S> {
  /** For the header and logs, e.g. `conversations`. */
  name: string;
  /** The journals' path without their endings: `<folder>/<name>` (`.v2.jsonl` and `.v2.words` are added). */
  path: string;
  /** Every item file of the store, with its size and time (a folder listing and a stat each). */
  scan(): Promise<StoredFileStamp[]>;
  /** Reads one item, in turn with the store's writes of it (and moves a damaged one aside). */
  read(id: string): Promise<ItemReading<S>>;
  /** The list's order, e.g. newest first. */
  compare(a: S, b: S): number;
  /** A summary read back from the journal, checked before it is listed. */
  isSummary(value: unknown, id: string): value is S;
  warn(message: string, error?: unknown): void;
  /** How long a list waits for a running check before answering with what is indexed (ms). */
  listWaitMs?: number;
}

export interface SavedIndexPage<S> {
  items: S[];
  /** Items matching, all pages. */
  total: number;
  /** Files still to be read by a check running now (shown quietly); absent when the index is complete. */
  rebuilding?: { done: number; total: number };
}

export interface SavedIndex<S> {
  /** Resolves once the journal's summaries are in memory: changes are told to the index after this. */
  ready(): Promise<void>;
  /** The item as just saved (its texts are what search looks in). */
  put(id: string, summary: S, texts: readonly string[], size: number, mtimeMs: number): void;
  /**
   * A newer build's file: not listed, and not read again while it keeps its size and time (remembered in
   * the journal, so a later start does not read it either). `note`: what the store must know of it (JSON).
   */
  putNewer(id: string, size: number, mtimeMs: number, note?: unknown): void;
  isKnownNewer(id: string, size: number, mtimeMs: number): boolean;
  remove(id: string): void;
  /** The summary kept for an id (loaded index only). */
  summaryOf(id: string): S | undefined;
  /** Every summary indexed now, in no order (a store's own bookkeeping: audio in use…). */
  summaries(): IterableIterator<S>;
  /** The notes of the newer builds' files known now (`undefined` for one without). */
  newerNotes(): IterableIterator<unknown>;
  /** Resolves once the start's check against the folder has ended: the index then knows every file. */
  checked(): Promise<void>;
  page(request: { query?: string; offset?: number; limit?: number }): Promise<SavedIndexPage<S>>;
  /** Resolves once the start's check is done and every change is on disk (tests, benches). */
  settled(): Promise<void>;
}

interface Entry<S> {
  summary: S;
  size: number;
  mtimeMs: number;
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref?.());

/** The start of an item's words line: its id (as JSON), size and time, read without parsing the rest. */
const STAMP = /^\{"id":"((?:[^"\\]|\\.)*)","size":(\d+),"mtimeMs":([-+.eE\d]+)\}\t/;

/** The lines of a file as it streams in, without its line ends; a last line without one too. */
async function* linesOf(path: string, onTornEnd?: () => void): AsyncGenerator<string> {
  let rest = '';
  for await (const chunk of createReadStream(path, { encoding: 'utf8', highWaterMark: 256 * 1024 })) {
    const text = rest + (chunk as string);
    let start = 0;
    for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
      if (end > start) yield text.slice(start, end);
      start = end + 1;
    }
    rest = text.slice(start);
  }
  if (rest !== '') {
    onTornEnd?.();
    yield rest;
  }
}

/** Keeps `line` as its id's latest (a journal line: `{"id":"…",…`); other lines are skipped. */
function takeLatest(latest: Map<string, string>, line: string): void {
  if (!line.startsWith('{"id":"')) return;
  const id = line.slice(7, line.indexOf('"', 7));
  latest.set(id, line.endsWith('\n') ? line : `${line}\n`);
}

/** After a delete, the journal is rewritten this soon (so the deleted item's words leave the disk). */
const COMPACT_AFTER_REMOVE_MS = 3000;

/**
 * Once the index's summaries are in memory, reads its newest item once with `read`, and drops what it gives.
 * A store's first open after a start otherwise runs its reading and checking code for the first time: the
 * schema's first check compiles it (zod), and that open took 20–30 ms more in main than later ones did.
 */
export function readNewestOnce<S extends { id: string }>(
  index: SavedIndex<S>,
  read: (id: string) => Promise<unknown>,
): void {
  void index
    .ready()
    .then(() => index.page({ limit: 1 }))
    .then((page) => (page.items[0] ? read(page.items[0].id) : undefined))
    .catch(() => undefined);
}

export function createSavedIndex<S>(options: SavedIndexOptions<S>): SavedIndex<S> {
  const { name, scan, read, compare, isSummary, warn, listWaitMs = 250 } = options;
  const file = `${options.path}.v${SAVED_INDEX_VERSION}.jsonl`;
  const wordsFile = `${options.path}.v${SAVED_INDEX_VERSION}.words`;
  const header = `${JSON.stringify({ index: name, version: SAVED_INDEX_VERSION })}\n`;
  const wordsHeader = `${JSON.stringify({ index: name, version: SAVED_INDEX_VERSION, words: true })}\n`;
  /** Earlier formats' journals, removed once this one is written whole. */
  const earlier = Array.from(
    { length: SAVED_INDEX_VERSION - 1 },
    (_, i) => `${options.path}.v${i + 1}.jsonl`,
  );

  const entries = new Map<string, Entry<S>>();
  const newer = new Map<string, { size: number; mtimeMs: number; note?: unknown }>();
  const words = new WordIndex();
  let ordered: S[] | null = null;

  /** Lines waiting to be appended to each journal, and lines the summaries hold (to tell when to rewrite). */
  let pending: string[] = [];
  let pendingWords: string[] = [];
  let journalLines = 0;
  /** Whether the journals must be written whole before anything is appended (missing, or not ours). */
  let rewrite = false;
  let rewriteWords = false;
  /** Whether a journal ends mid-line (a kill mid-append): the next append starts a line of its own. */
  let tornEnd = false;
  let tornEndWords = false;
  /** Unreadable lines met at load: the journal is rewritten once the check has read their files again. */
  let damaged = 0;
  /** Ids saved or removed since the check listed the folder: the check leaves them to the store. */
  const touched = new Set<string>();
  /** Loaded items whose words are not indexed yet (a put since supersedes them). */
  const loadingWords = new Set<string>();
  /** Journal writes, one after another. */
  let writing: Promise<void> = Promise.resolve();
  let flushQueued = false;
  let compactTimer: ReturnType<typeof setTimeout> | null = null;

  let progress: { done: number; total: number } | null = null;
  /** True from the start until the check has ended (a list waits a little for it). */
  let checking = true;

  const stampOf = (size: number, mtimeMs: number) => ({ size, mtimeMs });
  /**
   * Whether a file still has the size and time it was indexed with. Within a millisecond: a copy that keeps
   * times (a backup restored, `cp -p`) rounds them below that, and is the same file.
   */
  const sameStamp = (entry: { size: number; mtimeMs: number } | undefined, size: number, mtimeMs: number) =>
    entry !== undefined && entry.size === size && Math.abs(entry.mtimeMs - mtimeMs) < 1;

  function enqueue(line: string, wordsLine?: string): void {
    pending.push(line);
    if (wordsLine !== undefined) pendingWords.push(wordsLine);
    if (flushQueued) return;
    flushQueued = true;
    writing = writing.then(async () => {
      // Lines of the same turn go in one write.
      await nextTurn();
      flushQueued = false;
      const lines = pending;
      const wordLines = pendingWords;
      pending = [];
      pendingWords = [];
      if (lines.length === 0) return;
      try {
        if (rewrite || rewriteWords) {
          pending = [...lines, ...pending];
          pendingWords = [...wordLines, ...pendingWords];
          await compactNow();
        } else {
          await appendFile(file, (tornEnd ? '\n' : '') + lines.join(''));
          tornEnd = false;
          journalLines += lines.length;
          if (wordLines.length > 0) {
            await appendFile(wordsFile, (tornEndWords ? '\n' : '') + wordLines.join(''));
            tornEndWords = false;
          }
        }
      } catch (error) {
        warn(`the ${name} index could not be written; it is checked again at the next start`, error);
      }
      if (journalLines > 2 * entries.size + 500) scheduleCompact(0);
    });
  }

  /**
   * Writes both journals whole: each header, then the latest line of each item indexed now, taken from the
   * journal on disk and the lines not yet written (an item whose lines are in neither is read again at the
   * next start). Runs in the write chain only.
   */
  async function compactNow(): Promise<void> {
    const summaries = await latestLines(rewrite ? null : file);
    const wordLines = await latestLines(rewrite || rewriteWords ? null : wordsFile);
    // The lines not yet written, taken after the last wait: a line enqueued while the journals were read
    // is in them (taken during a wait and then cleared, it would be lost from one journal).
    for (const line of pending) takeLatest(summaries, line);
    for (const line of pendingWords) takeLatest(wordLines, line);
    pending = [];
    pendingWords = [];
    const kept: string[] = [header];
    for (const [id, line] of summaries) {
      const isNewerLine = line.includes('"newer":true');
      if (isNewerLine ? newer.has(id) : entries.has(id) && !line.includes('"removed":true')) kept.push(line);
    }
    const keptWords: string[] = [wordsHeader];
    for (const [id, line] of wordLines) {
      const stamp = STAMP.exec(line);
      if (stamp && sameStamp(entries.get(id), Number(stamp[2]), Number(stamp[3]))) keptWords.push(line);
    }
    // Words first: killed between the two, the summaries on disk are the older ones, which the newer words
    // lines do not match, and those items are read again.
    await writeFileAtomic(wordsFile, keptWords.join(''));
    await writeFileAtomic(file, kept.join(''));
    journalLines = kept.length - 1;
    rewrite = false;
    rewriteWords = false;
    tornEnd = false;
    tornEndWords = false;
    for (const old of earlier.splice(0)) await rm(old, { force: true }).catch(() => {});
  }

  /** The latest line of each id in a journal (none when `path` is null). */
  async function latestLines(path: string | null): Promise<Map<string, string>> {
    const latest = new Map<string, string>();
    if (path === null) return latest;
    let text = '';
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
    const slice = new TimeSlice();
    for (const line of text.split('\n')) {
      takeLatest(latest, line);
      if (slice.over) await slice.next();
    }
    return latest;
  }

  function scheduleCompact(ms: number): void {
    if (compactTimer) clearTimeout(compactTimer);
    compactTimer = setTimeout(startCompact, ms);
    compactTimer.unref?.();
  }

  /** Queues the rewrite in the write chain now (a scheduled one: its timer is cancelled). */
  function startCompact(): void {
    if (compactTimer) clearTimeout(compactTimer);
    compactTimer = null;
    writing = writing.then(() =>
      compactNow().catch((error: unknown) => warn(`the ${name} index could not be rewritten`, error)),
    );
  }

  function apply(id: string, entry: Entry<S>, tokens: Iterable<string>): void {
    touched.add(id);
    loadingWords.delete(id);
    entries.set(id, entry);
    newer.delete(id);
    words.set(id, tokens);
    if (words.wantsPacking) void words.pack(nextTurn);
    ordered = null;
  }

  function forget(id: string): boolean {
    touched.add(id);
    loadingWords.delete(id);
    const had = entries.delete(id) || newer.delete(id);
    words.delete(id);
    ordered = null;
    return had;
  }

  // ─── Start: the journal, then the check ─────────────────────────────────────────────────────────

  /** Resolves once every summary is in memory (the list needs no more). */
  let summariesLoaded!: () => void;
  const summariesReady = new Promise<void>((resolve) => {
    summariesLoaded = resolve;
  });
  /** Resolves once the words are in memory too (search). */
  let wordsReady: Promise<void> = Promise.resolve();

  /**
   * Reads the journal's summaries, line by line as it streams in (never the whole file in memory), then —
   * in the write chain, so nothing is appended or rewritten meanwhile — its words in a second pass.
   */
  async function load(): Promise<void> {
    let first = true;
    const slice = new TimeSlice();
    try {
      for await (const line of linesOf(file, () => (tornEnd = true))) {
        if (first) {
          first = false;
          if (`${line}\n` !== header) {
            warn(`the ${name} index is not of this build's format; rebuilding it`);
            rewrite = true;
            return;
          }
          continue;
        }
        journalLines++;
        try {
          if (!applyRecord(JSON.parse(line))) damaged++;
        } catch {
          damaged++;
        }
        if (slice.over) await slice.next();
      }
    } catch (error) {
      if (!isMissing(error)) warn(`the ${name} index could not be read; rebuilding it`, error);
      entries.clear();
      newer.clear();
      rewrite = true;
      return;
    } finally {
      // Without summaries, every file is read again: the words are written anew with them.
      if (rewrite) rewriteWords = true;
    }
    if (first) {
      rewrite = true; // Empty: written by a kill before its header landed.
      rewriteWords = true;
      return;
    }
    if (damaged > 0) {
      warn(`the ${name} index had ${damaged} unreadable lines; the files they described are read again`);
    }
    for (const id of entries.keys()) loadingWords.add(id);
    summariesLoaded();
    const loadedWords = writing.then(loadWords);
    writing = loadedWords;
    wordsReady = loadedWords;
  }

  /**
   * The second pass: each loaded item's words, from its line in the words journal (the one whose size and
   * time it has). A words journal missing or not ours is written anew; its items are read again.
   */
  async function loadWords(): Promise<void> {
    const slice = new TimeSlice();
    let first = true;
    try {
      for await (const line of linesOf(wordsFile, () => (tornEndWords = true))) {
        if (first) {
          first = false;
          if (`${line}\n` === wordsHeader) continue;
          warn(`the ${name} index's words are not of this build's format; the items are read again`);
          rewriteWords = true;
          break;
        }
        const stamp = STAMP.exec(line);
        if (stamp) {
          const id = JSON.parse(`"${stamp[1]}"`) as string;
          const entry = entries.get(id);
          if (entry && loadingWords.has(id) && sameStamp(entry, Number(stamp[2]), Number(stamp[3]))) {
            const tokens = line.slice(stamp[0].length);
            words.set(id, tokens === '' ? [] : tokens.split(' '));
            loadingWords.delete(id);
          }
        }
        if (slice.over) await slice.next();
      }
    } catch (error) {
      if (!isMissing(error))
        warn(`the ${name} index's words could not be read; the items are read again`, error);
      rewriteWords = true;
    }
    if (first) rewriteWords = true; // Missing or empty.
    // Any left (a line lost meanwhile) are read again by the check, like a stale file.
    for (const id of loadingWords) {
      const entry = entries.get(id);
      if (entry) entry.size = -1;
    }
    loadingWords.clear();
    await words.pack(nextTurn);
  }

  /** Applies one summaries line's record (its words come in the second pass); false when unreadable. */
  function applyRecord(record: unknown): boolean {
    if (typeof record !== 'object' || record === null) return false;
    const { id, size, mtimeMs, summary } = record as Record<string, unknown>;
    if (typeof id !== 'string') return false;
    if ((record as { removed?: unknown }).removed === true) {
      entries.delete(id);
      newer.delete(id);
      return true;
    }
    if (typeof size !== 'number' || typeof mtimeMs !== 'number') return false;
    if ((record as { newer?: unknown }).newer === true) {
      entries.delete(id);
      newer.set(id, { ...stampOf(size, mtimeMs), note: (record as { note?: unknown }).note });
      return true;
    }
    if (!isSummary(summary, id)) return false;
    entries.set(id, { summary, size, mtimeMs });
    newer.delete(id);
    return true;
  }

  /** The check against the folder: every stale file read again, one at a time. */
  async function check(): Promise<void> {
    checking = true;
    try {
      let files: StoredFileStamp[];
      touched.clear();
      try {
        files = await scan();
      } catch (error) {
        warn(`the ${name} folder could not be listed; the index is kept as it is`, error);
        return;
      }
      await wordsReady; // Items whose words were lost are marked stale by then.
      const present = new Set(files.map((entry) => entry.id));
      for (const id of [...entries.keys(), ...newer.keys()]) {
        if (!present.has(id) && !touched.has(id)) remove(id);
      }
      const stale = files.filter(({ id, size, mtimeMs }) => {
        if (touched.has(id)) return false;
        const entry = entries.get(id);
        if (entry) return !sameStamp(entry, size, mtimeMs);
        return !sameStamp(newer.get(id), size, mtimeMs);
      });
      if (stale.length > 0) {
        progress = { done: 0, total: stale.length };
        for (const { id } of stale) {
          await wordsReady;
          if (touched.has(id)) {
            progress.done++;
            continue;
          }
          const reading = await read(id).catch((error: unknown): ItemReading<S> => {
            warn(`${name}: ${id} could not be read`, error);
            return { kind: 'gone' };
          });
          if (reading.kind === 'ok') put(id, reading.summary, reading.texts, reading.size, reading.mtimeMs);
          else if (reading.kind === 'newer') putNewer(id, reading.size, reading.mtimeMs, reading.note);
          else remove(id);
          progress.done++;
          await nextTurn();
        }
      }
      // A missing journal is written whole now; a damaged one rewritten without its unreadable lines.
      if (rewrite || rewriteWords || damaged > 0) scheduleCompact(0);
    } finally {
      progress = null;
      checking = false;
    }
  }

  /** Whether the journal was missing or not ours: every file is read again. */
  let rebuildingAll = false;
  const started = (async () => {
    await load();
    rebuildingAll = rewrite;
    summariesLoaded(); // Also when there was no journal to load.
  })();
  const checked = started
    .then(check)
    .catch((error: unknown) => warn(`the ${name} index check failed`, error));

  // ─── Changes ─────────────────────────────────────────────────────────────────────────────────────

  function put(id: string, summary: S, texts: readonly string[], size: number, mtimeMs: number): void {
    const tokens = tokensOf(texts.map(scrubKnownSecretsInText));
    apply(id, { summary, size, mtimeMs }, tokens);
    const line = scrubKnownSecretsInFile(JSON.stringify({ id, size, mtimeMs, summary }));
    enqueue(`${line}\n`, `${JSON.stringify({ id, size, mtimeMs })}\t${[...tokens].join(' ')}\n`);
  }

  function putNewer(id: string, size: number, mtimeMs: number, note?: unknown): void {
    const known = sameStamp(newer.get(id), size, mtimeMs);
    forget(id);
    newer.set(id, { ...stampOf(size, mtimeMs), note });
    if (!known) enqueue(`${JSON.stringify({ id, size, mtimeMs, newer: true, note })}\n`);
  }

  function remove(id: string): void {
    if (!forget(id)) return;
    enqueue(`${JSON.stringify({ id, removed: true })}\n`);
    scheduleCompact(COMPACT_AFTER_REMOVE_MS);
  }

  return {
    ready: () => summariesReady,
    put,
    putNewer,
    remove,
    isKnownNewer: (id, size, mtimeMs) => sameStamp(newer.get(id), size, mtimeMs),
    summaryOf: (id) => entries.get(id)?.summary,
    *summaries() {
      for (const entry of entries.values()) yield entry.summary;
    },
    *newerNotes() {
      for (const entry of newer.values()) yield entry.note;
    },
    checked: () => checked,

    async page({ query = '', offset = 0, limit }) {
      await summariesReady;
      // Without a journal (a first start, or it was lost) a small folder is read at once: a list a moment
      // later is complete rather than empty. With one, the list answers from it at once.
      if (checking && rebuildingAll && listWaitMs > 0) await Promise.race([checked, delay(listWaitMs)]);
      ordered ??= [...entries.values()].map((entry) => entry.summary).sort(compare);
      let matching: S[] = ordered;
      const terms = queryTerms(query);
      if (terms.length > 0) {
        await wordsReady;
        ordered ??= [...entries.values()].map((entry) => entry.summary).sort(compare);
        const keys = words.match(terms);
        matching = keys === null ? ordered : ordered.filter((summary) => keys.has(idOfSummary(summary)));
      } else if (query.trim() !== '') {
        // Only punctuation: nothing can match every word of it.
        matching = [];
      }
      const end = limit === undefined ? undefined : offset + limit;
      const page: SavedIndexPage<S> = { items: matching.slice(offset, end), total: matching.length };
      // While the folder is being listed, nothing is known to be missing yet: `0 of 0`.
      if (checking) page.rebuilding = progress ? { ...progress } : { done: 0, total: 0 };
      if (words.wantsPacking) void words.pack(nextTurn);
      return page;
    },

    async settled() {
      await checked;
      let waited: Promise<void>;
      do {
        // A rewrite waiting for its timer is started now, so that it too is waited for.
        if (compactTimer) startCompact();
        waited = writing;
        await waited;
      } while (writing !== waited || pending.length > 0 || flushQueued || compactTimer);
    },
  };

  function idOfSummary(summary: S): string {
    return (summary as { id: string }).id;
  }
}
