import { Lock } from 'lucide-react';
import { KEY_PLACEHOLDER, type SentRequest } from '../../../../../src-preload/contract.ts';
import { isHeaderPlaceholder } from '../../../../../src-preload/secret-placeholders.ts';
import { BodySection } from './BodySection.tsx';
import { carriesKey } from './request-facts.ts';
import { inspectorWords } from './strings.ts';

/** The request as it went out: method and URL, headers in the order sent, and the body. */
export function RequestView({ request }: { request: SentRequest }) {
  const t = inspectorWords.useT();
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
          {t('request.headers')} <span className="inspector-section__count">{request.headers.length}</span>
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
  const t = inspectorWords.useT();
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
        title={t('request.keyHiddenTitle', { variable: KEY_PLACEHOLDER.slice(1) })}
        data-testid="inspector-key-hidden"
      >
        <Lock size={10} aria-hidden />
        {t('request.keyHidden')}
      </span>
    </>
  );
}

/** An extra header's value (a secret like the key): its placeholder, marked as such. */
function HiddenHeaderValue({ placeholder }: { placeholder: string }) {
  const t = inspectorWords.useT();
  return (
    <>
      <span className="inspector-placeholder">{placeholder}</span>
      <span
        className="inspector-key-badge"
        title={t('request.valueHiddenTitle', { variable: placeholder.slice(1) })}
        data-testid="inspector-header-hidden"
      >
        <Lock size={10} aria-hidden />
        {t('request.valueHidden')}
      </span>
    </>
  );
}

function RequestBody({ body }: { body: string }) {
  const t = inspectorWords.useT();
  return (
    <BodySection
      body={body}
      copied={t('body.requestCopied')}
      copiedDetail={t('body.requestCopiedDetail')}
      copyTestId="inspector-copy-body"
      codeTestId="inspector-request-body"
    />
  );
}
