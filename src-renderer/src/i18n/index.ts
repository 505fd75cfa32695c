// The page's words in the interface's language (issue 18 item 5), with i18next and react-i18next.
// One catalogue per area (namespace) and language: locales/<language>/<namespace>.json. An area's English
// is bundled with the code that shows it (`namespace()` registers it when that code loads), so a panel's
// words load with the panel, not with the first screen. Another language's catalogues are chunks of their
// own, fetched together the first time that language is shown. The language follows the remembered choice
// (`prefs.interface.language`) resolved against the OS's languages from `app.info`, as main resolves it for
// its menus (languages.ts; actions/interface-language.ts).
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import type { CatalogueKey, InterfaceLanguage } from '../../../src-preload/contract.ts';

/** Every area with words of its own. A new one: its two files, and a line in TRANSLATIONS below. */
export const NAMESPACES = [
  'chat',
  'common',
  'compare',
  'format',
  'history',
  'inspector',
  'parameters',
  'player',
  'settings',
  'shell',
  'speak',
  'transcribe',
  'updates',
  'welcome',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

type Loader = () => Promise<{ default: object }>;

/** The catalogues other than English, each fetched when its language is first shown. */
const TRANSLATIONS: Record<Exclude<InterfaceLanguage, 'en'>, Record<Namespace, Loader>> = {
  'zh-CN': {
    chat: () => import('./locales/zh-CN/chat.json'),
    common: () => import('./locales/zh-CN/common.json'),
    compare: () => import('./locales/zh-CN/compare.json'),
    format: () => import('./locales/zh-CN/format.json'),
    history: () => import('./locales/zh-CN/history.json'),
    inspector: () => import('./locales/zh-CN/inspector.json'),
    parameters: () => import('./locales/zh-CN/parameters.json'),
    player: () => import('./locales/zh-CN/player.json'),
    settings: () => import('./locales/zh-CN/settings.json'),
    shell: () => import('./locales/zh-CN/shell.json'),
    speak: () => import('./locales/zh-CN/speak.json'),
    transcribe: () => import('./locales/zh-CN/transcribe.json'),
    updates: () => import('./locales/zh-CN/updates.json'),
    welcome: () => import('./locales/zh-CN/welcome.json'),
  },
};

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  ns: [],
  resources: {},
  // React escapes what it renders: i18next must not escape it first.
  interpolation: { escapeValue: false },
  initAsync: false,
  // Every catalogue is in memory before a component renders (see `showLanguage`): nothing to suspend for.
  react: { useSuspense: false },
});

/** Switches the page to `language`, fetching its catalogues first; English where they cannot load. */
export async function showLanguage(language: InterfaceLanguage): Promise<void> {
  let shown = language;
  if (language !== 'en') {
    try {
      await Promise.all(
        Object.entries(TRANSLATIONS[language]).map(async ([namespace, load]) => {
          if (i18n.hasResourceBundle(language, namespace)) return;
          i18n.addResourceBundle(language, namespace, (await load()).default);
        }),
      );
    } catch {
      shown = 'en';
    }
  }
  await i18n.changeLanguage(shown);
  // Screen readers pick their voice by it; fonts pick their glyphs (CJK shapes differ by language).
  document.documentElement.lang = shown;
}

type Values = Record<string, string | number>;
export type Translate<Catalogue> = (key: CatalogueKey<Catalogue>, values?: Values) => string;

/**
 * An area's words: registers its English catalogue (bundled with the area's code) and gives a typed hook
 * for components — re-rendering on a change of language — and a plain `t` for actions and toasts.
 */
export interface Words<Catalogue> {
  /** The namespace, for rich text (`Rich`, i18n/rich.tsx). */
  name: Namespace;
  useT(): Translate<Catalogue>;
  t: Translate<Catalogue>;
}

export function namespace<Catalogue extends object>(name: Namespace, english: Catalogue): Words<Catalogue> {
  i18n.addResourceBundle('en', name, english);
  // i18next's own key types know nothing of our catalogues (they are registered at run time): the keys are
  // checked by `Translate` instead, and i18next is called as the plain function it is underneath.
  const plain = (t: unknown) => t as (key: string, options: Values & { ns?: string }) => string;
  return {
    name,
    useT() {
      const { t } = useTranslation(name);
      return (key, values) => plain(t)(key, values ?? {});
    },
    t: (key, values) => plain(i18n.t)(key, { ...values, ns: name }),
  };
}
