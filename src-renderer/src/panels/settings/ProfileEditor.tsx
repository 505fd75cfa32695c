import { Check, Copy, Trash } from 'lucide-react';
import { useState } from 'react';
import type { ProfileView } from '../../../../src-preload/contract.ts';
import { deleteProfile, duplicateProfile } from '../../actions/profiles.ts';
import { setActiveProfile } from '../../actions/settings.ts';
import { Button } from '../../components/Button.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ProfileAvatar } from '../../shell/ProfileAvatar.tsx';
import { useAppStore } from '../../store/index.ts';
import { cssString, focusAfterRemoval } from '../../util/focus.ts';
import { ConnectionSection } from './ConnectionSection.tsx';
import { KeySection } from './KeySection.tsx';
import { ProfileForm } from './ProfileForm.tsx';
import { SettingsSection } from './SettingsSection.tsx';
import { settingsWords } from './strings.ts';

/** The profile list's places, for where focus goes once a profile is deleted. */
const PROFILE_PLACES = {
  scope: '[data-testid="profile-list"]',
  row: (id: string) => `[data-testid="profile-item"][data-id=${cssString(id)}]`,
  empty: [],
  // The last profile gone: the welcome screen comes back.
  elsewhere: '[data-testid="welcome"] h1',
};

/**
 * Deletes a profile; its editor goes with it, so focus goes to the next profile in the list (else the
 * previous; else, the last one gone, the welcome screen's heading) rather than falling to the page.
 */
async function deleteAndRefocus(id: string): Promise<boolean> {
  const keys = useAppStore.getState().settings?.profiles.map((profile) => profile.id) ?? [];
  const done = await deleteProfile(id);
  if (done) void focusAfterRemoval(PROFILE_PLACES, keys, id);
  return done;
}

/** The right-hand side of Settings for one saved profile: its header, fields, key and connection test. */
export function ProfileEditor({ profile }: { profile: ProfileView }) {
  const t = settingsWords.useT();
  const isActive = useAppStore((s) => s.settings?.activeProfileId === profile.id);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [busy, setBusy] = useState<'active' | 'duplicate' | null>(null);

  const run = async (what: 'active' | 'duplicate', action: () => Promise<boolean>) => {
    setBusy(what);
    await action();
    setBusy(null);
  };

  return (
    <div className="profile-editor" data-testid="profile-editor">
      <header className="profile-editor__header">
        <ProfileAvatar name={profile.name} size={40} />
        <div className="profile-editor__heading">
          <h2 className="one-line profile-editor__name" data-testid="editor-title">
            {profile.name}
          </h2>
          <p className="profile-editor__url mono" data-selectable>
            {profile.baseUrl}
          </p>
        </div>
        <div className="profile-editor__actions">
          {isActive ? (
            <span className="badge badge--accent badge--lg">
              <Check size={13} aria-hidden /> {t('editor.active')}
            </span>
          ) : (
            <Button
              variant="secondary"
              busy={busy === 'active'}
              onClick={() => run('active', () => setActiveProfile(profile.id))}
              data-testid="set-active"
            >
              {t('editor.useProfile')}
            </Button>
          )}
          <Button
            variant="ghost"
            icon={Copy}
            busy={busy === 'duplicate'}
            onClick={() => run('duplicate', () => duplicateProfile(profile.id))}
            data-testid="duplicate-profile"
          >
            {t('editor.duplicate')}
          </Button>
          <Button
            variant="danger-ghost"
            icon={Trash}
            onClick={() => setConfirmDelete(true)}
            data-testid="delete-profile"
          >
            {t('editor.delete')}
          </Button>
        </div>
      </header>

      <SettingsSection
        title={t('editor.gatewayTitle')}
        description={t('editor.gatewayDescription')}
        testId="details-section"
      >
        {/* Remounting on every save resets the draft to what main stored (normalised URL and all). */}
        <ProfileForm key={`${profile.id}:${profile.updatedAt}`} mode="edit" profile={profile} />
      </SettingsSection>
      <KeySection profile={profile} />
      <ConnectionSection profile={profile} />

      <ConfirmDialog
        open={confirmDelete}
        title={t('editor.deleteTitle', { name: profile.name })}
        icon={Trash}
        confirmLabel={t('editor.deleteConfirm')}
        testId="confirm-delete"
        onClose={() => setConfirmDelete(false)}
        onConfirm={() => deleteAndRefocus(profile.id)}
      >
        <p>{isActive ? t('editor.deleteBodyActive') : t('editor.deleteBody')}</p>
      </ConfirmDialog>
    </div>
  );
}

/** The editor's state for a profile that does not exist yet. */
export function NewProfileEditor() {
  const t = settingsWords.useT();
  const select = useAppStore((s) => s.select);
  const activeId = useAppStore((s) => s.settings?.activeProfileId ?? s.settings?.profiles[0]?.id ?? null);
  return (
    <div className="profile-editor" data-testid="profile-editor">
      <header className="profile-editor__header">
        <div className="profile-editor__heading">
          <h2 className="one-line profile-editor__name" data-testid="editor-title">
            {t('editor.newTitle')}
          </h2>
          <p className="profile-editor__subtitle">{t('editor.newSubtitle')}</p>
        </div>
      </header>
      <SettingsSection title={t('editor.gatewayTitle')} testId="details-section">
        <ProfileForm
          mode="create"
          onCreated={() => {}}
          onCancel={() => select(activeId ? { kind: 'profile', id: activeId } : null)}
        />
      </SettingsSection>
    </div>
  );
}
