// The interface's languages (issue 18 item 5): which exist, and which one a choice means on this machine.
// Main and the page both resolve a choice with `resolveLanguage` from the same input (the OS's preferred
// languages, which main reads and hands over in `app.info`), so menus and page always agree.

export const INTERFACE_LANGUAGES = ['en', 'zh-CN'] as const;
export type InterfaceLanguage = (typeof INTERFACE_LANGUAGES)[number];

/** What the user chose in Settings: one of the languages, or whatever the OS prefers. */
export const LANGUAGE_CHOICES = ['system', ...INTERFACE_LANGUAGES] as const;
export type LanguageChoice = (typeof LANGUAGE_CHOICES)[number];

/** Each language named in itself, as language menus do: a reader finds their own whatever is shown now. */
export const LANGUAGE_NAMES: Record<InterfaceLanguage, string> = {
  en: 'English',
  'zh-CN': '简体中文',
};

const DEFAULT_LANGUAGE: InterfaceLanguage = 'en';

/**
 * The language a choice means, given the OS's preferred languages in order (BCP 47 tags, as Electron's
 * `app.getPreferredSystemLanguages()` gives them). The first one the interface speaks wins. Any Chinese
 * (`zh`, `zh-Hans-CN`, also `zh-TW`) reads Simplified Chinese: closer to a Traditional reader than English.
 */
export function resolveLanguage(
  choice: LanguageChoice,
  systemLanguages: readonly string[],
): InterfaceLanguage {
  if (choice !== 'system') return choice;
  for (const tag of systemLanguages) {
    const primary = tag.toLowerCase().split(/[-_]/)[0];
    if (primary === 'zh') return 'zh-CN';
    if (primary === 'en') return 'en';
  }
  return DEFAULT_LANGUAGE;
}

/** i18next's plural forms: `models_one`, `models_other` are one key, `models`, given a `count`. */
type PluralBase<K extends string> =
  K extends `${infer Base}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}` ? Base : K;

/** Every key of a nested catalogue, dotted (`menu.file`): what a typed `t` accepts. */
export type CatalogueKey<T> = {
  [K in keyof T & string]: T[K] extends string ? PluralBase<K> : `${K}.${CatalogueKey<T[K]>}`;
}[keyof T & string];
