import { type CSSProperties, useMemo, useState } from 'react';
import { Button } from '../../../components/Button.tsx';
import { formatNumber } from '../../../i18n/format.ts';
import { clipText, codeLines } from './inspect-data.ts';
import { inspectorWords } from './strings.ts';

/** Beyond this a block opens clipped, with "Show all": laying out more at once is felt. */
const SHOWN_LINES = 2000;
const SHOWN_CHARS = 150_000;

/** The block's `tab-size` (inspector.css): a tab's columns when a line's indentation is measured. */
const TAB_SIZE = 2;

/**
 * Up to this many lines, each is an element of its own (see CodeBlock). Measured in Chromium on a JSON
 * body: at ~270 lines the elements cost 5–25 ms of render and 16–22 ms of layout where one text node costs
 * under 1 and 8–24; at ~1,300 lines 10–100 ms and 46–88 ms against under 4 and 22–47, a long task.
 */
const LINES_AS_ELEMENTS = 300;

/**
 * Monospaced, selectable text in a `<pre>`, clipped at first when it is long. Lines wrap and the inspector
 * scrolls as a whole: a narrow column with scrollers inside scrollers is hard to read. A text of a few
 * screens has each line as an element, so a wrapped line goes on under its own text (a long string value
 * deep in a JSON body does not run back to the block's left edge); each holds its own line break, so a
 * selection of the block copies the text as it came. A longer one is one text node, which wraps at the
 * edge: one layout, no per-line elements.
 */
export function CodeBlock({ text, testId }: { text: string; testId?: string }) {
  const t = inspectorWords.useT();
  const [showAll, setShowAll] = useState(false);
  const clipped = useMemo(() => clipText(text, SHOWN_LINES, SHOWN_CHARS), [text]);
  const shown = showAll || !clipped.clipped ? text : clipped.text;
  const lines = useMemo(() => codeLines(shown, TAB_SIZE, LINES_AS_ELEMENTS), [shown]);
  return (
    <div className="inspector-code">
      <pre className="inspector-code__text" data-selectable data-testid={testId}>
        {lines
          ? lines.map((line, index) => (
              <span
                // biome-ignore lint/suspicious/noArrayIndexKey: a line has no identity but its place
                key={index}
                className="inspector-code__line"
                style={{ '--indent': line.indent } as CSSProperties}
              >
                {line.text}
              </span>
            ))
          : shown}
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
