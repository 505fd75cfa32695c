import { Copy, FileAudio, Mic, Trash2 } from 'lucide-react';
import type { Ref } from 'react';
import type { TranscriptEntry } from '../../../../src-preload/contract.ts';
import { copyTranscript, exportTranscript } from '../../actions/transcripts.ts';
import { Button, IconButton } from '../../components/Button.tsx';
import { formatClock } from '../../i18n/format.ts';
import { ExportMenu, type ExportMenuHandle } from './ExportMenu.tsx';
import { ModeBadge } from './ModeBadge.tsx';
import { transcribeWords } from './strings.ts';
import { formatSavedAt, languageLabel, usageLabel } from './transcript-labels.ts';
import {
  COPY_ALL_SHORTCUT,
  COPY_ALL_SHORTCUT_ARIA,
  EXPORT_SHORTCUT,
  EXPORT_SHORTCUT_ARIA,
} from './useTranscriptShortcuts.ts';

interface TranscriptHeaderProps {
  entry: TranscriptEntry;
  exportMenuRef: Ref<ExportMenuHandle>;
  onDelete(): void;
}

/** The open transcript's name, what it is (mode, model, language, length, date) and what to do with it. */
export function TranscriptHeader({ entry, exportMenuRef, onDelete }: TranscriptHeaderProps) {
  const t = transcribeWords.useT();
  const language = languageLabel(entry.transcript.language ?? entry.language);
  const duration = entry.durationSec ?? entry.transcript.duration ?? null;
  const SourceIcon = entry.kind === 'recording' ? Mic : FileAudio;
  const usage = entry.transcript.usage ? usageLabel(entry.transcript.usage) : null;
  return (
    <header className="transcript-header">
      <span className="icon-tile transcript-header__icon" aria-hidden>
        <SourceIcon size={18} />
      </span>
      <h2 className="one-line transcript-header__name" title={entry.name} data-testid="transcript-title">
        {entry.name}
      </h2>
      <ul className="transcript-facts" aria-label={t('header.about')}>
        <li>
          <ModeBadge mode={entry.mode} />
        </li>
        <li>
          <time dateTime={entry.createdAt}>{formatSavedAt(entry.createdAt)}</time>
        </li>
        <li className="transcript-facts__model" title={t('header.model')}>
          {entry.model}
        </li>
        {language ? <li title={t('header.language')}>{language}</li> : null}
        {duration !== null ? <li title={t('header.length')}>{formatClock(duration)}</li> : null}
        {usage ? (
          <li title={usage.title} data-testid="transcript-usage">
            {usage.text}
          </li>
        ) : null}
      </ul>
      <div className="transcript-header__actions">
        <Button
          size="sm"
          icon={Copy}
          title={t('header.copyAllTitle', { shortcut: COPY_ALL_SHORTCUT })}
          aria-keyshortcuts={COPY_ALL_SHORTCUT_ARIA}
          aria-label={t('header.copyAll')}
          onClick={() => void copyTranscript(entry)}
          data-testid="copy-transcript"
        >
          {/* In a narrow window the icon alone stays, so the name keeps its room. */}
          <span className="transcript-header__label">{t('header.copyAll')}</span>
        </Button>
        <ExportMenu
          ref={exportMenuRef}
          trigger="button"
          label={t('header.exportTitle', { shortcut: EXPORT_SHORTCUT })}
          keyShortcuts={EXPORT_SHORTCUT_ARIA}
          onExport={(format) => void exportTranscript(entry.id, format)}
        />
        <IconButton
          icon={Trash2}
          label={t('header.delete')}
          variant="danger-ghost"
          size="sm"
          onClick={onDelete}
          data-testid="delete-transcript"
        />
      </div>
    </header>
  );
}
