// session.defaultSession and the protocol module. Permission prompts from the page are put to the
// app's handlers as Chromium does through Electron (docs/api/session.md § setPermissionRequestHandler,
// § setPermissionCheckHandler; ELECTRON.md §7).
import type { PermissionReport } from '../link-messages.ts';
import { onHostMessage, post, readiness } from './runtime.ts';
import { fromChromiumUrl, type ProtocolHandler, schemes } from './scheme-bridge.ts';
import { WebContents } from './web-contents.ts';

type RequestHandler = (
  contents: WebContents | null,
  permission: string,
  callback: (granted: boolean) => void,
  details: Record<string, unknown>,
) => void;
type CheckHandler = (
  contents: WebContents | null,
  permission: string,
  requestingOrigin: string,
  details: Record<string, unknown>,
) => boolean;

/** The check handler's requestingOrigin is the origin as a URL, with its slash (S electron_permission_manager.cc). */
function originOf(url: string): string {
  const match = /^([a-z][a-z0-9+.-]*:\/\/[^/]+)/i.exec(url);
  return match ? `${match[1]}/` : url;
}

class Session {
  #requestHandler: RequestHandler | null = null;
  #checkHandler: CheckHandler | null = null;
  readonly protocol = protocol;
  readonly webRequest = webRequest;

  setPermissionRequestHandler(handler: RequestHandler | null): void {
    this.#requestHandler = handler;
  }

  setPermissionCheckHandler(handler: CheckHandler | null): void {
    this.#checkHandler = handler;
  }

  setDevicePermissionHandler(): void {}

  /**
   * "Resolves with the proxy information for `url`" (docs/api/session.md § ses.resolveProxy): Chromium's
   * PAC-style list. The desktop runs talk to a fake gateway on loopback, which Chromium always reaches
   * directly (its implicit bypass rules, net/proxy_resolution/proxy_bypass_rules.h), so: `DIRECT`.
   */
  resolveProxy(_url: string): Promise<string> {
    return Promise.resolve('DIRECT');
  }

  /** With no handler every request is granted (D tutorial/security.md § 5). */
  request(
    contents: WebContents | null,
    permission: string,
    details: Record<string, unknown>,
  ): Promise<boolean> {
    const handler = this.#requestHandler;
    if (!handler) return Promise.resolve(true);
    return new Promise((resolve) =>
      handler(contents, permission, (granted) => resolve(granted === true), details),
    );
  }

