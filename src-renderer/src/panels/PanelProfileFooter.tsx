import { KeyRound, Server } from 'lucide-react';
import { Button } from '../components/Button.tsx';
import { useAppStore } from '../store/index.ts';
import { selectActiveProfile } from '../store/settings.ts';
import { hostOf } from '../util/url.ts';

/** Under an empty state: which gateway the panel will use, or what is missing before it can. */
export function PanelProfileFooter() {
  const active = useAppStore(selectActiveProfile);
  const showPanel = useAppStore((s) => s.showPanel);
  const select = useAppStore((s) => s.select);
  const openSettings = () => {
    if (active) select({ kind: 'profile', id: active.id });
    showPanel('settings');
  };
  if (!active) {
    return (
      <>
        <span className="panel-footer__line">
          <Server size={14} aria-hidden /> No profile is active.
        </span>
        <Button size="sm" variant="ghost" onClick={openSettings}>
          Choose a profile
        </Button>
      </>
    );
  }
  return (
    <>
      <span className="panel-footer__line">
        <Server size={14} aria-hidden />
        <span>
          Uses <strong>{active.name}</strong> · <span className="mono">{hostOf(active.baseUrl)}</span>
        </span>
      </span>
      {active.hasKey ? null : (
        <Button size="sm" variant="secondary" icon={KeyRound} onClick={openSettings}>
          Add an API key
        </Button>
      )}
    </>
  );
}
