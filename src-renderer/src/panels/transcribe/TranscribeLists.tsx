import { Activity, type KeyboardEvent, useDeferredValue, useRef, useState } from 'react';
import { useAppStore } from '../../store/index.ts';
import { isFinished, type TranscribeListTab } from '../../store/transcribe-queue.ts';
import { useKeepFocusIn } from '../../util/focus.ts';
import { QueueList } from './QueueList.tsx';
import { transcribeWords } from './strings.ts';
import { TranscriptHistory } from './TranscriptHistory.tsx';

const TABS: ReadonlyArray<{ id: TranscribeListTab; labelKey: 'lists.queue' | 'lists.history' }> = [
  { id: 'queue', labelKey: 'lists.queue' },
  { id: 'history', labelKey: 'lists.history' },
];

/** `true` from the first render `now` is, for good: a list once drawn stays drawn. */
function useLatch(now: boolean): boolean {
  const [latched, latch] = useState(now);
  if (now && !latched) latch(true);
  return latched || now;
}

/** The queue and the saved transcripts, one at a time under two tabs (arrow keys move between them). */
export function TranscribeLists() {
  const t = transcribeWords.useT();
  const chosen = useAppStore((s) => s.transcribeListTab);
  // The list shown follows in a background render that yields (see Shell); the tab is marked at once.
  const tab = useDeferredValue(chosen);
  const showList = useAppStore((s) => s.showTranscribeList);
  // The tab not chosen is drawn ahead once what it shows has arrived: a hidden list is not told of the
  // store's changes (React subscribes it in an effect, and a hidden list's effects wait for its showing), so
  // drawn before its first page it would stay "Loading" and build every row in the click that shows it.
  const historyArrived = useAppStore(
    (s) => s.transcriptHistoryStatus === 'ready' || s.transcriptHistoryStatus === 'failed',
  );
  const drawn = useLatch(historyArrived || tab === 'history');
  // Work still to do: what is queued or running (finished items need nothing from anyone).
  const unfinished = useAppStore((s) => s.transcribeQueue.filter((item) => !isFinished(item.status)).length);
  const tabRefs = useRef<Partial<Record<TranscribeListTab, HTMLButtonElement | null>>>({});
  // An item removed, retried, cancelled or cleared takes its buttons with it: focus stays in the list.
  const panelRef = useKeepFocusIn({
    rows: '[data-testid="queue-item"], [data-testid="history-item"]',
    fallback: () => tabRefs.current[chosen] ?? null,
  });

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const next = chosen === 'queue' ? 'history' : 'queue';
    showList(next);
    tabRefs.current[next]?.focus();
  };

  return (
    <section className="transcribe-lists" aria-label={t('lists.region')}>
      <div
        className="transcribe-lists__tabs"
        role="tablist"
        aria-label={t('lists.tabs')}
        onKeyDown={onKeyDown}
      >
        {TABS.map((item) => (
          <button
            key={item.id}
            ref={(element) => {
              tabRefs.current[item.id] = element;
            }}
            type="button"
            role="tab"
            id={`transcribe-tab-${item.id}`}
            aria-selected={chosen === item.id}
            aria-controls={`transcribe-tabpanel-${item.id}`}
            tabIndex={chosen === item.id ? 0 : -1}
            className="transcribe-lists__tab"
            onClick={() => showList(item.id)}
            data-testid={`transcribe-tab-${item.id}`}
          >
            {t(item.labelKey)}
            {item.id === 'queue' && unfinished > 0 ? (
              <span
                className="badge badge--accent"
                data-testid="queue-count"
                title={t('lists.stillToTranscribe', { n: unfinished })}
              >
                {unfinished}
              </span>
            ) : null}
          </button>
        ))}
      </div>
      {/* Both lists are drawn; the one not chosen is hidden (`Activity`: drawn in React's lowest-priority
          background render, its effects stopped). The History's first click only reveals its rows instead
          of building them (issue 19), and a list left keeps its scroll and search. */}
      <div ref={panelRef} className="transcribe-lists__panels">
        {TABS.filter((item) => item.id === 'queue' || drawn).map((item) => (
          <Activity key={item.id} mode={tab === item.id ? 'visible' : 'hidden'}>
            <div
              className="transcribe-lists__panel"
              role="tabpanel"
              id={`transcribe-tabpanel-${item.id}`}
              aria-labelledby={`transcribe-tab-${item.id}`}
            >
              {item.id === 'queue' ? <QueueList /> : <TranscriptHistory />}
            </div>
          </Activity>
        ))}
      </div>
    </section>
  );
}
