import { Activity, type ReactElement, Suspense, useDeferredValue, useEffect, useReducer } from 'react';
import { NoticeBanner } from '../components/NoticeBanner.tsx';
import { UpdateBanner } from '../maintenance/UpdateBanner.tsx';
import { SCREENS } from '../screens.ts';
import { useFirstScreenShown, useMarkFirstScreen } from '../startup/first-screen.ts';
import { type Loadable, prefetchAtIdle } from '../startup/prefetch.ts';
import { useAppStore } from '../store/index.ts';
import type { PanelId } from '../store/navigation.ts';
import { PanelLoading } from './PanelLoading.tsx';
import { profileMenu } from './ProfileSwitcher.tsx';
import { PANEL_VIEWS, panelDrawable } from './panel-views.ts';
import { PANELS } from './panels.ts';
import { Sidebar } from './Sidebar.tsx';
import { shellWords } from './strings.ts';
import { usePanelShortcuts } from './usePanelShortcuts.ts';
import './Shell.css';

// Each panel's element, made once: re-rendering the shell (the click marks its nav item) leaves the
// panels' trees alone.
const PANEL_ELEMENTS = Object.fromEntries(
  PANELS.map(({ id }) => {
    const View = PANEL_VIEWS[id].Component;
    return [id, <View key={id} />];
  }),
) as Record<PanelId, ReactElement>;

const withPanel = (kept: ReadonlySet<PanelId>, id: PanelId): ReadonlySet<PanelId> =>
  kept.has(id) ? kept : new Set([...kept, id]);

/** The window's frame: sidebar on the left, the current panel on the right. */
export function Shell() {
  const t = shellWords.useT();
  // The panel drawn follows the one chosen a moment later: the click marks its nav item at once, and the
  // chosen panel is built in a background render that yields every few milliseconds, so opening a panel
  // holding thousands of saved items is never one long task (issue 19).
  const panel = useDeferredValue(useAppStore((s) => s.panel));
  // The panels in the page: the one shown, and each other one once its code has loaded (at idle after the
  // first screen), drawn hidden in React's lowest-priority background render (`Activity`), with its saved
  // list's first page. Choosing one then only reveals it: its first showing is one commit, not the build of
  // the whole panel (issue 19: 170–240 ms from the click to the list). A panel left stays drawn, hidden,
  // with what it showed; its effects (listeners, players, timers) stop while hidden and start again when
  // shown, as at a mount.
  const [kept, keep] = useReducer(withPanel, panel, (first) => new Set([first]));
  useEffect(() => keep(panel), [panel]);
  usePanelShortcuts();
  useMarkFirstScreen();
  // The frame is the first screen: the panel's code is requested once it is up; the other panels', the
  // profile menu's and the welcome's (shown again if the last profile is removed) after that, at idle.
  const firstScreenShown = useFirstScreenShown();
  useEffect(() => {
    const drawnWhenLoaded = PANELS.map(
      ({ id }): Loadable => ({ preload: () => panelDrawable(id).then(() => keep(id)) }),
    );
    return prefetchAtIdle(
      [...drawnWhenLoaded, profileMenu, SCREENS.welcome],
      PANEL_VIEWS[useAppStore.getState().panel],
    );
  }, []);
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
        {firstScreenShown
          ? PANELS.map(({ id }) =>
              id === panel || kept.has(id) ? (
                <Activity key={id} mode={id === panel ? 'visible' : 'hidden'}>
                  <div className="shell__panel" data-panel={id}>
                    <Suspense fallback={loading}>{PANEL_ELEMENTS[id]}</Suspense>
                  </div>
                </Activity>
              ) : null,
            )
          : loading}
      </main>
    </div>
  );
}
