import { FileAudio } from 'lucide-react';
import { ACCEPTED_FORMATS_TEXT } from '../../audio/accepted-files.ts';
import { transcribeWords } from './strings.ts';

/** What the panel shows while files are held over it: the whole panel is the target. */
export function DropOverlay() {
  const t = transcribeWords.useT();
  return (
    <div className="drop-overlay" data-testid="drop-overlay" aria-hidden>
      <div className="drop-overlay__card">
        <span className="drop-overlay__icon">
          <FileAudio size={28} strokeWidth={1.75} />
        </span>
        <p className="drop-overlay__title">{t('drop.title')}</p>
        <p className="drop-overlay__formats">{ACCEPTED_FORMATS_TEXT}</p>
      </div>
    </div>
  );
}
