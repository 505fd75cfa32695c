// What the Playground does to a conversation, as pure functions of it: a new chat, a user turn, a reply
// starting and ending, edit-and-resend, regenerate, delete, compaction, and how a saved conversation is
// read back. The actions (actions/playground.ts) call these and do the I/O; tests call them directly.
import type {
  AppError,
  AssistantMessage,
  ChatFormat,
  CompactAnswer,
  CompactionMarker,
  Conversation,
  ConversationMessage,
  ConversationSetup,
  FormatChangeMarker,
  ImageAttachment,
  PlaygroundPrefs,
  ReplyMetrics,
  UserMessage,
} from '../../../../src-preload/contract.ts';
import { conversationTitle } from '../../../../src-preload/contract.ts';
import type { StreamState } from '../../store/streams.ts';
import { compactionHasImages, isChainable, messagesInContext, settingsFor } from './build-request.ts';
import { chatWords } from './chat-strings.ts';

/** The status a reply gets when the app closed while it was still arriving. */
export const INTERRUPTED_STATUS = 'interrupted';

/** The model last used in a format ('' when none was). */
export function lastModelOf(prefs: PlaygroundPrefs, format: ChatFormat): string {
  return { responses: prefs.responsesModel, chat: prefs.chatModel, content: prefs.contentModel }[format];
}

/** A new chat starts with the choices of the last one (remembered in prefs). */
export function newConversation(id: string, now: string, prefs: PlaygroundPrefs): Conversation {
  return {
    id,
    customTitle: '',
    createdAt: now,
    updatedAt: now,
    messages: [],
    format: prefs.format,
    stream: prefs.stream,
    model: lastModelOf(prefs, prefs.format),
    settings: {},
    store: false,
    chainResponses: false,
  };
}

export function userMessage(
  id: string,
  text: string,
  now: string,
  images: readonly ImageAttachment[] = [],
): UserMessage {
  const message: UserMessage = { id, role: 'user', text, createdAt: now };
  if (images.length > 0) message.images = [...images];
  return message;
}

/** The reply a request is about to fill in: empty, `streaming`, made with the conversation's choices. */
export function replyPlaceholder(id: string, now: string, setup: ConversationSetup): AssistantMessage {
  return {
    id,
    role: 'assistant',
    text: '',
    reasoning: '',
    createdAt: now,
    state: 'streaming',
    status: null,
    error: null,
    usage: null,
    metrics: { ttftMs: null, totalMs: null, tokensPerSecond: null },
    responseId: null,
    format: setup.format,
    model: setup.model,
    hasDetail: false,
  };
}

export function withMessages(
  conversation: Conversation,
  messages: ConversationMessage[],
  now: string,
): Conversation {
  return { ...conversation, messages, updatedAt: now };
}

/** Replaces one message (by id) with what `change` makes of it; the same conversation when it is absent. */
export function changeMessage(
  conversation: Conversation,
  id: string,
  change: (message: ConversationMessage) => ConversationMessage,
  now: string,
): Conversation {
  const index = conversation.messages.findIndex((m) => m.id === id);
  if (index < 0) return conversation;
  const messages = conversation.messages.slice();
  messages[index] = change(messages[index]!);
  return withMessages(conversation, messages, now);
}

export interface ReplyTimes {
  /** `performance.now()` just before the request was handed to main. */
  sentAt: number;
  firstContentAt: number | null;
  endedAt: number | null;
  outputTokens: number | null;
}

/**
 * Time to first token and total from Send; tokens per second over the generation after the first token.
 * Unknown parts are `null` (a reply that came whole has no measurable generation time).
 */
export function replyMetrics({ sentAt, firstContentAt, endedAt, outputTokens }: ReplyTimes): ReplyMetrics {
  const ttftMs = firstContentAt === null ? null : Math.max(0, firstContentAt - sentAt);
  const totalMs = endedAt === null ? null : Math.max(0, endedAt - sentAt);
  const generatingMs = ttftMs !== null && totalMs !== null ? totalMs - ttftMs : 0;
  const tokensPerSecond =
    outputTokens !== null && outputTokens > 0 && generatingMs > 0
      ? outputTokens / (generatingMs / 1000)
      : null;
  return { ttftMs, totalMs, tokensPerSecond };
}

