import { Trash2 } from 'lucide-react';
import type { TranscriptSummary } from '../../../../src-preload/contract.ts';
import { deleteTranscript } from '../../actions/transcripts.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { Rich } from '../../i18n/rich.tsx';
import { useAppStore } from '../../store/index.ts';
import { cssString, focusAfterRemoval } from '../../util/focus.ts';
import { transcribeWords } from './strings.ts';

/** The history list's places, for where focus goes once an entry is deleted. */
const HISTORY_PLACES = {
  scope: '[data-testid="transcript-history"]',
  row: (id: string) => `[data-testid="history-item"][data-id=${cssString(id)}] [data-testid="history-open"]`,
  empty: ['[data-testid="history-empty"] button', '[data-testid="history-empty"] .history-empty__title'],
  // Deleted from the open transcript while the queue is shown: its tab.
  elsewhere: '[role="tab"][aria-selected="true"]',
};

/**
 * Deletes the transcript; once it has left the history, focus goes to the next entry (else the previous,
 * else the empty history) rather than falling to the page with the button that was pressed.
 */
async function deleteAndRefocus(id: string): Promise<boolean> {
  const keys = useAppStore.getState().transcriptHistory.map((item) => item.id);
  const done = await deleteTranscript(id);
  if (done) void focusAfterRemoval(HISTORY_PLACES, keys, id);
  return done;
}

export type DeleteTarget = Pick<TranscriptSummary, 'id' | 'name' | 'kind'>;

/** Asks before a transcript leaves the history, and says what happens to its audio. */
export function DeleteTranscriptDialog({
  target,
  onClose,
}: {
  target: DeleteTarget | null;
  onClose(): void;
}) {
  const t = transcribeWords.useT();
  return (
    <ConfirmDialog
      open={target !== null}
      title={t('deleteDialog.title')}
      icon={Trash2}
      confirmLabel={t('deleteDialog.confirm')}
      onConfirm={() => (target ? deleteAndRefocus(target.id) : Promise.resolve(true))}
      onClose={onClose}
      testId="delete-transcript-dialog"
    >
      <p>
        <Rich
          words={transcribeWords}
          k="deleteDialog.body"
          values={{ name: target?.name ?? '' }}
          components={{ strong: <strong /> }}
        />
      </p>
      <p>
        {/* Main removes a recording it made along with its last transcript; other audio is the user's. */}
        {target?.kind === 'recording' ? t('deleteDialog.recording') : t('deleteDialog.file')}
      </p>
    </ConfirmDialog>
  );
}
