// The models each profile's gateway lists, for the model fields of every panel. Main caches the listing;
// the store keeps what the renderer was last told, per profile and per version of that profile.
import type { StateCreator } from 'zustand';
import type { AppError, CatalogueModel } from '../../../src-preload/contract.ts';
import type { AppState } from './index.ts';

export type CatalogueState =
  | { status: 'loading'; profileUpdatedAt: string }
  | { status: 'ready'; profileUpdatedAt: string; models: CatalogueModel[] }
  | { status: 'failed'; profileUpdatedAt: string; error: AppError };

export interface CatalogueSlice {
  catalogues: Record<string, CatalogueState>;
  setCatalogue(profileId: string, state: CatalogueState): void;
}

const NO_MODELS: readonly CatalogueModel[] = [];

/** The active profile's models as last listed (none while loading, failed, or without a profile). */
export function activeCatalogueModels(state: AppState): readonly CatalogueModel[] {
  return catalogueModelsOf(state, undefined);
}

/** A profile's models as last listed; `undefined`: the active profile's. */
export function catalogueModelsOf(state: AppState, profileId: string | undefined): readonly CatalogueModel[] {
  const id = profileId ?? state.settings?.activeProfileId;
  const catalogue = id ? state.catalogues[id] : undefined;
  return catalogue?.status === 'ready' ? catalogue.models : NO_MODELS;
}

export const createCatalogueSlice: StateCreator<AppState, [], [], CatalogueSlice> = (set) => ({
  catalogues: {},
  setCatalogue: (profileId, state) =>
    set((current) => ({ catalogues: { ...current.catalogues, [profileId]: state } })),
});
