// The secret scan of issue 14's proofs: given the secrets of a run (the key, every secret header value),
// finds any piece of them — any 8 characters in a row — wherever the app could have let one out: IPC
// payloads, DOM snapshots, log lines, stored files, exports. It looks for the piece as it is and in the
// forms a gateway or the app could turn it into:
//
// - raw: the piece's UTF-8 bytes (in text, JSON, binary files alike);
// - json-escaped / url-encoded / html-entity: the text decoded first (`\u0073`, `\/`, `%73`, `&#115;`…),
//   so an escape anywhere inside the piece does not hide it;
// - base64 / base64url: the secret encoded at each of the 3 byte alignments it can have inside a longer
//   encoded text (`Bearer <key>`, a JSON body, a basic-auth pair…). 8 bytes span at least 10 base64
//   characters that depend on nothing else, so any 10 of those in a row count as a piece (7 bytes whose
//   neighbours' bits happen to continue the secret may count too: the scan errs towards a finding);
// - hex, and UTF-16LE bytes (what a binary store may hold).
//
// A finding says which secret (by its name), in what form and where (item, path in the value or file,
// offset), never the secret or its piece: the report of a failed scan must not be a leak of its own.
import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Secret {
  /** How the secret is named in findings, e.g. `API key` or `header CF-Access-Client-Secret`. */
  name: string;
  value: string;
}

export type SecretForm =
  | 'raw'
  | 'json-escaped'
  | 'url-encoded'
  | 'html-entity'
  | 'base64'
  | 'base64url'
  | 'hex'
  | 'utf16le';

export interface Finding {
  secret: string;
  form: SecretForm;
  /** The item scanned: `ipc #12 main→renderer stream.batch`, `file settings.json`, `DOM after chat`… */
  where: string;
  /** Inside the item: a JSON path (`$.events[3].text`) for values, empty for texts and files. */
  path: string;
  /** Byte offset of the first hit in that string or file (of the decoded text for the decoded forms). */
  offset: number;
  /** How many pieces of the secret were found there (overlapping windows each count). */
  hits: number;
}

export interface ScanOptions {
  /** Shortest piece that counts (characters). Default 8, as issue 14 says. */
  minPiece?: number;
}

/** Pieces of one length, with a quick first-two-bytes filter in front of the set lookup. */
interface NeedleGroup {
  length: number;
  form: SecretForm;
  pieces: Map<string, string>; // piece (as a latin1 string of bytes) → secret name
  firstPairs: Uint8Array; // bitmap over 65,536 pairs of leading bytes
}

const BASE64_PIECE = 10;

export class SecretScanner {
  readonly #groups: NeedleGroup[];
  readonly #secretNames: string[];
  /** What was looked at, for a test's closing figures. */
  readonly totals = { items: 0, bytes: 0 };

  constructor(secrets: Secret[], options: ScanOptions = {}) {
    const minPiece = options.minPiece ?? 8;
    const groups = new Map<string, NeedleGroup>();
    const add = (form: SecretForm, bytes: Buffer, name: string) => {
      const piece = bytes.toString('latin1');
      const key = `${form}:${piece.length}`;
      let group = groups.get(key);
      if (!group) {
        group = { length: piece.length, form, pieces: new Map(), firstPairs: new Uint8Array(8192) };
        groups.set(key, group);
      }
      group.pieces.set(piece, name);
      const pair = (piece.charCodeAt(0) << 8) | piece.charCodeAt(1);
      group.firstPairs[pair >> 3]! |= 1 << (pair & 7);
    };
    for (const secret of secrets) {
      // A one-character "secret" would be found everywhere; real ones are far longer.
      if (secret.value.length < 2) throw new Error(`secret "${secret.name}" is too short to look for`);
      for (const window of windows(secret.value, minPiece)) {
        const bytes = Buffer.from(window, 'utf8');
        add('raw', bytes, secret.name);
        add('utf16le', Buffer.from(window, 'utf16le'), secret.name);
        add('hex', Buffer.from(bytes.toString('hex'), 'latin1'), secret.name);
        add('hex', Buffer.from(bytes.toString('hex').toUpperCase(), 'latin1'), secret.name);
      }
      for (const core of base64Cores(Buffer.from(secret.value, 'utf8'))) {
        for (const window of windows(core, Math.min(BASE64_PIECE, core.length))) {
          add('base64', Buffer.from(window, 'latin1'), secret.name);
          // Only where the two alphabets differ: a piece without `+` or `/` is reported as base64.
          const url = toBase64Url(window);
          if (url !== window) add('base64url', Buffer.from(url, 'latin1'), secret.name);
        }
      }
    }
    this.#groups = [...groups.values()];
    this.#secretNames = secrets.map((secret) => secret.name);
  }

