// The model catalogue of each profile: both listings merged, cached in memory and on disk so the
// pickers fill instantly after a restart, and refreshed on request.
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type {
  AppError,
  Catalogue,
  CatalogueModel,
  ConnectionReport,
  FamilyCheck,
} from '../../src-preload/contract.ts';
import { AppFailure, toAppError } from '../app-failure.ts';
import { mergeCatalogue } from '../gateway/index.ts';
import { writeFileAtomic } from './atomic-file.ts';
import type { GatewayAccess } from './gateway-access.ts';

const cachedSchema = z.object({
  profileId: z.string(),
  baseUrl: z.string(),
  models: z.array(z.object({ id: z.string() }).passthrough()),
  fetchedAt: z.string(),
  errors: z.record(z.string(), z.unknown()),
});

export interface CatalogueService {
  list(profileId: string | undefined, refresh: boolean): Promise<Catalogue>;
  testConnection(profileId: string | undefined): Promise<ConnectionReport>;
  /** Drops a profile's cached listing (its address or key changed, or it was deleted). */
  forget(profileId: string): void;
}

type Listing =
  | { ok: true; models: CatalogueModel[]; ms: number }
  | { ok: false; error: AppError; ms: number };

async function timed(list: () => Promise<CatalogueModel[]>): Promise<Listing> {
  const started = performance.now();
  try {
    const models = await list();
    return { ok: true, models, ms: Math.round(performance.now() - started) };
  } catch (error) {
    return { ok: false, error: toAppError(error), ms: Math.round(performance.now() - started) };
  }
}

function check(listing: Listing): FamilyCheck {
  return listing.ok
    ? { ok: true, latencyMs: listing.ms, modelCount: listing.models.length }
    : { ok: false, latencyMs: listing.ms, error: listing.error };
}

export function createCatalogueService(access: GatewayAccess, cacheDir: string): CatalogueService {
  const memory = new Map<string, Catalogue & { baseUrl: string }>();
  const fileOf = (profileId: string) => join(cacheDir, `catalogue-${encodeURIComponent(profileId)}.json`);

  const fetchBoth = async (profileId: string | undefined) => {
    const { client, profile } = access(profileId);
    const [v1, v1beta] = await Promise.all([
      timed(() => client.listModelsV1()),
      timed(() => client.listModelsV1beta()),
    ]);
    return { profile, v1, v1beta };
  };

  const readCache = async (profileId: string, baseUrl: string) => {
    const inMemory = memory.get(profileId);
    if (inMemory?.baseUrl === baseUrl) return inMemory;
    try {
      const parsed = cachedSchema.parse(JSON.parse(await readFile(fileOf(profileId), 'utf8')));
      if (parsed.baseUrl !== baseUrl) return null;
      const catalogue = parsed as unknown as Catalogue & { baseUrl: string };
      memory.set(profileId, catalogue);
      return catalogue;
    } catch {
      return null; // No cache, or an unreadable one: list afresh.
    }
  };

  return {
    async list(profileId, refresh) {
      const { profile } = access(profileId);
      if (!refresh) {
        const cached = await readCache(profile.id, profile.baseUrl);
        if (cached) {
          const { baseUrl: _baseUrl, ...catalogue } = cached;
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
      memory.set(profile.id, { ...catalogue, baseUrl: profile.baseUrl });
      await writeFileAtomic(fileOf(profile.id), JSON.stringify({ ...catalogue, baseUrl: profile.baseUrl }));
      return catalogue;
    },

    async testConnection(profileId) {
      const { v1, v1beta } = await fetchBoth(profileId);
      return { v1: check(v1), v1beta: check(v1beta) };
    },

    forget(profileId) {
      memory.delete(profileId);
      void rm(fileOf(profileId), { force: true });
    },
  };
}
