import { Lock } from 'lucide-react';
import { KEY_PLACEHOLDER, type SentRequest } from '../../../../../src-preload/contract.ts';
import { isHeaderPlaceholder } from '../../../../../src-preload/secret-placeholders.ts';
import { BodySection } from './BodySection.tsx';
import { carriesKey } from './request-facts.ts';

/** The request as it went out: method and URL, headers in the order sent, and the body. */
export function RequestView({ request }: { request: SentRequest }) {
  return (
    <div className="inspector-view" data-testid="inspector-request">
      <section className="inspector-section">
        <p className="inspector-request-line" data-selectable>
          <span className="inspector-method">{request.method.toUpperCase()}</span>
          <span className="inspector-url">{request.url}</span>
        </p>
      </section>
      <section className="inspector-section">
        <h3 className="inspector-section__title">
          Headers <span className="inspector-section__count">{request.headers.length}</span>
        </h3>
        <HeaderTable headers={request.headers} />
      </section>
      {request.body !== null ? <RequestBody body={request.body} /> : null}
    </div>
  );
}

function HeaderTable({ headers }: { headers: SentRequest['headers'] }) {
  return (
    <dl className="inspector-headers" data-selectable data-testid="inspector-headers">
      {headers.map(([name, value], index) => (
        // Header names may repeat; their order is what was sent.
        // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed once recorded.
        <div key={index} className="inspector-headers__row">
          <dt className="inspector-headers__name">{name}</dt>
          <dd className="inspector-headers__value">
            {carriesKey(value) ? (
              <KeyValue value={value} />
            ) : isHeaderPlaceholder(name, value) ? (
              <HiddenHeaderValue placeholder={value} />
            ) : (
              value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** A header value holding the key placeholder: the placeholder marked, so no one takes it for a key. */
function KeyValue({ value }: { value: string }) {
  const parts = value.split(KEY_PLACEHOLDER);
  return (
    <>
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed text split once.
        <span key={index}>
          {part}
          {index < parts.length - 1 ? <span className="inspector-placeholder">{KEY_PLACEHOLDER}</span> : null}
        </span>
      ))}
      <span
        className="inspector-key-badge"
        title="Gateway Studio never shows your key. Copy as curl reads it from the GATEWAY_API_KEY variable."
        data-testid="inspector-key-hidden"
      >
        <Lock size={10} aria-hidden />
        key hidden
      </span>
    </>
  );
}

/** An extra header's value (a secret like the key): its placeholder, marked as such. */
function HiddenHeaderValue({ placeholder }: { placeholder: string }) {
  return (
    <>
      <span className="inspector-placeholder">{placeholder}</span>
      <span
        className="inspector-key-badge"
        title={`Gateway Studio never shows extra-header values. Copy as curl reads this one from the ${placeholder.slice(1)} variable.`}
        data-testid="inspector-header-hidden"
      >
        <Lock size={10} aria-hidden />
        value hidden
      </span>
    </>
  );
}

function RequestBody({ body }: { body: string }) {
  return (
    <BodySection
      body={body}
      copied="Request body copied"
      copiedDetail="Exactly as it was sent."
      copyTestId="inspector-copy-body"
      codeTestId="inspector-request-body"
    />
  );
}
