import { useMemo } from 'react';
import type { CompactionMarker } from '../../../../../src-preload/contract.ts';
import { CodeBlock } from './CodeBlock.tsx';
import { CopyButton } from './CopyButton.tsx';

/** A compaction's output items: what the next request's input starts with. */
export function ItemsView({ marker }: { marker: CompactionMarker }) {
  const json = useMemo(() => JSON.stringify(marker.items, null, 2), [marker.items]);
  const count = marker.items.length;
  return (
    <div className="inspector-view" data-testid="inspector-items">
      <section className="inspector-section">
        <div className="inspector-section__head">
          <h3 className="inspector-section__title">
            Compacted items <span className="inspector-section__count">{count}</span>
          </h3>
          <CopyButton text={() => json} label="Copy items" copied="Compacted items copied" />
        </div>
        <p className="inspector-note">
          {tokensSentence(marker.tokensBefore, marker.tokensAfter)} The next request's input starts with{' '}
          {count === 1 ? 'this item' : 'these items'}.
        </p>
        <CodeBlock text={json} testId="inspector-items-json" />
      </section>
    </div>
  );
}

function tokensSentence(before: number | null, after: number | null): string {
  if (before === null || after === null) return '';
  return `${before.toLocaleString('en-US')} tokens became ${after.toLocaleString('en-US')}.`;
}
