import { Suspense, useDeferredValue, useEffect, useMemo } from 'react';
import { NoticeBanner } from '../components/NoticeBanner.tsx';
import { UpdateBanner } from '../maintenance/UpdateBanner.tsx';
import { SCREENS } from '../screens.ts';
import { useFirstScreenShown, useMarkFirstScreen } from '../startup/first-screen.ts';
import { prefetchAtIdle } from '../startup/prefetch.ts';
import { useAppStore } from '../store/index.ts';
import { PanelLoading } from './PanelLoading.tsx';
import { profileMenu } from './ProfileSwitcher.tsx';
import { PANEL_VIEWS } from './panel-views.ts';
import { PANELS } from './panels.ts';
import { Sidebar } from './Sidebar.tsx';
import { shellWords } from './strings.ts';
import { usePanelShortcuts } from './usePanelShortcuts.ts';
import './Shell.css';

/** The window's frame: sidebar on the left, the current panel on the right. */
export function Shell() {
  const t = shellWords.useT();
  // The panel drawn follows the one chosen a moment later: the click marks its nav item at once, and the
  // chosen panel is built in a background render that yields every few milliseconds, so opening a panel
  // holding thousands of saved items is never one long task (issue 19).
  const panel = useDeferredValue(useAppStore((s) => s.panel));
  usePanelShortcuts();
  useMarkFirstScreen();
  // The frame is the first screen: the panel's code is requested once it is up; the other panels', the
  // profile menu's and the welcome's (shown again if the last profile is removed) after that, at idle.
  const firstScreenShown = useFirstScreenShown();
  useEffect(
    () =>
      prefetchAtIdle(
        [...Object.values(PANEL_VIEWS), profileMenu, SCREENS.welcome],
        PANEL_VIEWS[useAppStore.getState().panel],
      ),
    [],
  );
  const View = PANEL_VIEWS[panel].Component;
  // The same element while the panel is the same: the click that chooses another panel re-renders the
  // shell at once (its nav item), and a new `<View />` would re-render the whole panel being left with it.
  const view = useMemo(() => <View />, [View]);
  const info = PANELS.find((p) => p.id === panel);
  const label = t(`panels.${panel}`);
  const fill = info?.layout === 'fill';
  const loading = <PanelLoading label={label} />;
  return (
    <div className="shell">
      <Sidebar />
      <main
        className={fill ? 'shell__content shell__content--fill' : 'shell__content'}
        aria-label={label}
        data-testid={`panel-${panel}`}
      >
        <UpdateBanner />
        <NoticeBanner />
        <Suspense fallback={loading}>{firstScreenShown ? view : loading}</Suspense>
      </main>
    </div>
  );
}