  /** With no handler every check passes, but the deprecated sync clipboard read (S electron_permission_manager.cc). */
  check(
    contents: WebContents | null,
    permission: string,
    origin: string,
    details: Record<string, unknown>,
  ): boolean {
    if (!this.#checkHandler) return permission !== 'deprecated-sync-clipboard-read';
    return this.#checkHandler(contents, permission, origin, details) === true;
  }
}

type HeadersListener = (
  details: {
    url: string;
    resourceType: string;
    statusCode: number;
    responseHeaders: Record<string, string[]>;
  },
  callback: (response: { cancel?: boolean; responseHeaders?: Record<string, string[]> }) => void,
) => void;

let headersListener: { urls: string[]; listener: HeadersListener } | null = null;

/**
 * session.webRequest.onHeadersReceived(filter, listener): one listener, replaced by the next call
 * (docs/api/web-request.md). The renderer host sends matching responses here before the page sees them.
 */
const webRequest = {
  onHeadersReceived(
    filter: { urls?: string[] } | HeadersListener | null,
    maybeListener?: HeadersListener,
  ): void {
    const listener = typeof filter === 'function' ? filter : maybeListener;
    const urls = typeof filter === 'function' || !filter ? ['<all_urls>'] : (filter.urls ?? ['<all_urls>']);
    headersListener = listener ? { urls, listener } : null;
    post({ kind: 'webRequest.filters', urls: headersListener?.urls ?? [] });
  },
};

let defaultSession: Session | null = null;

export const session = {
  get defaultSession(): Session {
    // "Session can only be received when app is ready" (S electron_api_session.cc).
    if (!readiness.isReady) throw new TypeError('Session can only be received when app is ready');
    defaultSession ??= new Session();
    return defaultSession;
  },
  // The app uses the default session only; other partitions are not emulated.
  fromPartition(): Session {
    return session.defaultSession;
  },
};

export function defaultSessionIfReady(): Session | null {
  return readiness.isReady ? session.defaultSession : null;
}

interface CustomScheme {
  scheme: string;
  privileges?: {
    standard?: boolean;
    codeCache?: boolean;
    supportFetchAPI?: boolean;
    [name: string]: boolean | undefined;
  };
}

export const protocol = {
  registerSchemesAsPrivileged(customSchemes: CustomScheme[]): void {
    if (readiness.isReady) {
      throw new Error('protocol.registerSchemesAsPrivileged should be called before app is ready');
    }
    for (const { scheme, privileges } of customSchemes) {
      if (privileges?.codeCache && !privileges.standard) {
        throw new Error(
          'Code cache can only be enabled when the custom scheme is registered as standard scheme.',
        );
      }
      if (privileges?.standard) schemes.registerStandard(scheme, privileges);
    }
  },
  handle(scheme: string, handler: ProtocolHandler): void {
    // The protocol module acts on the default session, which does not exist before ready (ELECTRON.md §4, §6).
    void session.defaultSession;
    if (!schemes.handle(scheme, handler)) throw new Error(`Failed to register protocol: ${scheme}`);
  },
  unhandle(scheme: string): void {
    if (!schemes.unhandle(scheme)) throw new Error(`Failed to unhandle protocol: ${scheme}`);
  },
  isProtocolHandled(scheme: string): boolean {
    return schemes.isHandled(scheme);
  },
};

/**
 * A page asked for a permission (the microphone, a clipboard write). Media goes to the request
 * handler, once per permission, with `mediaTypes` (S web_contents_permission_helper.cc); other web APIs
 * check first and request only when the check is denied (docs/api/session.md, both handler sections).
 */
async function decide(contents: WebContents | null, report: PermissionReport): Promise<boolean> {
  const ses = session.defaultSession;
  const requestingUrl = fromChromiumUrl(report.requestingUrl);
  const securityOrigin = fromChromiumUrl(report.securityOrigin);
  if (report.permission === 'media') {
    return ses.request(contents, 'media', {
      requestingUrl,
      isMainFrame: report.isMainFrame,
      securityOrigin,
      mediaTypes: report.mediaTypes ?? [],
    });
  }
  // Notification.requestPermission() is a request (docs/api/session.md, permission names).
  if (report.permission === 'notifications') {
    return ses.request(contents, 'notifications', { requestingUrl, isMainFrame: report.isMainFrame });
  }
  // Check details carry securityOrigin for media only; embeddingOrigin only for cross-origin subframes.
  const checkDetails = { requestingUrl, isMainFrame: report.isMainFrame };
  if (ses.check(contents, report.permission, originOf(requestingUrl), checkDetails)) return true;
  return ses.request(contents, report.permission, { requestingUrl, isMainFrame: report.isMainFrame });
}

onHostMessage((message) => {
  if (message.kind !== 'page.headersReceived') return;
  const { requestId, url, resourceType, statusCode, responseHeaders } = message;
  if (!headersListener) {
    post({ kind: 'answer', requestId, value: {} });
    return;
  }
  headersListener.listener({ url, resourceType, statusCode, responseHeaders }, (response) =>
    post({ kind: 'answer', requestId, value: response ?? {} }),
  );
});

onHostMessage((message) => {
  if (message.kind !== 'page.permission') return;
  void decide(WebContents.fromId(message.contentsId) ?? null, message.report).then((granted) =>
    post({ kind: 'answer', requestId: message.requestId, value: granted }),
  );
});
