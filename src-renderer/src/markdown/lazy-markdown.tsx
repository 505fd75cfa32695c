import { Suspense } from 'react';
import type { MarkdownProps } from './Markdown.tsx';
import { markdownRenderer } from './markdown-loader.ts';

/**
 * `Markdown` from Markdown.tsx, loaded on first use (see markdown-loader.ts). Until it is loaded (normally
 * it is preloaded with the Playground and never waited for; on a busy machine it can be) the text is shown
 * as it is (a streaming reply's as it was when this rendered), in a block of the same class, so a reply is
 * never blank.
 */
export function Markdown(props: MarkdownProps) {
  const className = props.className ? `markdown ${props.className}` : 'markdown';
  return (
    <Suspense
      fallback={
        <div className={className} style={{ whiteSpace: 'pre-wrap' }}>
          {props.follow ? props.follow.read().text : props.text}
        </div>
      }
    >
      <markdownRenderer.Component {...props} />
    </Suspense>
  );
}
