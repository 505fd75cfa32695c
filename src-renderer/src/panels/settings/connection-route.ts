import type { ConnectionRoute } from '../../../../src-preload/contract.ts';

const SOURCES = {
  system: 'system',
  manual: 'this profile',
  environment: 'environment',
  none: 'no proxy',
} as const;

/** How Test connection reached the gateway, in words: "via proxy http://proxy.corp:8080 (system)" or "direct". */
export function describeRoute(route: ConnectionRoute): string {
  return route.kind === 'proxy'
    ? `via proxy ${route.proxy} (${SOURCES[route.source]})`
    : `direct (${SOURCES[route.source]})`;
}
