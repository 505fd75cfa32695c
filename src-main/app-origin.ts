// Where the app's own page lives and how its media files are addressed. Plain TypeScript (no electron
// import) so the protocol handler, the security policy, unit tests and the browser harness share one truth.
import { relative, resolve, sep } from 'node:path';
import { ATTACHMENT_ROUTE } from '../src-preload/contract.ts';
import { isInsideFolder } from './folders.ts';

export const APP_SCHEME = 'app';
export const APP_HOST = 'gateway-studio';
/** The page's origin as Chromium reports it (a standard scheme, so it has a real origin). */
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

/** Folder under the data folder whose files (history audio) the page may load. */
export const MEDIA_DIR_NAME = 'media';
/** URL path prefix those files are served under: `app://gateway-studio/media/<relative path>`. */
export const MEDIA_ROUTE = `/${MEDIA_DIR_NAME}/`;

export interface AppUrlMatcher {
  /** The URL is one of the app's pages: our origin, and not a media file (those must never host the bridge). */
  isAppUrl(url: string): boolean;
  /** The origin (with or without a trailing slash, as Chromium hands it over) is the app's own. */
  isAppOrigin(origin: string): boolean;
}

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

// `URL.origin` is "null" for non-special schemes in Node, so our scheme is matched by its parts.
function isOurScheme(url: URL): boolean {
  return (
    url.protocol === `${APP_SCHEME}:` &&
    url.hostname === APP_HOST &&
    url.port === '' &&
    url.username === '' &&
    url.password === ''
  );
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The dev server's origin, if `url` is an http(s) loopback URL; anything else is ignored, so a stray
 * environment variable can never make a remote site "our page".
 */
export function devServerOrigin(url: string | undefined): string | null {
  if (!url) return null;
  const parsed = parse(url);
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) return null;
  if (!LOOPBACK_HOSTS.has(parsed.hostname)) return null;
  return parsed.origin;
}

/** Builds the matcher; `devServerUrl` (electron-vite dev only) is trusted as a second home of the page. */
export function createAppUrlMatcher(devServerUrl?: string): AppUrlMatcher {
  const devOrigin = devServerOrigin(devServerUrl);
  return {
    isAppUrl(url) {
      const parsed = parse(url);
      if (!parsed) return false;
      // Media and attachment images are files the page loads, never pages that may hold the bridge.
      if (isOurScheme(parsed)) {
        return !parsed.pathname.startsWith(MEDIA_ROUTE) && !parsed.pathname.startsWith(ATTACHMENT_ROUTE);
      }
      return devOrigin !== null && parsed.origin === devOrigin;
    },
    isAppOrigin(origin) {
      const parsed = parse(origin);
      if (!parsed || (parsed.pathname !== '/' && parsed.pathname !== '') || parsed.search || parsed.hash) {
        return false;
      }
      if (isOurScheme(parsed)) return true;
      return devOrigin !== null && parsed.origin === devOrigin;
    },
  };
}

/**
 * The page URL for a file inside `<dataDir>/media/`, or `null` when the file lies outside it (those are
 * not served). Each path segment is percent-encoded, so names with spaces or `#` survive.
 */
export function mediaUrlFor(dataDir: string, filePath: string): string | null {
  const mediaDir = resolve(dataDir, MEDIA_DIR_NAME);
  const path = resolve(filePath);
  if (!isInsideFolder(mediaDir, path)) return null;
  const rel = relative(mediaDir, path);
  return `${APP_ORIGIN}${MEDIA_ROUTE}${rel.split(sep).map(encodeURIComponent).join('/')}`;
}
