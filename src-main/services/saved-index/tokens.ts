// The words search knows a text by, and a query by: case-folded, accents stripped (NFD, combining marks
// dropped, then composed again so Hangul stays syllables), split into words of letters and digits. Chinese,
// Japanese and Korean are written without spaces, so a run of their characters is indexed as its single
// characters and every overlapping pair: a two-character query finds the pair wherever it stands, a longer
// one needs every pair it holds.

/** Characters of scripts written without spaces between words. */
const CJK = String.raw`\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}`;
// `v`: set subtraction (letters and digits but not CJK), built at run time so the compiler's target need not know it.
const WORD = new RegExp(String.raw`[[\p{L}\p{N}]--[${CJK}]]+|[${CJK}]+`, 'gv');
const IS_CJK = new RegExp(`^[${CJK}]`, 'v');
const MARKS = /\p{M}+/gu;
/** Text of ASCII only (most of it): no accents to strip, no CJK; words found by a simpler pattern. */
const NOT_ASCII = /[^\t-~]/;
const ASCII_WORD = /[a-z0-9]+/g;

/** A word longer than this is kept by its start (a pasted hash or base64 would otherwise swell the index). */
export const MAX_TOKEN_LENGTH = 32;

/** Case-folded, without accents. */
export function foldText(text: string): string {
  if (!NOT_ASCII.test(text)) return text.toLowerCase();
  return text.normalize('NFD').replace(MARKS, '').normalize('NFC').toLowerCase();
}

/** Each word once, or for a CJK run its characters and pairs, of one folded text. */
function addTokens(folded: string, into: Set<string>): void {
  if (!NOT_ASCII.test(folded)) {
    for (const match of folded.matchAll(ASCII_WORD)) {
      const word = match[0];
      into.add(word.length > MAX_TOKEN_LENGTH ? word.slice(0, MAX_TOKEN_LENGTH) : word);
    }
    return;
  }
  for (const match of folded.matchAll(WORD)) {
    const word = match[0];
    if (IS_CJK.test(word)) {
      const chars = Array.from(word);
      for (let i = 0; i < chars.length; i++) {
        into.add(chars[i]!);
        if (i + 1 < chars.length) into.add(chars[i]! + chars[i + 1]!);
      }
    } else {
      into.add(word.length > MAX_TOKEN_LENGTH ? word.slice(0, MAX_TOKEN_LENGTH) : word);
    }
  }
}

/** The distinct tokens of some texts, for the index. */
export function tokensOf(texts: Iterable<string>): Set<string> {
  const tokens = new Set<string>();
  for (const text of texts) if (text) addTokens(foldText(text), tokens);
  return tokens;
}

/** One token of a query: matched whole, or as the start of an indexed token. */
export interface QueryTerm {
  token: string;
  prefix: boolean;
}

/**
 * What a query asks for, every term needed. A word of letters matches the start of an indexed word
 * ("serv" finds "server", as typing goes); a CJK run needs each of its pairs (a single character: itself).
 */
export function queryTerms(query: string): QueryTerm[] {
  const terms: QueryTerm[] = [];
  const seen = new Set<string>();
  const add = (token: string, prefix: boolean) => {
    const key = `${prefix ? '>' : '='}${token}`;
    if (seen.has(key)) return;
    seen.add(key);
    terms.push({ token, prefix });
  };
  for (const match of foldText(query).matchAll(WORD)) {
    const word = match[0];
    if (IS_CJK.test(word)) {
      const chars = Array.from(word);
      if (chars.length === 1) add(chars[0]!, false);
      for (let i = 0; i + 1 < chars.length; i++) add(chars[i]! + chars[i + 1]!, false);
    } else {
      add(word.length > MAX_TOKEN_LENGTH ? word.slice(0, MAX_TOKEN_LENGTH) : word, true);
    }
  }
  return terms;
}
