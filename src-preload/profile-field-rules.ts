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

/** Names of the characters a paste most often brings along unseen (code points in hex, as in the message). */
const CHARACTER_NAMES = new Map<number, string>([
  [0x00, 'a NUL character'],
  [0x09, 'a tab'],
  [0x0a, 'a line break'],
  [0x0d, 'a line break'],
  [0x20, 'a space'],
  [0xa0, 'a no-break space'],
  [0xad, 'a soft hyphen'],
  [0x200b, 'a zero-width space'],
  [0x200c, 'a zero-width non-joiner'],
  [0x200d, 'a zero-width joiner'],
  [0x2010, 'a Unicode hyphen'],
  [0x2011, 'a non-breaking hyphen'],
  [0x2013, 'an en dash'],
  [0x2014, 'an em dash'],
  [0x2060, 'a word joiner'],
  [0xfeff, 'a byte order mark'],
]);

/** Describes the first character outside visible ASCII (0x21–0x7E; with `allowSpaces`, also 0x20). */
function firstInvisible(text: string, allowSpaces: boolean): string | null {
  let position = 0;
  // By code point, so a lone surrogate is reported as itself and an emoji counts once.
  for (const char of text) {
    position++;
    const code = char.codePointAt(0) ?? 0;
    if ((code > 0x20 && code < 0x7f) || (allowSpaces && code === 0x20)) continue;
    const hex = code.toString(16).toUpperCase().padStart(4, '0');
    const name = CHARACTER_NAMES.get(code);
    return `U+${hex}${name ? ` (${name})` : ''} at position ${position}`;
  }
  return null;
}

/**
 * What is wrong with an API key (already trimmed), or `null`: it must be visible ASCII, no spaces.
 * Main refuses the key with this message; the form shows it before sending.
 */
export function apiKeyProblem(key: string): string | null {
  if (key === '') return 'The API key is empty.';
  const found = firstInvisible(key, false);
  return found === null
    ? null
    : `The API key contains ${found}; a key has only visible ASCII characters. Copy it again from its source, or type it.`;
}

/**
 * What is wrong with an extra header's value (already trimmed), or `null`: visible ASCII, with spaces
 * between words allowed (as in `studio/1.0 (desktop)`); empty is allowed.
 */
export function headerValueProblem(name: string, value: string): string | null {
  const found = firstInvisible(value, true);
  return found === null
    ? null
    : `The value of “${name}” contains ${found}; a header value has only visible ASCII characters and spaces.`;
}

/** Schemes a manual proxy may use: an HTTP proxy, one reached over TLS, or a SOCKS5 proxy. */
export const PROXY_SCHEMES = ['http:', 'https:', 'socks5:'] as const;

/** What is wrong with a manual proxy address (already trimmed), or `null`. Main enforces; the form explains. */
export function proxyUrlProblem(url: string): string | null {
  if (url === '') return 'Enter the proxy address, for example http://proxy.example.com:8080.';
  if (!URL.canParse(url)) {
    return 'The proxy address is not a valid address; write it as http://host:port, https://host:port or socks5://host:port.';
  }
  const parsed = new URL(url);
  if (!(PROXY_SCHEMES as readonly string[]).includes(parsed.protocol)) {
    return `A proxy address starts with http://, https:// or socks5:// (not ${parsed.protocol}//).`;
  }
  if (parsed.username !== '' || parsed.password !== '') {
    return 'Leave the user name and password out of the proxy address; enter them in the sign-in fields, where they are stored encrypted.';
  }
  if ((parsed.pathname !== '/' && parsed.pathname !== '') || parsed.search !== '' || parsed.hash !== '') {
    return 'A proxy address is only a host and a port, for example http://proxy.example.com:8080.';
  }
  return null;
}
