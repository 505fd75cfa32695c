// The page's words in the interface's language (issue 18 item 5), with i18next and react-i18next.
// One catalogue per area (namespace) and language: locales/<language>/<namespace>.json. An area's English
// is bundled with the code that shows it (`namespace()` registers it when that code loads), so a panel's
// words load with the panel, not with the first screen. Another language's catalogues are chunks of their
// own, fetched together the first time that language is shown. The language follows the remembered choice
// (`prefs.interface.language`) resolved against the OS's languages from `app.info`, as main resolves it for
// its menus (languages.ts; actions/interface-language.ts).
import i18next from 'i18next';
import { useSyncExternalStore } from 'react';
import { initReactI18next } from 'react-i18next';
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

// ─── Looked-up words, remembered ─────────────────────────────────────────────────────────────────
// i18next resolves every call anew (key path, namespace and language fallbacks, interpolation): 20–50 µs
// on a cold page, and an opened conversation asks ~300 times (each reply's facts, buttons and labels) —
// about a tenth of the open's script (issue 19, traced). The same words with the same values are the same
// string until the language changes or a catalogue arrives, so each answer is kept until then.

const looked = new Map<string, string>();
/** Enough for every label on screen; values that never repeat (a live count) cannot grow it for ever. */
const LOOKED_MOST = 4_000;
/** A catalogue added (a panel's code loaded, another language fetched) or removed can change any answer. */
for (const change of ['added', 'removed'] as const) i18n.store.on(change, () => looked.clear());

// The shown language as an external store: one listener list for every component, where react-i18next's
// `useTranslation` subscribes each instance to i18next's events in an effect of its own.
const languageListeners = new Set<() => void>();
i18n.on('languageChanged', () => {
  looked.clear();
  for (const listener of languageListeners) listener();
});
function subscribeLanguage(listener: () => void): () => void {
  languageListeners.add(listener);
  return () => languageListeners.delete(listener);
}
const shownLanguage = () => i18n.language;

/**
 * The values as a key: each with its type (`3` and `"3"` can be different words: a count chooses a plural)
 * and its text (JSON would write NaN and Infinity both as `null`).
 */
function valuesKey(values: Values): string {
  return JSON.stringify(Object.entries(values).map(([name, value]) => [name, typeof value, String(value)]));
}

function lookUp(ns: Namespace, key: string, values: Values | undefined): string {
  const id = values ? `${ns}:${key}\u0000${valuesKey(values)}` : `${ns}:${key}`;
  let words = looked.get(id);
  if (words === undefined) {
    // i18next's own key types know nothing of our catalogues (they are registered at run time): the keys
    // are checked by `Translate` instead, and i18next is called as the plain function it is underneath.
    words = (i18n.t as unknown as (key: string, options: Values & { ns: string }) => string)(key, {
      ...values,
      ns,
    });
    if (looked.size >= LOOKED_MOST) looked.clear();
    looked.set(id, words);
  }
  return words;
}

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
  const translator = (): Translate<Catalogue> => (key, values) => lookUp(name, key, values);
  const t = translator();
  // One function per language: a memoised component given `t` renders again when the language changes.
  let shown = { language: i18n.language, t };
  return {
    name,
    useT() {
      // The same snapshot on a server render (the unit tests render components to a string).
      const language = useSyncExternalStore(subscribeLanguage, shownLanguage, shownLanguage);
      if (shown.language !== language) shown = { language, t: translator() };
      return shown.t;
    },
    t,
  };
}
