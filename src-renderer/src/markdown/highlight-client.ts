// The main thread's side of code highlighting: one shared worker (started on first use), requests
// deduplicated, results cached by (language, code) so a block highlighted once shows coloured at once
// when its message is opened again or re-mounted.

export interface HighlightRequest {
  id: number;
  language: string;
  code: string;
}

export interface HighlightResponse {
  id: number;
  /** Escaped, highlighted HTML; null when the language is not one we highlight. */
  html: string | null;
}

/** Longer code stays plain: highlighting it would keep the worker busy for little gain. */
const MAX_CODE_LENGTH = 200_000;
/** The cache is dropped oldest first past this many characters of HTML (~2 bytes each). */
const CACHE_BUDGET = 8_000_000;

type Listener = (html: string | null) => void;

const cache = new Map<string, string | null>();
let cachedChars = 0;
const waiting = new Map<string, Set<Listener>>();
const keysById = new Map<number, string>();
let nextId = 1;
let worker: Worker | null | undefined;

function cacheKey(language: string, code: string): string {
  return `${language}\n${code}`;
}

/** Whether code may be highlighted at all (a language named, not too long): answered without a lookup. */
export function highlightable(language: string, code: string): boolean {
  return language !== '' && code.length <= MAX_CODE_LENGTH;
}

/** The highlighted HTML if known: a string, null (not highlightable), or undefined (not yet asked). */
export function cachedHighlight(language: string, code: string): string | null | undefined {
  if (!highlightable(language, code)) return null;
  return cache.get(cacheKey(language, code));
}

/** Asks for the highlighted HTML; `done` is called once unless the returned cancel runs first. */
export function requestHighlight(language: string, code: string, done: Listener): () => void {
  const known = cachedHighlight(language, code);
  if (known !== undefined) {
    done(known);
    return () => {};
  }
  const target = highlightWorker();
  if (!target) {
    done(null);
    return () => {};
  }
  const key = cacheKey(language, code);
  let listeners = waiting.get(key);
  if (!listeners) {
    listeners = new Set();
    waiting.set(key, listeners);
    const id = nextId++;
    keysById.set(id, key);
    const request: HighlightRequest = { id, language, code };
    target.postMessage(request);
  }
  listeners.add(done);
  return () => listeners.delete(done);
}

function highlightWorker(): Worker | null {
  if (worker !== undefined) return worker;
  worker = null;
  if (typeof Worker === 'undefined') return worker;
  try {
    worker = new Worker(new URL('./highlight.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return worker;
  }
  worker.addEventListener('message', (event: MessageEvent<HighlightResponse>) => {
    const key = keysById.get(event.data.id);
    if (key === undefined) return;
    keysById.delete(event.data.id);
    settle(key, event.data.html);
  });
  // A worker that cannot start (or dies) leaves every block plain rather than waiting forever.
  worker.addEventListener('error', () => {
    worker?.terminate();
    worker = null;
    for (const key of [...waiting.keys()]) settle(key, null);
    keysById.clear();
  });
  return worker;
}

function settle(key: string, html: string | null): void {
  remember(key, html);
  const listeners = waiting.get(key);
  waiting.delete(key);
  for (const listener of listeners ?? []) listener(html);
}

function remember(key: string, html: string | null): void {
  cache.set(key, html);
  cachedChars += html?.length ?? 0;
  for (const [oldKey, oldHtml] of cache) {
    if (cachedChars <= CACHE_BUDGET) break;
    cache.delete(oldKey);
    cachedChars -= oldHtml?.length ?? 0;
  }
}
