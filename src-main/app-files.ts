// What the app protocol serves: the built renderer, and history audio from `<dataDir>/media/` with HTTP
// Range support so <audio> can seek. Plain Node (no electron import): the Electron adapter hands every
// request to `createAppRequestHandler`, and unit tests call it with real temp folders.
import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { extname, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { APP_HOST, APP_SCHEME, MEDIA_ROUTE } from './app-origin.ts';
import { createAttachmentRequestHandler } from './attachment-route.ts';
import { isInsideFolder } from './folders.ts';
import type { ImageAttachments } from './services/image-attachments.ts';
import { GRANTED_SEGMENT, type MediaGrants } from './services/media-grants.ts';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
  '.mp3': 'audio/mpeg',
  '.mpga': 'audio/mpeg',
  '.mpeg': 'audio/mpeg',
  '.mpg': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.wave': 'audio/wav',
  '.ogg': 'audio/ogg',
  '.oga': 'audio/ogg',
  '.opus': 'audio/ogg',
  '.flac': 'audio/flac',
  '.aac': 'audio/aac',
  '.m4a': 'audio/mp4',
  '.mp4': 'audio/mp4',
  '.webm': 'audio/webm',
  '.pcm': 'application/octet-stream',
};

/** MIME type by extension; unknown files are opaque bytes (and `nosniff` keeps them that way). */
export function contentTypeFor(filePath: string): string {
  return CONTENT_TYPES[extname(filePath).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * Resolves a URL path (still percent-encoded, relative to `root`) to a file path inside `root`, or `null`
 * for anything that could step outside it: `..` or `.` segments, encoded slashes or backslashes, NULs,
 * drive letters, empty segments, and dot-files (temp files of atomic writes are never served).
 */
export function resolveInside(root: string, urlPath: string): string | null {
  const segments: string[] = [];
  for (const raw of urlPath.split('/')) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return null;
    }
    if (segment === '' || segment.startsWith('.') || /[/\\\0:]/.test(segment)) return null;
    segments.push(segment);
  }
  if (segments.length === 0) return null;
  const base = resolve(root);
  const target = resolve(base, ...segments);
  return isInsideFolder(base, target) ? target : null;
}

export interface ByteRange {
  start: number;
  /** Inclusive. */
  end: number;
}

/**
 * Parses a `Range` header against a file of `size` bytes: a range to send, `'unsatisfiable'` (answer 416),
 * or `null` to send the whole file (no header, another unit, several ranges, or syntax we do not know).
 */
export function parseRange(header: string | null, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    // A suffix range: the last N bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || (last !== '' && Number(last) < start)) return 'unsatisfiable';
  return { start, end };
}

export interface AppFileServerOptions {
  /** The built renderer (`out/renderer`). */
  rendererDir: string;
  /** `<dataDir>/media`: the only other folder served, under `/media/`. */
  mediaDir: string;
  /** Sent with every response; it matters for the HTML document. */
  contentSecurityPolicy: string;
  /** An origin allowed to read media cross-origin (the dev server, whose page is not on our scheme). */
  mediaCorsOrigin?: string | null;
  /** Audio files elsewhere on disk that main granted the page (dropped or picked files). */
  grants?: Pick<MediaGrants, 'resolve'>;
  /** The Playground's image attachments, served under `ATTACHMENT_ROUTE` (attachment-route.ts). */
  attachments?: Pick<ImageAttachments, 'find'>;
}

function textResponse(status: number, text: string, headers: Record<string, string>): Response {
  return new Response(text, {
    status,
    headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8' },
  });
}

async function confinedFile(root: string, urlPath: string): Promise<{ path: string; size: number } | null> {
  const candidate = resolveInside(root, urlPath);
  if (!candidate) return null;
  try {
    // Symlinks must not lead out of the folder either: compare real paths.
    const [realRoot, realFile] = await Promise.all([realpath(root), realpath(candidate)]);
    if (!isInsideFolder(realRoot, realFile)) return null;
    const info = await stat(realFile);
    return info.isFile() ? { path: realFile, size: info.size } : null;
  } catch {
    return null;
  }
}

