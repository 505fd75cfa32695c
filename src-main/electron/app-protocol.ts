// The `app://gateway-studio/` scheme: serves the built renderer, history audio and image attachments.
// Registered as a privileged standard scheme so the page gets a real origin ('self' in the CSP, fetch,
// media streaming).
import { join } from 'node:path';
import { app, protocol } from 'electron';
import { createAppRequestHandler } from '../app-files.ts';
import { APP_SCHEME, createAppUrlMatcher, devServerOrigin, MEDIA_DIR_NAME } from '../app-origin.ts';
import { CONTENT_SECURITY_POLICY } from '../csp.ts';
import { createImageAttachments } from '../services/image-attachments.ts';
import type { MediaGrants } from '../services/media-grants.ts';

/** The Vite dev server URL under `electron-vite dev`; never honoured in a packaged app or for remote hosts. */
export function resolveDevServerUrl(env: NodeJS.ProcessEnv, isPackaged: boolean): string | undefined {
  const url = env.ELECTRON_RENDERER_URL;
  return !isPackaged && devServerOrigin(url) ? url : undefined;
}

export const devServerUrl = resolveDevServerUrl(process.env, app.isPackaged);

/** Which URLs and origins are the app's own page (the app scheme, plus the dev server in dev). */
export const appUrls = createAppUrlMatcher(devServerUrl);

/** `IpcHostDeps.isAppUrl`: the URL is one of our pages (not a media file, not anything remote). */
export const isAppUrl = (url: string): boolean => appUrls.isAppUrl(url);

/** Must run before `app` is ready (Electron allows it once). */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    {
      scheme: APP_SCHEME,
      privileges: {
        standard: true,
        secure: true,
        supportFetchAPI: true,
        // <audio> expects a streaming response to seek in; corsEnabled lets the dev-server page read media.
        stream: true,
        corsEnabled: true,
      },
    },
  ]);
}

export interface AppProtocolPaths {
  dataDir: string;
  /** Dropped or picked audio the page may play (granted by the IPC layer). */
  grants: MediaGrants;
  /** The built renderer; defaults to `out/renderer` beside the built main (`out/main/index.js`). */
  rendererDir?: string;
}

/** Serves the scheme on the default session. Call once `app` is ready. */
export function handleAppProtocol({ dataDir, grants, rendererDir }: AppProtocolPaths): void {
  protocol.handle(
    APP_SCHEME,
    createAppRequestHandler({
      rendererDir: rendererDir ?? join(import.meta.dirname, '../renderer'),
      mediaDir: join(dataDir, MEDIA_DIR_NAME),
      contentSecurityPolicy: CONTENT_SECURITY_POLICY,
      mediaCorsOrigin: devServerOrigin(devServerUrl),
      grants,
      // The Playground's image thumbnails. The store lives on disk, so this reader of it and the IPC
      // layer's writer agree without sharing an object.
      attachments: createImageAttachments(dataDir),
    }),
  );
}
