// The markdown renderer (Markdown.tsx with markdown-it, linkify-it and entities: the largest library in
// the renderer) is fetched when the Playground first needs it rather than when the window opens.
import { preloadable } from '../startup/preloadable.ts';
import type { MarkdownProps } from './Markdown.tsx';

export const markdownRenderer = preloadable<MarkdownProps>(() =>
  import('./Markdown.tsx').then((module) => module.Markdown),
);

/** Starts loading the renderer, e.g. together with the panel that shows replies. */
export const preloadMarkdown: () => Promise<void> = markdownRenderer.preload;
