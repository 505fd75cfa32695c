// Finds secrets in text: not only a whole key, but any run of 8 or more of its characters (a gateway that
// echoes the first 16 characters of a key in a 401 message), the key written with JSON or URL escapes, and
// the key inside base64 (`Bearer <key>` or `user:<key>` encoded, or the key alone), so that none of them
// reaches the window, a file or a log.
//
// How: every 8-character window of every secret (and of its base64 forms) goes into a hash table; the text
// is read once with a rolling hash, so the cost is proportional to the text whatever the number of secrets
// (this runs on every streamed token). Escaped text is also read once through a decoded view of it, mapped
// back to the original characters.
//
// Limits, on purpose:
// - Base64 is caught at the three byte alignments a secret can have inside the encoded string, but only when
//   the encoded text is unbroken: base64 wrapped over several lines (MIME) or cut at a run of 7 or fewer
//   characters is not recognised. Hex is caught (either case) where it holds a letter a-f: its all-digit
//   stretches look like the digits of any long number (`0.30000001192092896`) and are not looked for, so a
//   hex dump may keep a few characters' worth of a key between hidden parts. JSON, URL and HTML escapes
//   are decoded (JSON up to twice); other encodings (UTF-16, ROT13, …) are not.
// - 8-character windows made only of lowercase letters, or with no letter at all, are not looked for: such
//   a window of a header value is an ordinary word (`assistan` of `assistants=v2`, which would blot out
//   every "assistant" of every answer and file) or part of a date or number (`2023-06-` of
//   `anthropic-version: 2023-06-01`, which would break every time stamp in every file). A random key almost
//   never has 15 such characters in a row, which is what it would take for one of its characters to escape.
//   Such values are still hidden where they stand whole, as a token (`production`, but not `productions`;
//   `2023-06-01`, but not `2023-06-01T10:00`).
// - Values shorter than 8 characters are hidden only whole, as a token, and only when they mix letters and
//   digits; shorter or plainer ones (`true`, `1`, `blue`, `staging`) would blot out ordinary words and
//   protect nothing. A longer header value that is an ordinary identifier (`prompt-caching-2024-07-31`,
//   `no-cache`) is a secret like any other: its pieces are hidden wherever they appear.

/** The shortest run of a secret's characters that is hidden. */
export const WINDOW = 8;
/** The shortest value hidden at all (when whole, and mixing letters and digits). */
const MIN_EXACT_LENGTH = 6;
/**
 * Escapes stretch a character to at most this many: JSON `\uXXXX`, double-escaped `\\u0073`, URL `%73`,
 * HTML `&#x0073;` (a longer one, padded with zeros, is not decoded).
 */
const MAX_ESCAPE_SPAN = 10;

export const HIDDEN = '[key hidden]';

export type Range = readonly [start: number, end: number];

export interface SecretMatcher {
  /** No secret to look for: everything passes untouched. */
  readonly empty: boolean;
  /** The stretches of `text` that show a secret, sorted and disjoint. */
  ranges(text: string): Range[];
  /** `text` with every stretch that shows a secret replaced by one marker; the same string when none. */
  scrub(text: string): string;
  /**
   * How many trailing characters of a text that is still growing (a stream) must be held back, so that a
   * secret it ends with can still be recognised once the next piece arrives.
   */
  holdBack(text: string): number;
}

const BASE = 0x01000193;
const FILTER_MASK = 0xffff;
const BASE_POW = (() => {
  let pow = 1;
  for (let i = 1; i < WINDOW; i++) pow = Math.imul(pow, BASE);
  return pow;
})();

function hashAt(text: string, start: number): number {
  let hash = 0;
  for (let i = start; i < start + WINDOW; i++) hash = (Math.imul(hash, BASE) + text.charCodeAt(i)) | 0;
  return hash;
}

/**
 * A window that ordinary text is full of (see the limits above): a lowercase word (`assistan`), or no
 * letter at all (`20230601`, `2023-06-`, the digits of a long number).
 */
function isOrdinaryWindow(window: string): boolean {
  return /^[a-z]+$/.test(window) || !/[A-Za-z]/.test(window);
}

