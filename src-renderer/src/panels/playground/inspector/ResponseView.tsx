import type { ExchangeLog } from '../../../../../src-preload/contract.ts';
import { Callout } from '../../../components/Callout.tsx';
import { formatBytes } from '../../../i18n/format.ts';
import { BodySection } from './BodySection.tsx';
import { EventLog } from './EventLog.tsx';
import { inspectorWords } from './strings.ts';

/** A header's name, shown as it went over the wire: not a word to translate. */
const CONTENT_TYPE = 'content-type';

/** Whether the exchange came back as a stream of events (rather than one body). */
export function isEventStream(exchange: ExchangeLog): boolean {
  return exchange.events.length > 0 || exchange.omittedEvents > 0;
}

/** What came back: the event log of a stream, or the body of a whole answer. */
export function ResponseView({ exchange }: { exchange: ExchangeLog }) {
  const t = inspectorWords.useT();
  return (
    <div className="inspector-view" data-testid="inspector-response">
      {exchange.contentType ? (
        <p className="inspector-meta">
          <span className="inspector-meta__name">{CONTENT_TYPE}</span>
          <span className="inspector-meta__value" data-selectable>
            {exchange.contentType}
          </span>
        </p>
      ) : null}
      {isEventStream(exchange) ? (
        <EventLog exchange={exchange} />
      ) : exchange.body !== null ? (
        <ResponseBody body={exchange.body} truncated={exchange.bodyTruncated} />
      ) : (
        <p className="inspector-note">
          {exchange.contentType?.includes('event-stream') ? t('response.noEvents') : t('response.noBody')}
        </p>
      )}
    </div>
  );
}

function ResponseBody({ body, truncated }: { body: string; truncated: boolean }) {
  const t = inspectorWords.useT();
  return (
    <BodySection
      body={body}
      copied={t('body.responseCopied')}
      copiedDetail={t(truncated ? 'body.responseCopiedPart' : 'body.responseCopiedWhole')}
      copyTestId="inspector-copy-response"
      codeTestId="inspector-response-body"
      notice={(bytes) =>
        truncated ? (
          <Callout tone="warning" compact testId="inspector-body-truncated">
            {t('body.truncated', { size: formatBytes(bytes) })}
          </Callout>
        ) : null
      }
    />
  );
}
