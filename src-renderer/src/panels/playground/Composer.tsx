import { ArrowUp, ImagePlus } from 'lucide-react';
import { type ClipboardEvent, type KeyboardEvent, useCallback } from 'react';
import { MAX_IMAGES_PER_TURN } from '../../../../src-preload/contract.ts';
import {
  addImageFiles,
  clipboardImages,
  dismissRefusedImages,
  pickImages,
  removePendingImage,
  usePendingImages,
} from '../../actions/images.ts';
import { sendDraft, sendProblem, setDraft, stopReply } from '../../actions/playground.ts';
import { Button, IconButton } from '../../components/Button.tsx';
import { MOD_KEY_LABEL } from '../../components/Kbd.tsx';
import { StopIcon } from '../../components/StopIcon.tsx';
import { useFileDrop } from '../../components/useFileDrop.ts';
import { Rich } from '../../i18n/rich.tsx';
import { useAppStore } from '../../store/index.ts';
import { useKeepFocusIn } from '../../util/focus.ts';
import { chatWords } from './chat-strings.ts';
import { streamingReply } from './conversation-edits.ts';
import { ImageStrip, RefusedImages } from './ImageStrip.tsx';
import { isSendKey, sendKeyNames } from './send-keys.ts';
import { useAutoGrow } from './useAutoGrow.ts';

const MAX_LINES = 8;

/**
 * The message being written, pinned under the conversation. Enter sends and Shift+Enter breaks the line
 * (or the reverse, a setting); Ctrl/Cmd+Enter always sends; while a reply arrives Send becomes Stop.
 * The draft lives in the store, so it survives switching conversation or panel.
 */
export function Composer({ conversationId }: { conversationId: string }) {
  const t = chatWords.useT();
  const draft = useAppStore((s) => s.playground.drafts[conversationId] ?? '');
  const enterSends = useAppStore((s) => s.prefs.playground.enterSends);
  const compacting = useAppStore((s) => Boolean(s.playground.compacting[conversationId]));
  const conversation = useAppStore((s) => s.playground.open[conversationId]);
  const grow = useAutoGrow(MAX_LINES);
  const pending = usePendingImages(conversationId);
  // Send turns into Stop and back, and a removed image takes its button along: focus stays here (on Stop
  // while a reply streams, else in the message box; after an image, on the next one's remove button).
  const keepFocusRef = useKeepFocusIn({
    rows: '[data-testid="image-thumb"]',
    fallback: () => composerControl(conversationId),
  });
  // Files dropped on the message box become images of the turn (paths, as the Transcribe drop sends them).
  const { dragging, dropHandlers } = useFileDrop(
    useCallback((files: File[]) => void addImageFiles(conversationId, files), [conversationId]),
  );
  if (!conversation) return null;

  const running = streamingReply(conversation);
  // Images still being copied by main would otherwise miss this turn and wait for the next one.
  const problem =
    pending.adding > 0
      ? t('composer.waitImages')
      : sendProblem(conversation, draft, compacting, pending.images.length);
  const send = () => {
    if (problem === null) sendDraft(conversationId);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!isSendKey(event, enterSends)) return;
    event.preventDefault();
    send();
  };

  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const images = clipboardImages(event.clipboardData);
    if (images.length === 0) return;
    // An image on the clipboard is added to the turn; only text is pasted as text.
    event.preventDefault();
    void addImageFiles(conversationId, images);
  };
  const full = pending.images.length >= MAX_IMAGES_PER_TURN;

  const { send: sendKey, lineBreak: breakKey } = sendKeyNames(enterSends);

  return (
    <div className="pg-composer" ref={keepFocusRef}>
      <div
        className={`pg-composer__box${dragging ? ' pg-composer__box--dropping' : ''}`}
        {...dropHandlers}
        data-testid="composer-box"
      >
        <ImageStrip
          images={pending.images}
          adding={pending.adding > 0}
          onRemove={(imageId) => removePendingImage(conversationId, imageId)}
        />
        <RefusedImages refused={pending.refused} onDismiss={() => dismissRefusedImages(conversationId)} />
        <label htmlFor={`composer-${conversationId}`} className="visually-hidden">
          {t('composer.label')}
        </label>
        <textarea
          id={`composer-${conversationId}`}
          ref={grow}
          className="pg-composer__input"
          rows={1}
          value={draft}
          placeholder={
            conversation.model.trim()
              ? t('composer.placeholder', { model: conversation.model.trim() })
              : t('composer.placeholderNoModel')
          }
          onChange={(event) => setDraft(conversationId, event.target.value)}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          spellCheck
          aria-describedby={`composer-${conversationId}-keys`}
          data-testid="composer-input"
        />
        <div className="pg-composer__bar">
          <p id={`composer-${conversationId}-keys`} className="pg-composer__keys" data-testid="composer-keys">
            <Rich
              words={chatWords}
              k={running ? 'composer.keysRunning' : 'composer.keys'}
              values={{ send: sendKey, lineBreak: breakKey }}
              components={{ kbd: <kbd /> }}
            />
          </p>
          <IconButton
            icon={ImagePlus}
            label={full ? t('composer.imagesFull', { max: MAX_IMAGES_PER_TURN }) : t('composer.addImage')}
            size="sm"
            className="pg-composer__add-image"
            disabled={full}
            onClick={() => void pickImages(conversationId)}
            data-testid="composer-add-image"
          />
          {running ? (
            <Button
              size="sm"
              variant="secondary"
              icon={StopIcon}
              onClick={() => {
                stopReply(running.id);
                document.getElementById(`composer-${conversationId}`)?.focus();
              }}
              title={t('composer.stopTitle')}
              data-testid="composer-stop"
            >
              {t('composer.stop')}
            </Button>
          ) : (
            <Button
              size="sm"
              variant="primary"
              icon={ArrowUp}
              disabled={problem !== null}
              title={problem ?? t('composer.sendTitle', { send: sendKey, mod: MOD_KEY_LABEL })}
              onClick={send}
              data-testid="composer-send"
            >
              {t('composer.send')}
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}

/** Where focus goes in the composer when what had it went away: Stop while a reply streams, else the box. */
export function composerControl(conversationId: string): HTMLElement | null {
  const box = document.getElementById(`composer-${conversationId}`);
  const stop = box?.closest('.pg-composer')?.querySelector<HTMLElement>('[data-testid="composer-stop"]');
  return stop ?? box;
}
