import { useMemo, useState } from 'react';
import { Button } from '../../../components/Button.tsx';
import { formatNumber } from '../../../i18n/format.ts';
import { clipText } from './inspect-data.ts';
import { inspectorWords } from './strings.ts';

/** Beyond this a block opens clipped, with "Show all": laying out more at once is felt. */
const SHOWN_LINES = 2000;
const SHOWN_CHARS = 150_000;

/**
 * Monospaced, selectable text in one `<pre>` (a single text node, so even a megabyte costs one layout
 * and no per-line elements), clipped at first when it is long. Lines wrap and the inspector scrolls as a
 * whole: a narrow column with scrollers inside scrollers is hard to read.
 */
export function CodeBlock({ text, testId }: { text: string; testId?: string }) {
  const t = inspectorWords.useT();
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
              ? t('code.firstLines', {
                  shown: formatNumber(SHOWN_LINES),
                  total: formatNumber(clipped.totalLines),
                })
              : t('code.firstChars', {
                  shown: formatNumber(clipped.text.length),
                  total: formatNumber(text.length),
                })}
          </span>
          <Button size="sm" variant="secondary" onClick={() => setShowAll(true)}>
            {t('code.showAll')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
