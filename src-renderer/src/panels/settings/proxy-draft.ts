// The Proxy field's state while it is edited, and what it sends to main. The window never holds a stored
// proxy password: a stored sign-in is kept (nothing sent), replaced (both fields typed) or removed.
import type { ProxyFields, ProxyMode, ProxyView } from '../../../../src-preload/contract.ts';
import { proxyUrlProblem } from '../../../../src-preload/profile-field-rules.ts';
import { sayFieldRule, settingsWords } from './strings.ts';

export interface ProxyDraft {
  mode: ProxyMode;
  url: string;
  /** What happens to the sign-in: kept as stored, replaced by the typed one, or removed. */
  signIn: 'keep' | 'replace' | 'remove';
  username: string;
  password: string;
}

export function proxyDraftFrom(view: ProxyView | undefined): ProxyDraft {
  return {
    mode: view?.mode ?? 'system',
    url: view?.url ?? '',
    signIn: 'keep',
    username: '',
    password: '',
  };
}

/** The first problem to fix before saving, or `null` (main checks the same and has the last word). */
export function proxyDraftProblem(draft: ProxyDraft): string | null {
  if (draft.mode !== 'manual') return null;
  const urlProblem = proxyUrlProblem(draft.url.trim(), sayFieldRule);
  if (urlProblem !== null) return urlProblem;
  if (draft.signIn === 'replace' && draft.username.trim() === '') {
    return settingsWords.t('rules.proxyUserMissing');
  }
  return null;
}

export function isProxyDraftChanged(draft: ProxyDraft, saved: ProxyView): boolean {
  if (draft.mode !== saved.mode) return true;
  if (draft.mode !== 'manual') return false;
  return draft.url.trim() !== (saved.url ?? '') || draft.signIn !== 'keep';
}

export function proxyFieldsFrom(draft: ProxyDraft): ProxyFields {
  if (draft.mode !== 'manual') return { mode: draft.mode };
  const url = draft.url.trim();
  if (draft.signIn === 'remove') return { mode: 'manual', url, credentials: null };
  if (draft.signIn === 'replace') {
    return {
      mode: 'manual',
      url,
      credentials: { username: draft.username.trim(), password: draft.password },
    };
  }
  return { mode: 'manual', url };
}

/** A line for the folded "Advanced options" summary, or `null` for the default (the system's proxy). */
export function proxySummary(draft: ProxyDraft): string | null {
  const { t } = settingsWords;
  if (draft.mode === 'none') return t('summary.noProxy');
  if (draft.mode === 'manual')
    return t('summary.proxy', { address: draft.url.trim() || t('summary.noAddress') });
  return null;
}
