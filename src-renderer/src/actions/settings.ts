// Settings as the window starts with them: load, follow main's changes, dismiss a start-up notice,
// switch the active profile. Editing profiles is in profiles.ts, loaded with the screens that edit them.
import type { Result, SettingsState } from '../../../src-preload/contract.ts';
import { call, subscribe } from '../api.ts';
import { useAppStore } from '../store/index.ts';
import { toastError, toastSuccess } from './feedback.ts';

export async function loadSettings(): Promise<void> {
  const result = await call('settings.get');
  if (result.ok) useAppStore.getState().applySettings(result.data);
  else useAppStore.getState().setSettingsLoadError(result.error);
}

/** Keeps the store in step when main changes settings on its own (another window, a startup repair). */
export function followSettingsChanges(): () => void {
  return subscribe('settings.changed', (state) => useAppStore.getState().applySettings(state));
}

/** Folds settings main answered with into the store, or shows its error; true when it succeeded. */
export function applyState(result: Result<SettingsState>): boolean {
  if (!result.ok) {
    toastError(result.error);
    return false;
  }
  useAppStore.getState().applySettings(result.data);
  return true;
}

export async function setActiveProfile(id: string, options: { quiet?: boolean } = {}): Promise<boolean> {
  const result = await call('profiles.setActive', { id });
  if (!applyState(result)) return false;
  if (!options.quiet) {
    const name = result.ok ? result.data.profiles.find((p) => p.id === id)?.name : undefined;
    // Settings' words load with Settings, not with the first screen (this module is part of it).
    const { settingsWords } = await import('../panels/settings/strings.ts');
    const { t } = settingsWords;
    toastSuccess(t('toasts.activeChanged'), name ? t('toasts.activeChangedDetail', { name }) : undefined);
  }
  return true;
}

export async function dismissNotice(id: string): Promise<void> {
  applyState(await call('settings.dismissNotice', { id }));
}
