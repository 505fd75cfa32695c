// The fetch main hands the gateway client, in the app and in every test that runs the IPC layer.
//
// Time limits: Node's global fetch is undici with its default 5-minute limits on waiting for headers and on
// body silence; they would fire before the client's own (longer, documented) limits and look like a network
// error, so a slow non-streamed reasoning reply would be retried — and billed — again. The client owns
// time limits (src-main/gateway/defaults.ts), so undici's are switched off here, on every route: per
// request (undici's DispatchOptions `headersTimeout` / `bodyTimeout`), since not every proxy dispatcher
// passes its options on to the connections it opens (undici's SOCKS5 agent does not).
//
// Route: per profile, the system's proxy (default), none, or a manual one (network/proxy-setting.ts). The
// system's is asked of Electron's `session.resolveProxy` on every call, so a change of network or of the
// OS settings takes effect at once (Chromium caches PAC results itself); where there is no session (tests,
// scripts) the HTTP_PROXY / HTTPS_PROXY / NO_PROXY variables apply, through undici's EnvHttpProxyAgent.
//
// Trust: Node's bundled roots plus the operating system's store (network/trusted-roots.ts).
import { Agent, type Dispatcher, EnvHttpProxyAgent, ProxyAgent, fetch as undiciFetch } from 'undici';
import type { ConnectionRoute } from '../src-preload/contract.ts';
import { AppFailure } from './app-failure.ts';
import { CertificateRejected, describeTlsFailure, factsOf } from './gateway/tls-failure.ts';
import type { FetchLike } from './gateway/types.ts';
import { t } from './i18n/index.ts';
import { probeCertificate } from './network/certificate-probe.ts';
import { proxyRefusal } from './network/proxy-refusal.ts';
import type { ProxyRoute } from './network/proxy-setting.ts';
import { routeFromPacString, type SystemRoute, UnusableSystemProxy } from './network/system-proxy.ts';
import { type CertificateSource, nodeCertificateSource, trustOptions } from './network/trusted-roots.ts';

export interface AppFetchOptions {
  /** Electron's `session.resolveProxy` (docs/api/session.md); absent, the proxy environment variables apply. */
  resolveProxy?: (url: string) => Promise<string>;
  /** Where trusted roots come from; tests inject theirs. */
  certificates?: CertificateSource;
  /** Environment for the no-session case (default `process.env`); read when the fetch is created. */
  env?: Record<string, string | undefined>;
}

/** A fetch bound to one profile's proxy setting, which can also say which route it takes. */
export interface RoutedFetch extends FetchLike {
  route(url: string): Promise<ConnectionRoute>;
}

/** The app's fetch: called directly it takes the system's route; `via` binds a profile's proxy setting. */
export interface AppFetch extends FetchLike {
  via(proxy: ProxyRoute): RoutedFetch;
}

/** At most this many proxy dispatchers are kept open (one per proxy and sign-in); older ones are closed. */
const MAX_PROXY_DISPATCHERS = 8;

const NO_LIMITS = { headersTimeout: 0, bodyTimeout: 0 } as const;

/** Switches undici's own time limits off on each request, whichever dispatcher carries it. */
const withoutUndiciLimits: Dispatcher.DispatcherComposeInterceptor = (dispatch) => (options, handler) =>
  dispatch({ ...options, ...NO_LIMITS }, handler);

/** A decided route: how to dispatch, and how to describe it (never with a sign-in). */
interface Decided {
  dispatcher: Dispatcher;
  route: ConnectionRoute;
  /** The way the certificate probe takes (`undefined`: not known for sure, so not probed). */
  probe?: SystemRoute;
  proxyAuthorization?: string;
}

function basic(username: string, password: string): string {
  return `Basic ${Buffer.from(`${username}:${password}`, 'utf8').toString('base64')}`;
}

/** The proxy the environment names for a URL's scheme, read as undici's EnvHttpProxyAgent reads it. */
function environmentProxies(env: Record<string, string | undefined>) {
  const http = env.http_proxy || env.HTTP_PROXY || '';
  // An https URL uses HTTPS_PROXY, else the HTTP proxy.
  return { http, https: env.https_proxy || env.HTTPS_PROXY || http };
}

