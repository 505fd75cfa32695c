import { ArrowRightLeft } from 'lucide-react';
import { memo } from 'react';
import type { FormatChangeMarker } from '../../../../src-preload/contract.ts';
import { FORMAT_NAMES } from './labels.ts';

/** Where the conversation moved to another format, and what that format does not carry (never silently). */
export const FormatChangeView = memo(function FormatChangeView({ marker }: { marker: FormatChangeMarker }) {
  const whole = marker.notCarried.length === 0;
  return (
    <section className="pg-marker-block" aria-label="Format changed" data-testid="format-change">
      <div className="pg-marker">
        <span className="pg-marker__rule" aria-hidden />
        <span className="pg-marker__label pg-marker__label--stacked">
          <span className="pg-marker__title">
            <ArrowRightLeft size={14} aria-hidden />
            <span>
              Now sent as <strong>{FORMAT_NAMES[marker.to]}</strong> (was {FORMAT_NAMES[marker.from]})
            </span>
          </span>
          <span className="pg-marker__summary" data-testid="format-change-note">
            {whole
              ? 'The history goes over whole, in the new format’s shape.'
              : `The history goes over in the new format’s shape, except ${marker.notCarried.join('; and ')}.`}
          </span>
        </span>
        <span className="pg-marker__rule" aria-hidden />
      </div>
    </section>
  );
});
