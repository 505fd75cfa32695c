import { Suspense } from 'react';
import type { MarkdownProps } from './Markdown.tsx';
import { markdownRenderer } from './markdown-loader.ts';

/**
 * `Markdown` from Markdown.tsx, loaded on first use (see markdown-loader.ts). Until it is loaded (normally
 * it is preloaded with the Playground and never waited for) an empty block of the same class holds its
 * place.
 */
export function Markdown(props: MarkdownProps) {
  const className = props.className ? `markdown ${props.className}` : 'markdown';
  return (
    <Suspense fallback={<div className={className} />}>
      <markdownRenderer.Component {...props} />
    </Suspense>
  );
}
