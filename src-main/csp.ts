// The page's Content Security Policy, in one place. The protocol handler sends it as a header, the
// renderer's index.html carries it in a meta tag, and the browser harness serves it too.
// Plain TypeScript: no electron import.
import { APP_ORIGIN, devServerOrigin } from './app-origin.ts';

type Directives = ReadonlyArray<readonly [name: string, sources: readonly string[]]>;

// The renderer never touches the network: `connect-src` is our own origin (app files, media) and blobs
// (recordings). `style-src 'unsafe-inline'` is for React's style attributes and wavesurfer's shadow DOM.
const DIRECTIVES: Directives = [
  ['default-src', ["'self'"]],
  ['script-src', ["'self'"]],
  ['style-src', ["'self'", "'unsafe-inline'"]],
  ['img-src', ["'self'", 'data:', 'blob:']],
  ['media-src', ["'self'", 'blob:']],
  ['connect-src', ["'self'", 'blob:']],
  ['font-src', ["'self'", 'data:']],
  ['object-src', ["'none'"]],
  // No frames at all: a framed document of our origin could reach the bridge through its parent.
  ['frame-src', ["'none'"]],
  ['base-uri', ["'none'"]],
  ['form-action', ["'none'"]],
  ['frame-ancestors', ["'none'"]],
];

// Browsers ignore (and warn about) these when the policy arrives in a <meta> tag.
const HEADER_ONLY = new Set(['frame-ancestors', 'report-uri', 'sandbox']);

function serialise(directives: Directives): string {
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

/** The policy sent as the `Content-Security-Policy` response header. */
export const CONTENT_SECURITY_POLICY = serialise(DIRECTIVES);

/** The same policy for `<meta http-equiv="Content-Security-Policy">` (header-only directives left out). */
export const CONTENT_SECURITY_POLICY_META = serialise(DIRECTIVES.filter(([name]) => !HEADER_ONLY.has(name)));

/**
 * The policy for `electron-vite dev`, where the page comes from the Vite dev server: its origin and HMR
 * websocket are allowed, inline scripts too (the React Refresh preamble is inline), and media from the
 * app protocol, which then is another origin. Falls back to the production policy for a non-loopback URL.
 */
export function devContentSecurityPolicy(devServerUrl: string): string {
  const origin = devServerOrigin(devServerUrl);
  if (!origin) return CONTENT_SECURITY_POLICY;
  const websocket = origin.replace(/^http/, 'ws');
  const extra: Record<string, string[]> = {
    'script-src': [origin, "'unsafe-inline'"],
    'style-src': [origin],
    'img-src': [origin],
    'media-src': [origin, APP_ORIGIN],
    'connect-src': [origin, websocket, APP_ORIGIN],
    'font-src': [origin],
  };
  return serialise(
    DIRECTIVES.map(([name, sources]) => [name, [...sources, ...(extra[name] ?? [])]] as const),
  );
}
