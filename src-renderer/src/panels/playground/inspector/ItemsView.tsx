import { useMemo } from 'react';
import type { CompactionMarker } from '../../../../../src-preload/contract.ts';
import { formatNumber } from '../../../i18n/format.ts';
import { CodeBlock } from './CodeBlock.tsx';
import { CopyButton } from './CopyButton.tsx';
import { inspectorWords } from './strings.ts';

/** A compaction's output items: what the next request's input starts with. */
export function ItemsView({ marker }: { marker: CompactionMarker }) {
  const t = inspectorWords.useT();
  const json = useMemo(() => JSON.stringify(marker.items, null, 2), [marker.items]);
  const count = marker.items.length;
  return (
    <div className="inspector-view" data-testid="inspector-items">
      <section className="inspector-section">
        <div className="inspector-section__head">
          <h3 className="inspector-section__title">
            {t('items.title')} <span className="inspector-section__count">{formatNumber(count)}</span>
          </h3>
          <CopyButton text={() => json} label={t('items.copy')} copied={t('items.copied')} />
        </div>
        <p className="inspector-note">{itemsNote(marker.tokensBefore, marker.tokensAfter, count)}</p>
        <CodeBlock text={json} testId="inspector-items-json" />
      </section>
    </div>
  );
}

/** What the compaction saved, if known, and that the next request starts from these items. */
function itemsNote(before: number | null, after: number | null, count: number): string {
  const { t } = inspectorWords;
  if (before === null || after === null) return t('items.startsWith', { count });
  return t('items.tokensStartsWith', { count, before: formatNumber(before), after: formatNumber(after) });
}
