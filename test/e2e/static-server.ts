// A tiny static server on 127.0.0.1 (port 0) for the built renderer, plus `/media/*` from the test's
// data folder with Range support (audio elements seek with range requests). It sends the app's CSP
// header, so the page runs under the same policy as in Electron.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, resolve, sep } from 'node:path';
import { CONTENT_SECURITY_POLICY } from '../../src-main/csp.ts';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.ogg': 'audio/ogg',
  '.opus': 'audio/ogg',
  '.webm': 'audio/webm',
  '.m4a': 'audio/mp4',
  '.mp4': 'audio/mp4',
  '.aac': 'audio/aac',
  '.flac': 'audio/flac',
  '.pcm': 'application/octet-stream',
};

export interface StaticServer {
  origin: string;
  close(): Promise<void>;
}

export async function startStaticServer(options: {
  rendererDir: string;
  mediaDir: string;
}): Promise<StaticServer> {
  const server = createServer((request, response) => {
    serve(request, response, options).catch(() => {
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

async function serve(
  request: IncomingMessage,
  response: ServerResponse,
  options: { rendererDir: string; mediaDir: string },
): Promise<void> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.writeHead(405, { allow: 'GET, HEAD' }).end();
    return;
  }
  const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
  const isMedia = pathname.startsWith('/media/');
  const root = isMedia ? options.mediaDir : options.rendererDir;
  const relativePath = isMedia
    ? pathname.slice('/media/'.length)
    : pathname === '/'
      ? 'index.html'
      : pathname;
  const file = resolve(root, `.${sep}${relativePath}`);
  // Never serve anything outside the chosen root (`..` segments, encoded or not).
  if (file !== root && !file.startsWith(root + sep)) {
    response.writeHead(403).end();
    return;
  }
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) {
    response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    return;
  }
  const headers: Record<string, string | number> = {
    'content-type': CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
    'cache-control': 'no-store',
    'accept-ranges': 'bytes',
  };
  if (!isMedia) headers['content-security-policy'] = CONTENT_SECURITY_POLICY;

  const range = parseRange(request.headers.range, info.size);
  if (range === 'invalid') {
    response.writeHead(416, { 'content-range': `bytes */${info.size}` }).end();
    return;
  }
  const { start, end } = range ?? { start: 0, end: info.size - 1 };
  if (range) headers['content-range'] = `bytes ${start}-${end}/${info.size}`;
  headers['content-length'] = info.size === 0 ? 0 : end - start + 1;
  response.writeHead(range ? 206 : 200, headers);
  if (request.method === 'HEAD' || info.size === 0) {
    response.end();
    return;
  }
  createReadStream(file, { start, end }).pipe(response);
}

/** One `bytes=a-b`, `bytes=a-` or `bytes=-n` range; multi-range requests are answered whole. */
function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'invalid' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return 'invalid';
  let start: number;
  let end: number;
  if (from === '') {
    start = Math.max(0, size - Number(to));
    end = size - 1;
  } else {
    start = Number(from);
    end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  }
  if (start > end || start >= size) return 'invalid';
  return { start, end };
}
