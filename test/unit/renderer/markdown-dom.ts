// The reply's Markdown component rendered as in the app, into a happy-dom document: its blocks are built as
// DOM nodes in its layout effects (reply-dom.ts), so a server render would show none of them. A test file
// using this sets `// @vitest-environment happy-dom` on its first line.
import { act, createElement, Profiler } from 'react';
import { createRoot } from 'react-dom/client';
import { Markdown, type MarkdownProps } from '../../../src-renderer/src/markdown/index.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface MountedMarkdown {
  /** Renders the component with these props; returns its root element. */
  show(text: string, streaming: boolean, extra?: Partial<MarkdownProps>): HTMLElement;
  /** React commits of the component so far. */
  readonly commits: number;
  unmount(): void;
}

/** One Markdown component in the document, rendered again by each `show`, as a reply view renders it. */
export function mountMarkdown(): MountedMarkdown {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  let commits = 0;
  return {
    show(text, streaming, extra = {}) {
      const markdown = createElement(Markdown, { text, streaming, onOpenLink: () => {}, ...extra });
      act(() => root.render(createElement(Profiler, { id: 'reply', onRender: () => commits++ }, markdown)));
      return container.querySelector('.markdown')!;
    },
    get commits() {
      return commits;
    },
    unmount() {
      act(() => root.unmount());
      container.remove();
    },
  };
}

/** The markup a reply shows, whole (`streaming` false) or as a snapshot while it streams. */
export function renderMarkdown(text: string, streaming = false): string {
  return renderStreamed([text], streaming).at(-1)!;
}

/**
 * A reply streamed piece by piece into one mounted component, as the app streams it: the markup after each
 * piece. The last piece ends the reply unless `streamingAtEnd`.
 */
export function renderStreamed(pieces: readonly string[], streamingAtEnd = false): string[] {
  const mounted = mountMarkdown();
  let text = '';
  try {
    return pieces.map((piece, index) => {
      text += piece;
      return mounted.show(text, index < pieces.length - 1 || streamingAtEnd).innerHTML;
    });
  } finally {
    mounted.unmount();
  }
}
