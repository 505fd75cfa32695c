// Choices the panels remember between runs.
import { createPrefsService } from '../../services/prefs.ts';
import type { prefsSchemas } from '../schemas/prefs.ts';
import type { HandlerGroup, HandlerServices } from './index.ts';

export function createPrefsHandlers({
  dataDir,
  settings,
}: HandlerServices): HandlerGroup<keyof typeof prefsSchemas> {
  // A damaged file, or one of a newer build, is reported where the window shows notices: the settings state.
  const prefs = createPrefsService({ dataDir, onNotice: (notice) => settings.addNotice(notice) });
  // Read now rather than at the first `prefs.get`, so the notice is there when the window first asks for
  // the settings state (a notice that comes later shows the next time the window gets that state).
  void prefs.get();
  return {
    'prefs.get': () => prefs.get(),
    'prefs.update': (patch) => prefs.update(patch),
  };
}
