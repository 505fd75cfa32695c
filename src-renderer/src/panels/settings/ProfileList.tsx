import { CircleCheck, KeyRound, Plus } from 'lucide-react';
import { IconButton } from '../../components/Button.tsx';
import { ProfileAvatar } from '../../shell/ProfileAvatar.tsx';
import { useAppStore } from '../../store/index.ts';
import { selectProfiles } from '../../store/settings.ts';
import { hostOf } from '../../util/url.ts';
import { settingsWords } from './strings.ts';

/** Every profile, the active one marked; choosing one opens it in the editor. */
export function ProfileList() {
  const t = settingsWords.useT();
  const profiles = useAppStore(selectProfiles);
  const activeId = useAppStore((s) => s.settings?.activeProfileId ?? null);
  const selection = useAppStore((s) => s.selection);
  const select = useAppStore((s) => s.select);
  return (
    <div className="profile-list">
      <div className="profile-list__header">
        <h2 className="profile-list__title">{t('list.title')}</h2>
        <IconButton
          icon={Plus}
          label={t('list.new')}
          size="sm"
          onClick={() => select({ kind: 'new' })}
          data-testid="new-profile"
        />
      </div>
      <ul className="profile-list__items" data-testid="profile-list">
        {profiles.map((profile) => {
          const selected = selection?.kind === 'profile' && selection.id === profile.id;
          const active = profile.id === activeId;
          return (
            <li key={profile.id}>
              <button
                type="button"
                className="profile-list__item"
                aria-current={selected ? 'true' : undefined}
                data-testid="profile-item"
                data-id={profile.id}
                data-profile-name={profile.name}
                onClick={() => select({ kind: 'profile', id: profile.id })}
              >
                <ProfileAvatar name={profile.name} size={28} />
                <span className="profile-list__text">
                  <span className="one-line profile-list__name">{profile.name}</span>
                  <span className="one-line profile-list__host">{hostOf(profile.baseUrl)}</span>
                </span>
                {profile.hasKey ? null : (
                  <span
                    className="profile-list__marker profile-list__marker--warning"
                    title={t('list.noKeyYet')}
                  >
                    <KeyRound size={13} aria-hidden />
                    <span className="visually-hidden">{t('list.noKey')}</span>
                  </span>
                )}
                {active ? (
                  <span
                    className="profile-list__marker profile-list__marker--active"
                    title={t('list.activeProfile')}
                    data-testid="active-badge"
                  >
                    <CircleCheck size={15} aria-hidden />
                    <span className="visually-hidden">{t('list.active')}</span>
                  </span>
                ) : null}
              </button>
            </li>
          );
        })}
        {selection?.kind === 'new' ? (
          <li>
            <div className="profile-list__item profile-list__item--draft" aria-current="true">
              <span className="profile-list__draft-icon" aria-hidden>
                <Plus size={14} />
              </span>
              <span className="profile-list__text">
                <span className="one-line profile-list__name">{t('list.draftName')}</span>
                <span className="one-line profile-list__host">{t('list.draftHost')}</span>
              </span>
            </div>
          </li>
        ) : null}
      </ul>
    </div>
  );
}
