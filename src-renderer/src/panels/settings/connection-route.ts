import type { ConnectionRoute } from '../../../../src-preload/contract.ts';
import { settingsWords } from './strings.ts';

/** Where the proxy setting came from, as catalogue keys. */
const SOURCES = {
  system: 'route.system',
  manual: 'route.manual',
  environment: 'route.environment',
  none: 'route.none',
} as const;

/** How Test connection reached the gateway, in words: "via proxy http://proxy.corp:8080 (system)" or "direct". */
export function describeRoute(route: ConnectionRoute): string {
  const { t } = settingsWords;
  const source = t(SOURCES[route.source]);
  return route.kind === 'proxy'
    ? t('route.viaProxy', { proxy: route.proxy, source })
    : t('route.direct', { source });
}
