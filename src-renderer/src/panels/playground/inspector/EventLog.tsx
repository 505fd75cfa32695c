import { type CSSProperties, memo, type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import type { ExchangeLog, RawStreamEvent } from '../../../../../src-preload/contract.ts';
import { formatNumber } from '../../../i18n/format.ts';
import { Rich } from '../../../i18n/rich.tsx';
import { CodeBlock } from './CodeBlock.tsx';
import { CopyButton } from './CopyButton.tsx';
import {
  type EventSummary,
  eventsAsSse,
  formatOffset,
  omissionIndex,
  prettyJson,
  shortEventType,
  summariseEvent,
} from './inspect-data.ts';
import { inspectorWords } from './strings.ts';

interface EventRowData {
  event: RawStreamEvent;
  /** Position in the recorded log (stable under filtering). */
  index: number;
  summary: EventSummary;
}

/** Rows mounted in the first frame, and how many more each frame after, so no one task grows long. */
const FIRST_ROWS = 150;
const MORE_ROWS_PER_FRAME = 250;

/**
 * The streamed events, one line each, any of them opened to its pretty JSON. A thousand rows stay smooth:
 * they are plain elements, memoised, and mounted a few hundred per frame whenever the list changes.
 * (`content-visibility` on the rows was tried: it makes hiding a thousand of them cost over 100 ms.)
 */
export function EventLog({ exchange }: { exchange: ExchangeLog }) {
  const t = inspectorWords.useT();
  const { events, omittedEvents } = exchange;
  const rows = useMemo<EventRowData[]>(
    () => events.map((event, index) => ({ event, index, summary: summariseEvent(event) })),
    [events],
  );
  const gapAt = useMemo(() => omissionIndex(events, omittedEvents), [events, omittedEvents]);
  // The type column is as wide as the longest type (in `ch` of the monospaced font), so columns line up.
  const typeChars = useMemo(
    () => rows.reduce((n, row) => Math.max(n, shortEventType(row.summary.label).length), 4),
    [rows],
  );
  const deltaCount = useMemo(() => rows.reduce((n, row) => n + (row.summary.isDelta ? 1 : 0), 0), [rows]);
  const [hideDeltas, setHideDeltas] = useState(false);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set());
  const toggle = useCallback((index: number) => {
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(index)) next.add(index);
      return next;
    });
  }, []);

  const shown = useMemo(
    () => (hideDeltas ? rows.filter((row) => !row.summary.isDelta) : rows),
    [rows, hideDeltas],
  );
  const mounted = useRowsMountedSoFar(shown);
  const list: ReactNode[] = [];
  let gapShown = omittedEvents <= 0;
  for (const row of shown.slice(0, mounted)) {
    if (!gapShown && row.index >= gapAt) {
      list.push(<GapRow key="gap" count={omittedEvents} />);
      gapShown = true;
    }
    list.push(<EventRow key={row.index} row={row} expanded={expanded.has(row.index)} onToggle={toggle} />);
  }
  if (!gapShown && mounted === shown.length) list.push(<GapRow key="gap" count={omittedEvents} />);

  const total = events.length + omittedEvents;
  const last = events.at(-1);
  return (
    <section className="inspector-section inspector-events" data-testid="inspector-events">
      <div className="inspector-events__toolbar">
        <p className="inspector-events__count">
          <Rich
            words={inspectorWords}
            k="events.count"
            values={{ count: total, n: formatNumber(total) }}
            components={{ strong: <strong /> }}
          />
          {last ? (
            <span className="inspector-muted"> {t('events.last', { offset: formatOffset(last.atMs) })}</span>
          ) : null}
        </p>
        <CopyButton
          text={() => eventsAsSse(events, omittedEvents)}
          label={t('events.copyLog')}
          copied={t('events.logCopied')}
          copiedDetail={t('events.logCopiedDetail')}
          testId="inspector-copy-events"
        />
      </div>
      {deltaCount > 0 ? (
        <label className="inspector-toggle">
          <input
            type="checkbox"
            checked={hideDeltas}
            onChange={(event) => setHideDeltas(event.currentTarget.checked)}
            data-testid="inspector-hide-deltas"
          />
          {t('events.hideDeltas')}
          <span className="inspector-muted">({formatNumber(deltaCount)})</span>
        </label>
      ) : null}
      <ol className="inspector-events__list" style={{ '--type-chars': `${typeChars}ch` } as CSSProperties}>
        {list}
      </ol>
    </section>
  );
}

/** How many of `rows` to mount by now: the first screenful at once, the rest a frame at a time. */
function useRowsMountedSoFar(rows: readonly unknown[]): number {
  const [progress, setProgress] = useState({ rows, count: FIRST_ROWS });
  // A new list (the filter changed) starts again from the first screenful.
  const count = progress.rows === rows ? progress.count : FIRST_ROWS;
  if (progress.rows !== rows) setProgress({ rows, count });
  useEffect(() => {
    if (count >= rows.length) return;
    const frame = requestAnimationFrame(() =>
      setProgress((current) =>
        current.rows === rows ? { rows, count: current.count + MORE_ROWS_PER_FRAME } : current,
      ),
    );
    return () => cancelAnimationFrame(frame);
  }, [count, rows]);
  return Math.min(count, rows.length);
}

const EventRow = memo(function EventRow({
  row,
  expanded,
  onToggle,
}: {
  row: EventRowData;
  expanded: boolean;
  onToggle(index: number): void;
}) {
  const { summary } = row;
  return (
    <li
      className={`inspector-event${summary.isError ? ' inspector-event--error' : ''}${summary.isDelta ? ' inspector-event--delta' : ''}`}
      data-testid="inspector-event"
    >
      <button
        type="button"
        className="inspector-event__summary"
        aria-expanded={expanded}
        onClick={() => onToggle(row.index)}
      >
        <span className="inspector-event__time">{formatOffset(row.event.atMs)}</span>
        <span className="inspector-event__type" title={summary.label}>
          {shortEventType(summary.label)}
        </span>
        <span className="inspector-event__data">{summary.preview}</span>
      </button>
      {expanded ? <EventDetail data={row.event.data} /> : null}
    </li>
  );
});

/** One event opened: its data as pretty JSON (a final event can hold the whole reply, hence the clipping block). */
function EventDetail({ data }: { data: string }) {
  const t = inspectorWords.useT();
  const pretty = useMemo(() => prettyJson(data).text, [data]);
  return (
    <div className="inspector-event__detail">
      <CodeBlock text={pretty} />
      <div className="inspector-event__copy">
        <CopyButton text={() => data} label={t('events.copyData')} copied={t('events.dataCopied')} iconOnly />
      </div>
    </div>
  );
}

function GapRow({ count }: { count: number }) {
  const t = inspectorWords.useT();
  return (
    <li className="inspector-events__gap" data-testid="inspector-events-gap">
      {t('events.gap', { count, n: formatNumber(count) })}
    </li>
  );
}
