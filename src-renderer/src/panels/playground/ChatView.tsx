import { X } from 'lucide-react';
import { memo } from 'react';
import { dismissNotice } from '../../actions/playground.ts';
import { IconButton } from '../../components/Button.tsx';
import { Callout } from '../../components/Callout.tsx';
import { useAppStore } from '../../store/index.ts';
import { ChatToolbar } from './ChatToolbar.tsx';
import { Composer } from './Composer.tsx';
import { chatWords } from './chat-strings.ts';
import { EmptyChat } from './EmptyChat.tsx';
import { MessageList } from './MessageList.tsx';

interface ChatViewProps {
  conversationId: string;
  listOpen: boolean;
  onToggleList(): void;
}

/**
 * The conversation column: its toolbar, the messages (which scroll), and the composer pinned below.
 * Memoised: the panel renders again when another conversation is chosen, and the one still shown while the
 * next is drawn behind (PlaygroundPanel's `useShownConversation`) has nothing new to render.
 */
export const ChatView = memo(function ChatView({ conversationId, listOpen, onToggleList }: ChatViewProps) {
  const t = chatWords.useT();
  const empty = useAppStore((s) => (s.playground.open[conversationId]?.messages.length ?? 0) === 0);
  return (
    <section className="pg-chat" aria-label={t('chat.label')} data-testid="chat">
      <ChatToolbar conversationId={conversationId} listOpen={listOpen} onToggleList={onToggleList} />
      {empty ? (
        <EmptyChat conversationId={conversationId} />
      ) : (
        <MessageList conversationId={conversationId} />
      )}
      <ConversationNotice conversationId={conversationId} />
      <Composer conversationId={conversationId} />
    </section>
  );
});

/** A problem of the conversation as a whole (a compaction the channel refused), above the composer. */
function ConversationNotice({ conversationId }: { conversationId: string }) {
  const t = chatWords.useT();
  const notice = useAppStore((s) => s.playground.notices[conversationId] ?? null);
  if (!notice) return null;
  return (
    <div className="pg-chat__notice">
      <Callout
        tone="warning"
        compact
        role="alert"
        testId="conversation-notice"
        title={notice.message}
        actions={
          <IconButton
            icon={X}
            label={t('chat.dismiss')}
            size="sm"
            onClick={() => dismissNotice(conversationId)}
          />
        }
      >
        {notice.hint ?? t('chat.nothingChanged')}
      </Callout>
    </div>
  );
}
