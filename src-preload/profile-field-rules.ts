// Rules of a profile's typed fields, shared by main (which enforces them) and the Settings form (which
// explains them early). Apart from the contract on purpose: the window loads the contract's modules with code
// all over it (some before its first screen), and these are needed only once Settings is open.

export const MAX_UPLOAD_LIMIT_MB = 2048;
export const MAX_PROFILE_NAME_LENGTH = 60;
/** RFC 9110 token characters: what an HTTP header name may contain. */
export const HEADER_NAME_PATTERN = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/;

// Keys and header values travel in HTTP headers, which take bytes, not text: a character beyond ASCII
// (a zero-width space, a non-breaking hyphen from a word processor, a lone surrogate) or a control
// character passes every length check and then breaks the request. Such characters are often invisible
// when pasted, so the message names the character by its code point and says where it is.
//
// The sentences are each side's own, in the interface's language: main's catalogue and the Settings
// catalogue both hold a `fieldRules` section with the same keys (test/unit/i18n/field-rules.test.ts), and
// each caller passes its translator as `say`.

/** A caller's translator for the `fieldRules.*` keys of its catalogue. */
export type Say = (key: string, values?: Record<string, string | number>) => string;

/** The characters a paste most often brings along unseen (code points in hex), by their catalogue key. */
const CHARACTER_NAMES = new Map<number, string>([
  [0x00, 'nul'],
  [0x09, 'tab'],
  [0x0a, 'lineBreak'],
  [0x0d, 'lineBreak'],
  [0x20, 'space'],
  [0xa0, 'noBreakSpace'],
  [0xad, 'softHyphen'],
  [0x200b, 'zeroWidthSpace'],
  [0x200c, 'zeroWidthNonJoiner'],
  [0x200d, 'zeroWidthJoiner'],
  [0x2010, 'unicodeHyphen'],
  [0x2011, 'nonBreakingHyphen'],
  [0x2013, 'enDash'],
  [0x2014, 'emDash'],
  [0x2060, 'wordJoiner'],
  [0xfeff, 'byteOrderMark'],
]);

/** Describes the first character outside visible ASCII (0x21–0x7E; with `allowSpaces`, also 0x20). */
function firstInvisible(text: string, allowSpaces: boolean, say: Say): string | null {
  let position = 0;
  // By code point, so a lone surrogate is reported as itself and an emoji counts once.
  for (const char of text) {
    position++;
    const code = char.codePointAt(0) ?? 0;
    if ((code > 0x20 && code < 0x7f) || (allowSpaces && code === 0x20)) continue;
    const hex = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
    const name = CHARACTER_NAMES.get(code);
    return name
      ? say('fieldRules.foundNamed', { code: hex, name: say(`fieldRules.characters.${name}`), position })
      : say('fieldRules.found', { code: hex, position });
  }
  return null;
}

/**
 * What is wrong with an API key (already trimmed), or `null`: it must be visible ASCII, no spaces.
 * Main refuses the key with this message; the form shows it before sending.
 */
export function apiKeyProblem(key: string, say: Say): string | null {
  if (key === '') return say('fieldRules.apiKeyEmpty');
  const found = firstInvisible(key, false, say);
  return found === null ? null : say('fieldRules.apiKeyInvisible', { found });
}

/**
 * What is wrong with an extra header's value (already trimmed), or `null`: visible ASCII, with spaces
 * between words allowed (as in `studio/1.0 (desktop)`); empty is allowed.
 */
export function headerValueProblem(name: string, value: string, say: Say): string | null {
  const found = firstInvisible(value, true, say);
  return found === null ? null : say('fieldRules.headerValueInvisible', { name, found });
}

/** Schemes a manual proxy may use: an HTTP proxy, one reached over TLS, or a SOCKS5 proxy. */
export const PROXY_SCHEMES = ['http:', 'https:', 'socks5:'] as const;

/** What is wrong with a manual proxy address (already trimmed), or `null`. Main enforces; the form explains. */
export function proxyUrlProblem(url: string, say: Say): string | null {
  if (url === '') return say('fieldRules.proxyEmpty');
  if (!URL.canParse(url)) return say('fieldRules.proxyInvalid');
  const parsed = new URL(url);
  if (!(PROXY_SCHEMES as readonly string[]).includes(parsed.protocol)) {
    return say('fieldRules.proxyScheme', { scheme: `${parsed.protocol}//` });
  }
  if (parsed.username !== '' || parsed.password !== '') return say('fieldRules.proxyCredentials');
  if ((parsed.pathname !== '/' && parsed.pathname !== '') || parsed.search !== '' || parsed.hash !== '') {
    return say('fieldRules.proxyPath');
  }
  return null;
}
