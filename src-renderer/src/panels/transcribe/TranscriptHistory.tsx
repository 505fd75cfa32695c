import { History, RotateCw, SearchX, Trash2 } from 'lucide-react';
import { memo, useCallback, useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { TranscriptSummary } from '../../../../src-preload/contract.ts';
import {
  exportTranscript,
  loadHistory,
  loadMoreHistory,
  openTranscript,
  searchHistory,
} from '../../actions/transcripts.ts';
import { Button, IconButton } from '../../components/Button.tsx';
import { Callout } from '../../components/Callout.tsx';
import { SearchField } from '../../components/SearchField.tsx';
import { useListWindow, useShownList, windowRowProps } from '../../components/useListWindow.ts';
import { WindowedList } from '../../components/WindowedList.tsx';
import { formatClock, formatNumber } from '../../i18n/format.ts';
import { useAppStore } from '../../store/index.ts';
import { selectOpenedTranscriptId } from '../../store/transcripts.ts';
import { historyWords } from '../history-strings.ts';
import { type DeleteTarget, DeleteTranscriptDialog } from './DeleteTranscriptDialog.tsx';
import { ExportMenu } from './ExportMenu.tsx';
import { ModeBadge } from './ModeBadge.tsx';
import { formatSavedAt, formatSavedDay } from './transcript-labels.ts';
import { SPACE_PLAYS } from './useTranscriptShortcuts.ts';
import '../../components/FormRow.css';
import './TranscriptHistory.css';

/** A row's height (px): name, meta and two lines of preview (see useListWindow's rowHeight). */
const ROW_HEIGHT = 96;
/** The history before its first rows are drawn: "Loading" (it is asked for as it is shown). */
const HISTORY_PENDING = {
  items: [],
  total: 0,
  rebuilding: null,
  status: 'loading',
  error: null,
  searched: '',
} as const;
/** The space between rows (px). */
const ROW_GAP = 2;

/**
 * Every saved transcript, newest first, with a search over names and text. Loads whenever it is shown, so
 * it is current after anything saved while it was away; new results join it as they finish. Thousands of
 * them (issue 19): only the rows in view (and a few around) are in the page, loaded from main a page at a
 * time as the list scrolls; the arrow keys, Page Up/Down, Home and End move between rows.
 */
export function TranscriptHistory() {
  const t = historyWords.useT();
  const [deleting, setDeleting] = useState<DeleteTarget | null>(null);
  useEffect(() => {
    void loadHistory();
  }, []);
  return (
    <section
      className="transcript-history"
      aria-label={t('transcripts.region')}
      data-testid="transcript-history"
    >
      <HistorySearch />
      <HistoryList onDelete={setDeleting} />
      <DeleteTranscriptDialog target={deleting} onClose={() => setDeleting(null)} />
    </section>
  );
}

function HistorySearch() {
  const t = historyWords.useT();
  const query = useAppStore((s) => s.transcriptQuery);
  return (
    <SearchField
      value={query}
      onChange={searchHistory}
      placeholder={t('transcripts.searchPlaceholder')}
      label={t('transcripts.searchLabel')}
      testId="history-search"
    />
  );
}

function HistoryList({ onDelete }: { onDelete(target: DeleteTarget): void }) {
  const t = historyWords.useT();
  // Drawn a render behind the store, so a page of rows arriving never makes one long task (useListWindow.ts).
  const { items, total, rebuilding, status, error, searched } =
    useShownList(
      useAppStore(
        useShallow((s) => ({
          items: s.transcriptHistory,
          total: s.transcriptHistoryTotal,
          rebuilding: s.transcriptHistoryRebuilding,
          status: s.transcriptHistoryStatus,
          error: s.transcriptHistoryError,
          searched: s.transcriptHistoryQuery,
        })),
      ),
    ) ?? HISTORY_PENDING;
  const openId = useAppStore(selectOpenedTranscriptId);
  const keyOf = useCallback((index: number) => items[index]?.id ?? index, [items]);
  const loadMore = useCallback(() => void loadMoreHistory(), []);
  const listWindow = useListWindow<HTMLUListElement>({
    count: items.length,
    total,
    rowHeight: ROW_HEIGHT,
    gap: ROW_GAP,
    keyOf,
    loadMore,
    rowControl: '.history-item__open',
  });

  if (status === 'failed' && error) {
    return (
      <Callout
        tone="error"
        compact
        title={t('transcripts.failedTitle')}
        actions={
          <IconButton
            icon={RotateCw}
            label={t('transcripts.tryAgain')}
            size="sm"
            onClick={() => void loadHistory()}
          />
        }
      >
        {error.message}
      </Callout>
    );
  }
  if (status !== 'ready') {
    return (
      <p className="history-note" aria-busy="true">
        {t('transcripts.loading')}
      </p>
    );
  }
  const indexing =
    rebuilding && rebuilding.total > 0 ? (
      <p className="history-note" role="status" data-testid="history-indexing">
        {t('transcripts.indexing', {
          done: formatNumber(rebuilding.done),
          total: formatNumber(rebuilding.total),
        })}
      </p>
    ) : null;
  if (items.length === 0) {
    return (
      <>
        {indexing}
        {searched ? (
          <HistoryEmpty icon={SearchX} title={t('transcripts.noMatch', { query: searched })}>
            {t('transcripts.noMatchText')}{' '}
            <Button variant="ghost" size="sm" onClick={() => searchHistory('')}>
              {t('transcripts.clearSearch')}
            </Button>
          </HistoryEmpty>
        ) : (
          <HistoryEmpty icon={History} title={t('transcripts.emptyTitle')}>
            {t('transcripts.emptyText')}
          </HistoryEmpty>
        )}
      </>
    );
  }
  return (
    <>
      {indexing}
      <WindowedList
        listWindow={listWindow}
        className="history-list"
        total={total}
        loaded={items.length}
        testId="history-list"
        row={(index, top) => {
          const item = items[index];
          if (!item) return null;
          return (
            <HistoryItem
              key={item.id}
              index={index}
              count={total}
              top={top}
              item={item}
              current={item.id === openId}
              onDelete={onDelete}
            />
          );
        }}
      />
    </>
  );
}

function HistoryEmpty({
  icon: Icon,
  title,
  children,
}: {
  icon: typeof History;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <div className="history-empty" data-testid="history-empty">
      <Icon size={20} className="history-empty__icon" aria-hidden />
      <p className="history-empty__title">{title}</p>
      <p className="history-empty__text">{children}</p>
    </div>
  );
}

interface HistoryItemProps {
  /** Its place among the rows, how many there are, and where it sits. */
  index: number;
  count: number;
  top: number;
  item: TranscriptSummary;
  current: boolean;
  onDelete(target: DeleteTarget): void;
}

/** One saved transcript: opens on click; export and delete sit at its corner. */
const HistoryItem = memo(function HistoryItem({
  index,
  count,
  top,
  item,
  current,
  onDelete,
}: HistoryItemProps) {
  const t = historyWords.useT();
  return (
    <li
      {...windowRowProps(index, count, top, ROW_HEIGHT)}
      className="history-item"
      aria-current={current ? 'true' : undefined}
      data-testid="history-item"
      data-id={item.id}
    >
      {/* Named by what it shows, file name first: a name that left out visible words (the date, mode and
          preview) failed those who speak to their computer (WCAG 2.5.3, axe label-content-name-mismatch). */}
      <button
        type="button"
        className="history-item__open"
        onClick={() => void openTranscript(item.id)}
        data-testid="history-open"
        {...(current ? SPACE_PLAYS : {})}
      >
        <span className="history-item__top">
          <span className="history-item__name" title={item.name}>
            {item.name}
          </span>
          <time
            className="history-item__date"
            dateTime={item.createdAt}
            title={formatSavedAt(item.createdAt)}
          >
            {formatSavedDay(item.createdAt)}
          </time>
        </span>
        <span className="history-item__about">
          <span className="history-item__meta">
            <ModeBadge mode={item.mode} short />
            {item.durationSec !== null ? <span>{formatClock(item.durationSec)}</span> : null}
            {item.kind === 'recording' ? <span>{t('transcripts.recording')}</span> : null}
          </span>
          {item.preview ? <span className="history-item__preview">{item.preview}</span> : null}
        </span>
      </button>
      <div className="history-item__actions">
        <ExportMenu
          trigger="icon"
          label={t('transcripts.export', { name: item.name })}
          onExport={(format) => void exportTranscript(item.id, format)}
          testId="history-export"
        />
        <IconButton
          icon={Trash2}
          label={t('transcripts.delete', { name: item.name })}
          variant="danger-ghost"
          size="sm"
          onClick={() => onDelete(item)}
          data-testid="history-delete"
        />
      </div>
    </li>
  );
});
