import { memo, type RefObject, useContext, useEffect, useRef, useState } from 'react';
import '../components/Button.css';
import { cachedHighlight, requestHighlight } from './highlight-client.ts';
import { NearViewportContext } from './near-viewport.ts';

interface CodeBlockProps {
  code: string;
  /** The fence's language (first word of its info string), lower-cased; '' when none. */
  language: string;
  /** Still being written: never highlighted (it would be redone on every update). */
  growing: boolean;
}

/**
 * A code block: language label, copy button, and the code, plain at first and coloured once the
 * highlighting worker answers. Both are the same monospace text in the same box, so nothing moves.
 */
export const CodeBlock = memo(function CodeBlock({ code, language, growing }: CodeBlockProps) {
  const codeRef = useRef<HTMLElement>(null);
  const html = useHighlightedHtml(codeRef, language, code, !growing);
  return (
    <div className="markdown-code">
      <div className="markdown-code__header">
        <span className="markdown-code__language">{language || 'text'}</span>
        <CopyCodeButton codeRef={codeRef} />
      </div>
      {/* Focusable so that a wide block can be scrolled sideways from the keyboard. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
      <pre className="markdown-code__body" tabIndex={0}>
        {html === null ? (
          <code ref={codeRef}>{code}</code>
        ) : (
          // Escaped by highlight.js (it wraps the escaped code in spans); nothing else is ever set as HTML.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: highlight.js output, escaped
          <code ref={codeRef} className="hljs" dangerouslySetInnerHTML={{ __html: html }} />
        )}
      </pre>
    </div>
  );
});

function useHighlightedHtml(
  codeRef: RefObject<HTMLElement | null>,
  language: string,
  code: string,
  enabled: boolean,
): string | null {
  const nearViewport = useContext(NearViewportContext);
  const known = enabled ? cachedHighlight(language, code) : null;
  const [result, setResult] = useState<{ code: string; html: string | null } | null>(null);

  useEffect(() => {
    const element = codeRef.current;
    if (!enabled || known !== undefined || !element) return;
    let cancelRequest = () => {};
    const stopWatching = nearViewport.watch(element, () => {
      cancelRequest = requestHighlight(language, code, (html) => setResult({ code, html }));
    });
    return () => {
      stopWatching();
      cancelRequest();
    };
  }, [codeRef, nearViewport, language, code, enabled, known]);

  if (!enabled) return null;
  if (known !== undefined) return known;
  return result?.code === code ? result.html : null;
}

/** How long the button says "Copied". */
const COPIED_MS = 1500;

/**
 * Copies the code the block shows when clicked (the text of its <code>, coloured or not, is the code):
 * its only prop is a ref, so it does not re-render while the block grows.
 */
const CopyCodeButton = memo(function CopyCodeButton({ codeRef }: { codeRef: RefObject<HTMLElement | null> }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = window.setTimeout(() => setState('idle'), COPIED_MS);
    return () => window.clearTimeout(timer);
  }, [state]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codeRef.current?.textContent ?? '');
      setState('copied');
    } catch {
      setState('failed');
    }
  };

  // A plain button drawing its icon in CSS (markdown.css): a reply has hundreds of code blocks, and an
  // icon component mounted in each cost more than the rest of the button (~80 µs apiece here).
  return (
    <button
      type="button"
      className="button button--ghost button--sm markdown-code__copy"
      data-state={state}
      aria-label={state === 'copied' ? 'Code copied' : 'Copy code'}
      onClick={() => void copy()}
    >
      <span aria-live="polite">
        {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : 'Copy'}
      </span>
    </button>
  );
});
