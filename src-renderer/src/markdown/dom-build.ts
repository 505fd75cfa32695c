// markdown-it tokens → DOM nodes, built directly (no React under a reply's markdown: see reply-dom.ts for
// why). Never from HTML: every piece of reply text reaches the page as a text node or an attribute value
// set through the DOM, never as markup. The one exception is highlight.js's output for finished code,
// which it escapes itself (highlight-languages.ts).
import { copyButton } from './code-copy.ts';
import { cachedHighlight, highlightable } from './highlight-client.ts';
import { openableHref } from './links.ts';
import { isPlainInline, type Token } from './parser.ts';
import type { ReferenceBook } from './references.ts';

/** Work on a built element once it is in the page (as itself, or as the element it was patched into). */
export type Wire =
  /** Finished code, not yet highlighted: coloured once it comes near the screen. */
  | { kind: 'code'; element: Element; language: string; code: string }
  /** Inline content that looked labels up in vain: built again once one of them is defined. */
  | { kind: 'labels'; element: Element; source: string; missing: readonly string[] };

/**
 * Inline tokens of the reply's sources, kept from one update to the next while a block grows: a growing
 * list or table parses only the item or cell that changed. Emptied once definitions are added (a parse
 * depends on them), and reduced after each update to what that update used.
 */
export class InlineCache {
  private previous = new Map<string, ReturnType<ReferenceBook['parseInline']>>();
  private current = new Map<string, ReturnType<ReferenceBook['parseInline']>>();
  /** How many labels were defined when the kept parses were made. */
  private definitions = 0;

  constructor(private readonly references: ReferenceBook) {}

  /** How many labels are defined: inline content built while fewer were may have looked one up in vain. */
  get labels(): number {
    return this.references.size;
  }

  parse(source: string): ReturnType<ReferenceBook['parseInline']> {
    if (this.references.size !== this.definitions) {
      this.definitions = this.references.size;
      this.clear();
    }
    let parsed = this.current.get(source) ?? this.previous.get(source);
    if (!parsed) parsed = this.references.parseInline(source);
    this.current.set(source, parsed);
    return parsed;
  }

  /** After an update: only what it used is kept. */
  settle(): void {
    this.previous = this.current;
    this.current = new Map();
  }

  clear(): void {
    this.previous.clear();
    this.current.clear();
  }
}

