// The key-value store behind settings. electron-store in the app; its base library `conf` in tests
// (same class underneath, no Electron needed).

/** The subset of conf / electron-store the settings service uses. */
export interface SettingsStore {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  delete(key: string): void;
  readonly path: string;
}

/** Opens the store in `directory` with the given file name (without `.json`). */
export type SettingsStoreFactory = (options: { directory: string; name: string }) => SettingsStore;
