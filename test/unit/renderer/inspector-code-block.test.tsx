// The inspector's code block: a text of a few screens as one element per line (each wraps under its own
// text: inspector.css), a longer one as one text node (per-line elements would make opening it a long task).
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CodeBlock } from '../../../src-renderer/src/panels/playground/inspector/CodeBlock.tsx';
import { markupText } from '../../support/markup-text.ts';

const render = (text: string) => renderToStaticMarkup(createElement(CodeBlock, { text }));

describe('the inspector code block', () => {
  it('shows a short text a line per element, each with its indentation and its own line break', () => {
    const text = JSON.stringify({ input: [{ role: 'user', content: 'a long prompt' }] }, null, 2);
    const html = render(text);
    const lines = [
      ...html.matchAll(/<span class="inspector-code__line" style="--indent:(\d+)">([^<]*)<\/span>/g),
    ];
    expect(lines.map((line) => Number(line[1]))).toEqual([0, 2, 4, 6, 6, 4, 2, 0]);
    expect(lines.map((line) => line[2]!.endsWith('\n'))).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
      true,
      false,
    ]);
    expect(markupText(html)).toBe(text);
  });

  it('shows up to 300 lines as elements, a final line break not counted; more as one text node', () => {
    const text = (count: number) => Array.from({ length: count }, (_, index) => `  line ${index}`).join('\n');
    const elements = (html: string) => html.match(/inspector-code__line/g)?.length ?? 0;
    expect(elements(render(text(300)))).toBe(300);
    expect(elements(render(`${text(300)}\n`))).toBe(300);
    const long = render(text(301));
    expect(elements(long)).toBe(0);
    expect(markupText(long)).toBe(text(301));
  });
});
