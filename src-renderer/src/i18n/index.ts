// The page's words in the interface's language (issue 18 item 5), with i18next and react-i18next.
// English is bundled with the first screen; another language's catalogue is its own chunk, loaded once when
// it is first chosen. The language follows the remembered choice (`prefs.interface.language`) resolved
// against the OS's languages from `app.info`, as main resolves it for its menus (languages.ts).
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import type { CatalogueKey, InterfaceLanguage } from '../../../src-preload/contract.ts';
import en from './locales/en.json' with { type: 'json' };

export type RendererKey = CatalogueKey<typeof en>;

/** Loads a catalogue other than English: each its own chunk, fetched the first time it is used. */
const LOADERS: Record<Exclude<InterfaceLanguage, 'en'>, () => Promise<{ default: object }>> = {
  'zh-CN': () => import('./locales/zh-CN.json'),
};

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: { en: { translation: en } },
  lng: 'en',
  fallbackLng: 'en',
  // React escapes what it renders: i18next must not escape it first.
  interpolation: { escapeValue: false },
  initAsync: false,
  // The catalogue is in memory before a component renders: nothing to suspend for.
  react: { useSuspense: false },
});

/** Switches the page to `language`, loading its catalogue first if needed; English if it cannot load. */
export async function showLanguage(language: InterfaceLanguage): Promise<void> {
  let shown = language;
  if (language !== 'en' && !i18n.hasResourceBundle(language, 'translation')) {
    try {
      const { default: catalogue } = await LOADERS[language]();
      i18n.addResourceBundle(language, 'translation', catalogue);
    } catch {
      shown = 'en';
    }
  }
  await i18n.changeLanguage(shown);
  // Screen readers pick their voice by it; fonts pick their glyphs (CJK shapes differ by language).
  document.documentElement.lang = shown;
}

/** `t` for components: typed keys, re-rendering when the language changes. */
export function useT(): (key: RendererKey, values?: Record<string, string | number>) => string {
  const { t } = useTranslation();
  return (key, values) => t(key, values ?? {});
}

/** `t` outside components (actions, toasts): the language of the moment. */
export function translate(key: RendererKey, values?: Record<string, string | number>): string {
  return i18n.t(key, values ?? {});
}
