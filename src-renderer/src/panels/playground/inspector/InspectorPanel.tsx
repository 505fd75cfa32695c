import { Braces, RotateCw, SquareTerminal, X } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import {
  type AssistantMessage,
  type CompactionMarker,
  type ExchangeLog,
  INSPECTOR_DETAILS_PER_CONVERSATION,
  type SentRequest,
} from '../../../../../src-preload/contract.ts';
import { Button, IconButton } from '../../../components/Button.tsx';
import { Callout } from '../../../components/Callout.tsx';
import type { DetailState } from '../../../store/playground.ts';
import { FORMAT_NAMES } from '../labels.ts';
import { CopyButton } from './CopyButton.tsx';
import { curlCommand, KEY_VARIABLE } from './curl.ts';
import { ItemsView } from './ItemsView.tsx';
import { httpStatusLabel } from './inspect-data.ts';
import { RequestView } from './RequestView.tsx';
import { isEventStream, ResponseView } from './ResponseView.tsx';
import { requestAsksForStream } from './request-facts.ts';
import './inspector.css';

export type InspectedItem = AssistantMessage | CompactionMarker;

type TabId = 'request' | 'response' | 'items';

interface Tab {
  id: TabId;
  label: string;
  count?: number;
}

/**
 * What went over the wire for one reply or compaction: the request exactly as sent (the key replaced by a
 * placeholder in main, so there is nothing here to hide), the raw answer or streamed events, and the
 * request as a curl command. A column beside the conversation, scrolling inside itself. The record
 * (`detail`) is kept apart from the conversation and arrives on its own; `null` while not asked for yet.
 */
export function InspectorPanel({
  item,
  detail,
  onClose,
  onRetryDetail,
}: {
  item: InspectedItem;
  detail: DetailState | null;
  onClose(): void;
  /** Asks main for the record again, after reading it failed. */
  onRetryDetail(): void;
}) {
  const record = detail?.status === 'kept' ? detail.detail : null;
  const request = record?.request ?? null;
  const exchange = record?.exchange ?? null;
  const tabs = tabsFor(item, request, exchange);
  const [chosen, setChosen] = useState<TabId>('request');
  // Another item may lack the chosen tab (a reply has no items); it then opens on its first.
  const active = tabs.some((tab) => tab.id === chosen) ? chosen : 'request';
  const tabsName = useId();
  const subject = subjectOf(item, request);

  // Focus moves in when the inspector opens, so Esc closes it straight away; when it closes, focus goes
  // back to what opened it (the reply's Inspect button), unless the user has moved it elsewhere meanwhile.
  const root = useRef<HTMLElement>(null);
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const inspector = root.current;
    inspector?.focus({ preventScroll: true });
    return () => {
      const focused = document.activeElement;
      const fell = focused === null || focused === document.body || inspector?.contains(focused);
      if (fell && opener?.isConnected && opener !== document.body) opener.focus({ preventScroll: true });
    };
  }, []);
  // The record arriving replaces what had focus (Try again, after a failed read): focus stays in here, so
  // Esc still closes the inspector. Focus the user moved elsewhere is left alone.
  const shown = record !== null;
  useEffect(() => {
    const focused = document.activeElement;
    if (shown && (focused === null || focused === document.body))
      root.current?.focus({ preventScroll: true });
  }, [shown]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    // Handled here only: the conversation's own Esc (stop the stream) must not fire as well.
    event.stopPropagation();
    event.preventDefault();
    onClose();
  };

  return (
    <aside
      ref={root}
      className="inspector"
      aria-label="Inspector"
      tabIndex={-1}
      onKeyDown={onKeyDown}
      data-testid="inspector"
    >
      <header className="inspector__header">
        <div className="inspector__title-row">
          <Braces size={16} className="inspector__title-icon" aria-hidden />
          <h2 className="inspector__title">Inspector</h2>
          <CopyButton
            text={() => (request ? curlCommand(request) : '')}
            label="Copy as curl"
            copied="curl command copied"
            copiedDetail={`It reads the key from ${KEY_VARIABLE}: run export ${KEY_VARIABLE}=… with your key first.`}
            icon={SquareTerminal}
            variant="secondary"
            disabled={!request}
            testId="inspector-copy-curl"
          />
          <IconButton
            icon={X}
            label="Close inspector (Esc)"
            size="sm"
            onClick={onClose}
            data-testid="inspector-close"
          />
        </div>
        <p className="inspector__subject" title={subject} data-testid="inspector-subject">
          {subject}
        </p>
        {hasFacts(item, exchange) ? (
          <div className="inspector__facts">
            <StateChip item={item} exchange={exchange} />
            {exchange?.requestId ? <RequestIdChip id={exchange.requestId} /> : null}
          </div>
        ) : null}
        {record && tabs.length > 1 ? (
          <div
            className="segmented inspector__tabs"
            role="radiogroup"
            aria-label="Show"
            data-testid="inspector-tabs"
          >
            {tabs.map((tab) => (
              <label key={tab.id} className="segmented__option">
                <input
                  type="radio"
                  name={tabsName}
                  value={tab.id}
                  checked={active === tab.id}
                  onChange={() => setChosen(tab.id)}
                />
                <span className="segmented__label">
                  {tab.label}
                  {tab.count !== undefined ? (
                    <span className="inspector__tab-count">{tab.count.toLocaleString('en-US')}</span>
                  ) : null}
                </span>
              </label>
            ))}
          </div>
        ) : null}
      </header>
      <div className="inspector__body">
        {record ? (
          <TabContent
            tab={active}
            item={item}
            request={request}
            exchange={exchange}
            key={`${item.id}:${active}`}
          />
        ) : item.hasDetail ? (
          <RecordNotShown item={item} detail={detail} onRetry={onRetryDetail} />
        ) : (
          <NothingRecorded item={item} />
        )}
      </div>
    </aside>
  );
}

