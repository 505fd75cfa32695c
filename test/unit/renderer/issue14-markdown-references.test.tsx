// @vitest-environment happy-dom
// Issue 14, item 6: link reference definitions (`[label]: url`) in a streamed or saved reply. A definition
// still being written must never become the label's target, and `[text][label]` written before its
// definition must become a link once the definition is there. Checked on the rendered reply.
import { describe, expect, it } from 'vitest';
import { BlockSplitter } from '../../../src-renderer/src/markdown/block-splitter.ts';
import { InlineCache } from '../../../src-renderer/src/markdown/dom-build.ts';
import { ReferenceBook } from '../../../src-renderer/src/markdown/references.ts';
import { renderMarkdown as renderSaved, renderStreamed } from './markdown-dom.ts';

const GUIDE =
  '<a href="https://docs.example.com/guide" title="https://docs.example.com/guide" class="markdown-link">';

describe('a reference definition cut while streaming', () => {
  it('is never taken as the label’s target: the link points at the whole URL once it has arrived', () => {
    const frames = renderStreamed([
      'Intro.\n\n[d]: https://docs.example.co',
      'm/guide\n\nRead [the guide][d] first.\n\n',
      'More text.\n\nAnd [again][d].',
      '\n',
    ]);
    for (const frame of frames) expect(frame).not.toContain('href="https://docs.example.co"');
    const last = frames.at(-1)!;
    expect(last).toContain(`${GUIDE}the guide</a>`);
    expect(last).toContain(`${GUIDE}again</a>`);
  });

  it('shows nothing of a definition still being written, and no link from it', () => {
    const frames = renderStreamed(['Read [the guide][d].\n\n[d]: https://docs.example.co', 'm/guide\n']);
    expect(frames[0]).not.toContain('href=');
    expect(frames[0]).not.toContain('docs.example');
    expect(frames.at(-1)).toContain(`${GUIDE}the guide</a>`);
  });
});

describe('a reference used before its definition', () => {
  const text =
    'See [the page][d] and [again][D].\n\n- item with [a link][d]\n\n[d]: https://example.com/x\n\nEnd.';
  const link = (label: string) =>
    `<a href="https://example.com/x" title="https://example.com/x" class="markdown-link">${label}</a>`;

  it('is a link in a saved reply', () => {
    const html = renderSaved(text);
    expect(html).toContain(link('the page'));
    expect(html).toContain(link('again'));
    expect(html).toContain(link('a link'));
    expect(html).not.toContain('[d]');
  });

  it('becomes a link once the definition has arrived while streaming', () => {
    const cuts = [10, 40, 75, 90, text.length];
    const pieces = cuts.map((cut, index) => text.slice(cuts[index - 1] ?? 0, cut));
    const frames = renderStreamed(pieces);
    // Before the definition is complete nothing links (and no half URL is used).
    expect(frames[1]).not.toContain('href=');
    const last = frames.at(-1)!;
    expect(last).toContain(link('the page'));
    expect(last).toContain(link('again'));
    expect(last).toContain(link('a link'));
  });

  it('stays text when the definition never arrives', () => {
    const never = 'See [the page][d] and [d].\n\n[e]: https://example.com/e\n\nEnd.';
    for (const html of [renderSaved(never), renderStreamed([never.slice(0, 20), never.slice(20)]).at(-1)!]) {
      expect(html).not.toContain('<a ');
      expect(html).toContain('See [the page][d] and [d].');
    }
  });

  it('links by the usual rule only: https without credentials', () => {
    const html = renderSaved(
      '[safe][s] [plain][h] [mail][m] [creds][c]\n\n[s]: https://example.com/s\n[h]: http://example.com/h\n' +
        '[m]: mailto:me@example.com\n[c]: https://user:pw@example.com/',
    );
    expect(html).toContain(
      '<a href="https://example.com/s" title="https://example.com/s" class="markdown-link">safe</a>',
    );
    expect(html).toContain('<span>plain</span>');
    expect(html).toContain('<span>mail</span>');
    expect(html).toContain('<span>creds</span>');
    expect(html).not.toMatch(/href="(http:|mailto:|https:\/\/user)/);
  });
});

describe('re-parsing for a definition that arrives later', () => {
  function lookUp(references: ReferenceBook, source: string): string[] {
    return [...references.parseInline(source).missing];
  }

  it('tells only the inline content that looked the new label up, once, after the commit', () => {
    const references = new ReferenceBook();
    const splitter = new BlockSplitter();
    let text = 'Read [the guide][Guide  Page] and [x][other].\n\nPlain text.\n\n';
    splitter.update(text, false);
    references.collect(splitter.blocks);
    expect(lookUp(references, 'Read [the guide][Guide  Page] and [x][other].').sort()).toEqual([
      'GUIDE PAGE',
      'OTHER',
    ]);
    const calls: string[] = [];
    references.whenDefined(['GUIDE PAGE'], () => calls.push('paragraph'));
    references.whenDefined(['UNUSED'], () => calls.push('unrelated'));

    // Cut mid-URL in the tail: nothing is defined, nobody is told.
    text += '[guide page]: https://docs.example.co';
    splitter.update(text, false);
    references.collect(splitter.blocks);
    references.notify();
    expect(calls).toEqual([]);
    expect(references.isDefined('GUIDE PAGE')).toBe(false);

    text += 'm/guide\n\nMore.\n\n';
    splitter.update(text, false);
    references.collect(splitter.blocks);
    // Not during render: only when the component's commit announces it.
    expect(calls).toEqual([]);
    references.notify();
    expect(calls).toEqual(['paragraph']);
    expect(lookUp(references, 'Read [the guide][Guide  Page].')).toEqual([]);

    // Told once: a second definition of the label changes nothing (the first one wins).
    text += '[guide page]: https://elsewhere.example.com/\n\nEnd.\n\n';
    splitter.update(text, false);
    references.collect(splitter.blocks);
    references.notify();
    expect(calls).toEqual(['paragraph']);
    const html = renderSaved(`${text}[g][guide page]\n`);
    expect(html).toContain('href="https://docs.example.com/guide"');
  });
});

describe('parses kept while a block grows', () => {
  it('are not used once a definition has been added: the label is found at once', () => {
    const references = new ReferenceBook();
    const cache = new InlineCache(references);
    const splitter = new BlockSplitter();
    expect(cache.parse('- [the guide][d]').missing).toEqual(['D']);
    cache.settle();
    const text = '[d]: https://docs.example.com/guide\n\nNext.\n\nMore.\n\n';
    splitter.update(text, false);
    references.collect(splitter.blocks);
    expect(references.isDefined('D')).toBe(true);
    // The same source in the next update, after the definition came: parsed again, not taken from before.
    expect(cache.parse('- [the guide][d]').missing).toEqual([]);
  });
});