/**
 * A reply once its stream has ended: what arrived (also when stopped or failed part-way), and its metrics.
 * `hasDetail`: main keeps its inspector record (the page never holds it; the inspector asks main).
 */
export function settledReply(
  reply: AssistantMessage,
  stream: StreamState,
  sentAt: number,
  hasDetail: boolean,
): AssistantMessage {
  const state = stream.status === 'stopped' ? 'stopped' : stream.status === 'error' ? 'error' : 'done';
  return {
    ...reply,
    text: stream.text,
    reasoning: stream.reasoning,
    state,
    status: state === 'stopped' ? 'stopped' : state === 'error' ? null : (stream.doneStatus ?? null),
    error: state === 'error' ? stream.error : null,
    usage: stream.usage,
    responseId: stream.responseId,
    metrics: replyMetrics({
      sentAt,
      firstContentAt: stream.firstContentAt,
      endedAt: stream.endedAt,
      outputTokens: stream.usage?.outputTokens ?? null,
    }),
    hasDetail,
  };
}

/** A reply whose request could not even start (no key, a refused input, …). */
export function failedReply(reply: AssistantMessage, error: AppError): AssistantMessage {
  return { ...reply, state: 'error', error };
}

/**
 * Edit and resend: the user message gets its new text and everything after it is dropped, so the
 * conversation ends with that turn, ready for a new reply. `null` when the message is not a user turn.
 */
export function editedConversation(
  conversation: Conversation,
  userId: string,
  text: string,
  now: string,
): Conversation | null {
  const index = conversation.messages.findIndex((m) => m.id === userId);
  const message = conversation.messages[index];
  if (message?.role !== 'user') return null;
  const edited: UserMessage = { ...message, text, createdAt: now };
  return cutTo(conversation, [...conversation.messages.slice(0, index), edited], now);
}

/**
 * The conversation with only `kept` (its first messages, the rest dropped). A format change noted among
 * the dropped messages still holds for what is kept: its note comes back at the end, so what the format
 * does not carry is still said.
 */
function cutTo(conversation: Conversation, kept: ConversationMessage[], now: string): Conversation {
  const dropped = conversation.messages.slice(kept.length);
  const change = dropped.find((message) => message.role === 'format-change');
  const cut = withMessages(conversation, kept, now);
  if (!change) return cut;
  return withFormatChange({ ...cut, format: change.from }, conversation.format, change.id, now);
}

/**
 * Regenerate (or try again): the reply and everything after it are dropped; the conversation then ends
 * with the user turn it answered. `null` when no user turn comes right before it.
 */
export function regeneratedConversation(
  conversation: Conversation,
  replyId: string,
  now: string,
): Conversation | null {
  const index = conversation.messages.findIndex((m) => m.id === replyId);
  if (index < 1 || conversation.messages[index]?.role !== 'assistant') return null;
  // A format change noted between the turn and its reply (a retry in another format) stays in place.
  const asked = conversation.messages.slice(0, index).findLast((m) => m.role !== 'format-change');
  if (asked?.role !== 'user') return null;
  return cutTo(conversation, conversation.messages.slice(0, index), now);
}

export function withoutMessage(conversation: Conversation, id: string, now: string): Conversation {
  const messages = conversation.messages.filter((m) => m.id !== id);
  return messages.length === conversation.messages.length
    ? conversation
    : withMessages(conversation, messages, now);
}

/** The history replaced by one compaction marker holding the compacted output; the replaced messages are kept to read. */
export function compactedConversation(
  conversation: Conversation,
  result: CompactAnswer,
  markerId: string,
  now: string,
): Conversation {
  const marker: CompactionMarker = {
    id: markerId,
    role: 'compaction',
    createdAt: now,
    model: conversation.model,
    items: result.output,
    tokensBefore: result.usage?.inputTokens ?? null,
    tokensAfter: result.usage?.outputTokens ?? null,
    replaced: conversation.messages,
    // Main says whether it kept the compaction's record under this marker (a failed write keeps none).
    hasDetail: result.detailKept,
  };
  // The title is taken from the first message, which compaction replaces: it is kept as it was.
  const customTitle = conversation.customTitle.trim()
    ? conversation.customTitle
    : conversationTitle(conversation);
  return { ...withMessages(conversation, [marker], now), customTitle };
}

/**
 * What a format change may not carry, as saved in its marker: in English, whatever the interface's
 * language (the conversation file keeps them, main's export writes them); the marker shows them translated
 * (labels.ts `notCarriedText`).
 */
