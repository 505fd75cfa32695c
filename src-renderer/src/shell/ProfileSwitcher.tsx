import { ChevronsUpDown } from 'lucide-react';
import { Suspense, useEffect, useId, useRef, useState } from 'react';
import { preloadable } from '../startup/preloadable.ts';
import { useAppStore } from '../store/index.ts';
import { selectActiveProfile } from '../store/settings.ts';
import { hostOf } from '../util/url.ts';
import { ProfileAvatar } from './ProfileAvatar.tsx';
import { shellWords } from './strings.ts';

/** The open menu, fetched at idle after the first screen (see Shell) or when first opened. */
export const profileMenu = preloadable(() =>
  import('./ProfileMenu.tsx').then((module) => module.ProfileMenu),
);

/** The active profile at the foot of the sidebar; opens a menu to switch profiles or manage them. */
export function ProfileSwitcher() {
  const t = shellWords.useT();
  const active = useAppStore(selectActiveProfile);
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) triggerRef.current?.focus();
  };

  // Close on a click anywhere else.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  return (
    <div className="profile-switcher" ref={rootRef}>
      {open ? (
        <Suspense fallback={null}>
          <profileMenu.Component id={menuId} onClose={close} />
        </Suspense>
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
              <span className="one-line profile-switcher__name">{active.name}</span>
              <span className="one-line profile-switcher__host">{hostOf(active.baseUrl)}</span>
            </span>
          </>
        ) : (
          <span className="profile-switcher__text">
            <span className="one-line profile-switcher__name">{t('profiles.noneActive')}</span>
            <span className="one-line profile-switcher__host">{t('profiles.chooseOne')}</span>
          </span>
        )}
        <ChevronsUpDown size={15} className="profile-switcher__chevron" aria-hidden />
      </button>
    </div>
  );
}
