import { Copy, Pencil, Trash2 } from 'lucide-react';
import { memo, useState } from 'react';
import type { UserMessage } from '../../../../src-preload/contract.ts';
import { copyText, deleteMessage, editAndResend } from '../../actions/playground.ts';
import { Button, IconButton } from '../../components/Button.tsx';
import { Kbd, MOD_KEY_LABEL } from '../../components/Kbd.tsx';
import { chatWords } from './chat-strings.ts';
import { ImageStrip } from './ImageStrip.tsx';
import { useAutoGrow } from './useAutoGrow.ts';

interface UserMessageViewProps {
  conversationId: string;
  message: UserMessage;
  /** A reply is arriving or the conversation is being compacted: no edits meanwhile. */
  busy: boolean;
}

/** One of the user's turns, on the right; copy, edit and resend (later turns are dropped), delete. */
export const UserMessageView = memo(function UserMessageView({
  conversationId,
  message,
  busy,
}: UserMessageViewProps) {
  const t = chatWords.useT();
  const [editing, setEditing] = useState(false);
  if (editing) {
    return (
      <TurnEditor
        initial={message.text}
        hasImages={(message.images?.length ?? 0) > 0}
        onCancel={() => setEditing(false)}
        onResend={(text) => {
          setEditing(false);
          editAndResend(conversationId, message.id, text);
        }}
      />
    );
  }
  const images = message.images ?? [];
  const bubble = (
    <div className="pg-msg__bubble" data-selectable>
      {message.text}
    </div>
  );
  return (
    <article className="pg-msg pg-msg--user" aria-label={t('user.label')} data-testid="user-message">
      {images.length > 0 ? (
        // The turn's images above its text (a turn of images alone has no bubble).
        <div className="pg-msg__with-images">
          <ImageStrip images={images} />
          {message.text ? bubble : null}
        </div>
      ) : (
        bubble
      )}
      <div className="pg-msg__actions" role="toolbar" aria-label={t('user.actions')}>
        <IconButton
          icon={Copy}
          label={t('user.copy')}
          size="sm"
          onClick={() => void copyText(message.text)}
        />
        <IconButton
          icon={Pencil}
          label={busy ? t('user.editBusy') : t('user.edit')}
          size="sm"
          disabled={busy}
          onClick={() => setEditing(true)}
          data-testid="edit-message"
        />
        <IconButton
          icon={Trash2}
          label={t('user.delete')}
          size="sm"
          disabled={busy}
          onClick={() => deleteMessage(conversationId, message.id)}
          data-testid="delete-message"
        />
      </div>
    </article>
  );
});

interface TurnEditorProps {
  initial: string;
  /** The turn carries images: its text may then be left empty. */
  hasImages: boolean;
  onCancel(): void;
  onResend(text: string): void;
}

function TurnEditor({ initial, hasImages, onCancel, onResend }: TurnEditorProps) {
  const t = chatWords.useT();
  const [text, setText] = useState(initial);
  const grow = useAutoGrow(14);
  const canSend = text.trim() !== '' || hasImages;
  return (
    <div className="pg-msg pg-msg--user pg-msg--editing" data-testid="edit-turn">
      <textarea
        ref={grow}
        className="input pg-edit__text"
        value={text}
        aria-label={t('user.editLabel')}
        autoFocus
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            onCancel();
          } else if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && canSend) {
            event.preventDefault();
            onResend(text);
          }
        }}
        data-testid="edit-turn-input"
      />
      <div className="pg-edit__bar">
        <span className="pg-edit__note">{t('user.editNote')}</span>
        <Button size="sm" variant="ghost" onClick={onCancel}>
          {t('user.cancel')}
        </Button>
        <Button
          size="sm"
          variant="primary"
          disabled={!canSend}
          onClick={() => onResend(text)}
          data-testid="edit-turn-resend"
        >
          {t('user.resend')}
          <Kbd keys={[MOD_KEY_LABEL, '↵']} />
        </Button>
      </div>
    </div>
  );
}
