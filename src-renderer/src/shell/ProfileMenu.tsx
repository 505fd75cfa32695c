import { Check, Plus, Settings } from 'lucide-react';
import { type KeyboardEvent, useEffect, useRef } from 'react';
import { setActiveProfile } from '../actions/settings.ts';
import { useAppStore } from '../store/index.ts';
import { selectActiveProfile, selectProfiles } from '../store/settings.ts';
import { hostOf } from '../util/url.ts';
import { ProfileAvatar } from './ProfileAvatar.tsx';
import { shellWords } from './strings.ts';

interface ProfileMenuProps {
  id: string;
  /** Close the menu; `returnFocus` puts focus back on the switcher (Esc, a choice). */
  onClose(returnFocus: boolean): void;
}

/** The profile switcher's open menu: switch profiles, add one, or manage them in Settings. */
export function ProfileMenu({ id, onClose }: ProfileMenuProps) {
  const t = shellWords.useT();
  const active = useAppStore(selectActiveProfile);
  const profiles = useAppStore(selectProfiles);
  const showPanel = useAppStore((s) => s.showPanel);
  const select = useAppStore((s) => s.select);
  const menuRef = useRef<HTMLDivElement>(null);

  // Focus the checked item when the menu opens.
  useEffect(() => {
    const items = menuItems(menuRef.current);
    (items.find((item) => item.getAttribute('aria-checked') === 'true') ?? items[0])?.focus();
  }, []);

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = menuItems(menuRef.current);
    const index = items.indexOf(document.activeElement as HTMLElement);
    const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
    if (step !== 0) {
      event.preventDefault();
      items[(index + step + items.length) % items.length]?.focus();
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      items[event.key === 'Home' ? 0 : items.length - 1]?.focus();
    } else if (event.key === 'Escape' || event.key === 'Tab') {
      if (event.key === 'Escape') event.preventDefault();
      onClose(event.key === 'Escape');
    }
  };

  const choose = async (profileId: string) => {
    onClose(true);
    if (profileId !== active?.id) await setActiveProfile(profileId);
  };

  const manage = (selection: 'new' | 'current') => {
    onClose(false);
    select(selection === 'new' ? { kind: 'new' } : active ? { kind: 'profile', id: active.id } : null);
    showPanel('settings');
  };

  return (
    <div
      className="profile-menu"
      role="menu"
      id={id}
      aria-label={t('profiles.switch')}
      ref={menuRef}
      tabIndex={-1}
      onKeyDown={onMenuKeyDown}
      data-testid="profile-menu"
    >
      <p className="profile-menu__heading">{t('profiles.heading')}</p>
      {profiles.map((profile) => {
        const checked = profile.id === active?.id;
        return (
          <button
            key={profile.id}
            type="button"
            role="menuitemradio"
            aria-checked={checked}
            tabIndex={-1}
            className="profile-menu__item"
            onClick={() => choose(profile.id)}
          >
            <ProfileAvatar name={profile.name} size={22} />
            <span className="profile-menu__text">
              <span className="one-line profile-menu__name">{profile.name}</span>
              <span className="one-line profile-menu__host">{hostOf(profile.baseUrl)}</span>
            </span>
            {checked ? <Check size={15} className="profile-menu__check" aria-hidden /> : null}
          </button>
        );
      })}
      <hr className="profile-menu__separator" />
      <button
        type="button"
        role="menuitem"
        tabIndex={-1}
        className="profile-menu__item profile-menu__item--action"
        onClick={() => manage('new')}
      >
        <Plus size={15} aria-hidden />
        {t('profiles.new')}
      </button>
      <button
        type="button"
        role="menuitem"
        tabIndex={-1}
        className="profile-menu__item profile-menu__item--action"
        onClick={() => manage('current')}
      >
        <Settings size={15} aria-hidden />
        {t('profiles.manage')}
      </button>
    </div>
  );
}

function menuItems(menu: HTMLElement | null): HTMLElement[] {
  return menu ? Array.from(menu.querySelectorAll<HTMLElement>('[role^="menuitem"]')) : [];
}
