import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import {
  BlockSplitter,
  splitMarkdown,
  takeSplitTokens,
} from '../../../src-renderer/src/markdown/block-splitter.ts';
import { parseBlockTokens, type Token } from '../../../src-renderer/src/markdown/parser.ts';
import { liveBlocks } from '../../../src-renderer/src/markdown/tail-repair.ts';
import { TextTail } from '../../../src-renderer/src/markdown/text-tail.ts';
import { seededRandom } from '../../support/seeded-random.ts';
import { generateDocument } from './markdown-documents.ts';

// The renderer's parser settings: rendering the blocks one by one must give what rendering the whole
// text at once gives.
const md = new MarkdownIt({ html: false, linkify: true });

function texts(text: string, final: boolean): string[] {
  return splitMarkdown(text, final).blocks.map((block) => block.text);
}

/** Renders block by block, sharing link references as the component does. */
function renderInBlocks(text: string): string {
  const env = {};
  return texts(text, true)
    .map((block) => md.render(block, env))
    .join('');
}

describe('markdown block splitting', () => {
  it('joins back to the text, for every prefix of a streamed document', () => {
    for (let seed = 1; seed <= 60; seed++) {
      const text = generateDocument(seed);
      for (let end = 0; end <= text.length; end += 1 + (seed % 7)) {
        const prefix = text.slice(0, end);
        const { blocks, tail } = splitMarkdown(prefix, false);
        expect(blocks.map((block) => block.text).join('') + tail).toBe(prefix);
        const finalBlocks = texts(prefix, true);
        expect(finalBlocks.join('')).toBe(prefix);
      }
    }
  });

  it('gives the same finished blocks when fed in random growing prefixes as when split whole', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const text = generateDocument(seed);
      const whole = splitMarkdown(text, true).blocks;
      const next = seededRandom(seed * 7919);
      const splitter = new BlockSplitter();
      let end = 0;
      while (end < text.length) {
        end = Math.min(text.length, end + 1 + Math.floor(next() * 40));
        splitter.update(text.slice(0, end), false, 1 + Math.floor(next() * 400));
        // A finished block never changes: whatever has been split off is what the whole text gives.
        expect(splitter.blocks, `seed ${seed} at ${end}`).toEqual(whole.slice(0, splitter.blocks.length));
        expect(splitter.end).toBeLessThanOrEqual(end);
      }
      while (splitter.update(text, true, 200)) {}
      expect(splitter.blocks, `seed ${seed}`).toEqual(whole);
    }
  });

  it('splits the same when handed only the end of the text (what a streamed reply keeps: text-tail.ts)', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const text = generateDocument(seed);
      const whole = splitMarkdown(text, true).blocks;
      const next = seededRandom(seed * 6271);
      const splitter = new BlockSplitter();
      const tail = new TextTail();
      let end = 0;
      while (end < text.length) {
        const at = end;
        end = Math.min(text.length, end + 1 + Math.floor(next() * 40));
        // Followed by what was appended alone: the whole text is never read (its `continues` would throw).
        const followed = tail.follow(text.slice(0, end), { at, text: text.slice(at, end) }, () => {
          throw new Error('read whole');
        });
        expect(followed).toBe(true);
        splitter.update(tail.text, false, 1 + Math.floor(next() * 400), tail.base);
        const live = liveBlocks(tail.text, splitter.end, {}, tail.base);
        const fromWhole = liveBlocks(text.slice(0, end), splitter.end, {});
        expect(live, `seed ${seed} at ${end}`).toEqual(fromWhole);
        tail.drop(splitter.end);
        expect(splitter.blocks, `seed ${seed} at ${end}`).toEqual(whole.slice(0, splitter.blocks.length));
      }
      while (splitter.update(tail.text, true, 200, tail.base)) tail.drop(splitter.end);
      expect(splitter.blocks, `seed ${seed}`).toEqual(whole);
    }
  });

  it('keys the growing blocks as they will be keyed once finished, so they are updated in place', () => {
    let checked = 0;
    for (let seed = 1; seed <= 120; seed++) {
      const text = generateDocument(seed);
      const finalStarts = new Set(splitMarkdown(text, true).blocks.map((block) => block.start));
      const splitter = new BlockSplitter();
      for (let end = 1; end <= text.length; end += 1 + (seed % 11)) {
        const prefix = text.slice(0, end);
        splitter.update(prefix, false);
        const live = liveBlocks(prefix, splitter.end, {});
        if (live.length > 0) expect(live[0]!.start).toBe(splitter.end);
        // Every live block but the last is complete: it will finish with exactly this start.
        for (const block of live.slice(0, -1)) {
          expect(finalStarts.has(block.start), `seed ${seed} at ${end}: ${block.start}`).toBe(true);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('hands each finished block the tokens a parse of the block alone gives, in growing prefixes too', () => {
    // Blocks render from the splitter's tokens (no second parse): they must be what parsing the block's
    // own text gives, wherever the window it was found in began and ended. Line numbers aside.
    const withoutLines = (tokens: Token[]) => tokens.map((token) => ({ ...token, map: null }));
    let compared = 0;
    for (let seed = 1; seed <= 150; seed++) {
      const text = generateDocument(seed);
      const next = seededRandom(seed * 104729);
      const splitter = new BlockSplitter();
      let end = 0;
      let seen = 0;
      const check = () => {
        for (const block of splitter.blocks.slice(seen)) {
          const handed = takeSplitTokens(block.text);
          if (!handed) continue;
          expect(withoutLines(handed), `seed ${seed}: ${JSON.stringify(block.text)}`).toEqual(
            withoutLines(parseBlockTokens(block.text, {})),
          );
          compared++;
        }
        seen = splitter.blocks.length;
      };
      while (end < text.length) {
        end = Math.min(text.length, end + 1 + Math.floor(next() * 60));
        splitter.update(text.slice(0, end), false, 1 + Math.floor(next() * 400));
        check();
      }
      while (splitter.update(text, true, 200)) check();
      check();
    }
    expect(compared).toBeGreaterThan(1000);
  });

  it('never splits where CommonMark would join: rendering block by block equals rendering the whole', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const text = generateDocument(seed);
      expect(renderInBlocks(text), `seed ${seed}`).toBe(md.render(text));
    }
  });

  it('keeps a fence whole: blank lines, other fence markers and a longer closing fence inside', () => {
    expect(texts('~~~\n```\ncode\n\n\n```\n~~~\n\npara\n', true)).toEqual([
      '~~~\n```\ncode\n\n\n```\n~~~\n\n',
      'para\n',
    ]);
    expect(texts('```\na\n````\nafter\n', true)).toEqual(['```\na\n````\n', 'after\n']);
    expect(texts('````\na\n```\n\nb\n````\nafter\n', true)).toEqual(['````\na\n```\n\nb\n````\n', 'after\n']);
    // Up to three spaces is still a fence; four make an indented code block.
    expect(texts('   ```\n# not heading\n   ```\nafter\n', true)).toEqual([
      '   ```\n# not heading\n   ```\n',
      'after\n',
    ]);
    expect(texts('    ```\n    code\n\nafter\n', true)).toEqual(['    ```\n    code\n\n', 'after\n']);
  });

  it('keeps an unclosed fence as the growing tail, and as one block when the reply ends', () => {
    const text = 'intro\n\n```ts\nconst a = 1;\n\n# still code\n';
    expect(splitMarkdown(text, false)).toEqual({
      blocks: [{ start: 0, text: 'intro\n\n' }],
      tail: '```ts\nconst a = 1;\n\n# still code\n',
    });
    expect(texts(text, true)).toEqual(['intro\n\n', '```ts\nconst a = 1;\n\n# still code\n']);
  });

  it('keeps a list open across blank lines while it can still continue', () => {
    const list = '- a\n\n  still a\n\n- b\n\n';
    expect(splitMarkdown(list, false).blocks).toEqual([]);
    expect(texts(`${list}    code in b\n\nafter\n`, true)).toEqual([`${list}    code in b\n\n`, 'after\n']);
    expect(texts('1. one\n\n2. two\n- other list\n', true)).toEqual(['1. one\n\n2. two\n', '- other list\n']);
    // A paragraph continues lazily, so a list item's paragraph is not finished by an unindented line.
    expect(texts('- item\nlazy continuation\n\nnext\n', true)).toEqual([
      '- item\nlazy continuation\n\n',
      'next\n',
    ]);
  });

  it('finishes a table only when something else starts, and a paragraph when a table takes its line', () => {
    const table = '| a | b |\n|---|---|\n| 1 | 2 |\n| 3 | 4 |\n';
    expect(splitMarkdown(table, false).blocks).toEqual([]);
    expect(texts(`${table}\nafter\n`, true)).toEqual([`${table}\n`, 'after\n']);
    expect(splitMarkdown('intro\n| a | b |\n|---|---|\n', false).blocks).toEqual([
      { start: 0, text: 'intro\n' },
    ]);
  });

  it('waits for the line after a paragraph: it may turn it into a heading', () => {
    expect(splitMarkdown('Title\n', false).blocks).toEqual([]);
    expect(splitMarkdown('Title\n-', false).blocks).toEqual([]);
    expect(texts('Title\n---\nbody\n', true)).toEqual(['Title\n---\n', 'body\n']);
  });

  it('splits a burst over several calls when asked to look at a little at a time', () => {
    const text = Array.from({ length: 50 }, (_, index) => `Paragraph ${index} ${'word '.repeat(20)}`).join(
      '\n\n',
    );
    const splitter = new BlockSplitter();
    let calls = 1;
    while (splitter.update(text, true, 1_000)) calls++;
    expect(calls).toBeGreaterThan(5);
    expect(splitter.blocks).toEqual(splitMarkdown(text, true).blocks);
  });

  it('notices a text that does not continue the one it split', () => {
    const splitter = new BlockSplitter();
    splitter.update('first paragraph\n\nsecond\n', false);
    expect(splitter.continues('first paragraph\n\nsecond\nmore')).toBe(true);
    expect(splitter.continues('another reply entirely\n')).toBe(false);
  });
});
