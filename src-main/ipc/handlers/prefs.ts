// Choices the panels remember between runs.
import { type LanguageChoice, type Prefs, resolveLanguage } from '../../../src-preload/contract.ts';
import { setInterfaceLanguage } from '../../i18n/index.ts';
import { createPrefsService } from '../../services/prefs.ts';
import type { prefsSchemas } from '../schemas/prefs.ts';
import type { HandlerGroup, HandlerServices } from './index.ts';

export function createPrefsHandlers({
  dataDir,
  settings,
  appInfo,
}: HandlerServices): HandlerGroup<keyof typeof prefsSchemas> {
  // Main's own words (menus, message boxes) follow the remembered language choice, as the page does.
  const followLanguage = (choice: LanguageChoice) =>
    setInterfaceLanguage(resolveLanguage(choice, appInfo.systemLanguages));
  const applied = (prefs: Prefs): Prefs => {
    followLanguage(prefs.interface.language);
    return prefs;
  };
  // A damaged file, or one of a newer build, is reported where the window shows notices: the settings state.
  const prefs = createPrefsService({ dataDir, onNotice: (notice) => settings.addNotice(notice) });
  // Read now rather than at the first `prefs.get`, so the notice is there when the window first asks for
  // the settings state (a notice that comes later shows the next time the window gets that state).
  void prefs.get().then(applied);
  return {
    'prefs.get': () => prefs.get(),
    'prefs.update': async (patch) => applied(await prefs.update(patch)),
  };
}
