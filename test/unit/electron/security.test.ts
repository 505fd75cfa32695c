import { EventEmitter } from 'node:events';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_ENTRY_URL, createAppUrlMatcher } from '../../../src-main/app-origin.ts';
import {
  applyDevServerCsp,
  applySessionPolicy,
  hardenWebContents,
  openExternalLink,
} from '../../../src-main/electron/security.ts';
import { isExternalLink } from '../../../src-preload/contract.ts';

const { openExternal } = vi.hoisted(() => ({ openExternal: vi.fn(async (_url: string) => {}) }));
vi.mock('electron', () => ({ shell: { openExternal } }));

type RequestHandler = (
  contents: unknown,
  permission: string,
  callback: (granted: boolean) => void,
  details: Record<string, unknown>,
) => void;
type CheckHandler = (
  contents: unknown,
  permission: string,
  origin: string,
  details: Record<string, unknown>,
) => boolean;

function fakeSession() {
  const handlers: {
    request?: RequestHandler;
    check?: CheckHandler;
    device?: (details: unknown) => boolean;
    headers?: {
      filter: { urls: string[] };
      listener: (details: unknown, callback: (r: unknown) => void) => void;
    };
  } = {};
  const session = {
    setPermissionRequestHandler: (handler: RequestHandler) => {
      handlers.request = handler;
    },
    setPermissionCheckHandler: (handler: CheckHandler) => {
      handlers.check = handler;
    },
    setDevicePermissionHandler: (handler: (details: unknown) => boolean) => {
      handlers.device = handler;
    },
    webRequest: {
      onHeadersReceived: (
        filter: { urls: string[] },
        listener: (d: unknown, c: (r: unknown) => void) => void,
      ) => {
        handlers.headers = { filter, listener };
      },
    },
  };
  return { session, handlers };
}

const matcher = createAppUrlMatcher();
const OUR_ORIGIN = 'app://gateway-studio/';

function ask(
  handler: RequestHandler | undefined,
  permission: string,
  details: Record<string, unknown>,
): boolean {
  let granted: boolean | undefined;
  handler?.(
    {},
    permission,
    (value) => {
      granted = value;
    },
    details,
  );
  if (granted === undefined) throw new Error('the handler did not answer');
  return granted;
}

describe('permission requests', () => {
  const { session, handlers } = fakeSession();
  applySessionPolicy(session as never, matcher);
  const microphone = {
    isMainFrame: true,
    requestingUrl: APP_ENTRY_URL,
    securityOrigin: OUR_ORIGIN,
    mediaTypes: ['audio'],
  };

  it('grants the microphone to our own page', () => {
    expect(ask(handlers.request, 'media', microphone)).toBe(true);
  });

  it('denies the camera, and microphone+camera together', () => {
    expect(ask(handlers.request, 'media', { ...microphone, mediaTypes: ['video'] })).toBe(false);
    expect(ask(handlers.request, 'media', { ...microphone, mediaTypes: ['audio', 'video'] })).toBe(false);
    expect(ask(handlers.request, 'media', { ...microphone, mediaTypes: [] })).toBe(false);
  });

  it('denies the microphone to another origin, a media document, and an iframe', () => {
    expect(
      ask(handlers.request, 'media', {
        ...microphone,
        requestingUrl: 'https://evil.example.com/',
        securityOrigin: 'https://evil.example.com/',
      }),
    ).toBe(false);
    expect(
      ask(handlers.request, 'media', { ...microphone, securityOrigin: 'https://evil.example.com/' }),
    ).toBe(false);
    expect(ask(handlers.request, 'media', { ...microphone, requestingUrl: 'file:///etc/index.html' })).toBe(
      false,
    );
    expect(
      ask(handlers.request, 'media', { ...microphone, requestingUrl: 'app://gateway-studio/media/a.mp3' }),
    ).toBe(false);
    expect(ask(handlers.request, 'media', { ...microphone, isMainFrame: false })).toBe(false);
  });

  it('grants clipboard writes (copy buttons) to our page only, never clipboard reads', () => {
    const ours = { isMainFrame: true, requestingUrl: APP_ENTRY_URL, securityOrigin: OUR_ORIGIN };
    expect(ask(handlers.request, 'clipboard-sanitized-write', ours)).toBe(true);
    expect(
      ask(handlers.request, 'clipboard-sanitized-write', {
        isMainFrame: true,
        requestingUrl: 'https://evil.example.com/',
        securityOrigin: 'https://evil.example.com/',
      }),
    ).toBe(false);
    expect(ask(handlers.request, 'clipboard-sanitized-write', { ...ours, isMainFrame: false })).toBe(false);
    expect(ask(handlers.request, 'clipboard-read', ours)).toBe(false);
  });

  it.each([
    'notifications',
    'geolocation',
    'display-capture',
    'clipboard-read',
    'midi',
    'openExternal',
    'fullscreen',
    'unknown',
  ])('denies %s even to our own page', (permission) => {
    expect(ask(handlers.request, permission, { isMainFrame: true, requestingUrl: APP_ENTRY_URL })).toBe(
      false,
    );
  });
});

