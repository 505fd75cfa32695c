import { Braces, SquareTerminal, X } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import type {
  AssistantMessage,
  CompactionMarker,
  ExchangeLog,
  SentRequest,
} from '../../../../../src-preload/contract.ts';
import { IconButton } from '../../../components/Button.tsx';
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

const FORMAT_NAMES = { responses: 'Responses', content: 'Content generation' } as const;

/**
 * What went over the wire for one reply or compaction: the request exactly as sent (the key replaced by a
 * placeholder in main, so there is nothing here to hide), the raw answer or streamed events, and the
 * request as a curl command. A column beside the conversation, scrolling inside itself.
 */
export function InspectorPanel({ item, onClose }: { item: InspectedItem; onClose(): void }) {
  const request = item.inspector?.request ?? null;
  const exchange = item.inspector?.exchange ?? null;
  const tabs = tabsFor(item, request, exchange);
  const [chosen, setChosen] = useState<TabId>('request');
  // Another item may lack the chosen tab (a reply has no items); it then opens on its first.
  const active = tabs.some((tab) => tab.id === chosen) ? chosen : 'request';
  const tabsName = useId();
  const subject = subjectOf(item, request);

  // Focus moves in when the inspector opens, so Esc closes it straight away.
  const root = useRef<HTMLElement>(null);
  useEffect(() => {
    root.current?.focus({ preventScroll: true });
  }, []);

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
        {item.inspector && tabs.length > 1 ? (
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
        {item.inspector ? (
          <TabContent
            tab={active}
            item={item}
            request={request}
            exchange={exchange}
            key={`${item.id}:${active}`}
          />
        ) : (
          <NothingRecorded />
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

function NothingRecorded() {
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

function Note({ children }: { children: string }) {
  return <p className="inspector-note inspector-note--padded">{children}</p>;
}
