// The reply's Markdown component rendered as in the app, into a happy-dom document: its blocks are built as
// DOM nodes in its layout effects (reply-dom.ts), so a server render would show none of them. A test file
// using this sets `// @vitest-environment happy-dom` on its first line.
import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { Markdown } from '../../../src-renderer/src/markdown/index.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** The markup a reply shows, whole (`streaming` false) or as a snapshot while it streams. */
export function renderMarkdown(text: string, streaming = false): string {
  return renderStreamed([text], streaming).at(-1)!;
}

/**
 * A reply streamed piece by piece into one mounted component, as the app streams it: the markup after each
 * piece. The last piece ends the reply unless `streamingAtEnd`.
 */
export function renderStreamed(pieces: readonly string[], streamingAtEnd = false): string[] {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  const frames: string[] = [];
  let text = '';
  try {
    pieces.forEach((piece, index) => {
      text += piece;
      const streaming = index < pieces.length - 1 || streamingAtEnd;
      act(() => root.render(createElement(Markdown, { text, streaming, onOpenLink: () => {} })));
      frames.push(container.querySelector('.markdown')!.innerHTML);
    });
  } finally {
    act(() => root.unmount());
    container.remove();
  }
  return frames;
}
