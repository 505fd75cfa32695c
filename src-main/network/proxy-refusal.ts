// A proxy that turned the tunnel down. undici reports a CONNECT answer other than 200 as
// `RequestAbortedError: Proxy response (<status>) !== 200 when HTTP Tunneling` (lib/dispatcher/proxy-agent.js),
// which would otherwise read as "could not reach the gateway". 407 is the proxy asking for a sign-in
// (RFC 9110 §15.5.8). Nothing reached the gateway either way, and trying again would meet the same answer.
import type { ConnectionRoute } from '../../src-preload/contract.ts';
import { AppFailure } from '../app-failure.ts';
import { t } from '../i18n/index.ts';

const TUNNEL_REFUSED = /Proxy response \((\d{3})\) !== 200/;

function refusedStatus(error: unknown): number | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const match = TUNNEL_REFUSED.exec(current.message);
    if (match) return Number(match[1]);
    current = current.cause;
  }
  return undefined;
}

/** The failure to report when `error` is a proxy's refusal, else `null`. */
export function proxyRefusal(error: unknown, route: ConnectionRoute, hasSignIn: boolean): AppFailure | null {
  const status = refusedStatus(error);
  if (status === undefined || route.kind !== 'proxy') return null;
  const where = t(route.source === 'manual' ? 'errors.proxy.whereProfile' : 'errors.proxy.whereSystem');
  if (status === 407) {
    return new AppFailure(
      'network',
      hasSignIn
        ? t('errors.proxy.signInRefused', { proxy: route.proxy })
        : t('errors.proxy.signInNeeded', { proxy: route.proxy, where }),
      {
        hint:
          route.source === 'manual'
            ? t('errors.proxy.signInRefusedHint')
            : t('errors.proxy.signInNeededHint'),
        retryable: false,
        cause: error,
      },
    );
  }
  return new AppFailure('network', t('errors.proxy.refused', { proxy: route.proxy, where, status }), {
    hint: t('errors.proxy.refusedHint'),
    retryable: false,
    cause: error,
  });
}
