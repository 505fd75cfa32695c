import { History, RotateCw, Search, SearchX, Trash2 } from 'lucide-react';
import { memo, useEffect, useState } from 'react';
import type { TranscriptSummary } from '../../../../src-preload/contract.ts';
import { exportTranscript, loadHistory, openTranscript, searchHistory } from '../../actions/transcripts.ts';
import { Button, IconButton } from '../../components/Button.tsx';
import { Callout } from '../../components/Callout.tsx';
import { useAppStore } from '../../store/index.ts';
import { selectOpenedTranscriptId } from '../../store/transcripts.ts';
import { formatClock } from '../../i18n/format.ts';
import { type DeleteTarget, DeleteTranscriptDialog } from './DeleteTranscriptDialog.tsx';
import { ExportMenu } from './ExportMenu.tsx';
import { ModeBadge } from './ModeBadge.tsx';
import { formatSavedAt, formatSavedDay } from './transcript-labels.ts';
import { SPACE_PLAYS } from './useTranscriptShortcuts.ts';
import '../../components/FormRow.css';
import './TranscriptHistory.css';

/**
 * Every saved transcript, newest first, with a search over names and text. Loads whenever it is shown, so
 * it is current after anything saved while it was away; new results join it as they finish.
 */
export function TranscriptHistory() {
  const [deleting, setDeleting] = useState<DeleteTarget | null>(null);
  useEffect(() => {
    void loadHistory();
  }, []);
  return (
    <section className="transcript-history" aria-label="Transcript history" data-testid="transcript-history">
      <HistorySearch />
      <HistoryList onDelete={setDeleting} />
      <DeleteTranscriptDialog target={deleting} onClose={() => setDeleting(null)} />
    </section>
  );
}

function HistorySearch() {
  const query = useAppStore((s) => s.transcriptQuery);
  return (
    <div className="history-search">
      <Search size={14} className="history-search__icon" aria-hidden />
      <input
        type="search"
        className="input history-search__input"
        placeholder="Search names and text"
        aria-label="Search transcripts"
        value={query}
        onChange={(event) => searchHistory(event.target.value)}
        spellCheck={false}
        data-testid="history-search"
      />
    </div>
  );
}

function HistoryList({ onDelete }: { onDelete(target: DeleteTarget): void }) {
  const items = useAppStore((s) => s.transcriptHistory);
  const status = useAppStore((s) => s.transcriptHistoryStatus);
  const error = useAppStore((s) => s.transcriptHistoryError);
  const searched = useAppStore((s) => s.transcriptHistoryQuery);
  const openId = useAppStore(selectOpenedTranscriptId);

  if (status === 'failed' && error) {
    return (
      <Callout
        tone="error"
        compact
        title="The history could not be read"
        actions={
          <IconButton icon={RotateCw} label="Try again" size="sm" onClick={() => void loadHistory()} />
        }
      >
        {error.message}
      </Callout>
    );
  }
  if (status !== 'ready') {
    return (
      <p className="history-note" aria-busy="true">
        Loading transcripts…
      </p>
    );
  }
  if (items.length === 0) {
    return searched ? (
      <HistoryEmpty icon={SearchX} title={`Nothing matches ‘${searched}’`}>
        The search looks in names and in the text.{' '}
        <Button variant="ghost" size="sm" onClick={() => searchHistory('')}>
          Clear search
        </Button>
      </HistoryEmpty>
    ) : (
      <HistoryEmpty icon={History} title="No transcripts yet">
        Finished transcripts are kept here, ready to read, play and export again.
      </HistoryEmpty>
    );
  }
  return (
    <ul className="history-list" data-testid="history-list">
      {items.map((item) => (
        <HistoryItem key={item.id} item={item} current={item.id === openId} onDelete={onDelete} />
      ))}
    </ul>
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
  item: TranscriptSummary;
  current: boolean;
  onDelete(target: DeleteTarget): void;
}

/** One saved transcript: opens on click; export and delete sit at its corner. */
const HistoryItem = memo(function HistoryItem({ item, current, onDelete }: HistoryItemProps) {
  return (
    <li
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
            {item.kind === 'recording' ? <span>Recording</span> : null}
          </span>
          {item.preview ? <span className="history-item__preview">{item.preview}</span> : null}
        </span>
      </button>
      <div className="history-item__actions">
        <ExportMenu
          trigger="icon"
          label={`Export ${item.name}`}
          onExport={(format) => void exportTranscript(item.id, format)}
          testId="history-export"
        />
        <IconButton
          icon={Trash2}
          label={`Delete ${item.name}`}
          variant="danger-ghost"
          size="sm"
          onClick={() => onDelete(item)}
          data-testid="history-delete"
        />
      </div>
    </li>
  );
});
