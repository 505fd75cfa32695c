import type { StateCreator } from 'zustand';
import type {
  AppError,
  ConnectionReport,
  ProfileView,
  SettingsState,
} from '../../../src-preload/contract.ts';
import type { AppState } from './index.ts';

/** What the settings editor shows: a saved profile, or the form for a new one. */
export type ProfileSelection = { kind: 'profile'; id: string } | { kind: 'new' };

export type ConnectionCheck =
  | { status: 'running' }
  | { status: 'done'; report: ConnectionReport; at: number }
  | { status: 'failed'; error: AppError; at: number };

export interface SettingsSlice {
  /** `null` until the first `settings.get` answers. */
  settings: SettingsState | null;
  settingsLoadError: AppError | null;
  selection: ProfileSelection | null;
  /** Remarks main returned with the last save of each profile (e.g. plain http to a remote host). */
  profileWarnings: Record<string, string[]>;
  connectionChecks: Record<string, ConnectionCheck>;
  applySettings(state: SettingsState): void;
  setSettingsLoadError(error: AppError | null): void;
  select(selection: ProfileSelection | null): void;
  setProfileWarnings(profileId: string, warnings: string[]): void;
  setConnectionCheck(profileId: string, check: ConnectionCheck | null): void;
}

export const createSettingsSlice: StateCreator<AppState, [], [], SettingsSlice> = (set) => ({
  settings: null,
  settingsLoadError: null,
  selection: null,
  profileWarnings: {},
  connectionChecks: {},
  applySettings: (state) =>
    set((current) => ({
      settings: state,
      settingsLoadError: null,
      selection: keepSelection(current, state),
    })),
  setSettingsLoadError: (error) => set({ settingsLoadError: error }),
  select: (selection) => set({ selection }),
  setProfileWarnings: (profileId, warnings) =>
    set((current) => ({ profileWarnings: { ...current.profileWarnings, [profileId]: warnings } })),
  setConnectionCheck: (profileId, check) =>
    set((current) => {
      const next = { ...current.connectionChecks };
      if (check) next[profileId] = check;
      else delete next[profileId];
      return { connectionChecks: next };
    }),
});

/** A selection that points at a deleted profile falls back to the active one (or the first). */
function keepSelection(current: SettingsSlice, state: SettingsState): ProfileSelection | null {
  const selected = current.selection;
  if (selected?.kind === 'new') return selected;
  if (selected && state.profiles.some((p) => p.id === selected.id)) return selected;
  const fallback = state.activeProfileId ?? state.profiles[0]?.id;
  return fallback ? { kind: 'profile', id: fallback } : null;
}

// Selectors return values that keep their identity while the settings do, so components re-render only
// when what they show changed.
export const selectProfiles = (s: AppState): ProfileView[] => s.settings?.profiles ?? EMPTY_PROFILES;
export const selectActiveProfile = (s: AppState): ProfileView | null =>
  s.settings?.profiles.find((p) => p.id === s.settings?.activeProfileId) ?? null;
export const selectProfileById =
  (id: string) =>
  (s: AppState): ProfileView | null =>
    s.settings?.profiles.find((p) => p.id === id) ?? null;
export const selectEncryption = (s: AppState) => s.settings?.encryption ?? null;

const EMPTY_PROFILES: ProfileView[] = [];
