import { Braces, ChevronRight, FoldVertical } from 'lucide-react';
import { memo, useId, useState } from 'react';
import type { CompactionMarker, ConversationMessage } from '../../../../src-preload/contract.ts';
import { inspectMessage, openLink } from '../../actions/playground.ts';
import { IconButton } from '../../components/Button.tsx';
import { Markdown } from '../../markdown/lazy-markdown.tsx';
import { chatWords } from './chat-strings.ts';
import { FormatChangeView } from './FormatChangeView.tsx';
import { compactionSummary } from './labels.ts';

interface CompactionViewProps {
  conversationId: string;
  marker: CompactionMarker;
}

/**
 * Where compaction replaced the history: a line with what it saved, and the replaced messages to read
 * (greyed, read-only: they are no longer sent).
 */
export const CompactionView = memo(function CompactionView({ conversationId, marker }: CompactionViewProps) {
  const t = chatWords.useT();
  const [open, setOpen] = useState(false);
  const replacedId = useId();
  const count = marker.replaced.length;
  return (
    <section className="pg-marker-block" aria-label={t('compaction.label')} data-testid="compaction-marker">
      <div className="pg-marker">
        <span className="pg-marker__rule" aria-hidden />
        <span className="pg-marker__label pg-marker__label--stacked">
          <span className="pg-marker__title">
            <FoldVertical size={14} aria-hidden />
            <strong>{t('compaction.label')}</strong>
          </span>
          <span className="pg-marker__summary" data-testid="compaction-summary">
            {compactionSummary(marker)}
          </span>
        </span>
        <span className="pg-marker__rule" aria-hidden />
      </div>
      <div className="pg-marker__actions">
        {count > 0 ? (
          <button
            type="button"
            className="disclosure pg-marker__toggle"
            aria-expanded={open}
            aria-controls={replacedId}
            onClick={() => setOpen(!open)}
            data-testid="show-replaced"
          >
            <ChevronRight size={14} className="disclosure__chevron" aria-hidden />
            {open ? t('compaction.hideReplaced', { count }) : t('compaction.showReplaced', { count })}
          </button>
        ) : null}
        <IconButton
          icon={Braces}
          label={t('compaction.inspect')}
          size="sm"
          onClick={() => inspectMessage(conversationId, marker.id)}
          data-testid="inspect-compaction"
        />
      </div>
      {open ? (
        <div id={replacedId} className="pg-replaced" data-testid="replaced-messages">
          <p className="pg-replaced__note">{t('compaction.replacedNote')}</p>
          {marker.replaced.map((message) => (
            <ReplacedMessage key={message.id} message={message} />
          ))}
        </div>
      ) : null}
    </section>
  );
});

function ReplacedMessage({ message }: { message: ConversationMessage }) {
  const t = chatWords.useT();
  if (message.role === 'user') {
    return (
      <div className="pg-msg pg-msg--user">
        <div className="pg-msg__bubble" data-selectable>
          {message.text}
        </div>
      </div>
    );
  }
  if (message.role === 'assistant') {
    return (
      <div className="pg-msg pg-msg--assistant" data-selectable>
        <Markdown text={message.text} streaming={false} onOpenLink={(url) => void openLink(url)} />
      </div>
    );
  }
  if (message.role === 'format-change') return <FormatChangeView marker={message} />;
  return (
    <p className="pg-replaced__earlier">
      <FoldVertical size={13} aria-hidden />{' '}
      {t('compaction.earlier', { summary: compactionSummary(message) })}
    </p>
  );
}
