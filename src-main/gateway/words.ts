// The gateway client's own words: the messages and hints it writes itself (never the gateway's text, which is
// shown as the gateway wrote it). Each is a key of the client's catalogues (./locales/<language>.json), with
// values for its {{placeholders}}. The client imports nothing of the app, so it does not translate: a
// `GatewayError` keeps its words beside their English text (what the client's logic and tests read), and
// `GatewayError.toAppError` — the one place a failure becomes what the renderer is told — renders them with
// the translator main installs (src-main/i18n, in the interface's language). Without one (unit tests, Node
// scripts) they read in English, from the English catalogue.
import type { CatalogueKey } from '../../src-preload/contract.ts';
import english from './locales/en.json' with { type: 'json' };
import zhCN from './locales/zh-CN.json' with { type: 'json' };

/** The client's catalogues, by interface language: main's i18n registers them; the catalogue test checks them. */
export const GATEWAY_CATALOGUES = { en: english, 'zh-CN': zhCN } as const;

export type GatewayWordKey = CatalogueKey<typeof english>;

/** A value of a placeholder: a figure, a text as it is (a host name, a model's limit), or words of their own. */
export type WordValue = string | number | Words;

/** Words of the client's, by key: rendered when the failure reaches the renderer. */
export interface Words {
  readonly key: GatewayWordKey;
  readonly values?: Readonly<Record<string, WordValue>>;
}

/** What a message or a hint is made of: words of the client's, or text as it is (the gateway's, or main's). */
export type Phrase = string | Words;

export function words(key: GatewayWordKey, values?: Readonly<Record<string, WordValue>>): Words {
  return values === undefined ? { key } : { key, values };
}

export function isWords(phrase: unknown): phrase is Words {
  return typeof phrase === 'object' && phrase !== null && typeof (phrase as Words).key === 'string';
}

/** Renders words in one language: main's i18n (which also knows how that language joins sentences). */
export interface Translator {
  text(words: Words): string;
  /** Sentences of one hint as one text (English puts a space between them, Chinese does not). */
  join(sentences: readonly string[]): string;
}

function lookUp(catalogue: object, key: string): string | undefined {
  let node: unknown = catalogue;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Fills `{{name}}` with the values, each rendered by `render` when it is words of its own. */
export function fill(
  template: string,
  values: Readonly<Record<string, WordValue>> | undefined,
  render: (words: Words) => string,
): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => {
    const value = values?.[name];
    if (value === undefined) return whole;
    return isWords(value) ? render(value) : String(value);
  });
}

/** Words as the English catalogue says them. */
export function inEnglish(phrase: Phrase): string {
  if (!isWords(phrase)) return phrase;
  return fill(lookUp(english, phrase.key) ?? phrase.key, phrase.values, inEnglish);
}

export const ENGLISH: Translator = {
  text: inEnglish,
  join: (sentences) => sentences.join(' '),
};

let translator: Translator = ENGLISH;

/** Main installs its translator here (once, at start); `null` goes back to English. */
export function setTranslator(next: Translator | null): void {
  translator = next ?? ENGLISH;
}

/** A message in the interface's language: words rendered, text as it is. */
export function render(phrase: Phrase): string {
  return isWords(phrase) ? translator.text(phrase) : phrase;
}

/** A hint's sentences in the interface's language, joined as that language joins them. */
export function renderAll(phrases: readonly Phrase[]): string {
  return translator.join(phrases.map(render));
}

/** A hint's sentences in English, joined by spaces: what the client's own logic reads. */
export function englishOf(phrases: readonly Phrase[]): string {
  return ENGLISH.join(phrases.map(inEnglish));
}

/**
 * The values of `key`'s words inside `text`, in whichever language the text was rendered in (a failure the
 * page holds comes back in the interface's language); `undefined` when the text is not those words.
 * Only for words whose placeholders are plain figures.
 */
export function readBack(key: GatewayWordKey, text: string): Record<string, string> | undefined {
  for (const catalogue of Object.values(GATEWAY_CATALOGUES)) {
    const template = lookUp(catalogue, key);
    if (template === undefined) continue;
    const names: string[] = [];
    const pattern = template
      .split(/\{\{\s*(\w+)\s*\}\}/)
      .map((piece, index) => {
        if (index % 2 === 0) return piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        names.push(piece);
        return '([\\d.]+)';
      })
      .join('');
    const match = new RegExp(pattern).exec(text);
    if (match) return Object.fromEntries(names.map((name, i) => [name, match[i + 1]!]));
  }
  return undefined;
}
