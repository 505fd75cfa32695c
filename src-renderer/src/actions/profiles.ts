// Profile actions: call main, fold the answer into the store, tell the user. Each returns whether it
// succeeded so a form can decide what to do next (clear a key field, close a dialog); none of them ever
// keeps a key anywhere but in the call it makes.
import type { AppError, ProfileFields, ProfileSaved, Result } from '../../../src-preload/contract.ts';
import { call } from '../api.ts';
import { settingsWords } from '../panels/settings/strings.ts';
import { useAppStore } from '../store/index.ts';
import { toastError, toastSuccess } from './feedback.ts';
import { applyState, setActiveProfile } from './settings.ts';

function applySaved(saved: ProfileSaved): void {
  const store = useAppStore.getState();
  store.applySettings(saved.state);
  store.setProfileWarnings(saved.profile.id, saved.warnings);
}

function needsConsentFirst(): boolean {
  const encryption = useAppStore.getState().settings?.encryption;
  return encryption?.backend === 'basic_text' && !encryption.plaintextConsent;
}

/**
 * Runs a call that stores a key. Where the OS has no keychain the user is asked first; if main still
 * answers `plaintext_consent_required` (its state moved on), the user is asked and the call retried once.
 * `null` means the user said no.
 */
async function withKeyConsent<T>(run: () => Promise<Result<T>>): Promise<Result<T> | null> {
  if (needsConsentFirst() && !(await grantConsent())) return null;
  const first = await run();
  if (first.ok || first.error.code !== 'plaintext_consent_required') return first;
  if (!(await grantConsent())) return null;
  return run();
}

async function grantConsent(): Promise<boolean> {
  const allow = await useAppStore.getState().askPlaintextConsent();
  if (!allow) return false;
  const result = await call('settings.setPlaintextConsent', { allow: true });
  return applyState(result);
}

export interface SaveOutcome {
  ok: boolean;
  error?: AppError;
}

export async function createProfile(fields: ProfileFields, apiKey: string): Promise<SaveOutcome> {
  const input = apiKey ? { ...fields, apiKey } : fields;
  const result = apiKey
    ? await withKeyConsent(() => call('profiles.create', input))
    : await call('profiles.create', input);
  if (!result) return { ok: false };
  if (!result.ok) {
    toastError(result.error);
    return { ok: false, error: result.error };
  }
  applySaved(result.data);
  const store = useAppStore.getState();
  store.select({ kind: 'profile', id: result.data.profile.id });
  // The first profile becomes the one the panels use; main decides, but make sure of it.
  if (!result.data.state.activeProfileId) await setActiveProfile(result.data.profile.id, { quiet: true });
  toastSuccess(settingsWords.t('toasts.saved'), warningNote(result.data.warnings));
  return { ok: true };
}

/** The warnings themselves are shown beside the field they concern; the toast only points there. */
function warningNote(warnings: string[]): string | undefined {
  if (warnings.length === 0) return undefined;
  return warnings.length === 1
    ? settingsWords.t('toasts.savedWarning')
    : settingsWords.t('toasts.savedWarnings');
}

export async function updateProfile(id: string, fields: ProfileFields): Promise<SaveOutcome> {
  const result = await call('profiles.update', { id, fields });
  if (!result.ok) {
    toastError(result.error);
    return { ok: false, error: result.error };
  }
  applySaved(result.data);
  useAppStore.getState().setConnectionCheck(id, null);
  toastSuccess(settingsWords.t('toasts.saved'), warningNote(result.data.warnings));
  return { ok: true };
}

export async function duplicateProfile(id: string): Promise<boolean> {
  const result = await call('profiles.duplicate', { id });
  if (!result.ok) {
    toastError(result.error);
    return false;
  }
  applySaved(result.data);
  useAppStore.getState().select({ kind: 'profile', id: result.data.profile.id });
  toastSuccess(
    settingsWords.t('toasts.duplicated'),
    settingsWords.t('toasts.duplicatedDetail', { name: result.data.profile.name }),
  );
  return true;
}

export async function deleteProfile(id: string): Promise<boolean> {
  const name =
    useAppStore.getState().settings?.profiles.find((p) => p.id === id)?.name ??
    settingsWords.t('toasts.deletedFallbackName');
  const result = await call('profiles.delete', { id });
  if (!applyState(result)) return false;
  useAppStore.getState().setConnectionCheck(id, null);
  toastSuccess(settingsWords.t('toasts.deleted'), settingsWords.t('toasts.deletedDetail', { name }));
  return true;
}

/** Stores a key for a profile. The caller clears its input when this resolves true. */
export async function setProfileKey(id: string, apiKey: string, replacing: boolean): Promise<boolean> {
  const result = await withKeyConsent(() => call('profiles.setKey', { id, apiKey }));
  if (!result) return false;
  if (!result.ok) {
    toastError(result.error);
    return false;
  }
  applySaved(result.data);
  useAppStore.getState().setConnectionCheck(id, null);
  toastSuccess(replacing ? settingsWords.t('toasts.keyReplaced') : settingsWords.t('toasts.keySaved'));
  return true;
}

export async function removeProfileKey(id: string): Promise<boolean> {
  const result = await call('profiles.removeKey', { id });
  if (!result.ok) {
    toastError(result.error);
    return false;
  }
  applySaved(result.data);
  useAppStore.getState().setConnectionCheck(id, null);
  toastSuccess(settingsWords.t('toasts.keyRemoved'));
  return true;
}

export async function testConnection(profileId: string): Promise<void> {
  const store = useAppStore.getState();
  store.setConnectionCheck(profileId, { status: 'running' });
  const result = await call('gateway.testConnection', { profileId });
  useAppStore
    .getState()
    .setConnectionCheck(
      profileId,
      result.ok
        ? { status: 'done', report: result.data, at: Date.now() }
        : { status: 'failed', error: result.error, at: Date.now() },
    );
}
