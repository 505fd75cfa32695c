// The choices panels remember between runs (main keeps them in the data folder). The store holds the
// current values so controls answer at once; actions/prefs.ts persists changes.
import type { StateCreator } from 'zustand';
import { DEFAULT_PREFS, type Prefs, type PrefsPatch } from '../../../src-preload/contract.ts';
import type { AppState } from './index.ts';

export interface PrefsSlice {
  /** Defaults until main's saved choices arrive. */
  prefs: Prefs;
  prefsLoaded: boolean;
  applyPrefs(prefs: Prefs): void;
  patchPrefs(patch: PrefsPatch): void;
}

/** Folds `patch` into `base` one section at a time (each section a flat object); pure, for tests. */
export function mergeSections<T extends object>(
  base: T,
  patch: { [K in keyof T]?: Partial<NonNullable<T[K]>> },
): T {
  const next = { ...base } as Record<string, unknown>;
  for (const [section, values] of Object.entries(patch)) {
    next[section] = { ...(next[section] as object | undefined), ...(values as object | undefined) };
  }
  return next as T;
}

export const createPrefsSlice: StateCreator<AppState, [], [], PrefsSlice> = (set) => ({
  prefs: DEFAULT_PREFS,
  prefsLoaded: false,
  applyPrefs: (prefs) => set({ prefs, prefsLoaded: true }),
  patchPrefs: (patch) => set((current) => ({ prefs: mergeSections(current.prefs, patch) })),
});
