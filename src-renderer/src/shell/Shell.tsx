import { NoticeBanner } from '../components/NoticeBanner.tsx';
import { PlaygroundPanel } from '../panels/playground/PlaygroundPanel.tsx';
import { SettingsPanel } from '../panels/settings/SettingsPanel.tsx';
import { SpeakPanel } from '../panels/speak/SpeakPanel.tsx';
import { TranscribePanel } from '../panels/transcribe/TranscribePanel.tsx';
import { useAppStore } from '../store/index.ts';
import type { PanelId } from '../store/navigation.ts';
import { PANELS } from './panels.ts';
import { Sidebar } from './Sidebar.tsx';
import { usePanelShortcuts } from './usePanelShortcuts.ts';
import './Shell.css';

const PANEL_VIEWS: Record<PanelId, () => React.JSX.Element> = {
  transcribe: TranscribePanel,
  speak: SpeakPanel,
  playground: PlaygroundPanel,
  settings: SettingsPanel,
};

/** The window's frame: sidebar on the left, the current panel on the right. */
export function Shell() {
  const panel = useAppStore((s) => s.panel);
  usePanelShortcuts();
  const View = PANEL_VIEWS[panel];
  const info = PANELS.find((p) => p.id === panel);
  const fill = info?.layout === 'fill';
  return (
    <div className="shell">
      <Sidebar />
      <main
        className={fill ? 'shell__content shell__content--fill' : 'shell__content'}
        aria-label={info?.label ?? ''}
        data-testid={`panel-${panel}`}
      >
        <NoticeBanner />
        <View />
      </main>
    </div>
  );
}
