import { type ReactNode, useMemo } from 'react';
import { formatBytes } from '../../../i18n/format.ts';
import { CodeBlock } from './CodeBlock.tsx';
import { CopyButton } from './CopyButton.tsx';
import { prettyJson } from './inspect-data.ts';
import { inspectorWords } from './strings.ts';

interface BodySectionProps {
  body: string;
  /** What the copy button's confirmation says, and its detail line. */
  copied: string;
  copiedDetail: string;
  copyTestId: string;
  codeTestId: string;
  /** Shown between the heading and the body (a notice that the body was cut). */
  notice?: (bytes: number) => ReactNode;
}

/** A request or response body: its size, a copy button (the exact bytes), and the body, indented if JSON. */
export function BodySection({
  body,
  copied,
  copiedDetail,
  copyTestId,
  codeTestId,
  notice,
}: BodySectionProps) {
  // A body that is not valid JSON (or a cut one) shows as it is, which is what it is.
  const t = inspectorWords.useT();
  const pretty = useMemo(() => prettyJson(body), [body]);
  const bytes = useMemo(() => new TextEncoder().encode(body).length, [body]);
  return (
    <section className="inspector-section">
      <div className="inspector-section__head">
        <h3 className="inspector-section__title">
          {t('body.title')}{' '}
          <span className="inspector-section__count">
            {pretty.isJson ? 'JSON · ' : ''}
            {formatBytes(bytes)}
          </span>
        </h3>
        <CopyButton
          text={() => body}
          label={t('body.copy')}
          copied={copied}
          copiedDetail={copiedDetail}
          testId={copyTestId}
        />
      </div>
      {notice?.(bytes)}
      <CodeBlock text={pretty.text} testId={codeTestId} />
    </section>
  );
}
