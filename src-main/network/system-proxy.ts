// Reads the answer of Electron's `session.resolveProxy(url)`: "Resolves with the proxy information for
// `url`" (electron docs/api/session.md § ses.resolveProxy). That information is Chromium's PAC-style list
// (net/proxy_resolution/proxy_list.h, `ToPacString`): entries separated by ';', each `DIRECT` or a scheme
// keyword and `host:port` — `PROXY` (HTTP proxy), `HTTPS` (HTTP proxy reached over TLS), `SOCKS` (SOCKS
// version 4), `SOCKS5`, `QUIC`. The entries are tried in order; the first one this app can use is taken.

/** Where a call goes: straight to the gateway, or through a proxy given as a URL undici understands. */
export type SystemRoute = { kind: 'direct' } | { kind: 'proxy'; url: string };

/** Proxy keywords (upper-cased) and the URL scheme undici's ProxyAgent takes for each. */
const USABLE_SCHEMES = new Map([
  ['PROXY', 'http:'],
  ['HTTP', 'http:'],
  ['HTTPS', 'https:'],
  ['SOCKS5', 'socks5:'],
]);

/** The system names a proxy this app cannot use (and nothing usable after it). */
export class UnusableSystemProxy extends Error {
  constructor(readonly entries: string) {
    super(
      `The system proxy settings name a proxy Gateway Studio cannot use (${entries}): only HTTP, HTTPS and SOCKS5 proxies are supported.`,
    );
    this.name = 'UnusableSystemProxy';
  }
}

/** Reads a `resolveProxy` answer. An empty answer means no proxy, as `DIRECT` does. */
export function routeFromPacString(answer: string): SystemRoute {
  const entries = answer
    .split(';')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (entries.length === 0) return { kind: 'direct' };
  for (const entry of entries) {
    const [keyword = '', hostPort = ''] = entry.split(/\s+/, 2);
    const upper = keyword.toUpperCase();
    if (upper === 'DIRECT') return { kind: 'direct' };
    const scheme = USABLE_SCHEMES.get(upper);
    if (scheme === undefined || hostPort === '') continue; // SOCKS (v4) or QUIC: try the next entry.
    const url = `${scheme}//${hostPort}`;
    if (URL.canParse(url)) return { kind: 'proxy', url };
  }
  throw new UnusableSystemProxy(entries.join('; '));
}
