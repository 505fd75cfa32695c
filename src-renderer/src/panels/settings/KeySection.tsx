import { KeyRound, Lock, RefreshCw, ShieldOff, Trash } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { ProfileView } from '../../../../src-preload/contract.ts';
import { apiKeyProblem } from '../../../../src-preload/profile-field-rules.ts';
import { removeProfileKey, setProfileKey } from '../../actions/profiles.ts';
import { Button } from '../../components/Button.tsx';
import { Callout } from '../../components/Callout.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { useAppStore } from '../../store/index.ts';
import { selectEncryption } from '../../store/settings.ts';
import { SecretInput } from './SecretInput.tsx';
import { SettingsSection } from './SettingsSection.tsx';

/**
 * The profile's API key. Write-only from here: once stored, only its last four characters come back
 * (`keyTail`), and the input is emptied the moment main has it.
 */
export function KeySection({ profile }: { profile: ProfileView }) {
  const encryption = useAppStore(selectEncryption);
  const [replacing, setReplacing] = useState(false);
  const [confirmRemove, setConfirmRemove] = useState(false);

  // Another profile, another key: never carry an open "replace" across.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the profile changes
  useEffect(() => setReplacing(false), [profile.id]);

  const unavailable = encryption?.backend === 'unavailable';
  return (
    <SettingsSection
      title="API key"
      description="Stored on this computer and sent only to this profile's gateway."
      testId="key-section"
    >
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
              Replace
            </Button>
            <Button
              size="sm"
              variant="danger-ghost"
              icon={Trash}
              onClick={() => setConfirmRemove(true)}
              data-testid="key-remove"
            >
              Remove
            </Button>
          </div>
        </div>
      ) : unavailable ? (
        <Callout tone="warning" title="A key cannot be stored on this system" testId="key-unavailable">
          The operating system offers no keychain or secure storage that Gateway Studio can use, so it will
          not keep an API key here. On Linux, installing and unlocking a keyring (such as GNOME Keyring or
          KWallet) and restarting the app fixes this.
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
        title="Remove the API key?"
        icon={Trash}
        confirmLabel="Remove key"
        testId="confirm-remove-key"
        onClose={() => setConfirmRemove(false)}
        onConfirm={() => removeProfileKey(profile.id)}
      >
        <p>
          The key ending in <strong className="mono">{profile.keyTail}</strong> is deleted from this computer.
          Calls through <strong>{profile.name}</strong> will fail until you add a key again.
        </p>
      </ConfirmDialog>
    </SettingsSection>
  );
}

function StorageNote({ storage }: { storage: ProfileView['keyStorage'] }) {
  if (storage === 'basic_text')
    return (
      <span className="key-stored__note key-stored__note--warning">
        <ShieldOff size={12} aria-hidden /> Obfuscated, not encrypted (no system keychain)
      </span>
    );
  return (
    <span className="key-stored__note">
      <Lock size={12} aria-hidden /> Encrypted by the system keychain
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
      setError('Paste the API key first.');
      inputRef.current?.focus();
      return;
    }
    // Main's rule, said here too: an invisible character pasted along is otherwise hard to find.
    const problem = apiKeyProblem(trimmed);
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
        {replacing ? 'New API key' : 'API key'}
      </label>
      <div className="key-entry__row">
        <SecretInput
          ref={inputRef}
          id={inputId}
          placeholder={replacing ? 'Paste the new key' : 'Paste your API key'}
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
            Cancel
          </Button>
        ) : null}
        <Button type="submit" variant="primary" busy={busy} data-testid="key-save">
          {replacing ? 'Replace key' : 'Save key'}
        </Button>
      </div>
      {error ? <p className="key-entry__error">{error}</p> : null}
      {!replacing ? (
        <p className="key-entry__hint">No key stored yet. Calls to the gateway need one.</p>
      ) : null}
    </form>
  );
}
