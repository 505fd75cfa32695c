import { Download, FileText, History, Play, SearchX, SlidersHorizontal, Trash2 } from 'lucide-react';
import { memo, useCallback, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { SpeechSummary } from '../../../../src-preload/contract.ts';
import {
  deleteSpeechClip,
  loadMoreSpeechHistory,
  loadSpeechHistory,
  openSpeechClip,
  reuseSpeechSettings,
  reuseSpeechText,
  saveSpeechClip,
  searchSpeechHistory,
} from '../../actions/speak.ts';
import { Button, IconButton } from '../../components/Button.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { SavedListNotices } from '../../components/SavedListNotices.tsx';
import { SearchField } from '../../components/SearchField.tsx';
import { useListWindow, useShownList, windowRowProps } from '../../components/useListWindow.ts';
import { WindowedList } from '../../components/WindowedList.tsx';
import { formatNumber } from '../../i18n/format.ts';
import { useAppStore } from '../../store/index.ts';
import { cssString, focusAfterRemoval } from '../../util/focus.ts';
import { historyWords } from '../history-strings.ts';
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

/** The history before its first rows are drawn (nothing shown for it, not even "Loading"). */
const HISTORY_PENDING = {
  history: [],
  total: 0,
  rebuilding: null,
  status: 'loading',
  error: null,
  searched: '',
} as const;

/** A row's height (px): its preview and meta lines (see useListWindow's rowHeight). */
const ROW_HEIGHT = 52;

/**
 * Every clip made, newest first: replay, save again, reuse its settings or text, delete. Thousands of them
 * (issue 19): only the rows in view (and a few around) are in the page, loaded from main a page at a time
 * as the page scrolls; the arrow keys, Page Up/Down, Home and End move between clips.
 */
export function SpeechHistoryList() {
  const t = historyWords.useT();
  // Drawn a render behind the store, so a page of rows arriving never makes one long task (useListWindow.ts).
  const shown = useShownList(
    useAppStore(
      useShallow(({ speak }) => ({
        history: speak.history,
        total: speak.historyTotal,
        rebuilding: speak.historyRebuilding,
        status: speak.historyStatus,
        error: speak.historyError,
        searched: speak.historySearched,
      })),
    ),
  );
  const { history, total, rebuilding, status, error, searched } = shown ?? HISTORY_PENDING;
  const query = useAppStore((s) => s.speak.historyQuery);
  const movedAside = useAppStore((s) => s.speak.movedAside);
  const currentId = useAppStore((s) => s.speak.current?.id ?? null);
  const [deleting, setDeleting] = useState<SpeechSummary | null>(null);
  const keyOf = useCallback((index: number) => history[index]?.id ?? index, [history]);
  const loadMore = useCallback(() => void loadMoreSpeechHistory(), []);
  const listWindow = useListWindow<HTMLUListElement>({
    count: history.length,
    total,
    rowHeight: ROW_HEIGHT,
    keyOf,
    loadMore,
    rowControl: '.speak-history-item__open',
    // The history starts below the composer and the clip (~600 px down the panel): a quarter of the window,
    // and the overscan's 8 rows below it, reach past the window's bottom edge up to ~1,400 px tall.
    firstViewShare: 0.25,
  });

  return (
    <section className="speak-history" aria-labelledby="speak-history-title" data-testid="speak-history">
      <header className="speak-history__head">
        <h2 id="speak-history-title" className="speak-section-title">
          {t('speech.title')}
        </h2>
        {total > 0 ? (
          <span className="speak-history__count">
            {t('speech.count', { count: total, n: formatNumber(total) })}
          </span>
        ) : null}
      </header>
      <SavedListNotices
        movedAside={movedAside}
        fileNoun={t('speech.fileNoun')}
        error={status === 'failed' ? error : null}
        failedTitle={t('speech.failedTitle')}
        onRetry={() => void loadSpeechHistory()}
      />
      {rebuilding && rebuilding.total > 0 ? (
        <p className="speak-history__count" role="status" data-testid="speak-history-indexing">
          {t('speech.indexing', {
            done: formatNumber(rebuilding.done),
            total: formatNumber(rebuilding.total),
          })}
        </p>
      ) : null}
      {/* Searching needs something to search: shown once there are clips, and kept while a search is on. */}
      {total > 0 || query !== '' || searched !== '' ? (
        <SearchField
          value={query}
          onChange={searchSpeechHistory}
          placeholder={t('speech.searchPlaceholder')}
          label={t('speech.searchLabel')}
          testId="speak-history-search"
        />
      ) : null}
      {status === 'failed' && error ? null : history.length === 0 && searched !== '' && status === 'ready' ? (
        <p className="speak-history__empty" data-testid="speak-history-empty">
          <SearchX size={15} aria-hidden />
          {t('speech.noMatch', { query: searched })}
          <Button variant="ghost" size="sm" onClick={() => searchSpeechHistory('')}>
            {t('speech.clearSearch')}
          </Button>
        </p>
      ) : shown === null ? null : history.length === 0 ? (
        <p className="speak-history__empty" data-testid="speak-history-empty">
          <History size={15} aria-hidden />
          {status === 'ready' || status === 'idle' ? t('speech.empty') : t('speech.loading')}
        </p>
      ) : (
        <WindowedList
          listWindow={listWindow}
          className="speak-history__list"
          total={total}
          loaded={history.length}
          testId="speak-history-list"
          row={(index, top) => {
            const item = history[index];
            if (!item) return null;
            return (
              <HistoryItem
                key={item.id}
                index={index}
                count={total}
                top={top}
                item={item}
                current={item.id === currentId}
                onDelete={setDeleting}
              />
            );
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('speech.deleteTitle')}
        icon={Trash2}
        confirmLabel={t('speech.delete')}
        onConfirm={() => (deleting ? deleteAndRefocus(deleting.id) : Promise.resolve(true))}
        onClose={() => setDeleting(null)}
        testId="speak-delete-dialog"
      >
        <p>{t('speech.deleteText', { preview: deleting?.preview ?? '' })}</p>
      </ConfirmDialog>
    </section>
  );
}

interface HistoryItemProps {
  /** Its place among the rows, how many there are, and where it sits. */
  index: number;
  count: number;
  top: number;
  item: SpeechSummary;
  current: boolean;
  onDelete(item: SpeechSummary): void;
}

const HistoryItem = memo(function HistoryItem({
  index,
  count,
  top,
  item,
  current,
  onDelete,
}: HistoryItemProps) {
  const t = historyWords.useT();
  const facts = [
    item.voice,
    formatLabel(item.format),
    item.durationSec === null ? null : clipLength(item.durationSec),
    item.parts > 1 && !item.partial ? t('speech.parts', { n: formatNumber(item.parts) }) : null,
  ].filter(Boolean);
  const partial = item.partial
    ? t('speech.partial', {
        count: item.partial.done,
        done: formatNumber(item.partial.done),
        parts: formatNumber(item.parts),
      })
    : null;
  // The name says every word the row shows, in its order, after "Play": a name that left out visible words
  // failed those who speak to their computer (WCAG 2.5.3, axe label-content-name-mismatch).
  const shown = [partial, item.model, ...facts].filter(Boolean);
  const name = t('speech.play', {
    preview: item.preview,
    facts: shown.join(' · '),
    when: savedAgo(item.createdAt),
  });
  return (
    <li
      {...windowRowProps(index, count, top, ROW_HEIGHT)}
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
                {partial} ·{' '}
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
          label={t('speech.saveCopy')}
          onClick={() => void saveSpeechClip(item.id)}
          data-testid="speak-history-save"
        />
        <IconButton
          icon={SlidersHorizontal}
          size="sm"
          label={t('speech.reuseSettings')}
          onClick={() => void reuseSpeechSettings(item.id)}
          data-testid="speak-history-reuse"
        />
        <IconButton
          icon={FileText}
          size="sm"
          label={t('speech.reuseText')}
          onClick={() => void reuseSpeechText(item.id)}
          data-testid="speak-history-text"
        />
        <IconButton
          icon={Trash2}
          size="sm"
          variant="danger-ghost"
          label={t('speech.delete')}
          onClick={() => onDelete(item)}
          data-testid="speak-history-delete"
        />
      </div>
    </li>
  );
});
