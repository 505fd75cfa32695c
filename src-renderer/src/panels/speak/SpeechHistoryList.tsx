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
import { cssString, focusAfterRemoval } from '../../util/focus.ts';
import { clipLength, formatLabel, savedAgo } from './speak-rules.ts';

/** The history's places, for where focus goes once a clip is deleted. */
const HISTORY_PLACES = {
  scope: '[data-testid="speak-history"]',
  row: (id: string) =>
    `[data-testid="speak-history-item"][data-id=${cssString(id)}] .speak-history-item__open`,
  empty: ['[data-testid="speak-history-empty"]', '#speak-history-title'],
};

/** Deletes a clip; focus goes to the next clip (else the previous, else the empty history), not the page. */
async function deleteAndRefocus(id: string): Promise<boolean> {
  const keys = useAppStore.getState().speak.history.map((item) => item.id);
  const done = await deleteSpeechClip(id);
  if (done) void focusAfterRemoval(HISTORY_PLACES, keys, id);
  return done;
}

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
        onConfirm={() => (deleting ? deleteAndRefocus(deleting.id) : Promise.resolve(true))}
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
  // The name says every word the row shows, in its order, after "Play": a name that left out visible words
  // failed those who speak to their computer (WCAG 2.5.3, axe label-content-name-mismatch).
  const shown = [
    item.partial ? `Partial: ${speechPartialLabel(item.partial.done, item.parts)}` : null,
    item.model,
    ...facts,
  ].filter(Boolean);
  const name = `Play “${item.preview}” ${shown.join(' · ')} ${savedAgo(item.createdAt)}`;
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
        aria-label={name}
      >
        {/* The spaces between the parts (not drawn: they sit between flex items) keep their words apart
            where the name is compared with the visible text. */}
        <span className="speak-history-item__icon" aria-hidden>
          <Play size={13} />
        </span>
        <span className="speak-history-item__text">
          <span className="speak-history-item__preview">{item.preview}</span>{' '}
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
        </span>{' '}
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
