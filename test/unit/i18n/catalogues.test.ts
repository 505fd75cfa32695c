// Every catalogue speaks every key (issue 18 item 5): a key missing from either language, an empty text,
// or a translation that drops or invents a {{placeholder}} fails here, before a user sees a raw key or a
// sentence with a hole in it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GATEWAY_CATALOGUES } from '../../../src-main/gateway/words.ts';
import { MAIN_CATALOGUES } from '../../../src-main/i18n/index.ts';
import { INTERFACE_LANGUAGES } from '../../../src-preload/contract.ts';

/** Dotted key → text, for every leaf of a nested catalogue; a leaf that is not a string is reported. */
function leaves(catalogue: unknown, prefix = ''): Map<string, unknown> {
  const found = new Map<string, unknown>();
  for (const [key, value] of Object.entries(catalogue as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object')
      for (const entry of leaves(value, path)) found.set(...entry);
    else found.set(path, value);
  }
  return found;
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
const pluralBase = (key: string) => key.replace(PLURAL, '');

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]).sort();

const RENDERER_LOCALES = join(import.meta.dirname, '../../../src-renderer/src/i18n/locales');
const rendererFiles = (language: string) => readdirSync(join(RENDERER_LOCALES, language)).sort();
const rendererCatalogue = (language: string, file: string): object =>
  JSON.parse(readFileSync(join(RENDERER_LOCALES, language, file), 'utf8'));

/** Main's catalogues, the gateway client's (its own words in failures), and the page's per area (namespace). */
const SETS: Record<string, Record<string, object>> = {
  main: MAIN_CATALOGUES,
  'gateway client': GATEWAY_CATALOGUES,
  ...Object.fromEntries(
    rendererFiles('en').map((file) => [
      `page's ${file}`,
      Object.fromEntries(
        INTERFACE_LANGUAGES.map((language) => [language, rendererCatalogue(language, file)]),
      ),
    ]),
  ),
};

describe("the page's catalogue files", () => {
  it('are the same areas in every language, each registered in the i18n module', async () => {
    const { NAMESPACES } = await import('../../../src-renderer/src/i18n/index.ts');
    for (const language of INTERFACE_LANGUAGES)
      expect(rendererFiles(language), language).toEqual(rendererFiles('en'));
    expect(rendererFiles('en')).toEqual(NAMESPACES.map((name) => `${name}.json`).sort());
  });
});

describe.each(Object.entries(SETS))('the %s catalogues', (_name, catalogues) => {
  const english = leaves(catalogues.en);

  it('exist for every interface language', () => {
    expect(Object.keys(catalogues).sort()).toEqual([...INTERFACE_LANGUAGES].sort());
  });

  it.each(INTERFACE_LANGUAGES.filter((language) => language !== 'en'))(
    '%s has exactly the keys of English',
    (language) => {
      const translated = new Set([...leaves(catalogues[language]).keys()].map(pluralBase));
      const source = new Set([...english.keys()].map(pluralBase));
      expect(
        [...translated].filter((key) => !source.has(key)),
        'keys English lacks',
      ).toEqual([]);
      expect(
        [...source].filter((key) => !translated.has(key)),
        'keys missing',
      ).toEqual([]);
    },
  );

  it.each([...INTERFACE_LANGUAGES])(
    '%s: a counted text has every plural form the language uses',
    (language) => {
      // English says "1 model, 2 models"; Chinese has one form for every count (CLDR, via Intl.PluralRules).
      const forms = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
      const keys = [...leaves(catalogues[language]).keys()];
      for (const base of new Set(keys.filter((key) => key !== pluralBase(key)).map(pluralBase)))
        for (const form of forms) expect(keys, `${language} ${base}_${form}`).toContain(`${base}_${form}`);
    },
  );

  it.each([...INTERFACE_LANGUAGES])(
    '%s: every text is a non-empty string with the placeholders of English',
    (language) => {
      for (const [key, text] of leaves(catalogues[language])) {
        expect(typeof text === 'string' && text.trim() !== '', `${language} ${key}`).toBe(true);
        const source = english.get(key);
        if (typeof source === 'string')
          expect(placeholders(text as string), `${language} ${key}`).toEqual(placeholders(source));
      }
    },
  );
});
