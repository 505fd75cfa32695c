// One top-level block → React elements, from markdown-it's block tokens. Inline content is handed to
// memoised `InlineContent` components keyed by position, so re-rendering a growing block re-parses only
// the paragraph, item or cell that changed.
import { type CSSProperties, createElement, Fragment, memo, type ReactNode } from 'react';
import { detachString, takeSplitTokens } from './block-splitter.ts';
import { CodeBlock } from './CodeBlock.tsx';
import { isPlainInline, parseBlockTokens, type Token } from './parser.ts';
import { InlineContent, ownText } from './render-inline.tsx';

type BlockProps =
  /** A finished block's source: parsed here, once. */
  | { source: string; tokens?: undefined }
  /** A block of the growing tail, parsed (and repaired) with the rest of the tail on each update. */
  | { source?: undefined; tokens: Token[] };

/**
 * A finished block renders once: its props never change while the reply grows. A live block renders on
 * every update, and keeps its element identity (same key, same type) when it becomes a finished block,
 * so only what changed in it is touched.
 */
export const Block = memo(function Block({ source, tokens }: BlockProps) {
  // A finished block renders once: from the tokens the splitter found for it, else parsed here (a block
  // rendered again, or not split by a BlockSplitter). Not memoised: keeping its tokens for good would
  // cost memory on every block of every reply. The reply's definitions were collected from this block
  // before it rendered (references.ts): this parse's own copy of them is thrown away.
  if (source === undefined) return renderBlockTokens(tokens, true);
  return renderBlockTokens(takeSplitTokens(source) ?? parseBlockTokens(source, {}), false);
});

interface Frame {
  token: Token | null;
  children: ReactNode[];
}

export function renderBlockTokens(tokens: readonly Token[], live: boolean): ReactNode[] {
  const stack: Frame[] = [{ token: null, children: [] }];
  for (const token of tokens) {
    const frame = stack.at(-1)!;
    if (token.nesting === 1) {
      stack.push({ token, children: [] });
    } else if (token.nesting === -1) {
      if (stack.length === 1) continue;
      const closed = stack.pop()!;
      const parent = stack.at(-1)!;
      parent.children.push(blockElement(closed.token!, closed.children, parent.children.length));
    } else {
      frame.children.push(leafElement(token, frame.children.length, live));
    }
  }
  while (stack.length > 1) {
    const closed = stack.pop()!;
    const parent = stack.at(-1)!;
    parent.children.push(blockElement(closed.token!, closed.children, parent.children.length));
  }
  return stack[0]!.children;
}

const SAME_TAG = new Set([
  'blockquote_open',
  'bullet_list_open',
  'list_item_open',
  'thead_open',
  'tbody_open',
  'tr_open',
]);
const HEADING_TAG = /^h[1-6]$/;
const CELL_ALIGN = /^text-align:(left|right|center)$/;
type CellAlign = 'left' | 'right' | 'center';
/** One style object per alignment: a growing table's cells re-render without their style being set again. */
const ALIGN_STYLES: Record<CellAlign, CSSProperties> = {
  left: { textAlign: 'left' },
  right: { textAlign: 'right' },
  center: { textAlign: 'center' },
};

function blockElement(open: Token, children: ReactNode[], key: number): ReactNode {
  switch (open.type) {
    case 'paragraph_open': {
      const content = ownText(children);
      if (!open.hidden) return createElement('p', { key }, content);
      // Tight list items hide their paragraphs: the text sits in the <li> directly (plain text as a string:
      // no fragment around it).
      return typeof content === 'string' ? content : createElement(Fragment, { key }, children);
    }
    case 'heading_open':
      return createElement(HEADING_TAG.test(open.tag) ? open.tag : 'p', { key }, ownText(children));
    case 'ordered_list_open': {
      const start = Number(open.attrGet('start') ?? 1);
      return createElement(
        'ol',
        { key, start: Number.isFinite(start) && start !== 1 ? start : undefined },
        children,
      );
    }
    case 'table_open':
      // The wrapper scrolls a wide table sideways instead of widening the reply.
      return createElement(
        'div',
        { key, className: 'markdown-table' },
        createElement('table', null, children),
      );
    case 'th_open':
    case 'td_open': {
      const align = CELL_ALIGN.exec(String(open.attrGet('style') ?? ''))?.[1] as CellAlign | undefined;
      return createElement(
        open.tag,
        { key, style: align ? ALIGN_STYLES[align] : undefined },
        ownText(children),
      );
    }
    default:
      return SAME_TAG.has(open.type)
        ? createElement(open.tag, { key }, ownText(children))
        : createElement(Fragment, { key }, children);
  }
}

function leafElement(token: Token, key: number, live: boolean): ReactNode {
  // A live tail's strings are slices of the whole reply; a memoised child keeping one would pin that
  // copy of the reply for good (see detachString).
  const content = live ? detachString(token.content) : token.content;
  switch (token.type) {
    case 'inline':
      // Plain text (most table cells, many list items) is a text node: no parse to skip, so no memoised
      // component (and its hooks) to mount. Live and finished blocks both do this, so a block that
      // finishes keeps its nodes.
      return isPlainInline(content) ? content : createElement(InlineContent, { key, source: content });
    case 'fence':
    case 'code_block':
      // Code in the tail may still grow: it is highlighted once its block is finished.
      return createElement(CodeBlock, {
        key,
        code: content,
        language: token.type === 'fence' ? fenceLanguage(token.info) : '',
        growing: live,
      });
    case 'hr':
      return createElement('hr', { key });
    default:
      return content ? createElement('p', { key }, content) : null;
  }
}

/** The language named after a fence (```ts title="x" → "ts"). */
function fenceLanguage(info: string): string {
  return (info.trim().split(/\s+/)[0] ?? '').replace(/^\{?\.?|\}$/g, '').toLowerCase();
}
