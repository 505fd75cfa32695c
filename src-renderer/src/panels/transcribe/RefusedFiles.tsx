import { X } from 'lucide-react';
import { dismissRefused } from '../../actions/transcribe-input.ts';
import { ACCEPTED_FORMATS_TEXT } from '../../audio/accepted-files.ts';
import { IconButton } from '../../components/Button.tsx';
import { Callout } from '../../components/Callout.tsx';
import { useAppStore } from '../../store/index.ts';
import { transcribeWords } from './strings.ts';

/** Files the last drop or pick did not take: each named with why, and what would be taken instead. */
export function RefusedFiles() {
  const t = transcribeWords.useT();
  const refused = useAppStore((s) => s.refusedAudio);
  if (refused.length === 0) return null;
  const title =
    refused.length === 1
      ? t('refused.titleOne', { name: refused[0]?.name ?? '' })
      : t('refused.titleMany', { n: refused.length });
  return (
    <Callout
      tone="warning"
      compact
      role="alert"
      testId="refused-files"
      title={title}
      actions={<IconButton icon={X} size="sm" label={t('refused.dismiss')} onClick={dismissRefused} />}
    >
      <ul className="refused-files">
        {refused.map((file) => (
          <li key={file.name}>
            {refused.length > 1 ? <strong>{file.name}: </strong> : null}
            {file.reason}
          </li>
        ))}
      </ul>
      <p>{t('refused.accepted', { formats: ACCEPTED_FORMATS_TEXT })}</p>
    </Callout>
  );
}
