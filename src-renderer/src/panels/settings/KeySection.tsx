import { KeyRound, Lock, RefreshCw, ShieldOff, Trash } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { ProfileView } from '../../../../src-preload/contract.ts';
import { apiKeyProblem } from '../../../../src-preload/profile-field-rules.ts';
import { removeProfileKey, setProfileKey } from '../../actions/profiles.ts';
import { Button } from '../../components/Button.tsx';
import { Callout } from '../../components/Callout.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { Rich } from '../../i18n/rich.tsx';
import { useAppStore } from '../../store/index.ts';
import { selectEncryption } from '../../store/settings.ts';
import { focusWhenReady } from '../../util/focus.ts';
import { SecretInput } from './SecretInput.tsx';
import { SettingsSection } from './SettingsSection.tsx';
import { sayFieldRule, settingsWords } from './strings.ts';

/**
 * The profile's API key. Write-only from here: once stored, only its last four characters come back
 * (`keyTail`), and the input is emptied the moment main has it.
 */
export function KeySection({ profile }: { profile: ProfileView }) {
  const t = settingsWords.useT();
  const encryption = useAppStore(selectEncryption);
  const [replacing, setReplacing] = useState(false);
  const [confirmRemove, setConfirmRemove] = useState(false);

  // Another profile, another key: never carry an open "replace" across.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the profile changes
  useEffect(() => setReplacing(false), [profile.id]);

  const unavailable = encryption?.backend === 'unavailable';
  return (
    <SettingsSection title={t('key.title')} description={t('key.description')} testId="key-section">
      {profile.hasKey && !replacing ? (
        <div className="key-stored">
          <span className="key-stored__icon" aria-hidden>
            <KeyRound size={16} />
          </span>
          <div className="key-stored__text">
            <span className="key-stored__mask mono" data-testid="key-masked">
              •••• {profile.keyTail}
            </span>
            <StorageNote storage={profile.keyStorage} />
          </div>
          <div className="key-stored__actions">
            <Button
              size="sm"
              icon={RefreshCw}
              onClick={() => setReplacing(true)}
              disabled={unavailable}
              data-testid="key-replace"
            >
              {t('key.replace')}
            </Button>
            <Button
              size="sm"
              variant="danger-ghost"
              icon={Trash}
              onClick={() => setConfirmRemove(true)}
              data-testid="key-remove"
            >
              {t('key.remove')}
            </Button>
          </div>
        </div>
      ) : unavailable ? (
        <Callout tone="warning" title={t('key.unavailableTitle')} testId="key-unavailable">
          {t('key.unavailableText')}
        </Callout>
      ) : (
        <KeyEntry
          profileId={profile.id}
          replacing={profile.hasKey}
          onDone={() => setReplacing(false)}
          onCancel={profile.hasKey ? () => setReplacing(false) : undefined}
        />
      )}
      <ConfirmDialog
        open={confirmRemove}
        title={t('key.removeTitle')}
        icon={Trash}
        confirmLabel={t('key.removeConfirm')}
        testId="confirm-remove-key"
        onClose={() => setConfirmRemove(false)}
        onConfirm={async () => {
          const done = await removeProfileKey(profile.id);
          // Its Replace and Remove buttons go with the key: focus goes to the field for a new one.
          if (done)
            void focusWhenReady(() => document.querySelector<HTMLElement>('[data-testid="key-input"]'));
          return done;
        }}
      >
        <p>
          <Rich
            words={settingsWords}
            k="key.removeBody"
            values={{ tail: profile.keyTail ?? '', name: profile.name }}
            components={{ mono: <strong className="mono" />, strong: <strong /> }}
          />
        </p>
      </ConfirmDialog>
    </SettingsSection>
  );
}

function StorageNote({ storage }: { storage: ProfileView['keyStorage'] }) {
  const t = settingsWords.useT();
  if (storage === 'basic_text')
    return (
      <span className="key-stored__note key-stored__note--warning">
        <ShieldOff size={12} aria-hidden /> {t('key.storedObfuscated')}
      </span>
    );
  return (
    <span className="key-stored__note">
      <Lock size={12} aria-hidden /> {t('key.storedEncrypted')}
    </span>
  );
}

interface KeyEntryProps {
  profileId: string;
  replacing: boolean;
  onDone(): void;
  onCancel?: () => void;
}

function KeyEntry({ profileId, replacing, onDone, onCancel }: KeyEntryProps) {
  const t = settingsWords.useT();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [apiKey, setApiKey] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (replacing) inputRef.current?.focus();
  }, [replacing]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = apiKey.trim();
    if (!trimmed) {
      setError(t('key.pasteFirst'));
      inputRef.current?.focus();
      return;
    }
    // Main's rule, said here too: an invisible character pasted along is otherwise hard to find.
    const problem = apiKeyProblem(trimmed, sayFieldRule);
    if (problem !== null) {
      setError(problem);
      inputRef.current?.focus();
      return;
    }
    setBusy(true);
    const saved = await setProfileKey(profileId, trimmed, replacing);
    setBusy(false);
    if (saved) {
      setApiKey('');
      onDone();
    }
  };

  return (
    <form className="key-entry" onSubmit={submit} noValidate>
      <label htmlFor={inputId} className="visually-hidden">
        {replacing ? t('key.newLabel') : t('key.label')}
      </label>
      <div className="key-entry__row">
        <SecretInput
          ref={inputRef}
          id={inputId}
          placeholder={replacing ? t('key.newPlaceholder') : t('key.placeholder')}
          value={apiKey}
          data-testid="key-input"
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            setApiKey(event.target.value);
            setError(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && onCancel) {
              event.preventDefault();
              setApiKey('');
              onCancel();
            }
          }}
        />
        {onCancel ? (
          <Button
            variant="ghost"
            onClick={() => {
              setApiKey('');
              onCancel();
            }}
            disabled={busy}
          >
            {t('key.cancel')}
          </Button>
        ) : null}
        <Button type="submit" variant="primary" busy={busy} data-testid="key-save">
          {replacing ? t('key.replaceKey') : t('key.saveKey')}
        </Button>
      </div>
      {error ? <p className="key-entry__error">{error}</p> : null}
      {!replacing ? <p className="key-entry__hint">{t('key.noneYet')}</p> : null}
    </form>
  );
}
