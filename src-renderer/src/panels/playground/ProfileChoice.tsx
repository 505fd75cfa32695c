import { useId } from 'react';
import type { ProfileView } from '../../../../src-preload/contract.ts';
import { updateSetup } from '../../actions/playground.ts';
import { useAppStore } from '../../store/index.ts';
import { parametersWords } from './parameters-strings.ts';

const NO_PROFILES: readonly ProfileView[] = [];

interface ProfileChoiceProps {
  conversationId: string;
  /** The profile the conversation names; absent: whichever is active. */
  profileId: string | undefined;
  /** What a screen reader calls the field (a comparison has one per column). */
  label: string;
  className: string;
}

/**
 * Which gateway a conversation asks: a profile of its own (a comparison's column, or a conversation
 * continued from one), or whichever profile is active. A profile deleted since is said so, to be replaced.
 */
export function ProfileChoice({ conversationId, profileId, label, className }: ProfileChoiceProps) {
  const t = parametersWords.useT();
  const profiles = useAppStore((s) => s.settings?.profiles ?? NO_PROFILES);
  const activeName = useAppStore(
    (s) => s.settings?.profiles.find((p) => p.id === s.settings?.activeProfileId)?.name ?? null,
  );
  const id = useId();
  const missing = profileId !== undefined && !profiles.some((profile) => profile.id === profileId);
  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <select
        id={id}
        className={`input ${className}`}
        value={profileId ?? ''}
        onChange={(event) => updateSetup(conversationId, { profileId: event.target.value || undefined })}
        data-testid="column-profile"
      >
        <option value="">
          {activeName ? t('setup.activeNamed', { name: activeName }) : t('setup.activeProfile')}
        </option>
        {profiles.map((profile) => (
          <option key={profile.id} value={profile.id}>
            {profile.name}
          </option>
        ))}
        {missing ? <option value={profileId}>{t('setup.deletedProfile')}</option> : null}
      </select>
    </>
  );
}
