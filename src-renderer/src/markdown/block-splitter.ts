// Splits a growing markdown text into top-level blocks, incrementally. A block is *finished* once the
// block after it has started on a complete line: CommonMark builds blocks line by line and never reopens
// a closed one, so no later text can change a finished block (a list that continues after a blank line,
// a paragraph continued lazily, a setext underline or a table's delimiter row all affect only the last
// open block). Where the blocks start is asked of markdown-it itself, so the split follows exactly the
// rules the renderer parses with, fences, lists and tables included.
import { parseBlockTokens, type Token } from './parser.ts';

export interface MarkdownBlock {
  /** Offset of the block's first character in the whole text: a stable identity while the text grows. */
  readonly start: number;
  /** The block's source, blank lines after it included: the blocks concatenate to the text. */
  readonly text: string;
}

/**
 * A private copy of a slice. V8 keeps a slice of a long string as a pointer into it, so holding slices of
 * every update's text would pin every old copy of the whole reply (measured: 38.8 MB instead of 6.9 MB
 * on a 200 KB reply). Slicing a concatenation makes V8 flatten it into a fresh string first.
 */
export function detachString(slice: string): string {
  return `${slice} `.slice(0, -1);
}

/**
 * Tokens of blocks just split, handed to their first render (`takeSplitTokens`) so a finished block is not
 * parsed a second time. Keyed by the block's text: a block's tokens depend on its text alone (CommonMark
 * never reopens a finished block), so two blocks of the same text share the same tokens. Taken entries are
 * dropped, so no block keeps its tokens for good; the cap bounds what is never taken (a view closed while
 * its blocks were being split).
 */
const splitTokens = new Map<string, Token[]>();
const MAX_SPLIT_TOKENS = 512;

/** The tokens the splitter found for a finished block's text, once; undefined if it kept none. */
export function takeSplitTokens(text: string): Token[] | undefined {
  const tokens = splitTokens.get(text);
  if (tokens) splitTokens.delete(text);
  return tokens;
}

function keepSplitTokens(text: string, tokens: Token[]): void {
  if (splitTokens.size >= MAX_SPLIT_TOKENS) splitTokens.delete(splitTokens.keys().next().value!);
  splitTokens.set(text, tokens);
}

export class BlockSplitter {
  /** Finished blocks, in order. Only ever appended to. */
  readonly blocks: MarkdownBlock[] = [];
  private finishedEnd = 0;
  /** End of the complete lines scanned last time; no new complete line, nothing to do. */
  private scannedEnd = 0;

  /** Where the unfinished rest of the text (the tail) begins. */
  get end(): number {
    return this.finishedEnd;
  }

  /**
   * Whether `text` extends the text this splitter has seen, so its finished blocks still apply.
   * A cheap probe (the end of the last finished block), not a full comparison: the caller promises that a
   * streamed text only grows; this catches a component handed a different text.
   */
  continues(text: string): boolean {
    if (text.length < this.finishedEnd) return false;
    const last = this.blocks.at(-1);
    if (!last) return true;
    const probe = last.text.slice(-64);
    return text.startsWith(probe, this.finishedEnd - probe.length);
  }

  /**
   * Splits off the blocks that are now finished. `text` is the text from offset `base` on (0: the whole
   * text; a caller that keeps only the end of a long text passes that, `base` at most `end`). With `final`
   * no more text will come, so the last block is finished too. Looks at about `maxScan` characters per call
   * at most (a block longer than that is still taken whole), so a huge burst is split over several calls:
   * returns true while complete lines are left to look at.
   */
  update(text: string, final: boolean, maxScan = Number.POSITIVE_INFINITY, base = 0): boolean {
    let budget = maxScan;
    for (;;) {
      const from = this.finishedEnd;
      // Only complete lines are classified: half a line can still turn into a fence, a list item or a
      // setext underline.
      const completeEnd = base + (final ? text.length : text.lastIndexOf('\n') + 1);
      if (completeEnd <= from) return false;
      if (!final && completeEnd === this.scannedEnd) return false;

      let windowEnd = completeEnd;
      if (completeEnd - from > budget) {
        const cut = base + text.lastIndexOf('\n', from + budget - 1 - base) + 1;
        if (cut > from) windowEnd = cut;
      }
      const last = final && windowEnd === base + text.length;
      const split = this.splitWindow(text.slice(from - base, windowEnd - base), from, last);
      if (windowEnd === completeEnd) {
        this.scannedEnd = completeEnd;
        return false;
      }
      if (split) return true;
      // One block is longer than the window: look at everything rather than never finishing it.
      budget = Number.POSITIVE_INFINITY;
    }
  }

  /** Appends the finished blocks found in `window`, the text from offset `from`; returns whether there was any. */
  private splitWindow(window: string, from: number, final: boolean): boolean {
    // Detached: the tokens handed on below hold slices of it, which must not pin this copy of the reply.
    const source = detachString(window);
    const groups = topLevelGroups(parseBlockTokens(source, {}));
    const boundaries = lineOffsets(
      source,
      groups.slice(1).map((group) => group.line),
    );
    if (final) boundaries.push(source.length);
    let previous = 0;
    for (const [index, boundary] of boundaries.entries()) {
      if (boundary <= previous) continue;
      const block = { start: from + previous, text: detachString(source.slice(previous, boundary)) };
      this.blocks.push(block);
      // Block i ends where group i+1 starts; a text of definitions or blank lines only has no group.
      const group = groups[index];
      if (group) keepSplitTokens(block.text, group.tokens);
      previous = boundary;
    }
    this.finishedEnd = from + previous;
    return previous > 0;
  }
}

/** The whole text split at once: the reference the incremental splitter must agree with. */
export function splitMarkdown(text: string, final: boolean): { blocks: MarkdownBlock[]; tail: string } {
  const splitter = new BlockSplitter();
  splitter.update(text, final);
  return { blocks: splitter.blocks, tail: text.slice(splitter.end) };
}

/** The tokens of each top-level block, per markdown-it's block rules, with the line it starts on. */
function topLevelGroups(tokens: readonly Token[]): Array<{ line: number; tokens: Token[] }> {
  const groups: Array<{ line: number; tokens: Token[] }> = [];
  for (const token of tokens) {
    if (token.level === 0 && token.nesting !== -1 && token.map)
      groups.push({ line: token.map[0], tokens: [] });
    groups.at(-1)?.tokens.push(token);
  }
  return groups;
}

/**
 * Offsets where the given (ascending) line numbers begin. Lines end as markdown-it counts them: at
 * `\n`, `\r\n` or a lone `\r`.
 */
export function lineOffsets(source: string, lines: readonly number[]): number[] {
  const offsets: number[] = [];
  if (lines.length === 0) return offsets;
  const hasCarriageReturn = source.includes('\r');
  let line = 0;
  let offset = 0;
  for (const wanted of lines) {
    while (line < wanted && offset < source.length) {
      if (hasCarriageReturn) {
        const lf = source.indexOf('\n', offset);
        const cr = source.indexOf('\r', offset);
        if (cr !== -1 && (lf === -1 || cr < lf)) offset = source.charCodeAt(cr + 1) === 10 ? cr + 2 : cr + 1;
        else offset = lf === -1 ? source.length : lf + 1;
      } else {
        const lf = source.indexOf('\n', offset);
        offset = lf === -1 ? source.length : lf + 1;
      }
      line++;
    }
    offsets.push(offset);
  }
  return offsets;
}
