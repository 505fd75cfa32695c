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
import { formatNumber } from '../../../i18n/format.ts';
import type { DetailState } from '../../../store/playground.ts';
import { formatName } from '../labels.ts';
import { CopyButton } from './CopyButton.tsx';
import { curlCommand, KEY_VARIABLE } from './curl.ts';
import { ItemsView } from './ItemsView.tsx';
import { httpStatusLabel } from './inspect-data.ts';
import { RequestView } from './RequestView.tsx';
import { isEventStream, ResponseView } from './ResponseView.tsx';
import { requestAsksForStream } from './request-facts.ts';
import { inspectorWords } from './strings.ts';
import './inspector.css';

export type InspectedItem = AssistantMessage | CompactionMarker;

type TabId = 'request' | 'response' | 'items';

type Key = Parameters<typeof inspectorWords.t>[0];

interface Tab {
  id: TabId;
  /** Its words' key, translated when shown. */
  labelKey: Key;
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
  const t = inspectorWords.useT();
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
      aria-label={t('panel.name')}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      data-testid="inspector"
    >
      <header className="inspector__header">
        <div className="inspector__title-row">
          <Braces size={16} className="inspector__title-icon" aria-hidden />
          <h2 className="inspector__title">{t('panel.name')}</h2>
          <CopyButton
            text={() => (request ? curlCommand(request) : '')}
            label={t('panel.copyCurl')}
            copied={t('panel.curlCopied')}
            copiedDetail={t('panel.curlCopiedDetail', { variable: KEY_VARIABLE })}
            icon={SquareTerminal}
            variant="secondary"
            disabled={!request}
            testId="inspector-copy-curl"
          />
          <IconButton
            icon={X}
            label={t('panel.close')}
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
            aria-label={t('panel.tabs')}
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
                  {t(tab.labelKey)}
                  {tab.count !== undefined ? (
                    <span className="inspector__tab-count">{formatNumber(tab.count)}</span>
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
  const tabs: Tab[] = [{ id: 'request', labelKey: 'tabs.request' }];
  if (item.role === 'compaction')
    tabs.push({ id: 'items', labelKey: 'tabs.items', count: item.items.length });
  // A compaction answers once; without a recorded answer its items say it all.
  if (item.role === 'compaction' && !exchange) return tabs;
  if (exchange && isEventStream(exchange)) {
    tabs.push({
      id: 'response',
      labelKey: 'tabs.events',
      count: exchange.events.length + exchange.omittedEvents,
    });
  } else if (!exchange && request && requestAsksForStream(request)) {
    tabs.push({ id: 'response', labelKey: 'tabs.events' });
  } else {
    tabs.push({ id: 'response', labelKey: 'tabs.response' });
  }
  return tabs;
}

function subjectOf(item: InspectedItem, request: SentRequest | null): string {
  const { t } = inspectorWords;
  if (item.role === 'compaction') return t('panel.subjectCompaction', { model: item.model });
  const streamed = request !== null && requestAsksForStream(request);
  return t(streamed ? 'panel.subjectReplyStreamed' : 'panel.subjectReply', {
    model: item.model,
    format: formatName(item.format),
  });
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
    return request ? (
      <RequestView request={request} />
    ) : (
      <Note>{inspectorWords.t('notes.requestNotRecorded')}</Note>
    );
  }
  if (exchange) return <ResponseView exchange={exchange} />;
  return <Note>{noExchangeReason(item)}</Note>;
}

/** Why there is no answer to show yet, or at all. */
function noExchangeReason(item: InspectedItem): string {
  const { t } = inspectorWords;
  if (item.role === 'compaction') return t('notes.answerNotRecorded');
  switch (item.state) {
    case 'streaming':
      return t('notes.eventsAfterEnd');
    case 'stopped':
      return t('notes.stoppedBeforeAnswer');
    case 'error':
      return item.error
        ? t('notes.noAnswerBecause', { message: item.error.message })
        : t('notes.failedBeforeAnswer');
    default:
      return t('notes.answerNotRecorded');
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
  const t = inspectorWords.useT();
  const tone = status === null ? null : status >= 400 ? 'error' : status >= 300 ? 'warning' : 'success';
  const state = item.role === 'assistant' ? item.state : 'done';
  return (
    <>
      {status !== null ? (
        <span className={`inspector-chip inspector-chip--${tone}`} data-testid="inspector-status">
          {httpStatusLabel(status)}
        </span>
      ) : null}
      {state === 'streaming' ? (
        <span className="inspector-chip inspector-chip--live">{t('state.streaming')}</span>
      ) : null}
      {state === 'stopped' ? (
        <span className="inspector-chip inspector-chip--warning">{t('state.stopped')}</span>
      ) : null}
      {state === 'error' && status === null ? (
        <span className="inspector-chip inspector-chip--error">{t('state.failed')}</span>
      ) : null}
    </>
  );
}

function RequestIdChip({ id }: { id: string }) {
  const t = inspectorWords.useT();
  return (
    <span className="inspector-chip inspector-chip--id" data-testid="inspector-request-id">
      <span className="inspector-chip__label">{t('requestId.label')}</span>
      <span className="inspector-chip__id" data-selectable title={id}>
        {id}
      </span>
      <CopyButton text={() => id} label={t('requestId.copy')} copied={t('requestId.copied')} iconOnly />
    </span>
  );
}

function NothingRecorded({ item }: { item: InspectedItem }) {
  const t = inspectorWords.useT();
  if (item.role === 'assistant' && item.state === 'streaming') {
    return <Note>{t('notes.allAfterEnd')}</Note>;
  }
  return (
    <div className="inspector-empty" data-testid="inspector-empty">
      <Braces size={22} strokeWidth={1.75} aria-hidden />
      <p className="inspector-empty__title">{t('empty.title')}</p>
      <p className="inspector-empty__text">{t('empty.text')}</p>
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
  const t = inspectorWords.useT();
  if (detail === null || detail.status === 'loading') return <Note>{t('notes.loading')}</Note>;
  if (detail.status === 'failed') {
    return (
      <div className="inspector-note--padded">
        <Callout
          tone="error"
          compact
          title={t('failed.title')}
          testId="inspector-detail-failed"
          actions={
            <Button size="sm" icon={RotateCw} onClick={onRetry}>
              {t('failed.retry')}
            </Button>
          }
        >
          {detail.error.hint ? `${detail.error.message} ${detail.error.hint}` : detail.error.message}
        </Callout>
      </div>
    );
  }
  const compaction = item.role === 'compaction';
  return (
    <div className="inspector-empty" data-testid="inspector-detail-gone">
      <Braces size={22} strokeWidth={1.75} aria-hidden />
      <p className="inspector-empty__title">{t(compaction ? 'gone.compactionTitle' : 'gone.replyTitle')}</p>
      <p className="inspector-empty__text">
        {t(compaction ? 'gone.compactionText' : 'gone.replyText', {
          n: formatNumber(INSPECTOR_DETAILS_PER_CONVERSATION),
        })}
      </p>
    </div>
  );
}

function Note({ children }: { children: string }) {
  return <p className="inspector-note inspector-note--padded">{children}</p>;
}
