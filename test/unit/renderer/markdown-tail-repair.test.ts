import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import {
  closeDanglingInline,
  parseLiveTail,
  settleTail,
} from '../../../src-renderer/src/markdown/tail-repair.ts';

const md = new MarkdownIt({ html: false, linkify: true });
const shown = (partial: string) => md.renderInline(closeDanglingInline(partial));

describe('repairing the half-written end of a streaming reply', () => {
  it('closes dangling emphasis, strikethrough and code so no markers flash', () => {
    expect(shown('Some **bold')).toBe('Some <strong>bold</strong>');
    expect(shown('an *emph')).toBe('an <em>emph</em>');
    expect(shown('__strong')).toBe('<strong>strong</strong>');
    expect(shown('_it')).toBe('<em>it</em>');
    expect(shown('~~gone')).toBe('<s>gone</s>');
    expect(shown('run `npm i')).toBe('run <code>npm i</code>');
    expect(shown('**bold `code')).toBe('<strong>bold <code>code</code></strong>');
    expect(shown('**done** and *more')).toBe('<strong>done</strong> and <em>more</em>');
    expect(shown('a **b *c')).toBe('a <strong>b <em>c</em></strong>');
    expect(shown('``a ` b')).toBe('<code>a ` b</code>');
  });

  it('leaves text alone that only looks like markup', () => {
    for (const text of [
      'snake_case_name',
      '2 * 3 = 6',
      '\\*not emphasis',
      '`a` and `b` done',
      '**closed**',
    ]) {
      expect(closeDanglingInline(text)).toBe(text);
    }
  });

  it('hides an opener with nothing after it yet', () => {
    expect(closeDanglingInline('Hello **')).toBe('Hello');
    expect(closeDanglingInline('Hello `')).toBe('Hello');
    expect(closeDanglingInline('Hello`')).toBe('Hello');
  });

  it('shows a half-written link as its text, without the URL', () => {
    expect(shown('see [the docs](https://exa')).toBe('see the docs');
    expect(shown('see [the docs](https://example.com) now')).toBe(
      'see <a href="https://example.com">the docs</a> now',
    );
  });

  it('hides a last line that is only markup so far: it may still become a list, heading or fence', () => {
    expect(settleTail('para\n```py')).toBe('para\n');
    expect(settleTail('para\n-')).toBe('para\n');
    expect(settleTail('para\n1.')).toBe('para\n');
    expect(settleTail('para\n12 monkeys')).toBe('para\n12 monkeys');
    expect(settleTail('para\n- item')).toBe('para\n- item');
  });

  it('holds back a table header until its delimiter row arrives', () => {
    expect(settleTail('intro\n\n| a | b |\n')).toBe('intro\n\n');
    expect(settleTail('intro\n\n| a | b')).toBe('intro\n\n');
    expect(settleTail('| a |\n')).toBe('');
    expect(settleTail('| a | b |\n|---|')).toBe('');
    expect(settleTail('| a | b |\n|---|---|\n')).toBe('| a | b |\n|---|---|\n');
    expect(settleTail('| a | b |\n|---|---|\n| 1 | 2 |\n')).toBe('| a | b |\n|---|---|\n| 1 | 2 |\n');
    expect(settleTail('| a | b |\n|---|---|\n| x | y')).toBe('| a | b |\n|---|---|\n| x | y');
  });

  it('repairs only the run being written, and never inside code', () => {
    const paragraph = parseLiveTail('Some **bold', {});
    expect(paragraph.find((token) => token.type === 'inline')?.content).toBe('Some **bold**');

    const fence = parseLiveTail('intro **x**\n\n```js\nconst a = "**"', {});
    expect(fence.at(-1)?.type).toBe('fence');
    expect(fence.at(-1)?.content).toBe('const a = "**"');

    const item = parseLiveTail('- first\n- second *it', {});
    const inlines = item.filter((token) => token.type === 'inline').map((token) => token.content);
    expect(inlines).toEqual(['first', 'second *it*']);
  });
});