export function createAppFetch(options: AppFetchOptions = {}): AppFetch {
  const certificates = options.certificates ?? nodeCertificateSource;
  const env = options.env ?? process.env;
  let trust: ReturnType<typeof trustOptions> | undefined;
  // Read once, when the first call needs them: the OS store is large and changes rarely.
  const tlsTrust = () => {
    trust ??= trustOptions(certificates);
    return trust;
  };

  let direct: Dispatcher | undefined;
  const directDispatcher = () => {
    direct ??= new Agent({ ...NO_LIMITS, connect: tlsTrust() }).compose(withoutUndiciLimits);
    return direct;
  };

  let environment: Dispatcher | undefined;
  const environmentDispatcher = () => {
    // '' rather than undefined: undici would then read process.env itself, not the environment given here.
    const proxies = environmentProxies(env);
    environment ??= new EnvHttpProxyAgent({
      ...NO_LIMITS,
      httpProxy: proxies.http,
      httpsProxy: proxies.https,
      noProxy: env.no_proxy || env.NO_PROXY || '',
      connect: tlsTrust(),
      requestTls: tlsTrust(),
      // As for a manual proxy: TLS options for the proxy only when one is reached over TLS.
      ...(Object.values(proxies).some((url) => url.startsWith('https:')) ? { proxyTls: tlsTrust() } : {}),
    }).compose(withoutUndiciLimits);
    return environment;
  };

  const proxies = new Map<string, Dispatcher>();
  const proxyDispatcher = (url: string, username?: string, password?: string): Dispatcher => {
    const key = JSON.stringify([url, username ?? '', password ?? '']);
    const known = proxies.get(key);
    if (known) {
      // Most recently used last, so the oldest is the first one closed.
      proxies.delete(key);
      proxies.set(key, known);
      return known;
    }
    const socks = url.startsWith('socks');
    const signIn =
      username === undefined
        ? {}
        : socks
          ? { username, password }
          : { token: basic(username, password ?? '') };
    const agent = new ProxyAgent({
      ...NO_LIMITS,
      uri: url,
      ...signIn,
      requestTls: tlsTrust(),
      // Only for a proxy reached over TLS: undici's SOCKS5 agent takes any `proxyTls` to mean TLS to the proxy.
      ...(url.startsWith('https:') ? { proxyTls: tlsTrust() } : {}),
    });
    const dispatcher = agent.compose(withoutUndiciLimits);
    proxies.set(key, dispatcher);
    if (proxies.size > MAX_PROXY_DISPATCHERS) {
      const [oldestKey, oldest] = proxies.entries().next().value as [string, Dispatcher];
      proxies.delete(oldestKey);
      // `close` lets requests under way finish.
      void oldest.close().catch(() => {});
    }
    return dispatcher;
  };

  const decide = async (target: URL, proxy: ProxyRoute): Promise<Decided> => {
    // Proxies carry http(s) only; anything else (a data: URL) never touches the network.
    if (proxy.mode === 'none' || (target.protocol !== 'http:' && target.protocol !== 'https:')) {
      return {
        dispatcher: directDispatcher(),
        route: { kind: 'direct', source: proxy.mode === 'none' ? 'none' : 'system' },
        probe: { kind: 'direct' },
      };
    }
    if (proxy.mode === 'manual') {
      const signIn = proxy.username === undefined ? undefined : basic(proxy.username, proxy.password ?? '');
      return {
        dispatcher: proxyDispatcher(proxy.url, proxy.username, proxy.password),
        route: { kind: 'proxy', proxy: shownProxyAddress(proxy.url), source: 'manual' },
        probe: { kind: 'proxy', url: proxy.url },
        ...(signIn ? { proxyAuthorization: signIn } : {}),
      };
    }
    if (options.resolveProxy === undefined) {
      const fromEnv = environmentProxies(env)[target.protocol === 'https:' ? 'https' : 'http'] || undefined;
      // With a proxy from the environment, NO_PROXY (read by undici) may still send this call direct,
      // so the certificate probe only follows a route known for sure.
      return fromEnv
        ? {
            dispatcher: environmentDispatcher(),
            route: { kind: 'proxy', proxy: shownProxyAddress(fromEnv), source: 'environment' },
          }
        : {
            dispatcher: environmentDispatcher(),
            route: { kind: 'direct', source: 'environment' },
            probe: { kind: 'direct' },
          };
    }
    let system: SystemRoute;
    try {
      system = routeFromPacString(await options.resolveProxy(target.href));
    } catch (error) {
      throw new AppFailure(
        'network',
        error instanceof UnusableSystemProxy
          ? t('errors.proxy.systemUnusable', { entries: error.entries })
          : t('errors.proxy.systemUnreadable'),
        {
          hint: t('errors.proxy.systemUnreadableHint'),
          retryable: false,
          cause: error,
        },
      );
    }
    return system.kind === 'direct'
      ? { dispatcher: directDispatcher(), route: { kind: 'direct', source: 'system' }, probe: system }
      : {
          dispatcher: proxyDispatcher(system.url),
          route: { kind: 'proxy', proxy: shownProxyAddress(system.url), source: 'system' },
          probe: system,
        };
  };

  /** A refused certificate, told with the certificate: probed on the same route, once, after the failure. */
  const explainCertificate = async (error: unknown, target: URL, decided: Decided): Promise<unknown> => {
    const cause = (error as { cause?: unknown }).cause;
    const code = (cause as { code?: unknown } | undefined)?.code;
    if (target.protocol !== 'https:' || decided.probe === undefined || typeof code !== 'string') return error;
    // Only a verification failure names a certificate; a host-name mismatch carries its own.
    if (describeTlsFailure(error) === null || code === 'ERR_TLS_CERT_ALTNAME_INVALID') return error;
    const host = target.hostname.replace(/^\[(.*)\]$/, '$1');
    const cert = await probeCertificate({
      host,
      port: Number(target.port) || 443,
      route: decided.probe,
      ...tlsTrust(),
      ...(decided.proxyAuthorization ? { proxyAuthorization: decided.proxyAuthorization } : {}),
    });
    return new TypeError('fetch failed', {
      cause: new CertificateRejected(code, factsOf(host, cert), cause),
    });
  };

  const fetchVia =
    (proxy: ProxyRoute): FetchLike =>
    async (input, init) => {
      const target = new URL(String(input));
      const decided = await decide(target, proxy);
      try {
        // undici's own Request/Response types differ nominally from the DOM lib's; at run time they are
        // the same WHATWG objects Node's global fetch uses.
        return (await undiciFetch(input, {
          ...(init as Parameters<typeof undiciFetch>[1]),
          dispatcher: decided.dispatcher,
        })) as unknown as Response;
      } catch (error) {
        if (init?.signal?.aborted) throw error;
        const signIn = proxy.mode === 'manual' && proxy.username !== undefined;
        throw (
          proxyRefusal(error, decided.route, signIn) ?? (await explainCertificate(error, target, decided))
        );
      }
    };

  const via = (proxy: ProxyRoute): RoutedFetch =>
    Object.assign(fetchVia(proxy), {
      route: async (url: string) => (await decide(new URL(url), proxy)).route,
    });

  return Object.assign(fetchVia({ mode: 'system' }), { via });
}

/**
 * A proxy's address as the window and messages show it (Test connection's route, a proxy's refusal):
 * without a user name and password written into it, as an environment proxy
 * (`HTTP_PROXY=http://user:pass@host:3128`) may carry them.
 */
export function shownProxyAddress(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.username === '' && parsed.password === '') return url;
    parsed.username = '';
    parsed.password = '';
    // `href` adds a `/` path to an address that had none: show it as it was written, less the sign-in.
    return url.endsWith('/') ? parsed.href : parsed.href.replace(/\/$/, '');
  } catch {
    // Not a URL: cut anything up to an `@`, where a sign-in would be.
    return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)?[^/@]*@/i, '$1');
  }
}
