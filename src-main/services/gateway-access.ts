// Builds a gateway client for a profile on demand, from the profile's settings, decrypted key and header
// values. Clients are cheap and short-lived: a key change takes effect on the next call with no cache to forget.
import type { ConnectionRoute, ProfileView } from '../../src-preload/contract.ts';
import type { AppFetch } from '../app-fetch.ts';
import { createGatewayClient } from '../gateway/index.ts';
import type { FetchLike, GatewayClient } from '../gateway/types.ts';
import { scrubbedHeaderValues } from './sealed-headers.ts';
import { shieldSecret } from './secret-shield.ts';
import type { SettingsService } from './settings.ts';

export interface ProfileClient {
  client: GatewayClient;
  profile: ProfileView;
  /** The route the profile's calls take now (its proxy setting); `null` for a fetch that cannot say. */
  route(): Promise<ConnectionRoute | null>;
}

export type GatewayAccess = (profileId?: string) => ProfileClient;

/** The app's fetch routes each profile through its proxy setting; a plain fetch (a test's) is used as it is. */
export function createGatewayAccess(settings: SettingsService, fetch: FetchLike | AppFetch): GatewayAccess {
  return (profileId) => {
    const { profile, apiKey, extraHeaders, proxy } = settings.credentials(profileId);
    const routed = 'via' in fetch ? fetch.via(proxy) : undefined;
    const client = createGatewayClient({
      baseUrl: profile.baseUrl,
      apiKey,
      vendorKeyHeader: profile.vendorKeyHeader,
      extraHeaders,
      fetch: routed ?? fetch,
    });
    // The key, the credential header values (item 12; the same rule as for files and the log:
    // sealed-headers.ts) and the proxy password: a gateway or proxy echoing one must not get it to the window.
    const secrets = [apiKey, ...scrubbedHeaderValues(extraHeaders)];
    if (proxy.mode === 'manual' && proxy.password) secrets.push(proxy.password);
    return {
      client: shieldSecret(client, secrets),
      profile,
      route: async () => (routed ? routed.route(profile.baseUrl) : null),
    };
  };
}
