// The two markdown-it parsers the renderer uses. Block structure and inline content are parsed apart so
// that an unchanged paragraph, list item or table cell never has its inline markup parsed twice: blocks
// are cheap to re-split on every update, inline parsing is where the time goes.
import MarkdownIt, { type Token } from 'markdown-it';

export type { Token };

/**
 * markdown-it's parse environment: the block rule `reference` adds each definition (`[label]: url`) to
 * `references`, first one wins; the inline `link` and `image` rules look `[text][label]` up there. A
 * reply's definitions are kept by a ReferenceBook (references.ts).
 */
export interface MarkdownEnv {
  references?: Record<string, { href: string; title: string }>;
}

// No raw HTML ever: `html: false` turns `<script>` and friends into plain text.
const OPTIONS = { html: false, linkify: true } as const;

const blockParser = new MarkdownIt(OPTIONS);
// Stops after the block rules: inline tokens keep their source in `content` with empty `children`
// (reference definitions leave no token: the block rule only records them in `env.references`).
blockParser.core.ruler.enableOnly(['normalize', 'block']);

const inlineParser = new MarkdownIt(OPTIONS);

/** Block tokens of `source`; the `inline` tokens among them are not parsed yet (see `parseInline`). */
export function parseBlockTokens(source: string, env: MarkdownEnv): Token[] {
  return blockParser.parse(source, env);
}

/**
 * Characters that may start inline markup with our options: line breaks, escapes, code, emphasis,
 * strikethrough, links and images, autolinks, entities, and the `:` and `@` that linkify looks for
 * (bare domains are not linked: linkify-it's fuzzyLink is off). Without any of them the source is plain
 * text, as markdown-it would also find: most table cells and many list items skip the parser.
 */
const INLINE_MARKUP = /[\n\\`*_~[\]<&:@]/;

export function isPlainInline(source: string): boolean {
  return !INLINE_MARKUP.test(source);
}

/** Inline tokens of one paragraph, heading or table cell (links, emphasis, code spans, autolinks). */
export function parseInline(source: string, env: MarkdownEnv): Token[] {
  return inlineParser.parseInline(source, env)[0]?.children ?? [];
}
