import { RotateCw } from 'lucide-react';
import type { AppError } from '../../../src-preload/contract.ts';
import { IconButton } from './Button.tsx';
import { Callout } from './Callout.tsx';
import { commonWords } from './strings.ts';

interface SavedListNoticesProps {
  /** Files main found unreadable and moved aside in the last listing. */
  movedAside: number;
  /** What one such file is called ("conversation file", "history file"), in the interface's language. */
  fileNoun: string;
  /** Why the last listing failed, or null. */
  error: AppError | null;
  failedTitle: string;
  onRetry(): void;
}

/** What a list of saved items says above its items: files set aside as unreadable, a failed listing. */
export function SavedListNotices({
  movedAside,
  fileNoun,
  error,
  failedTitle,
  onRetry,
}: SavedListNoticesProps) {
  const t = commonWords.useT();
  return (
    <>
      {movedAside > 0 ? (
        <Callout tone="warning" compact>
          {t('savedList.movedAside', { count: movedAside, noun: fileNoun })}
        </Callout>
      ) : null}
      {error ? (
        <Callout
          tone="error"
          compact
          title={failedTitle}
          actions={<IconButton icon={RotateCw} label={t('tryAgain')} size="sm" onClick={onRetry} />}
        >
          {error.message}
        </Callout>
      ) : null}
    </>
  );
}
