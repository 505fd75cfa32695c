import { Trash2 } from 'lucide-react';
import type { TranscriptSummary } from '../../../../src-preload/contract.ts';
import { deleteTranscript } from '../../actions/transcripts.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';

export type DeleteTarget = Pick<TranscriptSummary, 'id' | 'name' | 'kind'>;

/** Asks before a transcript leaves the history, and says what happens to its audio. */
export function DeleteTranscriptDialog({
  target,
  onClose,
}: {
  target: DeleteTarget | null;
  onClose(): void;
}) {
  return (
    <ConfirmDialog
      open={target !== null}
      title="Delete this transcript?"
      icon={Trash2}
      confirmLabel="Delete"
      onConfirm={() => (target ? deleteTranscript(target.id) : Promise.resolve(true))}
      onClose={onClose}
      testId="delete-transcript-dialog"
    >
      <p>
        The transcript of <strong>{target?.name}</strong> will be removed from the history.
      </p>
      <p>
        {/* Main removes a recording it made along with its last transcript; other audio is the user's. */}
        {target?.kind === 'recording'
          ? 'Its recording is deleted too, unless another transcript still uses it.'
          : 'The audio file itself stays where it is.'}
      </p>
    </ConfirmDialog>
  );
}
