import { Check, Copy } from 'lucide-react';
import {
  memo,
  type RefObject,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { Button } from '../components/Button.tsx';
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
  // The button copies what the block shows when clicked; it does not re-render as a block grows.
  const shown = useRef(code);
  useLayoutEffect(() => {
    shown.current = code;
  });
  const readCode = useCallback(() => shown.current, []);
  return (
    <div className="markdown-code">
      <div className="markdown-code__header">
        <span className="markdown-code__language">{language || 'text'}</span>
        <CopyCodeButton readCode={readCode} />
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

const CopyCodeButton = memo(function CopyCodeButton({ readCode }: { readCode: () => string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = window.setTimeout(() => setState('idle'), COPIED_MS);
    return () => window.clearTimeout(timer);
  }, [state]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(readCode());
      setState('copied');
    } catch {
      setState('failed');
    }
  };

  return (
    <Button
      variant="ghost"
      size="sm"
      icon={state === 'copied' ? Check : Copy}
      className="markdown-code__copy"
      aria-label={state === 'copied' ? 'Code copied' : 'Copy code'}
      onClick={() => void copy()}
    >
      <span aria-live="polite">
        {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : 'Copy'}
      </span>
    </Button>
  );
});
