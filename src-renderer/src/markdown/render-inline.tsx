// Inline tokens → React elements. Built from markdown-it's tokens directly, never from HTML: every piece
// of reply text reaches the page as text (a React text node, or an element's own text), never as markup.
import { ImageIcon } from 'lucide-react';
import { createElement, memo, type ReactNode, useContext, useLayoutEffect, useReducer } from 'react';
import { openableHref } from './links.ts';
import { MarkdownEnvContext } from './markdown-env.ts';
import type { Token } from './parser.ts';

const WRAPPERS: Record<string, string> = { strong_open: 'strong', em_open: 'em', s_open: 's' };

/**
 * One paragraph's (heading's, cell's) inline content, parsed when its source changes only: while a long
 * list or table grows, its finished items skip both parsing and rendering. The one exception: a
 * `[text][label]` whose label was not defined yet parses again once it is (`AwaitingLabels`). Only that
 * rare case pays for a subscription: this component has no state or effect of its own, as it is mounted
 * for every paragraph of every reply. Plain text never comes here: blocks render it as a text node
 * (`isPlainInline`, render-block.tsx).
 */
export const InlineContent = memo(function InlineContent({ source }: { source: string }) {
  const references = useContext(MarkdownEnvContext);
  const parsed = references.parseInline(source);
  if (parsed.missing.length > 0) return createElement(AwaitingLabels, { source });
  return renderInlineTokens(parsed.tokens);
});

/** Inline content that looked a label up in vain: parsed again each time one of its labels is defined. */
function AwaitingLabels({ source }: { source: string }) {
  const references = useContext(MarkdownEnvContext);
  const [, reparse] = useReducer(countUp, 0);
  const { tokens, missing } = references.parseInline(source);
  // Labels are normalised by markdown-it (whitespace collapsed): a line break cannot occur in one.
  const missingKey = missing.join('\n');
  // A layout effect: it subscribes before Markdown's own layout effect announces the definitions that
  // the same commit collected, so none is missed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `missing` is what `missingKey` spells
  useLayoutEffect(() => {
    if (missing.length === 0) return;
    return references.whenDefined(missing, reparse);
  }, [references, missingKey]);
  return renderInlineTokens(tokens);
}

function countUp(count: number): number {
  return count + 1;
}

interface Frame {
  token: Token | null;
  children: ReactNode[];
}

export function renderInlineTokens(tokens: readonly Token[]): ReactNode[] {
  const stack: Frame[] = [{ token: null, children: [] }];
  for (const token of tokens) {
    const frame = stack.at(-1)!;
    if (token.nesting === 1) {
      stack.push({ token, children: [] });
    } else if (token.nesting === -1) {
      if (stack.length === 1) continue;
      const closed = stack.pop()!;
      const parent = stack.at(-1)!;
      parent.children.push(wrapInline(closed.token!, closed.children, parent.children.length));
    } else {
      const leaf = inlineLeaf(token, frame.children.length);
      const last = frame.children.length - 1;
      // Text next to text (a line break between two runs, an unmatched `*`) is one string: one text node.
      if (typeof leaf === 'string' && typeof frame.children[last] === 'string') frame.children[last] += leaf;
      else frame.children.push(leaf);
    }
  }
  // Unbalanced tokens (not produced by markdown-it, but cheap to guard): keep their text.
  while (stack.length > 1) {
    const closed = stack.pop()!;
    stack.at(-1)!.children.push(...closed.children);
  }
  return stack[0]!.children;
}

/**
 * An element's children: one string is passed as itself, not in an array, so React writes it as the
 * element's text instead of making a fiber for a text node (most paragraphs, list items and cells).
 */
export function ownText(children: ReactNode[]): ReactNode {
  return children.length === 1 && typeof children[0] === 'string' ? children[0] : children;
}

function wrapInline(open: Token, children: ReactNode[], key: number): ReactNode {
  if (open.type === 'link_open') {
    const href = openableHref(open.attrGet('href') as string | null);
    if (!href) return createElement('span', { key }, ownText(children));
    // The destination shows on hover: a reply's link text may say anything.
    const title = (open.attrGet('title') as string | null) || href;
    // Clicks are handled once for the whole reply (Markdown.tsx): the page itself never navigates.
    return createElement('a', { key, href, title, className: 'markdown-link' }, ownText(children));
  }
  const tag = WRAPPERS[open.type];
  return createElement(tag ?? 'span', { key }, ownText(children));
}

function inlineLeaf(token: Token, key: number): ReactNode {
  switch (token.type) {
    case 'text':
      return token.content;
    case 'softbreak':
      return '\n';
    case 'hardbreak':
      return createElement('br', { key });
    case 'code_inline':
      return createElement('code', { key, className: 'markdown-inline-code' }, token.content);
    case 'image':
      return imageLink(token, key);
    default:
      // Anything else (raw HTML cannot occur with `html: false`) is shown as its text.
      return token.content;
  }
}

/** Images are never loaded (the renderer does not touch the network): a link to them instead. */
function imageLink(token: Token, key: number): ReactNode {
  const alt = token.content || 'image';
  const href = openableHref(token.attrGet('src') as string | null);
  if (!href) return alt;
  return createElement(
    'a',
    { key, href, className: 'markdown-link markdown-image-link', title: href },
    createElement(ImageIcon, { size: 14, 'aria-hidden': true }),
    alt,
  );
}
