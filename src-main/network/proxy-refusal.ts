// A proxy that turned the tunnel down. undici reports a CONNECT answer other than 200 as
// `RequestAbortedError: Proxy response (<status>) !== 200 when HTTP Tunneling` (lib/dispatcher/proxy-agent.js),
// which would otherwise read as "could not reach the gateway". 407 is the proxy asking for a sign-in
// (RFC 9110 §15.5.8). Nothing reached the gateway either way, and trying again would meet the same answer.
import type { ConnectionRoute } from '../../src-preload/contract.ts';
import { AppFailure } from '../app-failure.ts';

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
  const where = route.source === 'manual' ? 'this profile’s' : 'the system’s';
  if (status === 407) {
    return new AppFailure(
      'network',
      hasSignIn
        ? `The proxy ${route.proxy} refused the user name and password stored for it.`
        : `The proxy ${route.proxy} (${where} proxy) asks for a user name and password.`,
      {
        hint:
          route.source === 'manual'
            ? 'Enter the proxy’s user name and password in this profile’s settings.'
            : 'In this profile’s settings, choose “Manual proxy” with this address and enter its user name and password.',
        retryable: false,
        cause: error,
      },
    );
  }
  return new AppFailure(
    'network',
    `The proxy ${route.proxy} (${where} proxy) would not connect to the gateway: it answered ${status}.`,
    {
      hint: 'The proxy may not allow this address. Ask your network administrator, or choose another proxy setting for this profile.',
      retryable: false,
      cause: error,
    },
  );
}
