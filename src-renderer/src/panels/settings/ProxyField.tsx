import type { ProxyMode } from '../../../../src-preload/contract.ts';
import { Button } from '../../components/Button.tsx';
import type { ProxyDraft } from './proxy-draft.ts';
import { SecretInput } from './SecretInput.tsx';
import { settingsWords } from './strings.ts';
import './network.css';

// Catalogue keys, translated at render.
const MODES: ReadonlyArray<{ value: ProxyMode; words: 'proxy.system' | 'proxy.none' | 'proxy.manual' }> = [
  { value: 'system', words: 'proxy.system' },
  { value: 'none', words: 'proxy.none' },
  { value: 'manual', words: 'proxy.manual' },
];

/** The same proxy as main tells it: scheme, host and port (network/proxy-setting.ts, `applyProxyEdit`). */
function sameProxy(typed: string, saved: string): boolean {
  const text = typed.trim();
  if (!URL.canParse(text)) return false;
  const a = new URL(text);
  const b = new URL(saved);
  return a.protocol === b.protocol && a.host === b.host;
}

/**
 * Typing a sign-in where none is stored means: store this one (and a password alone is then pointed out,
 * not dropped); emptying both fields again means: none. Once "Replace" was pressed, it stays a replacement.
 */
function signInAfterTyping(
  username: string,
  password: string,
  hasStoredSignIn: boolean,
): ProxyDraft['signIn'] {
  if (hasStoredSignIn) return 'replace';
  return username === '' && password === '' ? 'keep' : 'replace';
}

interface ProxyFieldProps {
  idPrefix: string;
  draft: ProxyDraft;
  /**
   * The saved manual proxy's address when a sign-in is stored for it (never the password: the window
   * does not get it), else `null`.
   */
  signInStoredFor: string | null;
  error?: string;
  onChange(next: Partial<ProxyDraft>): void;
}

/**
 * How this profile's calls reach the gateway: the operating system's proxy settings (what the browser
 * uses), none, or a proxy of its own with an optional sign-in, stored encrypted like the key.
 */
export function ProxyField({ idPrefix, draft, signInStoredFor, error, onChange }: ProxyFieldProps) {
  const t = settingsWords.useT();
  // Main keeps a sign-in only with the proxy it was entered for (its scheme, host and port).
  const hasStoredSignIn = signInStoredFor !== null && sameProxy(draft.url, signInStoredFor);
  const showSignInFields = draft.signIn === 'replace' || (!hasStoredSignIn && draft.signIn === 'keep');
  return (
    <div className="proxy-field" data-testid="proxy-field">
      <div className="segmented" data-testid="proxy-mode">
        {MODES.map((option) => (
          <label key={option.value} className="segmented__option">
            <input
              type="radio"
              name={`${idPrefix}-proxy-mode`}
              value={option.value}
              checked={draft.mode === option.value}
              onChange={() => onChange({ mode: option.value })}
            />
            <span className="segmented__label">{t(option.words)}</span>
          </label>
        ))}
      </div>
      {draft.mode === 'manual' ? (
        <>
          <input
            id={`${idPrefix}-proxy-url`}
            className="input input--mono"
            aria-label={t('proxy.address')}
            placeholder={t('proxy.addressPlaceholder')}
            value={draft.url}
            spellCheck={false}
            autoComplete="off"
            inputMode="url"
            aria-invalid={error ? true : undefined}
            onChange={(event) => onChange({ url: event.target.value })}
            data-testid="proxy-url"
          />
          {signInStoredFor !== null && !hasStoredSignIn && draft.signIn !== 'replace' ? (
            <p className="proxy-field__note" data-testid="proxy-sign-in-dropped">
              {t('proxy.signInDropped', { address: signInStoredFor })}
            </p>
          ) : null}
          {hasStoredSignIn && draft.signIn !== 'replace' ? (
            <div className="proxy-field__stored">
              <span data-testid="proxy-sign-in-state">
                {draft.signIn === 'remove' ? t('proxy.willRemove') : t('proxy.stored')}
              </span>
              <Button variant="ghost" size="sm" onClick={() => onChange({ signIn: 'replace' })}>
                {t('proxy.replace')}
              </Button>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => onChange({ signIn: draft.signIn === 'remove' ? 'keep' : 'remove' })}
              >
                {draft.signIn === 'remove' ? t('proxy.keep') : t('proxy.remove')}
              </Button>
            </div>
          ) : null}
          {showSignInFields ? (
            <div className="proxy-field__sign-in">
              <input
                className="input input--mono"
                aria-label={t('proxy.userLabel')}
                placeholder={t('proxy.userPlaceholder')}
                value={draft.username}
                spellCheck={false}
                autoComplete="off"
                onChange={(event) =>
                  onChange({
                    username: event.target.value,
                    signIn: signInAfterTyping(event.target.value, draft.password, hasStoredSignIn),
                  })
                }
                data-testid="proxy-username"
              />
              <SecretInput
                aria-label={t('proxy.passwordLabel')}
                placeholder={t('proxy.passwordPlaceholder')}
                value={draft.password}
                onChange={(event) =>
                  onChange({
                    password: event.target.value,
                    signIn: signInAfterTyping(draft.username, event.target.value, hasStoredSignIn),
                  })
                }
                data-testid="proxy-password"
              />
            </div>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
