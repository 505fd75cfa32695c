// Builds a gateway client for a profile on demand, from the profile's settings and decrypted key.
// Clients are cheap and short-lived: a key change takes effect on the next call with no cache to forget.
import type { ProfileView } from '../../src-preload/contract.ts';
import { createGatewayClient } from '../gateway/index.ts';
import type { FetchLike, GatewayClient } from '../gateway/types.ts';
import { shieldSecret } from './secret-shield.ts';
import type { SettingsService } from './settings.ts';

export interface ProfileClient {
  client: GatewayClient;
  profile: ProfileView;
}

export type GatewayAccess = (profileId?: string) => ProfileClient;

export function createGatewayAccess(settings: SettingsService, fetch: FetchLike): GatewayAccess {
  return (profileId) => {
    const { profile, apiKey } = settings.credentials(profileId);
    const client = createGatewayClient({
      baseUrl: profile.baseUrl,
      apiKey,
      vendorKeyHeader: profile.vendorKeyHeader,
      extraHeaders: profile.extraHeaders,
      fetch,
    });
    return { client: shieldSecret(client, apiKey), profile };
  };
}
