import { ArrowDown, LoaderCircle } from 'lucide-react';
import { useDeferredValue, useEffect, useRef } from 'react';
import type { ConversationMessage } from '../../../../src-preload/contract.ts';
import { useAppStore } from '../../store/index.ts';
import { useKeepFocusIn } from '../../util/focus.ts';
import { CompactionView } from './CompactionView.tsx';
import { composerControl } from './Composer.tsx';
import { chatWords } from './chat-strings.ts';
import { streamingReply } from './conversation-edits.ts';
import { FormatChangeView } from './FormatChangeView.tsx';
import { ReplyView } from './ReplyView.tsx';
import { UserMessageView } from './UserMessageView.tsx';
import { useFollowScroll } from './useFollowScroll.ts';

const NO_MESSAGES: readonly ConversationMessage[] = [];

/**
 * The conversation's messages, in a scroll area that follows a streaming reply until the user scrolls up
 * ("Jump to latest" then brings them back). Each message is its own memoised component, so a new token
 * re-renders only the reply it belongs to.
 */
export function MessageList({ conversationId }: { conversationId: string }) {
  const t = chatWords.useT();
  // A conversation's messages shown at once (not drawn behind by PlaygroundPanel's `useShownConversation`,
  // whose background render React does not defer again) are drawn in a background render after the chat's
  // frame is on screen: ten replies with their markdown were one ~60 ms task with the frame (issue 19: none
  // over 50). Only the first render waits: from then on the value is `true`, so a streaming reply's updates
  // render at once, as before.
  const drawn = useDeferredValue(true, false);
  const stored = useAppStore((s) => s.playground.open[conversationId]?.messages ?? NO_MESSAGES);
  const messages = drawn ? stored : NO_MESSAGES;
  const compacting = useAppStore((s) => Boolean(s.playground.compacting[conversationId]));
  const busy = useAppStore((s) => {
    const conversation = s.playground.open[conversationId];
    return (
      Boolean(s.playground.compacting[conversationId]) ||
      (conversation ? streamingReply(conversation) !== null : false)
    );
  });
  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const { following, jumpToLatest } = useFollowScroll(scroller, content);
  // A message deleted, or its buttons disabled while a reply streams: focus goes to the next message (else
  // the previous), else to the composer.
  const keepFocusRef = useKeepFocusIn({ rows: '.pg-msg', fallback: () => composerControl(conversationId) });

  // A message the user just sent (or a reply asked for again) brings the view back to the end.
  const last = messages.at(-1);
  const lastId = last?.id;
  const lastIsNewTurn = last?.role === 'assistant' && last.state === 'streaming';
  useEffect(() => {
    if (lastId && lastIsNewTurn) jumpToLatest();
  }, [lastId, lastIsNewTurn, jumpToLatest]);

  return (
    <div className="pg-messages" ref={keepFocusRef}>
      <div className="pg-messages__scroller" ref={scroller} data-testid="messages" tabIndex={-1}>
        <div className="pg-messages__inner" ref={content}>
          {messages.map((message) =>
            message.role === 'user' ? (
              <UserMessageView
                key={message.id}
                conversationId={conversationId}
                message={message}
                busy={busy}
              />
            ) : message.role === 'assistant' ? (
              <ReplyView key={message.id} conversationId={conversationId} message={message} busy={busy} />
            ) : message.role === 'compaction' ? (
              <CompactionView key={message.id} conversationId={conversationId} marker={message} />
            ) : (
              <FormatChangeView key={message.id} marker={message} />
            ),
          )}
          {compacting ? (
            <div className="pg-marker pg-marker--busy" role="status" data-testid="compacting">
              <span className="pg-marker__rule" aria-hidden />
              <span className="pg-marker__label">
                <LoaderCircle size={14} className="spin" aria-hidden />
                {t('compaction.compacting', { count: messages.length })}
              </span>
              <span className="pg-marker__rule" aria-hidden />
            </div>
          ) : null}
        </div>
      </div>
      {following ? null : (
        <button type="button" className="pg-jump" onClick={jumpToLatest} data-testid="jump-to-latest">
          <ArrowDown size={14} aria-hidden />
          {t('messages.jumpToLatest')}
        </button>
      )}
    </div>
  );
}
