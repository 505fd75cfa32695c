// Loads the active profile's model list when a panel first needs it, and again when the profile changes.
import { call } from '../api.ts';
import { useAppStore } from '../store/index.ts';

/** Asks main for the profile's models unless the store already has them for this version of it. */
export async function ensureCatalogue(profileId: string, options: { refresh?: boolean } = {}): Promise<void> {
  const store = useAppStore.getState();
  const profile = store.settings?.profiles.find((p) => p.id === profileId);
  if (!profile) return;
  const known = store.catalogues[profileId];
  const current = known?.profileUpdatedAt === profile.updatedAt;
  if (current && !options.refresh && known.status !== 'failed') return;
  if (current && known.status === 'loading') return;
  const profileUpdatedAt = profile.updatedAt;
  store.setCatalogue(profileId, { status: 'loading', profileUpdatedAt });
  const result = await call('models.list', { profileId, refresh: options.refresh ?? false });
  useAppStore
    .getState()
    .setCatalogue(
      profileId,
      result.ok
        ? { status: 'ready', profileUpdatedAt, models: result.data.models }
        : { status: 'failed', profileUpdatedAt, error: result.error },
    );
}
