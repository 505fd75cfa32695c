import { RefreshCw } from 'lucide-react';
import { Suspense } from 'react';
import { loadSettings } from './actions/settings.ts';
import { AppMark } from './components/AppMark.tsx';
import { Button } from './components/Button.tsx';
import { StatusRegion } from './components/StatusRegion.tsx';
import { commonWords } from './components/strings.ts';
import { Toasts } from './components/Toasts.tsx';
import { SCREENS } from './screens.ts';
import { MountWhenNeeded } from './startup/MountWhenNeeded.tsx';
import { preloadable } from './startup/preloadable.ts';
import { useAppStore } from './store/index.ts';

// Asked only on systems without a keychain, when a key is about to be stored: loaded if ever asked.
const consentDialog = preloadable(() =>
  import('./components/PlaintextConsentDialog.tsx').then((module) => module.PlaintextConsentDialog),
);

/** Chooses the screen: loading, a load failure, the first-run welcome, or the app itself. */
export function App() {
  const loaded = useAppStore((s) => s.settings !== null);
  const hasProfiles = useAppStore((s) => (s.settings?.profiles.length ?? 0) > 0);
  const loadError = useAppStore((s) => s.settingsLoadError);
  const consentAsked = useAppStore((s) => s.consentPrompt !== null);
  return (
    <>
      {loaded ? (
        // The starting screen stays up while the chosen screen's code loads.
        <Suspense fallback={<Starting />}>
          {hasProfiles ? <SCREENS.shell.Component /> : <SCREENS.welcome.Component />}
        </Suspense>
      ) : loadError ? (
        <LoadFailed />
      ) : (
        <Starting />
      )}
      <MountWhenNeeded needed={consentAsked}>
        <consentDialog.Component />
      </MountWhenNeeded>
      <Toasts />
      <StatusRegion />
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
  const t = commonWords.useT();
  const error = useAppStore((s) => s.settingsLoadError);
  return (
    <div className="app-status" role="alert" data-testid="load-failed">
      <AppMark size={40} />
      <p className="app-status__title">{t('loadFailed.title')}</p>
      <p className="app-status__text">{error?.message}</p>
      {error?.hint ? <p className="app-status__text">{error.hint}</p> : null}
      <Button icon={RefreshCw} onClick={() => loadSettings()}>
        {t('tryAgain')}
      </Button>
    </div>
  );
}
