import { useMemo } from 'react';
import type { ExchangeLog } from '../../../../../src-preload/contract.ts';
import { Callout } from '../../../components/Callout.tsx';
import { formatBytes } from '../../../util/bytes.ts';
import { CodeBlock } from './CodeBlock.tsx';
import { CopyButton } from './CopyButton.tsx';
import { EventLog } from './EventLog.tsx';
import { prettyJson } from './inspect-data.ts';

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
  // A cut body is no longer valid JSON: it shows as it came, which is what it is.
  const pretty = useMemo(() => prettyJson(body), [body]);
  const bytes = useMemo(() => new TextEncoder().encode(body).length, [body]);
  return (
    <section className="inspector-section">
      <div className="inspector-section__head">
        <h3 className="inspector-section__title">
          Body{' '}
          <span className="inspector-section__count">
            {pretty.isJson ? 'JSON · ' : ''}
            {formatBytes(bytes)}
          </span>
        </h3>
        <CopyButton
          text={() => body}
          label="Copy body"
          copied="Response body copied"
          copiedDetail={truncated ? 'Only the part that was kept.' : 'Exactly as it arrived.'}
          testId="inspector-copy-response"
        />
      </div>
      {truncated ? (
        <Callout tone="warning" compact testId="inspector-body-truncated">
          Only the first {formatBytes(bytes)} of this body were kept.
        </Callout>
      ) : null}
      <CodeBlock text={pretty.text} testId="inspector-response-body" />
    </section>
  );
}
