// The languages code blocks are highlighted in, registered one by one on highlight.js's core: the full
// `highlight.js` entry carries ~190 languages (316 KB gzip) that a chat reply almost never needs.
// Each registration brings the language's own aliases (ts, js, py, sh, yml, html, c++, golang, rs…).
import type { HLJSApi } from 'highlight.js';
import bash from 'highlight.js/lib/languages/bash';
import c from 'highlight.js/lib/languages/c';
import cpp from 'highlight.js/lib/languages/cpp';
import css from 'highlight.js/lib/languages/css';
import diff from 'highlight.js/lib/languages/diff';
import go from 'highlight.js/lib/languages/go';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import markdown from 'highlight.js/lib/languages/markdown';
import python from 'highlight.js/lib/languages/python';
import rust from 'highlight.js/lib/languages/rust';
import shell from 'highlight.js/lib/languages/shell';
import sql from 'highlight.js/lib/languages/sql';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';

const LANGUAGES = {
  bash,
  c,
  cpp,
  css,
  diff,
  go,
  java,
  javascript,
  json,
  markdown,
  python,
  rust,
  shell,
  sql,
  typescript,
  xml,
  yaml,
};

/** Names models write after a fence that the languages above do not list as aliases themselves. */
const EXTRA_ALIASES: Record<keyof typeof LANGUAGES, string[]> = {
  bash: ['sh', 'zsh'],
  c: [],
  cpp: ['c++', 'cc', 'hpp'],
  css: [],
  diff: [],
  go: [],
  java: [],
  javascript: ['node'],
  json: [],
  markdown: ['md'],
  python: ['py', 'python3'],
  rust: [],
  shell: ['console', 'shellsession'],
  sql: [],
  typescript: ['ts', 'tsx'],
  xml: ['html', 'svg', 'xhtml'],
  yaml: [],
};

export function registerLanguages(hljs: HLJSApi): void {
  for (const [name, language] of Object.entries(LANGUAGES)) {
    hljs.registerLanguage(name, language);
    const aliases = EXTRA_ALIASES[name as keyof typeof LANGUAGES].filter((alias) => !hljs.getLanguage(alias));
    if (aliases.length > 0) hljs.registerAliases(aliases, { languageName: name });
  }
}

/**
 * Highlighted HTML for `code`, or null when the language is not one of ours. highlight.js escapes the code
 * it wraps in spans, so the result is safe as the `innerHTML` of a `<code>`.
 */
export function highlightCode(hljs: HLJSApi, language: string, code: string): string | null {
  if (!language || !hljs.getLanguage(language)) return null;
  return hljs.highlight(code, { language, ignoreIllegals: true }).value;
}
