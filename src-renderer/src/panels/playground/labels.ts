// How the Playground words things: formats, a reply's facts, dates in the list. Pure, for tests.
import {
  type AssistantMessage,
  CHAT_FORMATS,
  type ChatFormat,
  type CompactionMarker,
  type Conversation,
  type ConversationSetup,
  conversationTitle,
  UNTITLED_CONVERSATION,
} from '../../../../src-preload/contract.ts';
import { formatElapsed, formatNumber } from '../../i18n/format.ts';
import { chatWords } from './chat-strings.ts';
import { INTERRUPTED_STATUS, NOT_CARRIED } from './conversation-edits.ts';
import { shortEndingNote } from './reply-ending.ts';

const t = chatWords.t;

/** A format's name in the interface's language ("Responses", "Chat Completions", "Content generation"). */
export function formatName(format: ChatFormat): string {
  return t(`formats.name.${format}`);
}

/** A format's name for a narrow toolbar. */
export function formatShortName(format: ChatFormat): string {
  return t(`formats.short.${format}`);
}

/** A table read at each use: every lookup gives the name in the language shown at that moment. */
function namesTable(name: (format: ChatFormat) => string): Readonly<Record<ChatFormat, string>> {
  const table = {} as Record<ChatFormat, string>;
  for (const format of CHAT_FORMATS)
    Object.defineProperty(table, format, { enumerable: true, get: () => name(format) });
  return table;
}

/**
 * The formats' names (the contract's CHAT_FORMAT_NAMES in English, which main's export uses), in the
 * interface's language: prefer `formatName(format)`.
 */
export const FORMAT_NAMES = namesTable(formatName);

/** For a narrow toolbar: prefer `formatShortName(format)`. */
export const FORMAT_SHORT_NAMES = namesTable(formatShortName);

/** Each format's endpoint, as the user may know it from the gateway's documentation. */
export const FORMAT_ENDPOINTS: Record<ChatFormat, string> = {
  responses: '/v1/responses',
  chat: '/v1/chat/completions',
  content: '/v1beta/models/…:generateContent',
};

export function formatCount(value: number): string {
  return formatNumber(value);
}

export interface ReplyFact {
  key: 'tokens' | 'ttft' | 'speed' | 'total' | 'status';
  /** What the reader sees. */
  text: string;
  /** The longer explanation (tooltip). */
  title: string;
}

/** The facts line under a finished reply: tokens in and out, time to first token, speed, total time, status. */
export function replyFacts(reply: AssistantMessage): ReplyFact[] {
  const facts: ReplyFact[] = [];
  const { usage, metrics } = reply;
  if (usage && (usage.inputTokens !== null || usage.outputTokens !== null)) {
    const input = usage.inputTokens === null ? '—' : formatCount(usage.inputTokens);
    const output = usage.outputTokens === null ? '—' : formatCount(usage.outputTokens);
    facts.push({
      key: 'tokens',
      text: t('facts.tokens', { input, output }),
      title: usage.reasoningTokens
        ? t('facts.tokensTitleReasoning', { input, output, reasoning: formatCount(usage.reasoningTokens) })
        : t('facts.tokensTitle', { input, output }),
    });
  }
  if (metrics.ttftMs !== null) {
    facts.push({
      key: 'ttft',
      text: t('facts.ttft', { time: formatElapsed(metrics.ttftMs) }),
      title: t('facts.ttftTitle'),
    });
  }
  // A failed request has no speed worth a mention; a finished or stopped one says when it is unknown.
  if (reply.state !== 'error')
    facts.push({
      key: 'speed',
      text:
        metrics.tokensPerSecond === null
          ? t('facts.speedUnknown')
          : t('facts.speed', { speed: formatSpeed(metrics.tokensPerSecond) }),
      title: metrics.tokensPerSecond === null ? t('facts.speedUnknownTitle') : t('facts.speedTitle'),
    });
  if (metrics.totalMs !== null) {
    facts.push({
      key: 'total',
      text: t('facts.total', { time: formatElapsed(metrics.totalMs) }),
      title: t('facts.totalTitle'),
    });
  }
  const status = reply.state === 'error' ? 'error' : reply.status;
  if (status) {
    // A reply that ended early is explained by why (a Responses answer's status is then the reason that
    // cut it, not the response's own `status`), in the words of the note under it.
    const title = shortEndingNote(reply) ?? statusTitle(status, reply.format);
    facts.push({ key: 'status', text: statusText(status), title });
  }
  return facts;
}

export function formatSpeed(tokensPerSecond: number): string {
  return tokensPerSecond >= 100 ? formatCount(Math.round(tokensPerSecond)) : tokensPerSecond.toFixed(1);
}

/** The statuses the app gives a reply itself, in words; a gateway's own status is shown as it wrote it. */
const OWN_STATUSES = new Set(['stopped', INTERRUPTED_STATUS, 'error']);

function statusText(status: string): string {
  return OWN_STATUSES.has(status)
    ? t(`facts.status.${status as 'stopped' | 'interrupted' | 'error'}`)
    : status;
}

function statusTitle(status: string, format: ChatFormat): string {
  switch (status) {
    case 'stopped':
      return t('facts.statusTitle.stopped');
    case INTERRUPTED_STATUS:
      return t('facts.statusTitle.interrupted');
    case 'error':
      return t('facts.statusTitle.error');
    default:
      return format === 'responses'
        ? t('facts.statusTitle.response', { status })
        : t('facts.statusTitle.finish', { status });
  }
}

/** "Conversation compacted · 8 messages → summary · 3,210 → 64 tokens". */
export function compactionSummary(marker: CompactionMarker): string {
  const count = marker.replaced.length;
  const parts = [t('compaction.messages', { count })];
  if (marker.tokensBefore !== null || marker.tokensAfter !== null) {
    const before = marker.tokensBefore === null ? '—' : formatCount(marker.tokensBefore);
    const after = marker.tokensAfter === null ? '—' : formatCount(marker.tokensAfter);
    parts.push(t('compaction.tokens', { before, after }));
  }
  return parts.join(' · ');
}

/** The setup in a few words: "Responses · gpt-5-mini · streamed". */
export function setupLine(setup: Pick<ConversationSetup, 'format' | 'model' | 'stream'>): string {
  return [
    formatName(setup.format),
    setup.model.trim() || t('setup.noModel'),
    setup.stream ? t('setup.streamed') : t('setup.whole'),
  ].join(' · ');
}

/** A conversation's title as shown: its own, or its first message's, or "New chat" in the interface's language. */
export function shownTitle(conversation: Pick<Conversation, 'customTitle' | 'messages'>): string {
  const title = conversationTitle(conversation);
  return title === UNTITLED_CONVERSATION && !conversation.customTitle.trim() ? t('untitled') : title;
}

/**
 * What a format change does not carry, as the marker shows it: the words `notCarriedTo` saved with the
 * conversation (in English, as main's export writes them) in the interface's language; words it does not
 * know, as they were saved.
 */
export function notCarriedText(saved: string): string {
  const key = (Object.keys(NOT_CARRIED) as Array<keyof typeof NOT_CARRIED>).find(
    (name) => NOT_CARRIED[name] === saved,
  );
  return key ? t(`formatChange.notCarried.${key}`) : saved;
}

/** The list of what a format change does not carry, joined the language's way. */
export function notCarriedList(saved: readonly string[]): string {
  return saved.map(notCarriedText).join(t('formatChange.listJoin'));
}
