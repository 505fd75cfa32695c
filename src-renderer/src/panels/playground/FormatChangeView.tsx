import { ArrowRightLeft } from 'lucide-react';
import { memo } from 'react';
import type { FormatChangeMarker } from '../../../../src-preload/contract.ts';
import { Rich } from '../../i18n/rich.tsx';
import { chatWords } from './chat-strings.ts';
import { formatName, notCarriedList } from './labels.ts';

/** Where the conversation moved to another format, and what that format does not carry (never silently). */
export const FormatChangeView = memo(function FormatChangeView({ marker }: { marker: FormatChangeMarker }) {
  const t = chatWords.useT();
  const whole = marker.notCarried.length === 0;
  return (
    <section className="pg-marker-block" aria-label={t('formatChange.label')} data-testid="format-change">
      <div className="pg-marker">
        <span className="pg-marker__rule" aria-hidden />
        <span className="pg-marker__label pg-marker__label--stacked">
          <span className="pg-marker__title">
            <ArrowRightLeft size={14} aria-hidden />
            <span>
              <Rich
                words={chatWords}
                k="formatChange.nowSentAs"
                values={{ to: formatName(marker.to), from: formatName(marker.from) }}
                components={{ strong: <strong /> }}
              />
            </span>
          </span>
          <span className="pg-marker__summary" data-testid="format-change-note">
            {whole
              ? t('formatChange.whole')
              : t('formatChange.except', { lost: notCarriedList(marker.notCarried) })}
          </span>
        </span>
        <span className="pg-marker__rule" aria-hidden />
      </div>
    </section>
  );
});
