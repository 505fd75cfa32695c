import { ArrowLeftRight, Braces, ChevronRight, Copy, RotateCcw, Trash2 } from 'lucide-react';
import { memo, useMemo, useState } from 'react';
import { type AssistantMessage, CHAT_FORMATS, type ChatFormat } from '../../../../src-preload/contract.ts';
import {
  copyText,
  deleteMessage,
  inspectMessage,
  openLink,
  regenerate,
  switchFormatAndRetry,
} from '../../actions/playground.ts';
import { Button, IconButton } from '../../components/Button.tsx';
import { Callout } from '../../components/Callout.tsx';
import { formatNumber } from '../../i18n/format.ts';
import { Markdown } from '../../markdown/lazy-markdown.tsx';
import { useAppStore } from '../../store/index.ts';
import { liveText, useStreamValue } from '../../store/streams.ts';
import { focusWhenReady } from '../../util/focus.ts';
import { composerControl } from './Composer.tsx';
import { chatWords } from './chat-strings.ts';
import { INTERRUPTED_STATUS } from './conversation-edits.ts';
import type { ModelFormats } from './format-routing.ts';
import { FORMAT_ENDPOINTS, formatName, replyFacts } from './labels.ts';
import { shortEndingNote } from './reply-ending.ts';
import { StructuredReply } from './StructuredReply.tsx';
import { useModelFormats } from './useModelFormats.ts';

interface ReplyViewProps {
  conversationId: string;
  message: AssistantMessage;
  busy: boolean;
}

/**
 * A model's reply: reasoning, the text as markdown, and once it has ended its facts and actions. While it
 * streams, its markdown follows the stream's text by itself, so a token renders no component; the markdown
 * stays the same component from the first token to the end, so finishing keeps what it shows.
 */
export const ReplyView = memo(function ReplyView({ conversationId, message, busy }: ReplyViewProps) {
  const t = chatWords.useT();
  const streamId = useAppStore((s) => s.playground.live[message.id]?.streamId);
  const live = streamId !== undefined;
  // While live, the markdown follows the stream's text by itself: a token renders nothing here. This
  // view renders again only when what it shows itself changes (reasoning, whether text has begun).
  const follow = useMemo(() => (streamId ? liveText(streamId) : undefined), [streamId]);
  const liveReasoning = useStreamValue(streamId, (stream) => stream?.reasoning ?? '');
  const writing = useStreamValue(streamId, (stream) => (stream?.text ?? '') !== '');
  const inspected = useAppStore((s) => s.playground.inspect?.messageId === message.id);
  const reasoning = live ? liveReasoning : message.reasoning;
  return (
    <article
      className={`pg-msg pg-msg--assistant${inspected ? ' pg-msg--inspected' : ''}`}
      aria-label={t('reply.label', { model: message.model })}
      aria-busy={live || undefined}
      data-testid="reply"
      data-state={live ? 'streaming' : message.state}
    >
      {reasoning ? <Reasoning text={reasoning} live={live} thinking={live && !writing} /> : null}
      <div className="pg-reply__text" data-testid="reply-text" data-selectable>
        {message.structured && !live ? (
          <StructuredReply
            text={message.text}
            structured={message.structured}
            onOpenLink={(url) => void openLink(url)}
          />
        ) : (
          <Markdown
            text={message.text}
            streaming={live}
            follow={follow}
            onOpenLink={(url) => void openLink(url)}
          />
        )}
      </div>
      {live ? (
        <LiveStatus phase={writing ? 'writing' : reasoning ? 'thinking' : 'waiting'} />
      ) : (
        <SettledParts conversationId={conversationId} message={message} busy={busy} />
      )}
    </article>
  );
});

function LiveStatus({ phase }: { phase: 'waiting' | 'thinking' | 'writing' }) {
  const t = chatWords.useT();
  // Stop is the composer's button (and Esc): always in view, however far the reply has scrolled.
  return (
    <p className="pg-reply__status" data-testid="reply-live">
      <span className="pg-pulse" aria-hidden />
      {t(`reply.${phase}`)}
    </p>
  );
}

