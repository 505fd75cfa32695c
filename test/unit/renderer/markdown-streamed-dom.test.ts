// @vitest-environment happy-dom
// A streamed reply's blocks are built on from the first token that changed (block-build.ts), keeping the
// nodes of everything before it. Whatever is kept, the reply must show after each update exactly what a
// renderer that builds it all afresh shows for the same text, and at the end what the saved reply shows.
import { describe, expect, it } from 'vitest';
import { ReplyRenderer } from '../../../src-renderer/src/markdown/reply-renderer.ts';
import { seededRandom } from '../../support/seeded-random.ts';
import { generateDocument } from './markdown-documents.ts';

/** Shows `text` until nothing is left to mount (the app mounts the rest in later tasks). */
function showAll(
  renderer: ReplyRenderer,
  text: string,
  streaming: boolean,
  appended: { at: number; text: string } | null,
): void {
  let more = renderer.show(text, streaming, appended);
  while (more) more = renderer.show(text, streaming, null);
}

/**
 * The markup shown. Two wrappers that show nothing are left out: the one around inline content that looked
 * a label up in vain, kept when the label comes and the content is built again (reply-dom.ts), where a
 * fresh render has none; and a group left empty when the growing text it held turned out to be a link
 * definition (which shows nothing).
 */
function markup(root: Element): string {
  const copy = root.cloneNode(true) as Element;
  for (const group of copy.querySelectorAll('.markdown-group:empty')) group.remove();
  for (const awaiting of copy.querySelectorAll('span.markdown-awaiting'))
    awaiting.replaceWith(...awaiting.childNodes);
  copy.normalize();
  return copy.innerHTML;
}

/** What a renderer that has seen nothing before shows for `text`. */
function fresh(text: string, streaming: boolean): string {
  const root = document.createElement('div');
  showAll(new ReplyRenderer(root), text, streaming, null);
  return markup(root);
}

/** The generated documents, some with their link definition at the end (labels defined late). */
function documentOf(seed: number): string {
  const text = generateDocument(seed);
  if (seed % 3 !== 0) return text;
  const definition = '[r1]: https://example.com/ref "Title"';
  return `${text.replace(definition, '')}\n\n${definition}\n`;
}

describe('a reply streamed in pieces', () => {
  it('shows after every update what a fresh render of the same text shows, and ends as the saved reply', () => {
    for (let seed = 1; seed <= 120; seed++) {
      const text = documentOf(seed);
      const next = seededRandom(seed * 3571);
      const root = document.createElement('div');
      const renderer = new ReplyRenderer(root);
      let shown = '';
      while (shown.length < text.length) {
        // Pieces of 1 to 40 characters: cut anywhere, mid-line and mid-markup included.
        const piece = text.slice(shown.length, shown.length + 1 + Math.floor(next() * 40));
        const appended = { at: shown.length, text: piece };
        shown += piece;
        showAll(renderer, shown, true, appended);
        expect(markup(root), `seed ${seed}, after ${shown.length} characters`).toBe(fresh(shown, true));
      }
      showAll(renderer, text, false, null);
      expect(markup(root), `seed ${seed}, ended`).toBe(fresh(text, false));
    }
  });
});
