// The model catalogue of each profile: both listings merged, cached in memory and on disk so the
// pickers fill instantly after a restart, and refreshed on request.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type {
  AppError,
  Catalogue,
  CatalogueModel,
  ConnectionReport,
  FamilyCheck,
  ProfileView,
} from '../../src-preload/contract.ts';
import { AppFailure, toAppError } from '../app-failure.ts';
import { mergeCatalogue } from '../gateway/index.ts';
import { t } from '../i18n/index.ts';
import { writeFileAtomic } from './atomic-file.ts';
import type { GatewayAccess } from './gateway-access.ts';
import { readStoredText } from './stored-file.ts';

const cachedSchema = z.object({
  profileId: z.string(),
  stamp: z.string(),
  models: z.array(z.object({ id: z.string() }).passthrough()),
  fetchedAt: z.string(),
  errors: z.record(z.string(), z.unknown()),
});

export interface CatalogueService {
  list(profileId: string | undefined, refresh: boolean): Promise<Catalogue>;
  testConnection(profileId: string | undefined): Promise<ConnectionReport>;
  /** Deletes a profile's cached listing (the profile was deleted). */
  forget(profileId: string): Promise<void>;
}

type Listing =
  | { ok: true; models: CatalogueModel[]; ms: number }
  | { ok: false; error: AppError; ms: number };

/** A model listing is small and quick; a gateway that has not answered by then will not. */
export const LISTING_TIMEOUT_MS = 20_000;
/** Far above any real listing (thousands of models are ~1 MB); a larger cache file is ignored and listed afresh. */
const CACHE_MAX_BYTES = 16 * 1024 * 1024;

async function timed(list: (signal: AbortSignal) => Promise<CatalogueModel[]>): Promise<Listing> {
  const started = performance.now();
  const signal = AbortSignal.timeout(LISTING_TIMEOUT_MS);
  const ms = () => Math.round(performance.now() - started);
  try {
    return { ok: true, models: await list(signal), ms: ms() };
  } catch (error) {
    if (!signal.aborted) return { ok: false, error: toAppError(error), ms: ms() };
    const timeout: AppError = {
      code: 'timeout',
      message: t('errors.catalogue.timeout', { seconds: LISTING_TIMEOUT_MS / 1000 }),
      hint: t('errors.catalogue.timeoutHint'),
    };
    return { ok: false, error: timeout, ms: ms() };
  }
}

function check(listing: Listing): FamilyCheck {
  return listing.ok
    ? { ok: true, latencyMs: listing.ms, modelCount: listing.models.length }
    : { ok: false, latencyMs: listing.ms, error: listing.error };
}

/**
 * A cached listing is valid only for the profile exactly as it was listed: any edit (address, headers,
 * key) changes `updatedAt`, so the next listing goes to the gateway again.
 */
const stampOf = (profile: ProfileView) => `${profile.baseUrl} ${profile.updatedAt}`;

export function createCatalogueService(access: GatewayAccess, cacheDir: string): CatalogueService {
  const memory = new Map<string, Catalogue & { stamp: string }>();
  const fileOf = (profileId: string) => join(cacheDir, `catalogue-${encodeURIComponent(profileId)}.json`);

  const fetchBoth = async (profileId: string | undefined) => {
    const { client, profile, route } = access(profileId);
    const [v1, v1beta] = await Promise.all([
      timed((signal) => client.listModelsV1({ signal })),
      timed((signal) => client.listModelsV1beta({ signal })),
    ]);
    return { profile, v1, v1beta, route };
  };

  const readCache = async (profile: ProfileView) => {
    const stamp = stampOf(profile);
    const inMemory = memory.get(profile.id);
    if (inMemory?.stamp === stamp) return inMemory;
    try {
      // Through the stores' read path: size-limited, and scrubbed of any key an older build cached.
      const stored = await readStoredText(fileOf(profile.id), CACHE_MAX_BYTES);
      if (stored.kind !== 'text') return null;
      const parsed = cachedSchema.parse(JSON.parse(stored.text));
      if (parsed.stamp !== stamp) return null;
      const catalogue = parsed as unknown as Catalogue & { stamp: string };
      memory.set(profile.id, catalogue);
      return catalogue;
    } catch {
      return null; // No cache, or an unreadable one: list afresh.
    }
  };

  return {
    async list(profileId, refresh) {
      const { profile } = access(profileId);
      if (!refresh) {
        const cached = await readCache(profile);
        if (cached) {
          const { stamp: _stamp, ...catalogue } = cached;
          return catalogue;
        }
      }
      const { v1, v1beta } = await fetchBoth(profile.id);
      // Both listings failed: report the /v1 error (the family every feature but content generation uses).
      if (!v1.ok && !v1beta.ok) throw AppFailure.from(v1.error);
      const errors: Catalogue['errors'] = {};
      if (!v1.ok) errors.v1 = v1.error;
      if (!v1beta.ok) errors.v1beta = v1beta.error;
      const catalogue: Catalogue = {
        profileId: profile.id,
        models: mergeCatalogue(v1.ok ? v1.models : [], v1beta.ok ? v1beta.models : []),
        fetchedAt: new Date().toISOString(),
        errors,
      };
      const cached = { ...catalogue, stamp: stampOf(profile) };
      memory.set(profile.id, cached);
      await writeFileAtomic(fileOf(profile.id), JSON.stringify(cached));
      return catalogue;
    },

    async testConnection(profileId) {
      const { v1, v1beta, route } = await fetchBoth(profileId);
      // Asked again after the calls (the system's answer is cached by Chromium, so it is the one they got);
      // when it cannot be worked out, the checks above already say why.
      return { v1: check(v1), v1beta: check(v1beta), route: await route().catch(() => null) };
    },

    async forget(profileId) {
      memory.delete(profileId);
      await rm(fileOf(profileId), { force: true });
    },
  };
}
