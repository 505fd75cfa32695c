// Serves the built renderer on 127.0.0.1 (port 0) through the app protocol's own handler
// (src-main/app-files.ts): the same files, CSP header, media confinement, audio-only media route, image
// attachments and Range support as `app://gateway-studio` in Electron, so the page under test is served as in the app.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createAppRequestHandler } from '../../src-main/app-files.ts';
import { APP_ORIGIN } from '../../src-main/app-origin.ts';
import { CONTENT_SECURITY_POLICY } from '../../src-main/csp.ts';
import type { ImageAttachments } from '../../src-main/services/image-attachments.ts';
import type { MediaGrants } from '../../src-main/services/media-grants.ts';

export interface StaticServer {
  origin: string;
  close(): Promise<void>;
}

export async function startStaticServer(options: {
  rendererDir: string;
  mediaDir: string;
  grants?: MediaGrants;
  attachments?: ImageAttachments;
}): Promise<StaticServer> {
  const handle = createAppRequestHandler({ ...options, contentSecurityPolicy: CONTENT_SECURITY_POLICY });
  const server = createServer((request, response) => {
    serve(handle, request, response).catch(() => {
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

/** Node's request → a web Request on the app origin → the app's handler → back to Node's response. */
async function serve(
  handle: (request: Request) => Promise<Response>,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === 'string') headers.set(name, value);
  }
  const answer = await handle(
    new Request(`${APP_ORIGIN}${request.url ?? '/'}`, { method: request.method ?? 'GET', headers }),
  );
  response.writeHead(answer.status, Object.fromEntries(answer.headers));
  if (!answer.body) {
    response.end();
    return;
  }
  // A pipeline, not a bare pipe: a file removed while it is sent (a test's data folder deleted at its end,
  // with a media request still open) fails this response, as Electron fails the request; the stream's
  // error unhandled would fail whichever test is running then (seen: ENOENT on a recording, in CI).
  await pipeline(Readable.fromWeb(answer.body as import('node:stream/web').ReadableStream), response);
}
