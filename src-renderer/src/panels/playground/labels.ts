// How the Playground words things: formats, a reply's facts, dates in the list. Pure, for tests.
import {
  type AssistantMessage,
  CHAT_FORMAT_NAMES,
  type ChatFormat,
  type CompactionMarker,
  type ConversationSetup,
} from '../../../../src-preload/contract.ts';
import { formatElapsed, formatNumber } from '../../i18n/format.ts';
import { INTERRUPTED_STATUS } from './conversation-edits.ts';
import { shortEndingNote } from './reply-ending.ts';

/** The formats' names, the same as main's export uses (one list, in the contract). */
export const FORMAT_NAMES = CHAT_FORMAT_NAMES;

/** For a narrow toolbar. */
export const FORMAT_SHORT_NAMES: Record<ChatFormat, string> = {
  responses: 'Responses',
  chat: 'Chat',
  content: 'Content',
};

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
    const reasoning = usage.reasoningTokens
      ? ` (${formatCount(usage.reasoningTokens)} of them reasoning)`
      : '';
    facts.push({
      key: 'tokens',
      text: `${input} in · ${output} out`,
      title: `Input tokens: ${input}. Output tokens: ${output}${reasoning}.`,
    });
  }
  if (metrics.ttftMs !== null) {
    facts.push({
      key: 'ttft',
      text: `TTFT ${formatElapsed(metrics.ttftMs)}`,
      title: 'Time to first token: from Send to the first text or reasoning on screen.',
    });
  }
  // A failed request has no speed worth a mention; a finished or stopped one says when it is unknown.
  if (reply.state !== 'error')
    facts.push({
      key: 'speed',
      text: metrics.tokensPerSecond === null ? '— tok/s' : `${formatSpeed(metrics.tokensPerSecond)} tok/s`,
      title:
        metrics.tokensPerSecond === null
          ? 'Tokens per second: unknown (no output token count, or the reply came whole).'
          : 'Output tokens per second, after the first token.',
    });
  if (metrics.totalMs !== null) {
    facts.push({
      key: 'total',
      text: `${formatElapsed(metrics.totalMs)} total`,
      title: 'From Send to the end of the reply.',
    });
  }
  const status = reply.state === 'error' ? 'error' : reply.status;
  if (status) {
    // A reply that ended early is explained by why (a Responses answer's status is then the reason that
    // cut it, not the response's own `status`), in the words of the note under it.
    const title = shortEndingNote(reply) ?? statusTitle(status, reply.format);
    facts.push({ key: 'status', text: status, title });
  }
  return facts;
}

export function formatSpeed(tokensPerSecond: number): string {
  return tokensPerSecond >= 100 ? formatCount(Math.round(tokensPerSecond)) : tokensPerSecond.toFixed(1);
}

function statusTitle(status: string, format: ChatFormat): string {
  switch (status) {
    case 'stopped':
      return 'You stopped this reply; what had arrived is kept.';
    case INTERRUPTED_STATUS:
      return 'The app closed before this reply ended; what had arrived was not kept.';
    case 'error':
      return 'The request failed.';
    default:
      return format === 'responses' ? `The response’s status: ${status}.` : `The finish reason: ${status}.`;
  }
}

/** "Conversation compacted · 8 messages → summary · 3,210 → 64 tokens". */
export function compactionSummary(marker: CompactionMarker): string {
  const count = marker.replaced.length;
  const parts = [`${count} ${count === 1 ? 'message' : 'messages'} → summary`];
  if (marker.tokensBefore !== null || marker.tokensAfter !== null) {
    const before = marker.tokensBefore === null ? '—' : formatCount(marker.tokensBefore);
    const after = marker.tokensAfter === null ? '—' : formatCount(marker.tokensAfter);
    parts.push(`${before} → ${after} tokens`);
  }
  return parts.join(' · ');
}

/** The setup in a few words: "Responses · gpt-5-mini · streamed". */
export function setupLine(setup: Pick<ConversationSetup, 'format' | 'model' | 'stream'>): string {
  return [
    FORMAT_NAMES[setup.format],
    setup.model.trim() || 'no model yet',
    setup.stream ? 'streamed' : 'whole replies',
  ].join(' · ');
}
