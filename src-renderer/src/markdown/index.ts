// Streamed markdown for the Playground. PLACEHOLDER API (to be replaced by the incremental renderer):
// `<Markdown text streaming onOpenLink />` renders `text`; while `streaming` the text only grows.
export { Markdown, type MarkdownProps } from './Markdown.tsx';
