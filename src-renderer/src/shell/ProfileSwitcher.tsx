import { Check, ChevronsUpDown, Plus, Settings } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { setActiveProfile } from '../actions/settings.ts';
import { useAppStore } from '../store/index.ts';
import { selectActiveProfile, selectProfiles } from '../store/settings.ts';
import { hostOf } from '../util/url.ts';
import { ProfileAvatar } from './ProfileAvatar.tsx';

/** The active profile at the foot of the sidebar; opens a menu to switch profiles or manage them. */
export function ProfileSwitcher() {
  const active = useAppStore(selectActiveProfile);
  const profiles = useAppStore(selectProfiles);
  const showPanel = useAppStore((s) => s.showPanel);
  const select = useAppStore((s) => s.select);
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) triggerRef.current?.focus();
  };

  // Focus the checked item when the menu opens; close on a click anywhere else.
  useEffect(() => {
    if (!open) return;
    const items = menuItems(menuRef.current);
    (items.find((item) => item.getAttribute('aria-checked') === 'true') ?? items[0])?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

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
      close(event.key === 'Escape');
    }
  };

  const choose = async (id: string) => {
    close(true);
    if (id !== active?.id) await setActiveProfile(id);
  };

  const manage = (selection: 'new' | 'current') => {
    close(false);
    select(selection === 'new' ? { kind: 'new' } : active ? { kind: 'profile', id: active.id } : null);
    showPanel('settings');
  };

  return (
    <div className="profile-switcher" ref={rootRef}>
      {open ? (
        <div
          className="profile-menu"
          role="menu"
          id={menuId}
          aria-label="Switch profile"
          ref={menuRef}
          tabIndex={-1}
          onKeyDown={onMenuKeyDown}
          data-testid="profile-menu"
        >
          <p className="profile-menu__heading">Profiles</p>
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
                  <span className="profile-menu__name">{profile.name}</span>
                  <span className="profile-menu__host">{hostOf(profile.baseUrl)}</span>
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
            New profile…
          </button>
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className="profile-menu__item profile-menu__item--action"
            onClick={() => manage('current')}
          >
            <Settings size={15} aria-hidden />
            Manage profiles
          </button>
        </div>
      ) : null}
      <button
        ref={triggerRef}
        type="button"
        className="profile-switcher__trigger"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        data-testid="profile-switcher"
        onClick={() => setOpen((value) => !value)}
      >
        {active ? (
          <>
            <ProfileAvatar name={active.name} size={28} />
            <span className="profile-switcher__text">
              <span className="profile-switcher__name">{active.name}</span>
              <span className="profile-switcher__host">{hostOf(active.baseUrl)}</span>
            </span>
          </>
        ) : (
          <span className="profile-switcher__text">
            <span className="profile-switcher__name">No active profile</span>
            <span className="profile-switcher__host">Choose one</span>
          </span>
        )}
        <ChevronsUpDown size={15} className="profile-switcher__chevron" aria-hidden />
      </button>
    </div>
  );
}

function menuItems(menu: HTMLElement | null): HTMLElement[] {
  return menu ? Array.from(menu.querySelectorAll<HTMLElement>('[role^="menuitem"]')) : [];
}
