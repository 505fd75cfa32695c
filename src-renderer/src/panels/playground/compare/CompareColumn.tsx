import { ArrowRightFromLine, Copy, RotateCcw, SlidersHorizontal, Square, Trash2 } from 'lucide-react';
import { memo } from 'react';
import {
  continueColumn,
  duplicateColumn,
  removeColumn,
  rerunColumn,
  stopColumn,
} from '../../../actions/compare.ts';
import { IconButton } from '../../../components/Button.tsx';
import { useAppStore } from '../../../store/index.ts';
import { lastReply } from '../comparison-edits.ts';
import { streamingReply } from '../conversation-edits.ts';
import { FORMAT_NAMES } from '../labels.ts';
import { MessageList } from '../MessageList.tsx';
import { ProfileChoice } from '../ProfileChoice.tsx';
import { RowMenu } from '../RowMenu.tsx';
import { SetupRow } from '../SetupRow.tsx';

interface CompareColumnProps {
  comparisonId: string;
  columnId: string;
  /** 1-based, as the user counts the columns. */
  number: number;
  removable: boolean;
  addable: boolean;
  parametersShown: boolean;
  onToggleParameters(): void;
}

/**
 * One column of a comparison: which gateway it asks, its setup (the chat's own controls), its messages
 * streaming on their own, and what can be done with it alone.
 */
export const CompareColumn = memo(function CompareColumn({
  comparisonId,
  columnId,
  number,
  removable,
  addable,
  parametersShown,
  onToggleParameters,
}: CompareColumnProps) {
  const column = useAppStore((s) => s.playground.open[columnId]);
  if (!column) return null;
  const running = streamingReply(column);
  const answered = lastReply(column) !== null;
  const name = `Column ${number} · ${FORMAT_NAMES[column.format]}${column.model.trim() ? ` · ${column.model.trim()}` : ''}`;
  return (
    <section
      className="pg-col"
      aria-label={name}
      data-testid="compare-column"
      data-state={running ? 'streaming' : (lastReply(column)?.state ?? 'empty')}
    >
      <header className="pg-col__head">
        <span className="pg-col__number" aria-hidden>
          {number}
        </span>
        <ProfileChoice
          conversationId={columnId}
          profileId={column.profileId}
          label={`Gateway profile of column ${number}`}
          className="pg-col__profile"
        />
        <div className="pg-col__actions">
          {running ? (
            <IconButton
              icon={Square}
              label={`Stop column ${number}; what arrived is kept`}
              size="sm"
              onClick={() => stopColumn(columnId)}
              data-testid="column-stop"
            />
          ) : (
            <IconButton
              icon={RotateCcw}
              label={`Ask column ${number} its last prompt again, with its setup as it is now`}
              size="sm"
              disabled={!answered}
              onClick={() => rerunColumn(columnId)}
              data-testid="column-rerun"
            />
          )}
          <IconButton
            icon={SlidersHorizontal}
            label={`Parameters of column ${number}`}
            size="sm"
            aria-pressed={parametersShown}
            onClick={onToggleParameters}
            data-testid="column-parameters"
          />
          <RowMenu
            label={`More for column ${number}`}
            testId="column-menu"
            items={[
              ...(addable && running === null
                ? [
                    {
                      label: 'Duplicate, to change one setting',
                      icon: Copy,
                      onSelect: () => duplicateColumn(comparisonId, columnId),
                      testId: 'column-duplicate',
                    },
                  ]
                : []),
              ...(answered && running === null
                ? [
                    {
                      label: 'Continue as a conversation',
                      icon: ArrowRightFromLine,
                      onSelect: () => void continueColumn(comparisonId, columnId),
                      testId: 'column-continue',
                    },
                  ]
                : []),
              ...(removable
                ? [
                    {
                      label: 'Remove column',
                      icon: Trash2,
                      onSelect: () => removeColumn(comparisonId, columnId),
                      danger: true,
                      testId: 'column-remove',
                    },
                  ]
                : []),
            ]}
          />
        </div>
      </header>
      <SetupRow conversation={column} className="pg-col__setup" />
      {column.messages.length === 0 ? (
        <p className="pg-col__empty">The prompt below goes to every column at once.</p>
      ) : (
        <MessageList conversationId={columnId} />
      )}
    </section>
  );
});
