import { useMemo, useState } from 'react';
import { Button } from '../../../components/Button.tsx';
import { clipText } from './inspect-data.ts';

/** Beyond this a block opens clipped, with "Show all": laying out more at once is felt. */
const SHOWN_LINES = 2000;
const SHOWN_CHARS = 150_000;

/**
 * Monospaced, selectable text in one `<pre>` (a single text node, so even a megabyte costs one layout
 * and no per-line elements), clipped at first when it is long. Lines wrap and the inspector scrolls as a
 * whole: a narrow column with scrollers inside scrollers is hard to read.
 */
export function CodeBlock({ text, testId }: { text: string; testId?: string }) {
  const [showAll, setShowAll] = useState(false);
  const clipped = useMemo(() => clipText(text, SHOWN_LINES, SHOWN_CHARS), [text]);
  const shown = showAll || !clipped.clipped ? text : clipped.text;
  return (
    <div className="inspector-code">
      <pre className="inspector-code__text" data-selectable data-testid={testId}>
        {shown}
      </pre>
      {clipped.clipped && !showAll ? (
        <div className="inspector-code__more">
          <span>
            {clipped.totalLines > SHOWN_LINES
              ? `Showing the first ${SHOWN_LINES.toLocaleString('en-US')} of ${clipped.totalLines.toLocaleString('en-US')} lines`
              : `Showing the first ${clipped.text.length.toLocaleString('en-US')} of ${text.length.toLocaleString('en-US')} characters`}
          </span>
          <Button size="sm" variant="secondary" onClick={() => setShowAll(true)}>
            Show all
          </Button>
        </div>
      ) : null}
    </div>
  );
}