  /** A text (a log, a DOM snapshot, one string of a payload). */
  scanText(text: string, where: string, path = ''): Finding[] {
    return this.scanBytes(Buffer.from(text, 'utf8'), where, path);
  }

  /** Bytes as they are stored or sent: every form is looked for, the decoded ones too. */
  scanBytes(bytes: Uint8Array, where: string, path = ''): Finding[] {
    this.totals.items += 1;
    this.totals.bytes += bytes.byteLength;
    const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
    const findings = this.#search(text, where, path, null);
    const seen = new Set(findings.map((finding) => finding.secret));
    // Escaped forms: decoded, then searched for the raw piece. A secret already found as it is in this
    // item is not reported again through the same text decoded.
    for (const [form, decode] of DECODINGS) {
      const decoded = decode(text);
      if (decoded === text) continue;
      for (const finding of this.#search(decoded, where, path, 'raw')) {
        if (seen.has(finding.secret)) continue;
        seen.add(finding.secret);
        findings.push({ ...finding, form });
      }
    }
    return findings;
  }

  /**
   * Any value: strings, bytes (Buffer, typed arrays, ArrayBuffer), arrays and objects, keys included.
   * `where` names the value; each finding's `path` says where inside it.
   */
  scanValue(value: unknown, where: string): Finding[] {
    const findings: Finding[] = [];
    const seen = new Set<unknown>();
    const walk = (item: unknown, path: string) => {
      if (typeof item === 'string') findings.push(...this.scanText(item, where, path));
      else if (item instanceof ArrayBuffer)
        findings.push(...this.scanBytes(new Uint8Array(item), where, path));
      else if (ArrayBuffer.isView(item))
        findings.push(
          ...this.scanBytes(new Uint8Array(item.buffer, item.byteOffset, item.byteLength), where, path),
        );
      else if (item !== null && typeof item === 'object') {
        if (seen.has(item)) return;
        seen.add(item);
        if (item instanceof Map) {
          for (const [key, entry] of item) {
            walk(key, `${path}.<key>`);
            walk(entry, `${path}.<value>`);
          }
        } else if (item instanceof Set) {
          let index = 0;
          for (const entry of item) walk(entry, `${path}[${index++}]`);
        } else if (Array.isArray(item)) {
          for (const [index, entry] of item.entries()) walk(entry, `${path}[${index}]`);
        } else {
          for (const [key, entry] of Object.entries(item)) {
            findings.push(...this.scanText(key, where, `${path}.<key ${pathKey(key)}>`));
            walk(entry, `${path}.${pathKey(key)}`);
          }
        }
      }
    };
    walk(value, '$');
    return findings;
  }

  /** Every file under a folder (binary ones byte by byte); `label` prefixes each file's relative path. */
  scanFolder(root: string, label = ''): Finding[] {
    const findings: Finding[] = [];
    for (const file of filesUnder(root)) {
      findings.push(...this.scanBytes(readFileSync(join(root, file)), `file ${label}${file}`));
    }
    return findings;
  }

  /**
   * One line per finding, naming secret, form and place. Safe to print: a place whose name itself holds
   * a piece of a secret (an object key, a file name) is shown by its length only.
   */
  describe(findings: Finding[]): string {
    if (findings.length === 0) return `no piece of ${this.#secretNames.join(', ')} found`;
    const safe = (text: string) =>
      this.#search(text, '', '', null).length === 0 ? text : `<${text.length} characters holding a secret>`;
    return findings
      .map((f) => {
        const path = f.path && f.path !== '$' ? ` at ${safe(f.path)}` : '';
        const pieces = `${f.hits} piece${f.hits === 1 ? '' : 's'}`;
        return `${f.secret} (${f.form}, ${pieces}) in ${safe(f.where)}${path}, offset ${f.offset}`;
      })
      .join('\n');
  }

