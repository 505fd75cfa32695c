// The security baseline of DESIGN.md, applied to the session and to every webContents: no new windows,
// no navigation away from our page, no <webview>, and one permission — the microphone, for our page only.
import { type MediaAccessPermissionRequest, type Session, shell, type WebContents } from 'electron';
import { isExternalLink } from '../../src-preload/contract.ts';
import type { AppUrlMatcher } from '../app-origin.ts';
import { devContentSecurityPolicy } from '../csp.ts';

/**
 * Opens an https link in the system browser; anything else is refused. Never throws. The OS gets the
 * parsed URL's `href`, the very URL that was checked: the raw string may hold what the URL parser
 * forgives and an OS handler reads otherwise (leading spaces, backslashes, tabs, line breaks).
 */
export async function openExternalLink(url: string): Promise<boolean> {
  if (!isExternalLink(url)) return false;
  try {
    // electronegativity: OPEN_EXTERNAL_JS_CHECK — only an https URL without credentials gets here
    // (`isExternalLink` above), and the OS receives the parsed `href` that was checked.
    await shell.openExternal(new URL(url).href);
    return true;
  } catch {
    return false;
  }
}

export interface PermissionQuestion {
  permission: string;
  /** Origin of the asking frame (as Chromium reports it), when known. */
  origin: string | undefined;
  /** URL of the asking frame, when known. */
  url: string | undefined;
  isMainFrame: boolean;
  /** For `media`: which devices (`audio` = microphone, `video` = camera). */
  mediaTypes: readonly string[];
}

/** Writing to the clipboard from a click (copy buttons); reading it is never allowed. */
const CLIPBOARD_WRITE = 'clipboard-sanitized-write';

/**
 * The whole permission policy, for our own page's top frame only: the microphone (not the camera),
 * and clipboard writes so copy buttons work.
 */
export function isPermissionGranted(question: PermissionQuestion, matcher: AppUrlMatcher): boolean {
  if (!question.isMainFrame) return false;
  if (question.permission === CLIPBOARD_WRITE) {
    // The check handler passes no media types for it; only the asker's identity matters.
  } else if (question.permission !== 'media') {
    return false;
  } else if (question.mediaTypes.length === 0 || question.mediaTypes.some((type) => type !== 'audio')) {
    return false;
  }
  if (question.origin === undefined && question.url === undefined) return false;
  if (question.origin !== undefined && !matcher.isAppOrigin(question.origin)) return false;
  if (question.url !== undefined && !matcher.isAppUrl(question.url)) return false;
  return true;
}

/** Installs the permission handlers on the session (both are needed: Chromium checks, then requests). */
export function applySessionPolicy(session: Session, matcher: AppUrlMatcher): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    // Both fields are optional and only set on media requests; elsewhere they are simply absent.
    const { securityOrigin, mediaTypes } = details as MediaAccessPermissionRequest;
    callback(
      isPermissionGranted(
        {
          permission,
          origin: securityOrigin,
          url: details.requestingUrl,
          isMainFrame: details.isMainFrame,
          mediaTypes: mediaTypes ?? [],
        },
        matcher,
      ),
    );
  });
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin, details) => {
    // Both the requesting origin and (for media) the frame's own origin must be ours.
    const origins = [requestingOrigin, details.securityOrigin].filter((origin) => origin !== undefined);
    return (
      origins.length > 0 &&
      origins.every((origin) =>
        isPermissionGranted(
          {
            permission,
            origin,
            url: details.requestingUrl,
            isMainFrame: details.isMainFrame,
            mediaTypes: details.mediaType ? [details.mediaType] : [],
          },
          matcher,
        ),
      )
    );
  });
  // HID, serial and USB devices: never.
  session.setDevicePermissionHandler(() => false);
}

/** In `electron-vite dev` the page comes from Vite, not our protocol: give it a CSP header all the same. */
export function applyDevServerCsp(session: Session, devServerUrl: string): void {
  const policy = devContentSecurityPolicy(devServerUrl);
  const origin = new URL(devServerUrl).origin;
  session.webRequest.onHeadersReceived({ urls: [`${origin}/*`] }, (details, callback) => {
    // electronegativity: CSP_GLOBAL_CHECK — the policy is built by csp.ts (a function's result the tool
    // cannot read); the packaged app's policy is the strict CONTENT_SECURITY_POLICY its protocol handler sends.
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [policy] } });
  });
}

/** Locks down one webContents. Applied to every webContents the app creates (see src-main/index.ts). */
export function hardenWebContents(contents: WebContents, matcher: AppUrlMatcher): void {
  // No window.open / target=_blank windows; an https link goes to the system browser instead.
  contents.setWindowOpenHandler(({ url }) => {
    if (isExternalLink(url)) void openExternalLink(url);
    return { action: 'deny' };
  });
  // Any frame's navigation (`will-frame-navigate`) and the main frame's (`will-navigate`) follow one
  // rule: nowhere but our own page. Electron emits `will-frame-navigate` first and `will-navigate` only
  // when it was not prevented (ELECTRON.md §1.2), so a clicked link is opened once, by whichever event
  // stops it; a subframe's navigation is no click of the user's and opens nothing.
  const onNavigate = (event: Electron.Event<{ url: string; isMainFrame: boolean }>) => {
    if (matcher.isAppUrl(event.url)) return;
    event.preventDefault();
    // A plain link clicked in the page (e.g. in a chat reply) opens in the browser, never in our window.
    if (event.isMainFrame && isExternalLink(event.url)) void openExternalLink(event.url);
  };
  contents.on('will-frame-navigate', onNavigate);
  contents.on('will-navigate', onNavigate);
  contents.on('will-redirect', (event) => {
    if (!matcher.isAppUrl(event.url)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => {
    event.preventDefault();
  });
}
