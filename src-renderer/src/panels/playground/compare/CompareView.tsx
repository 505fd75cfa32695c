import { Columns3, Plus, X } from 'lucide-react';
import { useState } from 'react';
import { addColumn, closeComparison } from '../../../actions/compare.ts';
import { renameConversation } from '../../../actions/playground.ts';
import { Button, IconButton } from '../../../components/Button.tsx';
import { useAppStore } from '../../../store/index.ts';
import { useKeepFocusIn } from '../../../util/focus.ts';
import { ListToggle, TitleEditor } from '../ChatToolbar.tsx';
import { canAddColumn } from '../comparison-edits.ts';
import { streamingReply } from '../conversation-edits.ts';
import { shownTitle } from '../labels.ts';
import { ParametersPanel } from '../ParametersPanel.tsx';
import { CompareColumn } from './CompareColumn.tsx';
import { CompareComposer } from './CompareComposer.tsx';
import { CompareSummary } from './CompareSummary.tsx';
import { compareWords } from './strings.ts';
import './compare.css';

interface CompareViewProps {
  comparisonId: string;
  listOpen: boolean;
  onToggleList(): void;
}

/**
 * One prompt answered side by side (issue 17): the comparison's title and actions, its columns (each a
 * conversation with its own gateway, format, model and settings, streaming on its own), the row that
 * compares their last replies, and the one prompt box that sends to all. The parameters of one column at
 * a time open beside them.
 */
export function CompareView({ comparisonId, listOpen, onToggleList }: CompareViewProps) {
  const t = compareWords.useT();
  const frame = useAppStore((s) => s.playground.comparisons[comparisonId]);
  // A column removed (or its Stop turned Re-run) takes the focused control along: focus stays in the grid.
  const keepFocusRef = useKeepFocusIn({
    rows: '[data-testid="compare-column"]',
    fallback: () => document.querySelector<HTMLElement>('[data-testid="compare-input"]'),
  });
  const title = useAppStore((s) => {
    const current = s.playground.comparisons[comparisonId];
    const first = current ? s.playground.open[current.columnIds[0] ?? ''] : undefined;
    // As `comparisonTitle` reads it (the first column's first prompt), with "New chat" in the interface's language.
    return current ? shownTitle({ customTitle: current.customTitle, messages: first?.messages ?? [] }) : '';
  });
  const streaming = useAppStore((s) =>
    (s.playground.comparisons[comparisonId]?.columnIds ?? []).some((id) => {
      const column = s.playground.open[id];
      return column ? streamingReply(column) !== null : false;
    }),
  );
  // The Inspector, when open, takes the side instead: both would leave the columns too narrow to read.
  const inspecting = useAppStore((s) => s.playground.inspect !== null);
  const [parametersOf, setParametersOf] = useState<string | null>(null);
  if (!frame) return null;
  const shownParameters =
    !inspecting && parametersOf && frame.columnIds.includes(parametersOf) ? parametersOf : null;
  const columnCount = frame.columnIds.length;

  return (
    <>
      <section className="pg-chat pg-compare" aria-label={t('view.name')} data-testid="compare">
        <header className="pg-toolbar">
          <div className="pg-toolbar__row">
            <ListToggle listOpen={listOpen} onToggleList={onToggleList} />
            <Columns3 size={16} aria-hidden className="pg-compare__mark" />
            <TitleEditor
              key={frame.id}
              title={title}
              custom={frame.customTitle}
              onRename={(next) => void renameConversation(frame.id, next)}
            />
            <div className="pg-toolbar__actions">
              <Button
                size="sm"
                variant="ghost"
                icon={Plus}
                disabled={!canAddColumn(frame)}
                title={t(canAddColumn(frame) ? 'view.addColumnTitle' : 'view.atMostFour')}
                onClick={() => addColumn(frame.id)}
                data-testid="compare-add-column"
              >
                {t('view.addColumn')}
              </Button>
              <IconButton
                icon={X}
                label={t('view.close')}
                size="sm"
                onClick={closeComparison}
                data-testid="compare-close"
              />
            </div>
          </div>
        </header>
        <div
          ref={keepFocusRef}
          className="pg-compare__grid"
          style={{ '--compare-columns': columnCount } as React.CSSProperties}
          data-testid="compare-columns"
        >
          {frame.columnIds.map((columnId, index) => (
            <CompareColumn
              key={columnId}
              comparisonId={frame.id}
              columnId={columnId}
              number={index + 1}
              removable={columnCount > 2}
              addable={canAddColumn(frame)}
              parametersShown={shownParameters === columnId}
              onToggleParameters={() => setParametersOf(shownParameters === columnId ? null : columnId)}
            />
          ))}
        </div>
        <CompareSummary columnIds={frame.columnIds} />
        <CompareComposer comparisonId={frame.id} streaming={streaming} />
      </section>
      {shownParameters ? (
        <ParametersPanel
          key={`parameters-${shownParameters}`}
          conversationId={shownParameters}
          owner={{
            name: t('view.parametersOf', { n: frame.columnIds.indexOf(shownParameters) + 1 }),
            onClose: () => setParametersOf(null),
          }}
        />
      ) : null}
    </>
  );
}
