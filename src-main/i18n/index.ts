// Main's own words — menus, message boxes, hints in errors — in the interface's language (issue 18 item 5).
// One i18next instance for the process, as there is one application menu: the language is the app's, and
// `setInterfaceLanguage` (from the remembered choice, src-main/ipc/handlers/prefs.ts) changes it for every
// later message; listeners (the menu) rebuild what is already shown. Catalogues: ./locales/<language>.json,
// the same keys in each (test/unit/i18n/catalogues.test.ts).
import i18next from 'i18next';
import type { CatalogueKey, InterfaceLanguage } from '../../src-preload/contract.ts';
import type { Say } from '../../src-preload/profile-field-rules.ts';
import { GATEWAY_CATALOGUES, setTranslator, type Words } from '../gateway/words.ts';
import en from './locales/en.json' with { type: 'json' };
import zhCN from './locales/zh-CN.json' with { type: 'json' };

export type MainKey = CatalogueKey<typeof en>;

export const MAIN_CATALOGUES: Record<InterfaceLanguage, object> = { en, 'zh-CN': zhCN };

const instance = i18next.createInstance();
void instance.init({
  resources: Object.fromEntries(
    Object.entries(MAIN_CATALOGUES).map(([language, catalogue]) => [
      language,
      { main: catalogue, gateway: GATEWAY_CATALOGUES[language as InterfaceLanguage] },
    ]),
  ),
  lng: 'en',
  fallbackLng: 'en',
  ns: ['main', 'gateway'],
  defaultNS: 'main',
  // Plain text for menus and message boxes, never HTML: nothing to escape.
  interpolation: { escapeValue: false },
  // The catalogues are bundled: ready at once, so a message built before the first await is translated.
  initAsync: false,
});

/**
 * The gateway client's own words (gateway/words.ts), rendered when a failure becomes what the renderer is told
 * (`GatewayError.toAppError`, which main's failures share): its catalogues are a namespace of this instance.
 * A key the catalogue of the language lacks reads in English (`fallbackLng`), never as the raw key.
 */
function gatewayText(words: Words): string {
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(words.values ?? {}))
    values[name] = typeof value === 'object' ? gatewayText(value) : value;
  return instance.t(words.key, { ...values, ns: 'gateway' });
}

setTranslator({
  text: gatewayText,
  // Chinese sentences end in 。 and follow one another without a space; English ones take one.
  join: (sentences) => sentences.join(instance.language === 'zh-CN' ? '' : ' '),
});

const listeners = new Set<(language: InterfaceLanguage) => void>();

/** A message of main's in the interface's language; `values` fill its `{{placeholders}}`. */
export function t(key: MainKey, values?: Record<string, string | number>): string {
  return instance.t(key, values ?? {});
}

export function interfaceLanguage(): InterfaceLanguage {
  return instance.language as InterfaceLanguage;
}

/** Changes the language of every later message, and tells the listeners (if it changed). */
export function setInterfaceLanguage(language: InterfaceLanguage): void {
  if (language === instance.language) return;
  void instance.changeLanguage(language);
  for (const listener of listeners) listener(language);
}

/** Hears each change of language; returns the function that stops listening. */
export function onInterfaceLanguage(listener: (language: InterfaceLanguage) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Main's translator for the profile field rules shared with the Settings form (profile-field-rules.ts). */
export const sayFieldRule: Say = (key, values) => t(key as MainKey, values);
