// Extra-header values at rest. Users put secrets there (`CF-Access-Client-Secret`, proxy tokens, second keys),
// so a value is stored sealed by the SecretBox like the key, and the window learns a header's name and at
// most the value's last characters. Pure functions: the settings service decides when sealing is allowed.
import { z } from 'zod';
import type { ExtraHeaderView, KeptHeaderValue, KeyStorage } from '../../src-preload/contract.ts';
import { AppFailure } from '../app-failure.ts';
import { t } from '../i18n/index.ts';

export const sealedHeaderSchema = z.object({
  name: z.string(),
  /** The value sealed by the SecretBox (base64); null for an empty value, which hides nothing. */
  cipher: z.string().nullable(),
  storage: z.enum(['os', 'basic_text']).nullable(),
  /** The value's tail (see `valueTail`), kept beside the cipher so showing it needs no decryption. */
  tail: z.string().nullable(),
});
export type SealedHeader = z.infer<typeof sealedHeaderSchema>;

/** A profile's headers as stored. */
export interface StoredHeaders {
  sealedHeaders: SealedHeader[];
  /**
   * Values in clear: what builds before sealed headers wrote (the field's name and shape are theirs). A
   * value stays here only while nothing can seal it (no keychain, or no consent to obfuscation only): it
   * is sealed as soon as that changes, and never lost meanwhile.
   */
  extraHeaders: Record<string, string>;
}

export interface HeaderSealer {
  /** Whether `seal` would succeed now. */
  canSeal(): boolean;
  /** Seals a value, or throws the reason it cannot be stored (the same reasons as for the key). */
  seal(value: string): { cipher: string; storage: KeyStorage };
}

/**
 * The last four characters of a value, shown to recognise it, only for values of 12 characters or more:
 * a quarter of a 16-character token says little, half of an 8-character one says too much. Four is also
 * below the 8-character pieces the secret scrubber treats as the secret itself.
 */
const TAIL_LENGTH = 4;
const MIN_LENGTH_FOR_TAIL = 12;

export function valueTail(value: string): string | null {
  return value.length >= MIN_LENGTH_FOR_TAIL ? value.slice(-TAIL_LENGTH) : null;
}

function sealHeader(name: string, value: string, sealer: HeaderSealer): SealedHeader {
  if (value === '') return { name, cipher: null, storage: null, tail: null };
  return { name, ...sealer.seal(value), tail: valueTail(value) };
}

/** What the window may know: in the order the headers are sent. */
export function headerViews(stored: StoredHeaders): ExtraHeaderView[] {
  return [
    ...stored.sealedHeaders.map((h) => ({ name: h.name, hasValue: h.cipher !== null, valueTail: h.tail })),
    ...Object.entries(stored.extraHeaders).map(([name, value]) => ({
      name,
      hasValue: value !== '',
      valueTail: valueTail(value),
    })),
  ];
}

/** The values to send, by name. `open` decrypts one sealed value (and says which header failed). */
export function openHeaders(
  stored: StoredHeaders,
  open: (header: SealedHeader & { cipher: string }) => string,
): Record<string, string> {
  // Built from entries, so a header named `__proto__` (a valid token) is a value like any other.
  return Object.fromEntries([
    ...stored.sealedHeaders.map(
      (h) => [h.name, h.cipher === null ? '' : open({ ...h, cipher: h.cipher })] as const,
    ),
    ...Object.entries(stored.extraHeaders),
  ]);
}

/**
 * The headers after an edit. A new value is sealed (or the edit refused when it cannot be); a kept one
 * keeps its stored form under its possibly new name, a clear one being sealed on the way when possible.
 * `current` is null for a new profile, which has nothing to keep.
 */