function SettledParts({ conversationId, message, busy }: ReplyViewProps) {
  const t = chatWords.useT();
  const facts = replyFacts(message);
  const interrupted = message.status === INTERRUPTED_STATUS;
  const endedShort = shortEndingNote(message);
  return (
    <>
      {message.state === 'stopped' ? (
        <p className="pg-reply__note" data-testid="reply-stopped">
          {interrupted
            ? t('reply.interrupted')
            : message.text || message.reasoning
              ? t('reply.stoppedPartial')
              : t('reply.stoppedEmpty')}
        </p>
      ) : null}
      {endedShort ? (
        <p className="pg-reply__note" data-testid="reply-short">
          {endedShort}
        </p>
      ) : null}
      {message.state === 'done' && !message.text && !message.reasoning ? (
        <p className="pg-reply__note">{t('reply.noText')}</p>
      ) : null}
      {message.state === 'error' && message.error ? (
        <ReplyError conversationId={conversationId} message={message} busy={busy} />
      ) : null}
      <footer className="pg-reply__footer">
        <p className="pg-facts" data-testid="reply-facts">
          <span
            className="pg-facts__model"
            // The whole name too: a long one is cut with an ellipsis in a narrow column.
            title={`${message.model} · ${t('reply.formatTitle', { format: formatName(message.format) })}`}
          >
            {message.model}
          </span>
          {facts.map((fact) => (
            <span
              key={fact.key}
              className={`pg-facts__item pg-facts__item--${fact.key}`}
              title={fact.title}
              data-fact={fact.key}
            >
              {fact.text}
            </span>
          ))}
        </p>
        <div className="pg-msg__actions" role="toolbar" aria-label={t('reply.actions')}>
          <IconButton
            icon={Copy}
            label={t('reply.copy')}
            size="sm"
            disabled={!message.text}
            onClick={() => void copyText(message.text)}
            data-testid="copy-reply"
          />
          <IconButton
            icon={RotateCcw}
            label={t('reply.regenerate')}
            size="sm"
            disabled={busy}
            onClick={() => regenerateAndFollow(conversationId, message.id)}
            data-testid="regenerate"
          />
          <IconButton
            icon={Braces}
            label={t('reply.inspect')}
            size="sm"
            onClick={() => inspectMessage(conversationId, message.id)}
            data-testid="inspect-reply"
          />
          <IconButton
            icon={Trash2}
            label={t('reply.delete')}
            size="sm"
            disabled={busy}
            onClick={() => deleteMessage(conversationId, message.id)}
            data-testid="delete-message"
          />
        </div>
      </footer>
    </>
  );
}

/**
 * The formats to offer a reply that failed because its format does not fit the model: those the catalogue
 * lists for the model, else (nothing listed) every other format.
 */
function formatsToOffer(message: AssistantMessage, known: ModelFormats | null): ChatFormat[] {
  const listed = known?.formats ?? CHAT_FORMATS;
  const others = listed.filter((format) => format !== message.format);
  return others.length > 0 ? others : CHAT_FORMATS.filter((format) => format !== message.format);
}

/** The error on its turn, with the way out: a format the model speaks in one click, or simply again. */
function ReplyError({ conversationId, message, busy }: ReplyViewProps) {
  const t = chatWords.useT();
  const error = message.error!;
  const known = useModelFormats(message.model);
  const action =
    error.code === 'format_unsupported' ? (
      <span className="pg-error__actions">
        {formatsToOffer(message, known).map((format) => (
          <Button
            key={format}
            size="sm"
            variant="secondary"
            icon={ArrowLeftRight}
            disabled={busy}
            title={t('reply.askAgainTitle', { endpoint: FORMAT_ENDPOINTS[format], model: message.model })}
            onClick={() => {
              switchFormatAndRetry(conversationId, message.id, format);
              void focusWhenReady(() => composerControl(conversationId));
            }}
            data-testid={`switch-format-${format}`}
          >
            {t('reply.sendAs', { format: formatName(format) })}
          </Button>
        ))}
      </span>
    ) : (
      <Button
        size="sm"
        variant="secondary"
        icon={RotateCcw}
        disabled={busy}
        onClick={() => regenerateAndFollow(conversationId, message.id)}
        data-testid="try-again"
      >
        {t('reply.tryAgain')}
      </Button>
    );
  return (
    <Callout tone="error" compact title={error.message} testId="reply-error" role="alert">
      {error.hint ? <p>{error.hint}</p> : null}
      {error.requestId ? (
        <p className="pg-reply__request-id">{t('reply.requestId', { id: error.requestId })}</p>
      ) : null}
      <div className="pg-reply__fix">{action}</div>
    </Callout>
  );
}

/** The reasoning summary: open while the reply streams, folded once it ends (the reader can reopen it). */
function Reasoning({ text, live, thinking }: { text: string; live: boolean; thinking: boolean }) {
  const t = chatWords.useT();
  const [choice, setChoice] = useState<boolean | null>(null);
  const open = choice ?? live;
  return (
    <div className="pg-reasoning" data-testid="reasoning">
      <button
        type="button"
        className="disclosure pg-reasoning__toggle"
        aria-expanded={open}
        onClick={() => setChoice(!open)}
      >
        <ChevronRight size={14} className="disclosure__chevron" aria-hidden />
        {thinking ? t('reply.thinking') : t('reply.reasoning')}
        {live ? null : (
          <span className="disclosure__hint">{t('reply.characters', { n: formatNumber(text.length) })}</span>
        )}
      </button>
      {open ? (
        <div className="pg-reasoning__text" data-selectable>
          {text}
        </div>
      ) : null}
    </div>
  );
}

/**
 * Asks for the reply again; its buttons go with it, so focus goes to Stop while the new one streams (the
 * composer's own keeper then takes it to the message box when it ends), never to the page.
 */
function regenerateAndFollow(conversationId: string, messageId: string): void {
  regenerate(conversationId, messageId);
  void focusWhenReady(() => composerControl(conversationId));
}