function tabsFor(item: InspectedItem, request: SentRequest | null, exchange: ExchangeLog | null): Tab[] {
  const tabs: Tab[] = [{ id: 'request', label: 'Request' }];
  if (item.role === 'compaction') tabs.push({ id: 'items', label: 'Items', count: item.items.length });
  // A compaction answers once; without a recorded answer its items say it all.
  if (item.role === 'compaction' && !exchange) return tabs;
  if (exchange && isEventStream(exchange)) {
    tabs.push({ id: 'response', label: 'Events', count: exchange.events.length + exchange.omittedEvents });
  } else if (!exchange && request && requestAsksForStream(request)) {
    tabs.push({ id: 'response', label: 'Events' });
  } else {
    tabs.push({ id: 'response', label: 'Response' });
  }
  return tabs;
}

function subjectOf(item: InspectedItem, request: SentRequest | null): string {
  if (item.role === 'compaction') return `Compaction · ${item.model}`;
  const streamed = request && requestAsksForStream(request) ? ', streamed' : '';
  return `Reply · ${item.model} · ${FORMAT_NAMES[item.format]}${streamed}`;
}

function TabContent({
  tab,
  item,
  request,
  exchange,
}: {
  tab: TabId;
  item: InspectedItem;
  request: SentRequest | null;
  exchange: ExchangeLog | null;
}) {
  if (tab === 'items' && item.role === 'compaction') return <ItemsView marker={item} />;
  if (tab === 'request') {
    return request ? <RequestView request={request} /> : <Note>The request was not recorded.</Note>;
  }
  if (exchange) return <ResponseView exchange={exchange} />;
  return <Note>{noExchangeReason(item)}</Note>;
}

/** Why there is no answer to show yet, or at all. */
function noExchangeReason(item: InspectedItem): string {
  if (item.role === 'compaction') return 'The answer was not recorded.';
  switch (item.state) {
    case 'streaming':
      return 'The events show here once the reply has ended.';
    case 'stopped':
      return 'The reply was stopped before its answer was recorded.';
    case 'error':
      return item.error
        ? `No answer was recorded: ${item.error.message}`
        : 'The request failed before an answer was recorded.';
    default:
      return 'The answer was not recorded.';
  }
}