function windowsOf(text: string): string[] {
  const windows: string[] = [];
  for (let i = 0; i + WINDOW <= text.length; i++) windows.push(text.slice(i, i + WINDOW));
  return windows;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/**
 * The base64 characters that depend on `secret`'s bytes alone, for each of the three offsets at which it can
 * start within a 3-byte group of a longer encoded string: those appear verbatim whatever surrounds it.
 */
export function base64Forms(secret: string): string[] {
  const bytes = new TextEncoder().encode(secret);
  const forms: string[] = [];
  for (let offset = 0; offset < 3; offset++) {
    let form = '';
    const total = offset + bytes.length;
    for (let group = 0; group * 3 < total; group++) {
      // Byte positions within the padded string; the secret occupies [offset, total).
      const at = group * 3;
      const byte = (k: number) => (k >= offset && k < total ? bytes[k - offset]! : 0);
      const inSecret = (k: number) => k >= offset && k < total;
      const [b0, b1, b2] = [byte(at), byte(at + 1), byte(at + 2)];
      const chars: Array<[number, boolean]> = [
        [b0 >> 2, inSecret(at)],
        [((b0 & 3) << 4) | (b1 >> 4), inSecret(at) && inSecret(at + 1)],
        [((b1 & 15) << 2) | (b2 >> 6), inSecret(at + 1) && inSecret(at + 2)],
        [b2 & 63, inSecret(at + 2)],
      ];
      for (const [value, own] of chars) if (own) form += BASE64[value];
    }
    forms.push(form, form.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return forms;
}

/** The secret's bytes in hex, lower and upper case. */
export function hexForms(secret: string): string[] {
  const hex = [...new TextEncoder().encode(secret)]
    .map((byte) => byte.toString(16).padStart(2, '0'))
    .join('');
  return [hex, hex.toUpperCase()];
}

/** A text read with its escapes decoded: each character knows the stretch of the original it came from. */
interface DecodedView {
  text: string;
  starts: Int32Array;
  ends: Int32Array;
}

const HEX = /^[0-9a-fA-F]{4}$/;
const JSON_SIMPLE: Record<string, string> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

/** One level of JSON string escapes decoded; null when there is none. */
function decodeJsonEscapes(text: string): DecodedView | null {
  if (!text.includes('\\')) return null;
  return decodeWith(text, '\\', (at) => {
    const next = text[at + 1];
    if (next === undefined) return null;
    const simple = JSON_SIMPLE[next];
    if (simple !== undefined) return [simple, 2];
    if (next === 'u' && HEX.test(text.slice(at + 2, at + 6)))
      return [String.fromCharCode(Number.parseInt(text.slice(at + 2, at + 6), 16)), 6];
    return null;
  });
}

/** URL percent escapes decoded (a byte each: secrets are visible ASCII); null when there is none. */
function decodePercentEscapes(text: string): DecodedView | null {
  if (!text.includes('%')) return null;
  return decodeWith(text, '%', (at) => {
    const hex = text.slice(at + 1, at + 3);
    return /^[0-9a-fA-F]{2}$/.test(hex) ? [String.fromCharCode(Number.parseInt(hex, 16)), 3] : null;
  });
}

/** `text` with the escapes that begin with `marker` decoded; null when none decodes. */
function decodeWith(
  text: string,
  marker: string,
  escapeAt: (at: number) => [string, number] | null,
): DecodedView | null {
  const parts: string[] = [];
  const starts = new Int32Array(text.length);
  const ends = new Int32Array(text.length);
  let length = 0;
  let changed = false;
  // Plain runs are copied whole: only the escapes are looked at one by one.
  const copy = (from: number, to: number) => {
    if (to <= from) return;
    parts.push(text.slice(from, to));
    for (let at = from; at < to; at++, length++) {
      starts[length] = at;
      ends[length] = at + 1;
    }
  };
  let at = 0;
  while (at < text.length) {
    const next = text.indexOf(marker, at);
    if (next < 0) break;
    copy(at, next);
    const decoded = escapeAt(next);
    const [char, span] = decoded ?? [marker, 1];
    if (decoded) changed = true;
    parts.push(char);
    starts[length] = next;
    ends[length] = next + span;
    length++;
    at = next + span;
  }
  if (!changed) return null;
  copy(at, text.length);
  return { text: parts.join(''), starts: starts.subarray(0, length), ends: ends.subarray(0, length) };
}

/** A view of a view, mapped straight to the original text. */
function compose(outer: DecodedView, inner: DecodedView): DecodedView {
  const starts = new Int32Array(inner.text.length);
  const ends = new Int32Array(inner.text.length);
  for (let i = 0; i < inner.text.length; i++) {
    starts[i] = outer.starts[inner.starts[i]!]!;
    ends[i] = outer.ends[inner.ends[i]! - 1]!;
  }
  return { text: inner.text, starts, ends };
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** HTML character references decoded (a reply's markdown shows `&#115;` as `s`); null when there is none. */
function decodeHtmlEntities(text: string): DecodedView | null {
  if (!text.includes('&')) return null;
  const entity = /^&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|(amp|lt|gt|quot|apos));/;
  return decodeWith(text, '&', (at) => {
    const found = entity.exec(text.slice(at, at + 11));
    if (!found) return null;
    const [whole, decimal, hex, name] = found;
    const code = decimal !== undefined ? Number(decimal) : hex !== undefined ? Number.parseInt(hex, 16) : -1;
    if (name !== undefined) return [NAMED_ENTITIES[name]!, whole.length];
    return code >= 0 && code <= 0xffff ? [String.fromCharCode(code), whole.length] : null;
  });
}

function* decodedViews(text: string): Generator<DecodedView> {
  const json = decodeJsonEscapes(text);
  if (json) {
    yield json;
    // A JSON document quoted inside a JSON string (an SSE event's data in a stored log) escapes twice.
    const twice = decodeJsonEscapes(json.text);
    if (twice) yield compose(json, twice);
  }
  const percent = decodePercentEscapes(text);
  if (percent) yield percent;
  const html = decodeHtmlEntities(text);
  if (html) yield html;
}

/** Sorted, disjoint ranges, touching or overlapping ones joined. */
function merge(ranges: Range[]): Range[] {
  if (ranges.length < 2) return ranges;
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [[sorted[0]![0], sorted[0]![1]]];
  for (const [start, end] of sorted.slice(1)) {
    const last = merged[merged.length - 1]!;
    if (start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

/** `text` with each range replaced by the marker. */
export function replaceRanges(text: string, ranges: readonly Range[]): string {
  if (ranges.length === 0) return text;
  let result = '';
  let from = 0;
  for (const [start, end] of ranges) {
    result += text.slice(from, start) + HIDDEN;
    from = end;
  }
  return result + text.slice(from);
}

const isWordChar = (char: string | undefined) => char !== undefined && /[A-Za-z0-9]/.test(char);

const NOTHING: SecretMatcher = { empty: true, ranges: () => [], scrub: (text) => text, holdBack: () => 0 };

/** A matcher for these secrets (empty strings and duplicates are ignored). */
export function compileSecrets(secrets: readonly string[]): SecretMatcher {
  const windowed = new Set<string>();
  const exact = new Set<string>();
  for (const secret of secrets) {
    if (secret.length >= WINDOW) windowed.add(secret);
    // Whole, too, when some of it escapes the windows (`production`, `2023-06-01`, a short value).
    const partlyOrdinary = secret.length < WINDOW || windowsOf(secret).some(isOrdinaryWindow);
    if (
      partlyOrdinary &&
      (secret.length >= WINDOW ||
        (secret.length >= MIN_EXACT_LENGTH && /[A-Za-z]/.test(secret) && /\d/.test(secret)))
    )
      exact.add(secret);
  }
  if (windowed.size === 0 && exact.size === 0) return NOTHING;

  const table = new Map<number, string[]>();
  // Most positions of a text match nothing: a bitmap of the windows' hashes turns them away before the map.
  const filter = new Uint8Array(FILTER_MASK + 1);
  // The beginnings (1 to 7 characters) of every window: only a text ending in one of them can be ending
  // in the start of a window the next piece completes, so only then is its tail held back.
  const windowStarts = new Set<string>();
  for (const secret of windowed) {
    for (const form of [secret, ...base64Forms(secret), ...hexForms(secret)]) {
      for (const window of windowsOf(form)) {
        if (isOrdinaryWindow(window)) continue;
        const hash = hashAt(window, 0);
        filter[hash & FILTER_MASK] = 1;
        for (let length = 1; length < WINDOW; length++) windowStarts.add(window.slice(0, length));
        const bucket = table.get(hash);
        if (!bucket) table.set(hash, [window]);
        else if (!bucket.includes(window)) bucket.push(window);
      }
    }
  }

  function windowRanges(text: string, found: Range[], map?: DecodedView): void {
    if (table.size === 0 || text.length < WINDOW) return;
    let hash = hashAt(text, 0);
    let open: [number, number] | null = null;
    const last = text.length - WINDOW;
    for (let i = 0; ; i++) {
      const bucket = filter[hash & FILTER_MASK] === 1 ? table.get(hash) : undefined;
      if (bucket?.some((window) => text.startsWith(window, i))) {
        if (open && i <= open[1]) open[1] = i + WINDOW;
        else {
          if (open) found.push(mapped(open, map));
          open = [i, i + WINDOW];
        }
      }
      if (i === last) break;
      hash =
        (Math.imul(hash - Math.imul(text.charCodeAt(i), BASE_POW), BASE) + text.charCodeAt(i + WINDOW)) | 0;
    }
    if (open) found.push(mapped(open, map));
  }

  function exactRanges(text: string, found: Range[]): void {
    for (const secret of exact) {
      for (let at = text.indexOf(secret); at >= 0; at = text.indexOf(secret, at + 1)) {
        // Whole only: `2023-06-01T…` or `productions` are not the value `2023-06-01` or `production`.
        if (!isWordChar(text[at - 1]) && !isWordChar(text[at + secret.length]))
          found.push([at, at + secret.length]);
      }
    }
  }

  /** The length of the longest end of `text` (under a window's length) that begins a window; 0 when none. */
  function windowStartAtEnd(text: string): number {
    for (let length = Math.min(WINDOW - 1, text.length); length > 0; length--) {
      if (windowStarts.has(text.slice(-length))) return length;
    }
    return 0;
  }

  function ranges(text: string): Range[] {
    const found: Range[] = [];
    windowRanges(text, found);
    exactRanges(text, found);
    for (const view of decodedViews(text)) windowRanges(view.text, found, view);
    return merge(found);
  }

  return {
    empty: false,
    ranges,
    scrub: (text) => replaceRanges(text, ranges(text)),
    holdBack(text) {
      // Only as much as could begin a secret: the longest end of the text that begins a window, and a
      // value looked for whole may begin further back. Holding the longest secret's length instead made a
      // reply lag a whole JWT behind the gateway; holding any 7 characters made a short first token
      // ("Hello") wait for the next ones.
      let hold = windowStartAtEnd(text);
      for (const secret of exact) hold = Math.max(hold, wholeSecretBegun(text, secret));
      if (table.size > 0) {
        // A window the next piece completes has at most 7 characters here; escapes stretch those, so it
        // can start up to 7 characters before the first escape among the last 7 × the longest escape.
        const reach = (WINDOW - 1) * MAX_ESCAPE_SPAN;
        const tail = text.slice(-reach);
        const firstEscape = tail.search(/[\\%&]/);
        if (firstEscape >= 0) hold = Math.max(hold, tail.length - firstEscape + WINDOW - 1);
      }
      return Math.min(hold, text.length);
    },
  };
}

/**
 * The length of the longest end of `text` that could still become `secret` standing whole (a token): it
 * begins the secret (or is all of it, which the next character could yet make part of a longer word), and
 * no letter or digit comes before it. 0 when none. Reads at most the secret's length of the text's end.
 */
function wholeSecretBegun(text: string, secret: string): number {
  const first = secret[0]!;
  for (let at = Math.max(0, text.length - secret.length); at < text.length; at++) {
    at = text.indexOf(first, at);
    if (at < 0) return 0;
    if (!isWordChar(text[at - 1]) && secret.startsWith(text.slice(at))) return text.length - at;
  }
  return 0;
}

function mapped(range: readonly [number, number], map: DecodedView | undefined): Range {
  if (!map) return [range[0], range[1]];
  return [map.starts[range[0]]!, map.ends[range[1] - 1]!];
}
