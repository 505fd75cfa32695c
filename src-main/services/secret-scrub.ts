// Scrubbing whole values and growing texts with a `SecretMatcher`: a value's strings (and object keys) are
// scrubbed one by one, so JSON punctuation around them is never touched; a streamed text keeps back its last
// few characters until the next piece shows whether they begin a secret.
import { type Range, replaceRanges, type SecretMatcher } from './secret-matcher.ts';

/**
 * `value` with every secret in its strings hidden. Parts with nothing to hide are returned as they are
 * (no copy): this runs on every streamed token. Object keys are scrubbed too unless `keys` is false: a
 * stored file's keys are the app's own (ids, paths), and rewriting one loses what it names.
 */
export function scrubValue<T>(value: T, matcher: SecretMatcher, { keys = true } = {}): T {
  if (matcher.empty) return value;
  const scrub = (item: unknown, depth: number): unknown => {
    if (typeof item === 'string') return matcher.scrub(item);
    // Values come from parsed JSON or our own objects; a cycle or absurd depth is left as it is.
    if (depth > 256) return item;
    if (Array.isArray(item)) {
      const items = item.map((next) => scrub(next, depth + 1));
      return items.some((next, i) => next !== item[i]) ? items : item;
    }
    if (item !== null && typeof item === 'object' && !ArrayBuffer.isView(item) && isPlain(item)) {
      const entries = Object.entries(item);
      const scrubbed = entries.map(([k, v]) => [keys ? matcher.scrub(k) : k, scrub(v, depth + 1)] as const);
      const changed = scrubbed.some(([k, v], i) => k !== entries[i]?.[0] || v !== entries[i]?.[1]);
      return changed ? Object.fromEntries(scrubbed) : item;
    }
    return item;
  };
  return scrub(value, 0) as T;
}

export const NOT_JSON = Symbol('not JSON');

/**
 * A JSON object or array, parsed; `NOT_JSON` for anything else (plain text, a scalar, broken JSON), which
 * is then scrubbed as text.
 */
export function parseJsonDocument(text: string): { value: unknown } | typeof NOT_JSON {
  if (!/^\s*[[{]/.test(text)) return NOT_JSON;
  try {
    return { value: JSON.parse(text) };
  } catch {
    return NOT_JSON;
  }
}

/** Only plain data is rebuilt: a `Headers`, a `Date` or a class instance would lose what it is. */
function isPlain(item: object): boolean {
  const prototype = Object.getPrototypeOf(item);
  return prototype === Object.prototype || prototype === null;
}

/** Hides secrets in a text that arrives in pieces, without ever letting one out split across two pieces. */
export class HeldText {
  #pending = '';
  /** Longer than any run a secret can make: past it, what is held goes out (hidden) rather than grow. */
  static readonly MAX_HELD = 64 * 1024;

  constructor(private readonly matcher: SecretMatcher) {}

  get holding(): boolean {
    return this.#pending !== '';
  }

  /** The part of the text so far that can be shown now, secrets hidden; may be empty. */
  push(piece: string): string {
    const text = this.#pending + piece;
    const ranges = this.matcher.ranges(text);
    let cut = text.length - this.matcher.holdBack(text);
    // A secret that reaches into the held tail may go on in the next piece: hold all of it, to hide it once.
    for (const [start, end] of ranges) if (start < cut && end > cut) cut = start;
    if (text.length - cut > HeldText.MAX_HELD) cut = text.length;
    return this.#release(text, ranges, cut);
  }

  /** The end of the text: whatever was held, secrets hidden. */
  flush(): string {
    const text = this.#pending;
    return this.#release(text, this.matcher.ranges(text), text.length);
  }

  #release(text: string, ranges: Range[], cut: number): string {
    this.#pending = text.slice(cut);
    return replaceRanges(
      text.slice(0, cut),
      ranges.filter(([, end]) => end <= cut),
    );
  }
}
