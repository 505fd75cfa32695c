import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { followInterfaceLanguage } from './actions/interface-language.ts';
import { followOpenedFiles } from './actions/opened-files.ts';
import { flushPrefs, loadPrefs } from './actions/prefs.ts';
import { followSettingsChanges, loadSettings } from './actions/settings.ts';
import { subscribe } from './api.ts';
import { installWindowDiagnostics } from './maintenance/window-diagnostics.ts';
import { useStreamStore } from './store/streams.ts';
import './styles/tokens.css';
import './styles/base.css';
import './styles/app.css';
import './styles/controls.css';
import './styles/surfaces.css';

// Subscriptions live for the whole window, outside React, so a re-render never drops an event.
// First, so an error anywhere after it reaches main's log (issue 18, item 7).
installWindowDiagnostics();
followSettingsChanges();
subscribe('stream.batch', (batch) => useStreamStore.getState().applyStreamBatch(batch));
const prefsLoaded = loadPrefs();
// Files the OS asked the app to open go to the Transcribe queue once settings and choices are in.
followOpenedFiles(Promise.all([loadSettings(), prefsLoaded]));
const languageShown = followInterfaceLanguage(prefsLoaded);
// Choices changed in the last moment before closing are still saved.
window.addEventListener('beforeunload', () => void flushPrefs());

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// Rendered in the remembered language from the first frame (one round trip to main for it).
void languageShown.finally(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