describe('permission checks', () => {
  const { session, handlers } = fakeSession();
  applySessionPolicy(session as never, matcher);
  const check = (permission: string, origin: string, details: Record<string, unknown>) =>
    handlers.check?.(null, permission, origin, details);

  it('passes the microphone for our page', () => {
    expect(
      check('media', OUR_ORIGIN, {
        isMainFrame: true,
        mediaType: 'audio',
        requestingUrl: APP_ENTRY_URL,
        securityOrigin: OUR_ORIGIN,
      }),
    ).toBe(true);
    expect(check('media', 'app://gateway-studio', { isMainFrame: true, mediaType: 'audio' })).toBe(true);
  });

  it('fails the camera, an unknown media type, and other origins', () => {
    expect(check('media', OUR_ORIGIN, { isMainFrame: true, mediaType: 'video' })).toBe(false);
    expect(check('media', OUR_ORIGIN, { isMainFrame: true, mediaType: 'unknown' })).toBe(false);
    expect(check('media', OUR_ORIGIN, { isMainFrame: true })).toBe(false);
    expect(check('media', 'https://evil.example.com', { isMainFrame: true, mediaType: 'audio' })).toBe(false);
    expect(
      check('media', OUR_ORIGIN, {
        isMainFrame: true,
        mediaType: 'audio',
        securityOrigin: 'https://evil.example.com',
      }),
    ).toBe(false);
    expect(check('media', OUR_ORIGIN, { isMainFrame: false, mediaType: 'audio' })).toBe(false);
  });

  it.each(['notifications', 'geolocation', 'clipboard-read', 'hid', 'serial', 'usb'])(
    'fails %s',
    (permission) => {
      expect(check(permission, OUR_ORIGIN, { isMainFrame: true, requestingUrl: APP_ENTRY_URL })).toBe(false);
    },
  );

  it('denies every device (HID, serial, USB)', () => {
    expect(handlers.device?.({ deviceType: 'hid', origin: OUR_ORIGIN })).toBe(false);
  });
});

describe('the dev-server CSP header', () => {
  it('adds the dev policy to responses from the dev server only', () => {
    const { session, handlers } = fakeSession();
    applyDevServerCsp(session as never, 'http://localhost:5173/');
    expect(handlers.headers?.filter.urls).toEqual(['http://localhost:5173/*']);
    let answer: { responseHeaders: Record<string, string[]> } | undefined;
    handlers.headers?.listener({ responseHeaders: { 'Content-Type': ['text/html'] } }, (r) => {
      answer = r as typeof answer;
    });
    expect(answer?.responseHeaders['Content-Type']).toEqual(['text/html']);
    expect(answer?.responseHeaders['Content-Security-Policy']?.[0]).toContain('ws://localhost:5173');
  });
});

class FakeContents extends EventEmitter {
  windowOpenHandler?: (details: { url: string }) => { action: string };
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
    this.windowOpenHandler = handler;
  }
  /** Emits an Electron-style event object and reports whether it was prevented. */
  fire(name: string, fields: Record<string, unknown> = {}): boolean {
    let prevented = false;
    const event = { ...fields, preventDefault: () => (prevented = true) };
    this.emit(name, event);
    return prevented;
  }
}

describe('webContents hardening', () => {
  let contents: FakeContents;
  beforeEach(() => {
    openExternal.mockClear();
    contents = new FakeContents();
    hardenWebContents(contents as never, matcher);
  });

  it('denies every new window, sending https links to the system browser', () => {
    expect(contents.windowOpenHandler?.({ url: 'https://docs.example.com/a' })).toEqual({ action: 'deny' });
    expect(openExternal).toHaveBeenCalledWith('https://docs.example.com/a');
  });

  it.each([
    'http://insecure.example.com/',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'smb://host/share',
    'https://user:pass@example.com/',
    APP_ENTRY_URL,
  ])('denies a window for %s and opens nothing', (url) => {
    expect(contents.windowOpenHandler?.({ url })).toEqual({ action: 'deny' });
    expect(openExternal).not.toHaveBeenCalled();
  });

  it('lets our own page navigate within itself', () => {
    expect(contents.fire('will-navigate', { url: `${APP_ENTRY_URL}?reset`, isMainFrame: true })).toBe(false);
  });

  it('blocks navigation anywhere else; a clicked https link opens in the browser instead', () => {
    expect(contents.fire('will-navigate', { url: 'https://evil.example.com/', isMainFrame: true })).toBe(
      true,
    );
    expect(openExternal).toHaveBeenCalledWith('https://evil.example.com/');
    expect(contents.fire('will-navigate', { url: 'file:///etc/passwd', isMainFrame: true })).toBe(true);
    expect(
      contents.fire('will-navigate', { url: 'app://gateway-studio/media/a.mp3', isMainFrame: true }),
    ).toBe(true);
    expect(openExternal).toHaveBeenCalledTimes(1);
  });

  it('blocks redirects away from our page', () => {
    expect(contents.fire('will-redirect', { url: 'https://evil.example.com/', isMainFrame: true })).toBe(
      true,
    );
    expect(contents.fire('will-redirect', { url: APP_ENTRY_URL, isMainFrame: true })).toBe(false);
    expect(openExternal).not.toHaveBeenCalled();
  });

  it('refuses to attach a <webview>', () => {
    expect(contents.fire('will-attach-webview')).toBe(true);
  });
});

describe('external links', () => {
  it('opens https only', async () => {
    openExternal.mockClear();
    expect(isExternalLink('https://example.com')).toBe(true);
    expect(isExternalLink('http://example.com')).toBe(false);
    expect(await openExternalLink('mailto:a@example.com')).toBe(false);
    expect(await openExternalLink('https://example.com/')).toBe(true);
    expect(openExternal).toHaveBeenCalledTimes(1);
  });

  it('reports a failure of the system browser instead of throwing', async () => {
    openExternal.mockRejectedValueOnce(new Error('no browser'));
    expect(await openExternalLink('https://example.com/')).toBe(false);
  });
});
