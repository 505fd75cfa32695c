// The inspector's code block: a text of a few screens as one element per line (each wraps under its own
// text: inspector.css), a longer one as one text node (per-line elements would make opening it a long task).
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CodeBlock } from '../../../src-renderer/src/panels/playground/inspector/CodeBlock.tsx';

const render = (text: string) => renderToStaticMarkup(createElement(CodeBlock, { text }));

/** The text a browser shows (and copies) from the markup: tags removed, entities read back. */
const shownText = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

describe('the inspector code block', () => {
  it('shows a short text a line per element, each with its indentation and its line break', () => {
    const text = JSON.stringify({ input: [{ role: 'user', content: 'a long prompt' }] }, null, 2);
    const html = render(text);
    const lines = [
      ...html.matchAll(/<span class="inspector-code__line" style="--indent:(\d+)">([^<]*)<\/span>/g),
    ];
    expect(lines.map((line) => Number(line[1]))).toEqual([0, 2, 4, 6, 6, 4, 2, 0]);
    expect(lines.every((line) => line[2]!.endsWith('\n'))).toBe(true);
    // The line breaks in the elements are the text's own: nothing added but the last line's.
    expect(shownText(html)).toBe(`${text}\n`);
  });

  it('shows a text of more than 300 lines as one text node', () => {
    const text = Array.from({ length: 301 }, (_, index) => `  line ${index}`).join('\n');
    const html = render(text);
    expect(html).not.toContain('inspector-code__line');
    expect(shownText(html)).toBe(text);
  });
});
