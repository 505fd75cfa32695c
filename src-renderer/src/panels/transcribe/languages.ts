// Languages the transcription models hear well (ISO-639-1), for the language field's suggestions, and how
// what a person types there becomes a code. The names come from Intl, in the interface's language.
import { i18n } from '../../i18n/index.ts';

export interface Language {
  code: string;
  /** Its English name, which is also what whisper reports (`german`) and what may be typed in any language. */
  englishName: string;
}

/** English names Intl spells differently from how the app has always shown them. */
const ENGLISH_NAMES: Readonly<Record<string, string>> = { mi: 'Maori', tl: 'Tagalog', bn: 'Bengali' };

const CODES = (
  'af ar hy az be bs bg ca zh hr cs da nl en et fi fr gl de el he hi hu is id it ja kn kk ko ' +
  'lv lt mk ms mr mi ne no fa pl pt ro ru sr sk sl es sw sv tl ta th tr uk ur vi cy bn pa te'
).split(' ');

const displayNames = new Map<string, Intl.DisplayNames>();

/** A language's name in `locale` (the interface's language by default), from Intl; the code when unknown. */
export function languageName(code: string, locale: string = i18n.language): string {
  if (locale.startsWith('en') && ENGLISH_NAMES[code]) return ENGLISH_NAMES[code];
  let names = displayNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale], { type: 'language', fallback: 'code' });
    displayNames.set(locale, names);
  }
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

export const LANGUAGES: readonly Language[] = CODES.map((code) => ({
  code,
  englishName: languageName(code, 'en'),
}));

/**
 * How a language reads in the field and its suggestions: `German (de)`, `德语 (de)`. A code we do not list
 * shows as is.
 */
export function languageInputLabel(code: string): string {
  if (!code) return '';
  const known = LANGUAGES.find((l) => l.code === code);
  return known ? `${languageName(known.code)} (${known.code})` : code;
}

const TWO_LETTER_CODE = /^[a-z]{2}$/;

/**
 * The ISO-639-1 code of what was typed: a suggestion (`German (de)`), a name (`german`), or a code (`DE`);
 * `''` for empty (automatic detection); `null` when it is none of these.
 */
export function languageFromInput(text: string): string | null {
  const value = text.trim().toLowerCase();
  if (!value) return '';
  const suggested = /\(([a-z]{2})\)$/.exec(value);
  if (suggested?.[1]) return suggested[1];
  // Its name in the interface's language, or in English whatever the interface's language.
  const byName = LANGUAGES.find(
    (l) => languageName(l.code).toLowerCase() === value || l.englishName.toLowerCase() === value,
  );
  if (byName) return byName.code;
  // Any two letters pass: the list holds common languages, not every one a gateway can take.
  return TWO_LETTER_CODE.test(value) ? value : null;
}