export interface BuildContext {
  /**
   * A block of the growing tail: its code is not looked up among the highlighted, and its wires are only
   * kept for when it finishes (block-build.ts).
   */
  live: boolean;
  /**
   * Code whose colours are known is shown coloured at once (a saved reply opened again). While a reply
   * streams, finished code is coloured after the update, as code the worker has to colour first is (new
   * code always is): the update reaches the screen sooner, and a block that was growing is on screen
   * plain already.
   */
  colourKnownCode: boolean;
  inline: InlineCache;
  /** Collects what is to be done once the built nodes are in the page. */
  wires: Wire[];
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

/** Appends text, joined to a text node just before it: text next to text is one node. */
function appendText(parent: Node, text: string): void {
  if (text === '') return;
  const last = parent.lastChild;
  if (last?.nodeType === Node.TEXT_NODE) (last as Text).appendData(text);
  else parent.appendChild(document.createTextNode(text));
}

function element(tag: string, className?: string): HTMLElement {
  const made = document.createElement(tag);
  if (className) made.className = className;
  return made;
}

/** The element a block token opens (`outer`, put in its parent) and where its children go (`inner`). */
export function openBlock(open: Token): { outer?: HTMLElement; inner?: HTMLElement } {
  switch (open.type) {
    case 'paragraph_open': {
      // Tight list items hide their paragraphs: the text sits in the <li> directly.
      if (open.hidden) return {};
      const paragraph = element('p');
      return { outer: paragraph, inner: paragraph };
    }
    case 'heading_open': {
      const heading = element(HEADING_TAG.test(open.tag) ? open.tag : 'p');
      return { outer: heading, inner: heading };
    }
    case 'ordered_list_open': {
      const list = element('ol');
      const start = Number(open.attrGet('start') ?? 1);
      if (Number.isFinite(start) && start !== 1) list.setAttribute('start', String(start));
      return { outer: list, inner: list };
    }
    case 'table_open': {
      // The wrapper scrolls a wide table sideways instead of widening the reply.
      const wrapper = element('div', 'markdown-table');
      const table = wrapper.appendChild(element('table'));
      return { outer: wrapper, inner: table };
    }
    case 'th_open':
    case 'td_open': {
      const cell = element(open.tag);
      const align = CELL_ALIGN.exec(String(open.attrGet('style') ?? ''))?.[1];
      if (align) cell.style.textAlign = align;
      return { outer: cell, inner: cell };
    }
    default: {
      if (!SAME_TAG.has(open.type)) return {};
      const same = element(open.tag);
      return { outer: same, inner: same };
    }
  }
}

/** The nodes of a token that opens nothing (inline content, code, a rule), appended to `parent`. */
export function appendLeaf(parent: Node, token: Token, context: BuildContext): void {
  switch (token.type) {
    case 'inline':
      // Plain text (most table cells, many list items) needs no parse.
      if (isPlainInline(token.content)) appendText(parent, token.content);
      else appendInline(parent, token.content, context);
      return;
    case 'fence':
    case 'code_block':
      parent.appendChild(
        codeBlock(token.content, token.type === 'fence' ? fenceLanguage(token.info) : '', context),
      );
      return;
    case 'hr':
      parent.appendChild(element('hr'));
      return;
    default:
      if (token.content) parent.appendChild(element('p')).textContent = token.content;
  }
}

/**
 * A code block: language label, copy button (its clicks are handled for the whole reply: code-copy.ts),
 * and the code, plain at first and coloured once the highlighting worker answers. Both are the same
 * monospace text in the same box, so nothing moves.
 */
function codeBlock(code: string, language: string, context: BuildContext): HTMLElement {
  const block = codeBlockSkeleton();
  const [header, pre] = block.children as unknown as [HTMLElement, HTMLElement];
  header.firstElementChild!.textContent = language || 'text';
  const codeElement = pre.firstElementChild!;
  // Live code is not looked up (that would be redone on every update); code that can never be coloured
  // gets no wire, live or not.
  let known: string | null | undefined = null;
  if (highlightable(language, code)) known = context.live ? undefined : cachedHighlight(language, code);
  if (typeof known === 'string' && context.colourKnownCode) showHighlighted(codeElement, known);
  else codeElement.textContent = code;
  if (known === undefined || (known !== null && !context.colourKnownCode)) {
    context.wires.push({ kind: 'code', element: codeElement, language, code });
  }
  return block;
}

let codeBlockTemplate: HTMLElement | null = null;

/** An empty code block, cloned: one call instead of a dozen (a reply can have hundreds). */
function codeBlockSkeleton(): HTMLElement {
  if (!codeBlockTemplate) {
    const block = element('div', 'markdown-code');
    const header = block.appendChild(element('div', 'markdown-code__header'));
    header.appendChild(element('span', 'markdown-code__language'));
    header.appendChild(copyButton());
    // Focusable so that a wide block can be scrolled sideways from the keyboard.
    const pre = block.appendChild(element('pre', 'markdown-code__body'));
    pre.tabIndex = 0;
    pre.appendChild(element('code'));
    codeBlockTemplate = block;
  }
  return codeBlockTemplate.cloneNode(true) as HTMLElement;
}

/** Shows highlight.js's output: escaped by it (it wraps the escaped code in spans), never reply markup. */
export function showHighlighted(code: Element, html: string): void {
  code.className = 'hljs';
  code.innerHTML = html;
}

/** The language named after a fence (```ts title="x" → "ts"). */
function fenceLanguage(info: string): string {
  return (info.trim().split(/\s+/)[0] ?? '').replace(/^\{?\.?|\}$/g, '').toLowerCase();
}

const WRAPPERS: Record<string, string> = { strong_open: 'strong', em_open: 'em', s_open: 's' };

/**
 * One paragraph's (heading's, cell's) inline content, appended to `parent`. Content that uses a label not
 * defined (yet) is put in a span of its own, which is built again once the label is (a finished block's:
 * a growing block is built on from its first such span once a label is defined: block-build.ts).
 */
export function appendInline(parent: Node, source: string, context: BuildContext): void {
  const { tokens, missing } = context.inline.parse(source);
  if (missing.length === 0) {
    appendInlineTokens(parent, tokens);
    return;
  }
  const awaiting = parent.appendChild(element('span', 'markdown-awaiting'));
  appendInlineTokens(awaiting, tokens);
  context.wires.push({ kind: 'labels', element: awaiting, source, missing });
}

/** Inline tokens as nodes, appended to `parent`. */
export function appendInlineTokens(parent: Node, tokens: readonly Token[]): void {
  const stack: Node[] = [parent];
  for (const token of tokens) {
    const current = stack.at(-1)!;
    if (token.nesting === 1) {
      stack.push(current.appendChild(openInline(token)));
    } else if (token.nesting === -1) {
      if (stack.length > 1) stack.pop();
    } else {
      appendInlineLeaf(current, token);
    }
  }
}

function openInline(open: Token): HTMLElement {
  if (open.type === 'link_open') {
    const href = openableHref(open.attrGet('href') as string | null);
    if (!href) return element('span');
    // The destination shows on hover: a reply's link text may say anything. Clicks are handled once for
    // the whole reply (Markdown.tsx): the page itself never navigates.
    return link(href, (open.attrGet('title') as string | null) || href, 'markdown-link');
  }
  return element(WRAPPERS[open.type] ?? 'span');
}

function link(href: string, title: string, className: string): HTMLElement {
  const anchor = element('a');
  anchor.setAttribute('href', href);
  anchor.setAttribute('title', title);
  anchor.className = className;
  return anchor;
}

function appendInlineLeaf(parent: Node, token: Token): void {
  switch (token.type) {
    case 'softbreak':
      appendText(parent, '\n');
      return;
    case 'hardbreak':
      parent.appendChild(element('br'));
      return;
    case 'code_inline':
      parent.appendChild(element('code', 'markdown-inline-code')).textContent = token.content;
      return;
    case 'image': {
      // Images are never loaded (the renderer does not touch the network): a link to them instead, its
      // icon drawn in CSS (markdown.css).
      const alt = token.content || 'image';
      const href = openableHref(token.attrGet('src') as string | null);
      if (!href) appendText(parent, alt);
      else parent.appendChild(link(href, href, 'markdown-link markdown-image-link')).textContent = alt;
      return;
    }
    default:
      // Text, and anything else shown as its text (raw HTML cannot occur with `html: false`).
      appendText(parent, token.content);
  }
}
