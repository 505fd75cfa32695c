import { ArrowRightFromLine, Copy, RotateCcw, SlidersHorizontal, Trash2 } from 'lucide-react';
import { memo } from 'react';
import {
  continueColumn,
  duplicateColumn,
  removeColumn,
  rerunColumn,
  stopColumn,
} from '../../../actions/compare.ts';
import { IconButton } from '../../../components/Button.tsx';
import { StopIcon } from '../../../components/StopIcon.tsx';
import { useAppStore } from '../../../store/index.ts';
import { lastReply } from '../comparison-edits.ts';
import { streamingReply } from '../conversation-edits.ts';
import { formatName } from '../labels.ts';
import { MessageList } from '../MessageList.tsx';
import { ProfileChoice } from '../ProfileChoice.tsx';
import { RowMenu } from '../RowMenu.tsx';
import { SetupRow } from '../SetupRow.tsx';
import { compareWords } from './strings.ts';

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
  const t = compareWords.useT();
  const column = useAppStore((s) => s.playground.open[columnId]);
  if (!column) return null;
  const running = streamingReply(column);
  const answered = lastReply(column) !== null;
  const model = column.model.trim();
  const format = formatName(column.format);
  const name = model
    ? t('column.nameWithModel', { n: number, format, model })
    : t('column.name', { n: number, format });
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
          label={t('column.profile', { n: number })}
          className="pg-col__profile"
        />
        <div className="pg-col__actions">
          {running ? (
            <IconButton
              icon={StopIcon}
              label={t('column.stop', { n: number })}
              size="sm"
              onClick={() => stopColumn(columnId)}
              data-testid="column-stop"
            />
          ) : (
            <IconButton
              icon={RotateCcw}
              label={t('column.rerun', { n: number })}
              size="sm"
              disabled={!answered}
              onClick={() => rerunColumn(columnId)}
              data-testid="column-rerun"
            />
          )}
          <IconButton
            icon={SlidersHorizontal}
            label={t('column.parameters', { n: number })}
            size="sm"
            aria-pressed={parametersShown}
            onClick={onToggleParameters}
            data-testid="column-parameters"
          />
          <RowMenu
            label={t('column.more', { n: number })}
            testId="column-menu"
            items={[
              ...(addable && running === null
                ? [
                    {
                      label: t('column.duplicate'),
                      icon: Copy,
                      onSelect: () => duplicateColumn(comparisonId, columnId),
                      testId: 'column-duplicate',
                    },
                  ]
                : []),
              ...(answered && running === null
                ? [
                    {
                      label: t('column.continue'),
                      icon: ArrowRightFromLine,
                      onSelect: () => void continueColumn(comparisonId, columnId),
                      testId: 'column-continue',
                    },
                  ]
                : []),
              ...(removable
                ? [
                    {
                      label: t('column.remove'),
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
        <p className="pg-col__empty">{t('column.empty')}</p>
      ) : (
        <MessageList conversationId={columnId} />
      )}
    </section>
  );
});
