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

export const createCatalogueSlice: StateCreator<AppState, [], [], CatalogueSlice> = (set) => ({
  catalogues: {},
  setCatalogue: (profileId, state) =>
    set((current) => ({ catalogues: { ...current.catalogues, [profileId]: state } })),
});
