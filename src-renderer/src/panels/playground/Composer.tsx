import { ArrowUp, Square } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { sendDraft, sendProblem, setDraft, stopReply } from '../../actions/playground.ts';
import { Button } from '../../components/Button.tsx';
import { MOD_KEY_LABEL } from '../../components/Kbd.tsx';
import { useAppStore } from '../../store/index.ts';
import { streamingReply } from './conversation-edits.ts';
import { useAutoGrow } from './useAutoGrow.ts';

const MAX_LINES = 8;

/**
 * The message being written, pinned under the conversation. Enter sends and Shift+Enter breaks the line
 * (or the reverse, a setting); Ctrl/Cmd+Enter always sends; while a reply arrives Send becomes Stop.
 * The draft lives in the store, so it survives switching conversation or panel.
 */
export function Composer({ conversationId }: { conversationId: string }) {
  const draft = useAppStore((s) => s.playground.drafts[conversationId] ?? '');
  const enterSends = useAppStore((s) => s.prefs.playground.enterSends);
  const compacting = useAppStore((s) => Boolean(s.playground.compacting[conversationId]));
  const conversation = useAppStore((s) => s.playground.open[conversationId]);
  const grow = useAutoGrow(draft, MAX_LINES);
  if (!conversation) return null;

  const running = streamingReply(conversation);
  const problem = sendProblem(conversation, draft, compacting);
  const send = () => sendDraft(conversationId);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing || event.altKey) return;
    const modifier = event.ctrlKey || event.metaKey;
    const sends = modifier || (enterSends ? !event.shiftKey : event.shiftKey);
    if (!sends) return;
    event.preventDefault();
    send();
  };

  const sendKey = enterSends ? 'Enter' : 'Shift+Enter';
  const breakKey = enterSends ? 'Shift+Enter' : 'Enter';

  return (
    <div className="pg-composer">
      <div className="pg-composer__box">
        <label htmlFor={`composer-${conversationId}`} className="visually-hidden">
          Message
        </label>
        <textarea
          id={`composer-${conversationId}`}
          ref={grow}
          className="pg-composer__input"
          rows={1}
          value={draft}
          placeholder={`Message ${conversation.model.trim() || 'the model'}…`}
          onChange={(event) => setDraft(conversationId, event.target.value)}
          onKeyDown={onKeyDown}
          spellCheck
          aria-describedby={`composer-${conversationId}-keys`}
          data-testid="composer-input"
        />
        <div className="pg-composer__bar">
          <p id={`composer-${conversationId}-keys`} className="pg-composer__keys" data-testid="composer-keys">
            <kbd>{sendKey}</kbd> sends · <kbd>{breakKey}</kbd> new line
            {running ? (
              <>
                {' '}
                · <kbd>Esc</kbd> stops
              </>
            ) : null}
          </p>
          {running ? (
            <Button
              size="sm"
              variant="secondary"
              icon={Square}
              onClick={() => stopReply(running.id)}
              title="Stop the reply (Esc); what arrived is kept"
              data-testid="composer-stop"
            >
              Stop
            </Button>
          ) : (
            <Button
              size="sm"
              variant="primary"
              icon={ArrowUp}
              disabled={problem !== null}
              title={problem ?? `Send (${sendKey}, or ${MOD_KEY_LABEL}+Enter)`}
              onClick={send}
              data-testid="composer-send"
            >
              Send
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}
