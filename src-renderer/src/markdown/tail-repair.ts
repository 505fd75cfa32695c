// While a reply streams, its last block is half written. Parsed as it is, `**bold` shows its asterisks,
// `[text](htt` shows a URL, a half table flashes as a paragraph, and `-` under a paragraph turns it into a
// heading for one frame. These repairs make the growing tail look as it will once finished. They apply to
// what is shown only, never to the finished blocks, so they cannot change the final rendering.
import { lineOffsets } from './block-splitter.ts';
import { type MarkdownEnv, parseBlockTokens, type Token } from './parser.ts';

/** One top-level block of the growing tail, already parsed. */
export interface LiveBlock {
  /** Offset in the whole text: the same as the finished block's once it is finished. */
  start: number;
  tokens: Token[];
}

/**
 * The growing tail (text from `tailStart` on), parsed once and cut into its top-level blocks. Each keeps
 * the key it will have as a finished block, so finishing it re-renders it in place rather than anew.
 */
export function liveBlocks(text: string, tailStart: number, env: MarkdownEnv, base = 0): LiveBlock[] {
  // `text` is the text from offset `base` on (see BlockSplitter.update).
  const tail = text.slice(tailStart - base);
  const tokens = parseLiveTail(tail, env);
  const startLines: number[] = [];
  for (const token of tokens) {
    if (token.level === 0 && token.nesting !== -1 && token.map) startLines.push(token.map[0]);
  }
  // Like the splitter, the first block starts where the tail does (blank lines before it included).
  const starts = [0, ...lineOffsets(tail, startLines.slice(1))];
  const blocks: LiveBlock[] = [];
  for (const token of tokens) {
    if (token.level === 0 && token.nesting !== -1 && token.map) {
      blocks.push({ start: tailStart + starts[blocks.length]!, tokens: [] });
    }
    blocks.at(-1)?.tokens.push(token);
  }
  return blocks;
}

/**
 * The tail's tokens, with half-written structure hidden and its last inline run's markup closed. `env`
 * is only read: a definition in the tail may be cut mid-URL (`[d]: https://docs.example.co`), and as the
 * first definition of its label wins, letting it into the reply's definitions would freeze the cut URL
 * for good. The tail's definitions go to a throw-away layer over `env`'s, dropped after this parse.
 */
export function parseLiveTail(source: string, env: MarkdownEnv): Token[] {
  const settled = settleTail(source);
  const throwAway: MarkdownEnv = { ...env, references: Object.create(env.references ?? null) };
  const tokens = parseBlockTokens(settled, throwAway);
  // The text being written is the last inline run, unless a code block or rule comes after it.
  for (let index = tokens.length - 1; index >= 0; index--) {
    const token = tokens[index]!;
    if (token.nesting === -1) continue;
    if (token.type === 'inline' && !endsWithBlankLine(settled)) {
      token.content = closeDanglingInline(token.content);
    }
    break;
  }
  return tokens;
}

/** Whether the text ends with a blank line (`\n[ \t]*\n[ \t]*` at its end), read from the end only. */
function endsWithBlankLine(text: string): boolean {
  let index = skipSpacesBack(text, text.length - 1);
  if (text[index] !== '\n') return false;
  index = skipSpacesBack(text, index - 1);
  return text[index] === '\n';
}

function skipSpacesBack(text: string, from: number): number {
  let index = from;
  while (index >= 0 && (text[index] === ' ' || text[index] === '\t')) index--;
  return index;
}

/**
 * An unfinished last line that shows nothing yet but markup (`-`, `1.`, `#`, `>`, `|--`, a fence being
 * typed): it could still become a list item, a heading, a setext underline or a table's delimiter row,
 * so it is hidden until it has content or ends.
 */
