import { AppMark } from '../components/AppMark.tsx';
import { NavList } from './NavList.tsx';
import { ProfileSwitcher } from './ProfileSwitcher.tsx';

export function Sidebar() {
  return (
    <aside className="sidebar">
      <div className="sidebar__brand">
        <AppMark size={26} />
        <span className="sidebar__name">Gateway Studio</span>
      </div>
      <NavList />
      <div className="sidebar__footer">
        <ProfileSwitcher />
      </div>
    </aside>
  );
}
