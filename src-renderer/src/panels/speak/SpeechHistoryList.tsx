import { Download, FileText, History, Play, SlidersHorizontal, Trash2 } from 'lucide-react';
import { memo, useState } from 'react';
import { type SpeechSummary, speechPartialLabel } from '../../../../src-preload/contract.ts';
import {
  deleteSpeechClip,
  loadSpeechHistory,
  openSpeechClip,
  reuseSpeechSettings,
  reuseSpeechText,
  saveSpeechClip,
} from '../../actions/speak.ts';
import { IconButton } from '../../components/Button.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { SavedListNotices } from '../../components/SavedListNotices.tsx';
import { useAppStore } from '../../store/index.ts';
import { clipLength, formatLabel, savedAgo } from './speak-rules.ts';

/** Every clip made, newest first: replay, save again, reuse its settings or text, delete. */
export function SpeechHistoryList() {
  const history = useAppStore((s) => s.speak.history);
  const status = useAppStore((s) => s.speak.historyStatus);
  const error = useAppStore((s) => s.speak.historyError);
  const movedAside = useAppStore((s) => s.speak.movedAside);
  const currentId = useAppStore((s) => s.speak.current?.id ?? null);
  const [deleting, setDeleting] = useState<SpeechSummary | null>(null);

  return (
    <section className="speak-history" aria-labelledby="speak-history-title" data-testid="speak-history">
      <header className="speak-history__head">
        <h2 id="speak-history-title" className="speak-section-title">
          History
        </h2>
        {history.length > 0 ? (
          <span className="speak-history__count">
            {history.length} {history.length === 1 ? 'clip' : 'clips'}
          </span>
        ) : null}
      </header>
      <SavedListNotices
        movedAside={movedAside}
        fileNoun="history file"
        error={status === 'failed' ? error : null}
        failedTitle="The history could not be read"
        onRetry={() => void loadSpeechHistory()}
      />
      {status === 'failed' && error ? null : history.length === 0 ? (
        <p className="speak-history__empty" data-testid="speak-history-empty">
          <History size={15} aria-hidden />
          {status === 'ready' || status === 'idle'
            ? 'Clips you generate are kept here with their text and settings.'
            : 'Loading clips…'}
        </p>
      ) : (
        <ul className="speak-history__list">
          {history.map((item) => (
            <HistoryItem key={item.id} item={item} current={item.id === currentId} onDelete={setDeleting} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this clip?"
        icon={Trash2}
        confirmLabel="Delete"
        onConfirm={() => (deleting ? deleteSpeechClip(deleting.id) : Promise.resolve(true))}
        onClose={() => setDeleting(null)}
        testId="speak-delete-dialog"
      >
        <p>
          “{deleting?.preview}” and its audio file are removed from the history. Copies you saved elsewhere
          are kept.
        </p>
      </ConfirmDialog>
    </section>
  );
}

interface HistoryItemProps {
  item: SpeechSummary;
  current: boolean;
  onDelete(item: SpeechSummary): void;
}

const HistoryItem = memo(function HistoryItem({ item, current, onDelete }: HistoryItemProps) {
  const facts = [
    item.voice,
    formatLabel(item.format),
    item.durationSec === null ? null : clipLength(item.durationSec),
    item.parts > 1 && !item.partial ? `${item.parts} parts` : null,
  ].filter(Boolean);
  return (
    <li
      className="speak-history-item"
      aria-current={current ? 'true' : undefined}
      data-testid="speak-history-item"
      data-id={item.id}
    >
      <button
        type="button"
        className="speak-history-item__open"
        onClick={() => void openSpeechClip(item.id)}
        aria-label={`Play “${item.preview}”`}
      >
        <span className="speak-history-item__icon" aria-hidden>
          <Play size={13} />
        </span>
        <span className="speak-history-item__text">
          <span className="speak-history-item__preview">{item.preview}</span>
          <span className="speak-history-item__meta">
            {/* First, so a long model name never cuts it off. */}
            {item.partial ? (
              <span
                className="speak-history-item__partial"
                data-testid="speak-history-partial"
                title={item.partial.error.message}
              >
                Partial: {speechPartialLabel(item.partial.done, item.parts)} ·{' '}
              </span>
            ) : null}
            <span className="mono">{item.model}</span>
            {facts.map((fact) => (
              <span key={fact}> · {fact}</span>
            ))}
          </span>
        </span>
        <time className="speak-history-item__date" dateTime={item.createdAt}>
          {savedAgo(item.createdAt)}
        </time>
      </button>
      <div className="speak-history-item__actions">
        <IconButton
          icon={Download}
          size="sm"
          label="Save a copy"
          onClick={() => void saveSpeechClip(item.id)}
          data-testid="speak-history-save"
        />
        <IconButton
          icon={SlidersHorizontal}
          size="sm"
          label="Reuse these settings"
          onClick={() => void reuseSpeechSettings(item.id)}
          data-testid="speak-history-reuse"
        />
        <IconButton
          icon={FileText}
          size="sm"
          label="Put this text back in the editor"
          onClick={() => void reuseSpeechText(item.id)}
          data-testid="speak-history-text"
        />
        <IconButton
          icon={Trash2}
          size="sm"
          variant="danger-ghost"
          label="Delete"
          onClick={() => onDelete(item)}
          data-testid="speak-history-delete"
        />
      </div>
    </li>
  );
});