function hasFacts(item: InspectedItem, exchange: ExchangeLog | null): boolean {
  return (
    exchange?.status != null || !!exchange?.requestId || (item.role === 'assistant' && item.state !== 'done')
  );
}

/** The HTTP status, and how the reply ended when that is not simply "done". */
function StateChip({ item, exchange }: { item: InspectedItem; exchange: ExchangeLog | null }) {
  const status = exchange?.status ?? null;
  const tone = status === null ? null : status >= 400 ? 'error' : status >= 300 ? 'warning' : 'success';
  const state = item.role === 'assistant' ? item.state : 'done';
  return (
    <>
      {status !== null ? (
        <span className={`inspector-chip inspector-chip--${tone}`} data-testid="inspector-status">
          {httpStatusLabel(status)}
        </span>
      ) : null}
      {state === 'streaming' ? <span className="inspector-chip inspector-chip--live">Streaming…</span> : null}
      {state === 'stopped' ? <span className="inspector-chip inspector-chip--warning">Stopped</span> : null}
      {state === 'error' && status === null ? (
        <span className="inspector-chip inspector-chip--error">Failed</span>
      ) : null}
    </>
  );
}

function RequestIdChip({ id }: { id: string }) {
  return (
    <span className="inspector-chip inspector-chip--id" data-testid="inspector-request-id">
      <span className="inspector-chip__label">id</span>
      <span className="inspector-chip__id" data-selectable title={id}>
        {id}
      </span>
      <CopyButton text={() => id} label="Copy request id" copied="Request id copied" iconOnly />
    </span>
  );
}

function NothingRecorded({ item }: { item: InspectedItem }) {
  if (item.role === 'assistant' && item.state === 'streaming') {
    return <Note>The request and its events show here once the reply has ended.</Note>;
  }
  return (
    <div className="inspector-empty" data-testid="inspector-empty">
      <Braces size={22} strokeWidth={1.75} aria-hidden />
      <p className="inspector-empty__title">Nothing recorded for this reply.</p>
      <p className="inspector-empty__text">
        Replies saved before the inspector existed, or cut off before their request went out, carry no record.
      </p>
    </div>
  );
}

/** A record was taken but is not here: being fetched, no longer kept, or unreadable (which may pass). */
function RecordNotShown({
  item,
  detail,
  onRetry,
}: {
  item: InspectedItem;
  detail: DetailState | null;
  onRetry(): void;
}) {
  if (detail === null || detail.status === 'loading') return <Note>Loading the record…</Note>;
  if (detail.status === 'failed') {
    return (
      <div className="inspector-note--padded">
        <Callout
          tone="error"
          compact
          title="The record could not be read."
          testId="inspector-detail-failed"
          actions={
            <Button size="sm" icon={RotateCw} onClick={onRetry}>
              Try again
            </Button>
          }
        >
          {detail.error.hint ? `${detail.error.message} ${detail.error.hint}` : detail.error.message}
        </Callout>
      </div>
    );
  }
  const what = item.role === 'compaction' ? 'compaction' : 'reply';
  return (
    <div className="inspector-empty" data-testid="inspector-detail-gone">
      <Braces size={22} strokeWidth={1.75} aria-hidden />
      <p className="inspector-empty__title">{`Detail for this ${what} is no longer kept.`}</p>
      <p className="inspector-empty__text">
        The inspector keeps what went over the wire for the latest {INSPECTOR_DETAILS_PER_CONVERSATION}{' '}
        replies of each conversation (fewer when they are large), and none once cleared. The {what} itself is
        saved as it was.
      </p>
    </div>
  );
}

function Note({ children }: { children: string }) {
  return <p className="inspector-note inspector-note--padded">{children}</p>;
}