/**
 * A granted file: `<token>/<name>` under `/media/@file/`; only the token counts. The grant was checked when
 * it was made, but the file may have been replaced since (by a link to something else): it is followed
 * again here and served only while it still is an audio file.
 */
async function grantedFile(
  grants: Pick<MediaGrants, 'resolve'> | undefined,
  urlPath: string,
): Promise<{ path: string; size: number } | null> {
  const token = /^([0-9a-f]{32})\/[^/]+$/.exec(urlPath)?.[1];
  const path = token && grants ? grants.resolve(token) : null;
  if (!path) return null;
  try {
    const real = await realpath(path);
    if (!contentTypeFor(real).startsWith('audio/')) return null;
    const info = await stat(real);
    return info.isFile() ? { path: real, size: info.size } : null;
  } catch {
    return null;
  }
}

/** The protocol handler's logic: a web `Request` in, a web `Response` out. Never throws. */
export function createAppRequestHandler(
  options: AppFileServerOptions,
): (request: Request) => Promise<Response> {
  const baseHeaders: Record<string, string> = {
    'Content-Security-Policy': options.contentSecurityPolicy,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-cache',
  };

  const attachments = options.attachments
    ? createAttachmentRequestHandler(options.attachments, options.contentSecurityPolicy)
    : null;

  return async (request) => {
    const attachment = attachments ? await attachments(request) : null;
    if (attachment) return attachment;
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return textResponse(400, 'Bad request', baseHeaders);
    }
    if (url.protocol !== `${APP_SCHEME}:` || url.hostname !== APP_HOST) {
      return textResponse(404, 'Not found', baseHeaders);
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return textResponse(405, 'Method not allowed', { ...baseHeaders, Allow: 'GET, HEAD' });
    }

    const isMedia = url.pathname.startsWith(MEDIA_ROUTE);
    const root = isMedia ? options.mediaDir : options.rendererDir;
    const urlPath = isMedia
      ? url.pathname.slice(MEDIA_ROUTE.length)
      : url.pathname === '/'
        ? 'index.html'
        : url.pathname.slice(1);
    const grantedPrefix = `${GRANTED_SEGMENT}/`;
    const file =
      isMedia && urlPath.startsWith(grantedPrefix)
        ? await grantedFile(options.grants, urlPath.slice(grantedPrefix.length))
        : await confinedFile(root, urlPath);
    if (!file) return textResponse(404, 'Not found', baseHeaders);
    // The media route serves audio and nothing else: a document there would run with our origin.
    const servable = !isMedia || /^audio\/|^application\/octet-stream/.test(contentTypeFor(file.path));
    if (!servable) return textResponse(404, 'Not found', baseHeaders);

    const headers: Record<string, string> = {
      ...baseHeaders,
      'Content-Type': contentTypeFor(file.path),
      'Accept-Ranges': 'bytes',
    };
    if (isMedia && options.mediaCorsOrigin) headers['Access-Control-Allow-Origin'] = options.mediaCorsOrigin;

    const range = parseRange(request.headers.get('range'), file.size);
    if (range === 'unsatisfiable') {
      return textResponse(416, 'Range not satisfiable', {
        ...headers,
        'Content-Range': `bytes */${file.size}`,
      });
    }
    const start = range?.start ?? 0;
    const end = range?.end ?? file.size - 1;
    headers['Content-Length'] = String(Math.max(0, end - start + 1));
    if (range) headers['Content-Range'] = `bytes ${start}-${end}/${file.size}`;
    const status = range ? 206 : 200;

    if (request.method === 'HEAD' || file.size === 0) return new Response(null, { status, headers });
    // Streamed, so a long recording is never read into memory; cancelling the response closes the file.
    const body = Readable.toWeb(
      createReadStream(file.path, { start, end }),
    ) as unknown as ReadableStream<Uint8Array>;
    return new Response(body, { status, headers });
  };
}