export function editHeaders(
  current: StoredHeaders | null,
  edit: Record<string, string | KeptHeaderValue>,
  sealer: HeaderSealer,
): StoredHeaders {
  const sealedHeaders: SealedHeader[] = [];
  const clearHeaders: Array<[string, string]> = [];
  for (const [name, change] of Object.entries(edit)) {
    if (typeof change === 'string') {
      sealedHeaders.push(sealHeader(name, change, sealer));
      continue;
    }
    const sealed = current?.sealedHeaders.find((h) => h.name === change.keep);
    const clear = current ? Object.entries(current.extraHeaders).find(([n]) => n === change.keep) : undefined;
    if (sealed) sealedHeaders.push({ ...sealed, name });
    else if (clear) {
      const [, value] = clear;
      if (sealer.canSeal() || value === '') sealedHeaders.push(sealHeader(name, value, sealer));
      else clearHeaders.push([name, value]);
    } else {
      throw new AppFailure('invalid_input', t('errors.settings.headerNoValue', { name, kept: change.keep }), {
        hint: t('errors.settings.enterValueAgain'),
      });
    }
  }
  return { sealedHeaders, extraHeaders: Object.fromEntries(clearHeaders) };
}

/**
 * The edit without the headers whose stored value it keeps, and their names. A profile moving to another
 * host loses them, as it loses its key: no edit (nor a compromised page) may send a stored secret to a
 * server of its choosing. Values typed in the same edit were entered for the new address and stay.
 */
export function withoutKeptValues(edit: Record<string, string | KeptHeaderValue>): {
  edit: Record<string, string>;
  dropped: string[];
} {
  const entries = Object.entries(edit);
  return {
    edit: Object.fromEntries(
      entries.filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    ),
    dropped: entries.filter(([, change]) => typeof change !== 'string').map(([name]) => name),
  };
}

/** The same headers with every clear value sealed, or null when there is none or nothing can seal now. */
export function sealClearHeaders(stored: StoredHeaders, sealer: HeaderSealer): StoredHeaders | null {
  const clear = Object.entries(stored.extraHeaders);
  if (clear.length === 0 || !sealer.canSeal()) return null;
  return {
    sealedHeaders: [
      ...stored.sealedHeaders,
      ...clear.map(([name, value]) => sealHeader(name, value, sealer)),
    ],
    extraHeaders: {},
  };
}

/**
 * A header name that says its value is a credential (`CF-Access-Client-Secret`, `X-Api-Key`,
 * `Authorization`, `Cookie`, `X-Session-Id`, …).
 */
const CREDENTIAL_NAME = /secret|token|key|auth|cookie|session|pass|signature|credential|jwt/i;

/**
 * A value that looks like a credential whatever its header is called: a run of at least 16 letters and
 * digits, mixing both, with at least 10 different characters (a random token, a hex secret, a JWT part).
 * Ordinary values are made of words, numbers and dates between punctuation and spaces
 * (`https://myapp.example.com`, `application/json`, `Gateway Studio`, `prompt-caching-2024-07-31`,
 * `20240731T120000Z`): none has such a run.
 */
const MIN_TOKEN_RUN = 16;
const MIN_DISTINCT = 10;

function looksLikeCredential(value: string): boolean {
  for (const run of value.match(/[A-Za-z0-9]{16,}/g) ?? []) {
    if (
      run.length >= MIN_TOKEN_RUN &&
      /[A-Za-z]/.test(run) &&
      /\d/.test(run) &&
      new Set(run).size >= MIN_DISTINCT
    )
      return true;
  }
  return false;
}

/**
 * Whether the secret scrubber hides this header's value wherever it appears (replies, files, logs). Every
 * value is stored sealed and masked in the window (harmless for a public one), but scrubbing is not
 * harmless: a public value also appears in ordinary text, and hiding `https://`, `application/json` or the
 * data folder's `Gateway Studio` from replies and stored files corrupts them. So only credentials are
 * scrubbed: by their header's name, or by their look.
 */
export function isScrubbedHeader(name: string, value: string): boolean {
  return value !== '' && (CREDENTIAL_NAME.test(name) || looksLikeCredential(value));
}

/** The values of `headers` the scrubber hides (see `isScrubbedHeader`). */
export function scrubbedHeaderValues(headers: Record<string, string>): string[] {
  return Object.entries(headers)
    .filter(([name, value]) => isScrubbedHeader(name, value))
    .map(([, value]) => value);
}
