import type { ExchangeLog } from '../../../../../src-preload/contract.ts';
import { Callout } from '../../../components/Callout.tsx';
import { formatBytes } from '../../../i18n/format.ts';
import { BodySection } from './BodySection.tsx';
import { EventLog } from './EventLog.tsx';

/** Whether the exchange came back as a stream of events (rather than one body). */
export function isEventStream(exchange: ExchangeLog): boolean {
  return exchange.events.length > 0 || exchange.omittedEvents > 0;
}

/** What came back: the event log of a stream, or the body of a whole answer. */
export function ResponseView({ exchange }: { exchange: ExchangeLog }) {
  return (
    <div className="inspector-view" data-testid="inspector-response">
      {exchange.contentType ? (
        <p className="inspector-meta">
          <span className="inspector-meta__name">content-type</span>
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
          {exchange.contentType?.includes('event-stream')
            ? 'No events arrived.'
            : 'The response had no body.'}
        </p>
      )}
    </div>
  );
}

function ResponseBody({ body, truncated }: { body: string; truncated: boolean }) {
  return (
    <BodySection
      body={body}
      copied="Response body copied"
      copiedDetail={truncated ? 'Only the part that was kept.' : 'Exactly as it arrived.'}
      copyTestId="inspector-copy-response"
      codeTestId="inspector-response-body"
      notice={(bytes) =>
        truncated ? (
          <Callout tone="warning" compact testId="inspector-body-truncated">
            Only the first {formatBytes(bytes)} of this body were kept.
          </Callout>
        ) : null
      }
    />
  );
}
