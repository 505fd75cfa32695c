// How a custom scheme reaches Chromium here. Debian's Chromium driven over CDP cannot register one: a
// request for app:// never reaches the network layer Playwright can intercept (tried: ERR_ABORTED). So
// each registered standard scheme gets a loopback stand-in origin, and the double maps between them:
//
//   app://gateway-studio/index.html  ⇄  http://gateway-studio.app.localhost:<port>/index.html
//
// Chromium resolves *.localhost to loopback and treats it as a secure context, as it treats a scheme
// registered `secure: true` (docs/api/structures/custom-scheme.md). Every request reaching the stand-in
// is handed to the handler given to `protocol.handle`, as a WHATWG Request on the *app* URL with the
// incoming headers, `Range` included (docs/api/protocol.md § protocol.handle; ELECTRON.md §6), and the
// handler's Response is sent back as it is: Electron synthesises nothing (no 206, no default headers).
// Where the page sees a difference: its `location.origin` is the stand-in. Main never sees a stand-in
// URL: frame URLs and IPC payloads are mapped back to the app scheme on their way in, and app-scheme
// URLs to the stand-in on their way out. Of the scheme's privileges (docs/api/structures/custom-scheme.md)
// `standard` and `supportFetchAPI` are honoured (without the latter, fetch() fails); the others are not:
// the stand-in is always a secure context, follows http's CORS rules and serves media that can seek,
// whatever `secure`, `corsEnabled` and `stream` say. The real-Electron smoke test covers those.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { record } from './runtime.ts';

export type ProtocolHandler = (request: Request) => Response | Promise<Response>;

/** Standard schemes, with whether fetch() may load them (`supportFetchAPI`). */
const standardSchemes = new Map<string, { supportFetchAPI: boolean }>();
const handlers = new Map<string, ProtocolHandler>();
let server: Server | null = null;
let port = 0;

export const schemes = {
  registerStandard(scheme: string, privileges: { supportFetchAPI?: boolean }): void {
    standardSchemes.set(scheme.toLowerCase(), { supportFetchAPI: privileges.supportFetchAPI === true });
  },
  handle(scheme: string, handler: ProtocolHandler): boolean {
    if (handlers.has(scheme)) return false;
    handlers.set(scheme, handler);
    return true;
  },
  unhandle(scheme: string): boolean {
    return handlers.delete(scheme);
  },
  isHandled(scheme: string): boolean {
    return handlers.has(scheme);
  },
};

const STAND_IN = /^http:\/\/([a-z0-9-]+)\.([a-z][a-z0-9+.-]*)\.localhost:(\d+)(\/[\s\S]*)?$/i;

/** `app://host/path` → its loopback stand-in, for a registered standard scheme; anything else unchanged. */
export function toChromiumUrl(url: string): string {
  const match = /^([a-z][a-z0-9+.-]*):\/\/([a-z0-9-]+)(\/[\s\S]*)?$/i.exec(url);
  if (!match || !server) return url;
  const [, scheme = '', host = '', rest = '/'] = match;
  if (!standardSchemes.has(scheme.toLowerCase())) return url;
  return `http://${host}.${scheme}.localhost:${port}${rest}`;
}

/** The reverse of `toChromiumUrl`: what Electron would report for that page or resource. */
export function fromChromiumUrl(url: string): string {
  const match = STAND_IN.exec(url);
  if (!match || Number(match[3]) !== port) return url;
  return `${match[2]}://${match[1]}${match[4] ?? '/'}`;
}

function mapStrings(value: unknown, map: (text: string) => string): unknown {
  if (typeof value === 'string') return map(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, map));
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = mapStrings(item, map);
    return out;
  }
  return value;
}

export const toChromium = (value: unknown): unknown => mapStrings(value, toChromiumUrl);
export const fromChromium = (value: unknown): unknown => mapStrings(value, fromChromiumUrl);

/** Starts the stand-in server; bootstrap.ts awaits it before the app's main module loads. */
export async function startSchemeServer(): Promise<void> {
  server = createServer((request, response) => {
    serve(request, response).catch((error: unknown) => {
      // Electron: a handler that throws fails the request with net::ERR_UNEXPECTED, not an HTTP 500
      // (ELECTRON.md §6). The closest a loopback server can come is to give no response at all.
      console.error(error);
      response.destroy();
    });
  });
  await new Promise<void>((done) => server?.listen(0, '127.0.0.1', done));
  port = (server.address() as AddressInfo).port;
  server.unref();
}

async function serve(incoming: IncomingMessage, response: ServerResponse): Promise<void> {
  const match = /^([a-z0-9-]+)\.([a-z][a-z0-9+.-]*)\.localhost(?::\d+)?$/i.exec(incoming.headers.host ?? '');
  const scheme = match?.[2]?.toLowerCase() ?? '';
  const handler = handlers.get(scheme);
  if (!match || !handler) {
    // An unhandled scheme fails the request (net::ERR_UNKNOWN_URL_SCHEME in Chromium).
    response.destroy();
    return;
  }
  // fetch() and XHR ask with `Sec-Fetch-Dest: empty`; they cannot load a scheme without supportFetchAPI.
  if (incoming.headers['sec-fetch-dest'] === 'empty' && !standardSchemes.get(scheme)?.supportFetchAPI) {
    response.destroy();
    return;
  }
  const url = `${scheme}://${match[1]}${incoming.url ?? '/'}`;
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (name === 'host' || name === 'connection' || value === undefined) continue;
    // Electron drops `Origin: null` from the request it hands the handler (S lib/browser/api/protocol.ts).
    if (name === 'origin' && value === 'null') continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const method = incoming.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  const request = new Request(url, {
    method,
    headers,
    ...(hasBody ? { body: Readable.toWeb(incoming) as ReadableStream, duplex: 'half' } : {}),
  } as RequestInit);
  const answer = await handler(request);
  if (!(answer instanceof Response) || answer.type === 'error') {
    // `Response.error()` → net::ERR_FAILED; a non-Response → net::ERR_UNEXPECTED (ELECTRON.md §6).
    response.destroy();
    return;
  }
  record({ type: 'protocol', method, url, range: request.headers.get('range'), status: answer.status });
  response.writeHead(answer.status, answer.statusText, Object.fromEntries(answer.headers));
  if (!answer.body || method === 'HEAD') {
    response.end();
    return;
  }
  const body = Readable.fromWeb(answer.body as import('node:stream/web').ReadableStream);
  response.on('close', () => body.destroy());
  body.pipe(response);
}
