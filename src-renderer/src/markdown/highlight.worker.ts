// Highlights code blocks off the main thread: the first use of a language compiles its grammar (47–184 ms
// measured), which on the main thread would freeze a streaming reply.
import hljs from 'highlight.js/lib/core';
import type { HighlightRequest, HighlightResponse } from './highlight-client.ts';
import { highlightCode, registerLanguages } from './highlight-languages.ts';

registerLanguages(hljs);

self.addEventListener('message', (event: MessageEvent<HighlightRequest>) => {
  const { id, language, code } = event.data;
  let html: string | null = null;
  try {
    html = highlightCode(hljs, language, code);
  } catch {
    // A grammar that throws leaves the block as plain text.
  }
  const response: HighlightResponse = { id, html };
  postMessage(response);
});