  /** One finding per secret and form in `text` (bytes as latin1), counting its hits; `onlyForm` narrows. */
  #search(text: string, where: string, path: string, onlyForm: SecretForm | null): Finding[] {
    const found = new Map<string, Finding>();
    for (const group of this.#groups) {
      if (onlyForm && group.form !== onlyForm) continue;
      const last = text.length - group.length;
      for (let i = 0; i <= last; i += 1) {
        const pair = (text.charCodeAt(i) << 8) | text.charCodeAt(i + 1);
        if ((group.firstPairs[pair >> 3]! & (1 << (pair & 7))) === 0) continue;
        const secret = group.pieces.get(text.substr(i, group.length));
        if (secret === undefined) continue;
        const key = `${secret}\u0000${group.form}`;
        const finding = found.get(key);
        if (finding) finding.hits += 1;
        else found.set(key, { secret, form: group.form, where, path, offset: i, hits: 1 });
      }
    }
    return [...found.values()];
  }
}

/** Every run of `size` characters (code points) of `text`; the whole text when it is shorter. */
function windows(text: string, size: number): string[] {
  const points = [...text];
  if (points.length <= size) return [text];
  const out: string[] = [];
  for (let i = 0; i + size <= points.length; i += 1) out.push(points.slice(i, i + size).join(''));
  return out;
}

/**
 * The base64 characters that depend only on the secret's own bytes, for each of the 3 positions modulo 3
 * the secret may start at inside whatever was encoded: the characters touched by the bytes before or
 * after it are dropped.
 */
function base64Cores(bytes: Buffer): string[] {
  const cores: string[] = [];
  for (let shift = 0; shift < 3; shift += 1) {
    const encoded = Buffer.concat([Buffer.alloc(shift), bytes]).toString('base64');
    // Bits of the secret run from 8·shift to 8·(shift + n); a character is whole inside if its 6 bits are.
    const first = Math.ceil((8 * shift) / 6);
    const end = Math.floor((8 * (shift + bytes.length)) / 6);
    if (end > first) cores.push(encoded.slice(first, end));
  }
  return cores;
}

function toBase64Url(text: string): string {
  return text.replaceAll('+', '-').replaceAll('/', '_');
}

/** An object key as a path step: as it is when it looks like a name, else by its length. */
function pathKey(key: string): string {
  return /^[A-Za-z0-9_$-]{1,40}$/.test(key) ? key : `<${key.length} chars>`;
}

/** Text (a latin1 string of bytes) with JSON string escapes undone, a few levels deep (JSON in JSON). */
function jsonUnescape(text: string): string {
  let current = text;
  for (let level = 0; level < 4 && current.includes('\\'); level += 1) {
    const next = current.replace(/\\(?:u([0-9a-fA-F]{4})|([\\/"bfnrt]))/g, (_match, hex, simple) => {
      if (hex) return utf8Latin1(String.fromCharCode(Number.parseInt(hex, 16)));
      return ({ b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' } as Record<string, string>)[simple] ?? simple;
    });
    if (next === current) break;
    current = next;
  }
  return current;
}

function percentDecode(text: string): string {
  let current = text;
  for (let level = 0; level < 3 && current.includes('%'); level += 1) {
    const next = current.replace(/%([0-9a-fA-F]{2})/g, (_match, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );
    if (next === current) break;
    current = next;
  }
  return current;
}

function htmlDecode(text: string): string {
  if (!text.includes('&')) return text;
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
  return text.replace(/&(?:#x([0-9a-fA-F]+)|#([0-9]+)|([a-z]+));/g, (match, hex, dec, name) => {
    if (hex || dec) return utf8Latin1(String.fromCodePoint(Number.parseInt(hex ?? dec, hex ? 16 : 10)));
    return named[name] ?? match;
  });
}

/** A character as the latin1 string of its UTF-8 bytes (the scanner's texts are bytes). */
function utf8Latin1(character: string): string {
  return Buffer.from(character, 'utf8').toString('latin1');
}

const DECODINGS: Array<[SecretForm, (text: string) => string]> = [
  ['json-escaped', jsonUnescape],
  ['url-encoded', percentDecode],
  ['html-entity', htmlDecode],
];

/** Every regular file under a folder, recursively, as paths relative to it (links and sockets skipped). */
export function filesUnder(folder: string): string[] {
  const out: string[] = [];
  const walk = (dir: string, prefix: string) => {
    for (const name of readdirSync(dir)) {
      const info = lstatSync(join(dir, name));
      if (info.isDirectory()) walk(join(dir, name), `${prefix}${name}/`);
      else if (info.isFile()) out.push(`${prefix}${name}`);
    }
  };
  walk(folder, '');
  return out;
}
