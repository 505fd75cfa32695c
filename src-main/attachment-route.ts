// The app protocol's route for the Playground's image attachments: `/attachments/<id>` answers with the
// stored image (issue 15, item 4), so the page shows a thumbnail from an id alone, with no path and no
// bytes crossing IPC. Plain Node (no electron import): the protocol adapter and the tests share it.
import { readFile } from 'node:fs/promises';
import { ATTACHMENT_ROUTE } from '../src-preload/contract.ts';
import { APP_HOST, APP_SCHEME } from './app-origin.ts';
import type { ImageAttachments } from './services/image-attachments.ts';

/**
 * Answers requests under the attachment route and returns `null` for every other URL (the app's files
 * handle those). Only ids the store holds are served, each as the type its bytes were found to be when it
 * was stored (`nosniff` keeps the browser to it); anything else under the route is a 404.
 */
export function createAttachmentRequestHandler(
  attachments: Pick<ImageAttachments, 'find'>,
  contentSecurityPolicy: string,
): (request: Request) => Promise<Response | null> {
  const baseHeaders = {
    'Content-Security-Policy': contentSecurityPolicy,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-cache',
  };
  const notFound = () =>
    new Response('Not found', {
      status: 404,
      headers: { ...baseHeaders, 'Content-Type': 'text/plain; charset=utf-8' },
    });

  return async (request) => {
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return null;
    }
    if (url.protocol !== `${APP_SCHEME}:` || url.hostname !== APP_HOST) return null;
    if (!url.pathname.startsWith(ATTACHMENT_ROUTE)) return null;
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return new Response('Method not allowed', {
        status: 405,
        headers: { ...baseHeaders, Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' },
      });
    }
    // The id is the whole rest of the path: `find` takes only `[A-Za-z0-9_-]{1,64}`, so no `..` or `/`.
    const stored = await attachments.find(url.pathname.slice(ATTACHMENT_ROUTE.length));
    if (!stored) return notFound();
    let bytes: Buffer;
    try {
      bytes = await readFile(stored.path);
    } catch {
      return notFound();
    }
    const headers = {
      ...baseHeaders,
      'Content-Type': stored.mimeType,
      'Content-Length': String(bytes.byteLength),
    };
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(bytes), { status: 200, headers });
  };
}