export const NOT_CARRIED = {
  summary:
    'the compacted summary (it is encrypted for the Responses format); the user messages it kept are sent instead',
  images: 'the images in the compacted messages',
  chained:
    'what the provider stored of earlier replies for chaining (their reasoning items included); their text is sent instead',
} as const;

/**
 * What the history loses when the conversation's next requests go out in `to` instead of `from`, in the
 * words the format-change marker shows. Every format carries the user's and the model's text and the
 * turns' images; what only the Responses format can carry is named.
 */
export function notCarriedTo(conversation: Conversation, from: ChatFormat, to: ChatFormat): string[] {
  if (to === 'responses' || from === to) return [];
  const { compaction, after } = messagesInContext(conversation.messages);
  const lost: string[] = [];
  if (compaction) {
    lost.push(NOT_CARRIED.summary);
    if (compactionHasImages(compaction)) lost.push(NOT_CARRIED.images);
  }
  const chained =
    from === 'responses' && conversation.store && conversation.chainResponses && after.some(isChainable);
  if (chained) {
    lost.push(NOT_CARRIED.chained);
  }
  return lost;
}

/**
 * The conversation sent in another format from now on. An empty conversation just changes; one with a
 * history gets a format-change marker saying what the new format does not carry. Switching again before
 * the next turn updates that marker (or removes it, back at the format the history was in).
 */
export function withFormatChange(
  conversation: Conversation,
  to: ChatFormat,
  markerId: string,
  now: string,
): Conversation {
  if (conversation.format === to) return conversation;
  const last = conversation.messages.at(-1);
  if (!last) return { ...conversation, format: to };
  const pending = last.role === 'format-change' ? last : null;
  const before = pending ? conversation.messages.slice(0, -1) : conversation.messages;
  const from = pending ? pending.from : conversation.format;
  if (from === to) return { ...withMessages(conversation, before, now), format: to };
  const marker: FormatChangeMarker = {
    id: pending?.id ?? markerId,
    role: 'format-change',
    createdAt: now,
    from,
    to,
    notCarried: notCarriedTo(conversation, from, to),
  };
  return { ...withMessages(conversation, [...before, marker], now), format: to };
}

/** Why Compact cannot run now, in the words its button's tooltip uses; `null` when it can. */
export function compactProblem(conversation: Conversation, busy: boolean): string | null {
  const t = chatWords.t;
  if (conversation.format !== 'responses') return t('compaction.responsesOnly');
  if (busy) return t('compaction.waitReply');
  const sinceMarker = conversation.messages.filter((m) => m.role === 'user' || m.role === 'assistant');
  if (sinceMarker.length < 2) return t('compaction.nothingYet');
  return null;
}

/**
 * A conversation read back from disk: a reply saved while it was still arriving, whose stream is not
 * running in this window (the app closed mid-reply), is shown as stopped, `interrupted`.
 */
export function interruptedOnLoad(
  conversation: Conversation,
  liveReplyIds: ReadonlySet<string>,
): Conversation {
  let changed = false;
  const messages = conversation.messages.map((message) => {
    if (message.role !== 'assistant' || message.state !== 'streaming' || liveReplyIds.has(message.id))
      return message;
    changed = true;
    return { ...message, state: 'stopped' as const, status: INTERRUPTED_STATUS };
  });
  return changed ? { ...conversation, messages } : conversation;
}

/** The parameters that change what the next request sends (the count shown on the Parameters toggle). */
export function setParameterCount(setup: ConversationSetup): number {
  const { settings } = setup;
  // Only what the format sends counts: the same rule the request is built with.
  const sent = settingsFor(settings, setup.format) ?? {};
  const responses = setup.format === 'responses';
  const counted = Object.keys(sent).filter((key) => key !== 'maxTokensField').length;
  return (
    counted + Number(responses && setup.store) + Number(responses && setup.store && setup.chainResponses)
  );
}

/** The reply still arriving in a conversation, if any (one at a time per conversation). */
export function streamingReply(conversation: Conversation): AssistantMessage | null {
  for (let i = conversation.messages.length - 1; i >= 0; i--) {
    const message = conversation.messages[i]!;
    if (message.role === 'assistant' && message.state === 'streaming') return message;
  }
  return null;
}
