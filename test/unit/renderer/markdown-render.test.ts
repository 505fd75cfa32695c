// @vitest-environment happy-dom
// The rendered reply as markup, from the component as the app mounts it (markdown-dom.ts). Clicks are
// checked in a browser.
import hljs from 'highlight.js/lib/core';
import { describe, expect, it } from 'vitest';
import { buildBlock } from '../../../src-renderer/src/markdown/block-build.ts';
import { InlineCache } from '../../../src-renderer/src/markdown/dom-build.ts';
import { highlightCode, registerLanguages } from '../../../src-renderer/src/markdown/highlight-languages.ts';
import { openableHref } from '../../../src-renderer/src/markdown/links.ts';
import { isPlainInline, parseBlockTokens, parseInline } from '../../../src-renderer/src/markdown/parser.ts';
import { ReferenceBook } from '../../../src-renderer/src/markdown/references.ts';
import { renderMarkdown as render } from './markdown-dom.ts';

describe('rendering a reply', () => {
  it('renders markdown as semantic elements', () => {
    const html = render(
      [
        '# Title',
        'Some *emphasis* and **strong** and `code` and ~~gone~~.',
        '- one\n- two\n  1. nested',
        '3. three\n4. four',
        '> quoted',
        '---',
        '| Name | Size |\n|:-----|-----:|\n| a | 1 |',
      ].join('\n\n'),
    );
    expect(html).toContain('<h1>Title</h1>');
    expect(html).toContain('<em>emphasis</em>');
    expect(html).toContain('<strong>strong</strong>');
    expect(html).toContain('<code class="markdown-inline-code">code</code>');
    expect(html).toContain('<s>gone</s>');
    expect(html).toMatch(/<ul><li>one<\/li><li>two<ol><li>nested<\/li><\/ol><\/li><\/ul>/);
    expect(html).toContain('<ol start="3"><li>three</li><li>four</li></ol>');
    expect(html).toContain('<blockquote><p>quoted</p></blockquote>');
    expect(html).toContain('<hr>');
    expect(html).toMatch(
      /<thead><tr><th style="text-align: left;">Name<\/th><th style="text-align: right;">Size<\/th>/,
    );
    expect(html).toContain('<tbody><tr><td style="text-align: left;">a</td>');
  });

  it('never renders raw HTML from the text', () => {
    const html = render(
      '<script>alert(1)</script>\n\nInline <img src=x onerror=alert(1)> too.\n\n<div>x</div>',
    );
    expect(html).not.toMatch(/<script|<img|<div>x/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('makes https links clickable, and shows every other link as text', () => {
    const html = render(
      '[site](https://example.com/a?b=1 "Docs") <mailto:me@example.com> https://example.org/x\n\n' +
        '[js](javascript:alert(1)) [ftp](ftp://host/file) [rel](/etc/passwd) [plain](http://example.com/) ' +
        '![pic](https://example.com/p.png)',
    );
    // The destination shows on hover unless the link has a title of its own.
    expect(html).toContain('<a href="https://example.com/a?b=1" title="Docs" class="markdown-link">site</a>');
    expect(html).toContain(
      '<a href="https://example.org/x" title="https://example.org/x" class="markdown-link">https://example.org/x</a>',
    );
    // Main opens https links only (DESIGN.md): a mail or plain-http link would be a dead link.
    expect(html).toContain('<span>mailto:me@example.com</span>');
    expect(html).toContain('<span>plain</span>');
    expect(html).not.toContain('javascript:alert(1)"');
    expect(html).not.toMatch(/href="(ftp:|\/etc|http:|mailto:)/);
    expect(html).toContain('<span>ftp</span>');
    // Images are never loaded: they become a link to the picture.
    expect(html).not.toContain('<img');
    expect(html).toMatch(
      /<a href="https:\/\/example.com\/p.png" [^>]*class="markdown-link markdown-image-link">pic<\/a>/,
    );
  });

  it('accepts only https targets without credentials', () => {
    expect(openableHref('https://example.com')).toBe('https://example.com');
    for (const href of [
      'http://example.com',
      'mailto:a@b.c',
      'https://user:secret@example.com/',
      'javascript:alert(1)',
      'file:///etc/passwd',
      'app://gateway-studio/x',
      '/relative',
      '',
      null,
    ]) {
      expect(openableHref(href)).toBeNull();
    }
  });

  it('shows code blocks with their language, a copy button and the code as text', () => {
    const html = render('```ts\nconst a = "<b>";\n```\n\n    indented code');
    expect(html).toContain('<span class="markdown-code__language">ts</span>');
    expect(html.match(/aria-label="Copy code"/g)).toHaveLength(2);
    expect(html).toContain('<code>const a = "&lt;b&gt;";\n</code>');
    expect(html).toContain('<code>indented code\n</code>');
  });

  it('shows a streaming reply as it will look, without half-written markup', () => {
    expect(render('Some **bold', true)).toContain('Some <strong>bold</strong>');
    expect(render('Some **bold', false)).toContain('Some **bold');
    expect(render('Read [the docs](https://exa', true)).toContain('Read the docs');
    // An unclosed fence is a code block while it streams.
    expect(render('```py\nprint(1)', true)).toContain('<code>print(1)</code>');
  });

  it('mounts a long saved reply a slice at a time, the beginning first', () => {
    const sections = Array.from(
      { length: 400 },
      (_, index) => `## Section ${index}\n\n${'A sentence of the saved reply. '.repeat(15)}`,
    );
    const html = render(sections.join('\n\n'));
    expect(html).toContain('<h2>Section 0</h2>');
    // The first render holds what fits a screen and more, not the whole 180 KB.
    expect(html).not.toContain('<h2>Section 399</h2>');
    expect(html.length).toBeLessThan(60_000);
  });
});

describe('the nodes made for a block', () => {
  const build = (source: string) => {
    const host = document.createElement('div');
    const context = {
      live: false,
      colourKnownCode: true,
      inline: new InlineCache(new ReferenceBook()),
      wires: [],
    };
    host.append(...buildBlock(parseBlockTokens(source, {}), context).nodes);
    return host;
  };

  it('puts a tight list item’s text in the item itself, as one text node', () => {
    const list = build('- plain item\n- another\n').firstElementChild!;
    expect(list.tagName).toBe('UL');
    for (const item of list.children) {
      expect(item.childNodes).toHaveLength(1);
      expect(item.firstChild!.nodeType).toBe(Node.TEXT_NODE);
    }
    expect(list.textContent).toBe('plain itemanother');
  });

  it('joins text next to text into one text node', () => {
    const paragraph = build('first line\nsecond *line* and a lone * star\n').firstElementChild!;
    expect(Array.from(paragraph.childNodes, (node) => node.nodeName)).toEqual(['#text', 'EM', '#text']);
    expect(paragraph.firstChild!.textContent).toBe('first line\nsecond ');
    expect(paragraph.lastChild!.textContent).toBe(' and a lone * star');
  });

  it('makes one top-level node per block, a table in its scrolling wrapper', () => {
    for (const source of ['# Title\n', 'Words.\n', '| a |\n| - |\n| b |\n', '```\ncode\n```\n', '---\n']) {
      expect(build(source).childNodes, source).toHaveLength(1);
    }
    expect(build('| a |\n| - |\n| b |\n').innerHTML).toBe(
      '<div class="markdown-table"><table><thead><tr><th>a</th></tr></thead><tbody><tr><td>b</td></tr></tbody></table></div>',
    );
  });
});

describe('inline content that needs no parsing', () => {
  it('is recognised only when markdown-it would also find plain text', () => {
    const alphabet = 'ab Z9 .,;!?#$%+-=^{}>|\'"()/\\`*_~[]<&:@\né—';
    let state = 7;
    const next = () => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return state / 2147483648;
    };
    let plain = 0;
    for (let sample = 0; sample < 20_000; sample++) {
      const length = 1 + Math.floor(next() * 12);
      let text = '';
      for (let index = 0; index < length; index++) text += alphabet[Math.floor(next() * alphabet.length)];
      if (!isPlainInline(text)) continue;
      plain++;
      const tokens = parseInline(text, {});
      expect(
        tokens.map((token) => [token.type, token.content]),
        JSON.stringify(text),
      ).toEqual([['text', text]]);
    }
    expect(plain).toBeGreaterThan(1_000);
    expect(isPlainInline('see https://example.com')).toBe(false);
    expect(isPlainInline('mail me@example.com')).toBe(false);
    expect(isPlainInline('r16-42 note 42 words here')).toBe(true);
  });
});

describe('code highlighting languages', () => {
  registerLanguages(hljs);

  it('knows the curated languages under the names models write', () => {
    for (const name of [
      'ts',
      'tsx',
      'js',
      'json',
      'python',
      'py',
      'bash',
      'sh',
      'shell',
      'css',
      'html',
      'xml',
    ]) {
      expect(hljs.getLanguage(name), name).toBeDefined();
    }
    for (const name of [
      'sql',
      'go',
      'golang',
      'rust',
      'rs',
      'java',
      'c',
      'cpp',
      'c++',
      'yaml',
      'yml',
      'md',
      'diff',
    ]) {
      expect(hljs.getLanguage(name), name).toBeDefined();
    }
    expect(highlightCode(hljs, 'brainfuck', '+++')).toBeNull();
  });

  it('returns escaped HTML: code never becomes markup', () => {
    const html = highlightCode(hljs, 'html', '<script>alert(1)</script>')!;
    expect(html).not.toContain('<script');
    expect(html).toContain('&lt;');
    expect(highlightCode(hljs, 'ts', 'const a = 1;')).toContain('<span class="hljs-keyword">const</span>');
  });
});
