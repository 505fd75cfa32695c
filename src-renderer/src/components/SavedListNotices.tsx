import { RotateCw } from 'lucide-react';
import type { AppError } from '../../../src-preload/contract.ts';
import { IconButton } from './Button.tsx';
import { Callout } from './Callout.tsx';

interface SavedListNoticesProps {
  /** Files main found unreadable and moved aside in the last listing. */
  movedAside: number;
  /** What one such file is called ("conversation file", "history file"). */
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
  return (
    <>
      {movedAside > 0 ? (
        <Callout tone="warning" compact>
          {movedAside === 1
            ? `One ${fileNoun} could not be read and was moved aside.`
            : `${movedAside} ${fileNoun}s could not be read and were moved aside.`}
        </Callout>
      ) : null}
      {error ? (
        <Callout
          tone="error"
          compact
          title={failedTitle}
          actions={<IconButton icon={RotateCw} label="Try again" size="sm" onClick={onRetry} />}
        >
          {error.message}
        </Callout>
      ) : null}
    </>
  );
}