const MARKUP_ONLY_LINE = /^[ \t]*(?:[-+*_=#>|:~`.)\d \t]*|(?:`{3,}|~{3,})[^`\n]*)$/;

/** A table row (`| a | b |`) that no delimiter row follows yet: it would show as a paragraph. */
const PIPE_ROW = /^ {0,3}\|/;

/** The growing tail as it should be parsed for display. */
export function settleTail(tail: string): string {
  const lastBreak = tail.lastIndexOf('\n');
  let complete = tail.slice(0, lastBreak + 1);
  let partial = tail.slice(lastBreak + 1);
  const lastLine = lastLineOf(complete);
  if (MARKUP_ONLY_LINE.test(partial)) partial = '';
  // A table's header row (under a line that is no table row) shows once its delimiter row is there;
  // until then it would show as a paragraph. The same for the header row still being typed.
  if (PIPE_ROW.test(partial) && !PIPE_ROW.test(lastLine)) partial = '';
  if (partial === '' && PIPE_ROW.test(lastLine)) {
    const withoutLast = complete.slice(0, complete.length - lastLine.length - 1);
    if (!PIPE_ROW.test(lastLineOf(withoutLast))) complete = withoutLast;
  }
  return complete + partial;
}

/** The last line of text that ends with a line break, without the break ('' if none). */
function lastLineOf(complete: string): string {
  if (complete === '') return '';
  return complete.slice(complete.lastIndexOf('\n', complete.length - 2) + 1, -1);
}

/** `[text](partial-url` at the very end: the text alone until the link is complete. */
const HALF_LINK = /!?\[([^[\]\n]*)\]\([^)\n]*$/;

/** A delimiter run at the end with nothing after it: it opens nothing yet and would show as is. */
const TRAILING_OPENER = /(^|\s)[*_~`]+$/;

interface Delimiter {
  char: string;
  /** Characters of the run not yet matched. */
  length: number;
}

/**
 * Inline source of the last paragraph (or heading, list item, cell) with dangling markup closed: an
 * unclosed code span, `**`, `__`, `*`, `_` and `~~` get their closers appended, a half-written link shows
 * its text. A close approximation of CommonMark's delimiter rules, good for a fraction of a second.
 */
export function closeDanglingInline(source: string): string {
  let text = source.trimEnd().replace(HALF_LINK, '$1');
  text = text.replace(TRAILING_OPENER, '$1').trimEnd();

  const openers: Delimiter[] = [];
  let unclosedCode = '';
  let position = 0;
  while (position < text.length) {
    const char = text[position]!;
    if (char === '\\') {
      position += 2;
      continue;
    }
    if (char === '`') {
      const run = runLength(text, position);
      const closer = findBacktickRun(text, position + run, run);
      if (closer === -1) {
        // An unmatched run opens a code span still being written: everything after it is code. With
        // nothing after it yet, it is not shown at all.
        if (position + run < text.length) unclosedCode = '`'.repeat(run);
        else text = text.slice(0, position);
        break;
      }
      position = closer + run;
      continue;
    }
    if (char === '*' || char === '_' || char === '~') {
      const run = runLength(text, position);
      matchDelimiterRun(text, position, run, openers);
      position += run;
      continue;
    }
    position++;
  }

  let closers = unclosedCode;
  for (let index = openers.length - 1; index >= 0; index--) {
    const opener = openers[index]!;
    closers += opener.char.repeat(opener.length);
  }
  return text + closers;
}

function runLength(text: string, start: number): number {
  const char = text[start];
  let end = start;
  while (text[end] === char) end++;
  return end - start;
}

/** Start of the next run of exactly `length` backticks at or after `from`, or -1. */
function findBacktickRun(text: string, from: number, length: number): number {
  let position = text.indexOf('`', from);
  while (position !== -1) {
    const run = runLength(text, position);
    if (run === length) return position;
    position = text.indexOf('`', position + run);
  }
  return -1;
}

const WHITESPACE = /\s/;
const PUNCTUATION = /[\p{P}\p{S}]/u;

/** Closes what the run at `start` can close among `openers`, and pushes it if it can open. */
function matchDelimiterRun(text: string, start: number, run: number, openers: Delimiter[]): void {
  const char = text[start]!;
  // Strikethrough needs two tildes; a single one is plain text.
  if (char === '~' && run < 2) return;
  const before = start === 0 ? ' ' : text[start - 1]!;
  const after = start + run >= text.length ? ' ' : text[start + run]!;
  const beforeSpace = WHITESPACE.test(before);
  const afterSpace = WHITESPACE.test(after);
  const beforePunct = PUNCTUATION.test(before);
  const afterPunct = PUNCTUATION.test(after);
  const leftFlanking = !afterSpace && (!afterPunct || beforeSpace || beforePunct);
  const rightFlanking = !beforeSpace && (!beforePunct || afterSpace || afterPunct);
  // An underscore inside a word (snake_case) neither opens nor closes.
  const canOpen = char === '_' ? leftFlanking && (!rightFlanking || beforePunct) : leftFlanking;
  const canClose = char === '_' ? rightFlanking && (!leftFlanking || afterPunct) : rightFlanking;

  let remaining = char === '~' ? 2 : run;
  if (canClose) {
    for (let index = openers.length - 1; index >= 0 && remaining > 0; index--) {
      const opener = openers[index]!;
      if (opener.char !== char) continue;
      // Openers inside the matched pair that never closed stay literal text.
      openers.length = index + 1;
      while (remaining > 0 && opener.length > 0) {
        const used = remaining >= 2 && opener.length >= 2 ? 2 : 1;
        remaining -= used;
        opener.length -= used;
      }
      if (opener.length === 0) openers.pop();
    }
  }
  if (canOpen && remaining > 0) openers.push({ char, length: remaining });
}
