import type { TranscribeMode } from '../../../../src-preload/contract.ts';
import { transcribeWords } from './strings.ts';
import { MODE_LABELS } from './transcript-labels.ts';

/** Transcript or English translation, at a glance (translations stand out: they are not the words spoken). */
export function ModeBadge({ mode, short = false }: { mode: TranscribeMode; short?: boolean }) {
  const t = transcribeWords.useT();
  const label = short && mode === 'translate' ? t('labels.modeTranslateShort') : MODE_LABELS[mode];
  return (
    <span className={`mode-badge mode-badge--${mode}`} data-mode={mode}>
      {label}
    </span>
  );
}
