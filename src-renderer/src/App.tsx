import { RefreshCw } from 'lucide-react';
import { loadSettings } from './actions/settings.ts';
import { AppMark } from './components/AppMark.tsx';
import { Button } from './components/Button.tsx';
import { PlaintextConsentDialog } from './components/PlaintextConsentDialog.tsx';
import { Toasts } from './components/Toasts.tsx';
import { Shell } from './shell/Shell.tsx';
import { useAppStore } from './store/index.ts';
import { Welcome } from './welcome/Welcome.tsx';

/** Chooses the screen: loading, a load failure, the first-run welcome, or the app itself. */
export function App() {
  const loaded = useAppStore((s) => s.settings !== null);
  const hasProfiles = useAppStore((s) => (s.settings?.profiles.length ?? 0) > 0);
  const loadError = useAppStore((s) => s.settingsLoadError);
  return (
    <>
      {loaded ? hasProfiles ? <Shell /> : <Welcome /> : loadError ? <LoadFailed /> : <Starting />}
      <PlaintextConsentDialog />
      <Toasts />
    </>
  );
}

function Starting() {
  return (
    <div className="app-status" aria-busy="true">
      <AppMark size={40} />
    </div>
  );
}

function LoadFailed() {
  const error = useAppStore((s) => s.settingsLoadError);
  return (
    <div className="app-status" role="alert" data-testid="load-failed">
      <AppMark size={40} />
      <p className="app-status__title">Gateway Studio could not read its settings</p>
      <p className="app-status__text">{error?.message}</p>
      {error?.hint ? <p className="app-status__text">{error.hint}</p> : null}
      <Button icon={RefreshCw} onClick={() => loadSettings()}>
        Try again
      </Button>
    </div>
  );
}
