// Streamed markdown for assistant replies: `<Markdown text streaming onOpenLink />`. While `streaming` the
// text only grows; only its growing end is parsed and rendered again on each update (see Markdown.tsx).
export { Markdown, type MarkdownProps } from './Markdown.tsx';
