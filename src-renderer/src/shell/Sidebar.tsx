import { AppMark } from '../components/AppMark.tsx';
import { NavList } from './NavList.tsx';
import { ProfileSwitcher } from './ProfileSwitcher.tsx';
import { APP_NAME } from './strings.ts';

export function Sidebar() {
  return (
    <aside className="sidebar">
      <div className="sidebar__brand">
        <AppMark size={26} />
        <span className="sidebar__name">{APP_NAME}</span>
      </div>
      <NavList />
      <div className="sidebar__footer">
        <ProfileSwitcher />
      </div>
    </aside>
  );
}
