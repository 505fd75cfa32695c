// The interface's language: shown from the start in the remembered choice, and switched at once when the
// user picks another in Settings (no restart). Main hears the choice with the other prefs and switches its
// menus too (src-main/ipc/handlers/prefs.ts).
import {
  type InterfaceLanguage,
  type LanguageChoice,
  resolveLanguage,
} from '../../../src-preload/contract.ts';
import { call } from '../api.ts';
import { showLanguage } from '../i18n/index.ts';
import { useAppStore } from '../store/index.ts';
import { flushPrefs, setPrefs } from './prefs.ts';

/** The OS's preferred languages, as main reads them; fixed for the window's lifetime. */
let systemLanguages: readonly string[] = [];

/**
 * Shows the remembered language once the choices are loaded, then follows changes. The returned promise
 * settles when the first language is shown: the page renders after it, so it never flashes English first.
 */
export async function followInterfaceLanguage(prefsLoaded: Promise<unknown>): Promise<void> {
  const [info] = await Promise.all([call('app.info'), prefsLoaded.catch(() => {})]);
  if (info.ok) systemLanguages = info.data.systemLanguages;
  let shown = useAppStore.getState().prefs.interface.language;
  useAppStore.subscribe(({ prefs }) => {
    if (prefs.interface.language === shown) return;
    shown = prefs.interface.language;
    void showLanguage(resolveLanguage(shown, systemLanguages));
  });
  await showLanguage(resolveLanguage(shown, systemLanguages));
}

/** What "as the system" means on this computer. */
export function systemLanguage(): InterfaceLanguage {
  return resolveLanguage('system', systemLanguages);
}

/** The user picked a language: shown at once, remembered, and main told now rather than after the delay. */
export function chooseLanguage(choice: LanguageChoice): void {
  setPrefs({ interface: { language: choice } });
  void flushPrefs();
}
