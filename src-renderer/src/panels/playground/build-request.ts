// The next request of a conversation, in any of the three formats. Pure: the Playground's actions call these with
// the conversation as it stands (its last message being the new user turn), and unit tests check the wire
// shapes without a gateway. Main then turns the request into the HTTP body (src-main/gateway).
import type {
  AssistantMessage,
  ChatCompletionsMessage,
  ChatCompletionsRequest,
  ChatFormat,
  ChatSettings,
  CompactionMarker,
  CompactRequest,
  Conversation,
  ConversationMessage,
  GenerateContentRequest,
  ResponsesRequest,
  UserMessage,
} from '../../../../src-preload/contract.ts';
import { imagePartsFor } from './image-parts.ts';

type Content = GenerateContentRequest['contents'][number];

/** The messages the model still sees: the last compaction (if any) and everything after it. */
export function messagesInContext(messages: readonly ConversationMessage[]): {
  compaction: CompactionMarker | null;
  after: ConversationMessage[];
} {
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index]!;
    if (message.role === 'compaction') return { compaction: message, after: messages.slice(index + 1) };
  }
  return { compaction: null, after: [...messages] };
}

/**
 * A reply worth sending back as context: finished or stopped with text. A failed reply, one still
 * streaming, or an empty one would only confuse the model.
 */
function isUsableReply(message: AssistantMessage): boolean {
  return (message.state === 'done' || message.state === 'stopped') && message.text !== '';
}

/** Which settings each format has a field for (beyond instructions, temperature, top_p, max tokens, schema). */
const FORMAT_SETTINGS: Record<ChatFormat, ReadonlyArray<keyof ChatSettings>> = {
  responses: ['reasoningEffort'],
  chat: ['reasoningEffort', 'stopSequences', 'seed', 'presencePenalty', 'frequencyPenalty', 'maxTokensField'],
  content: ['thinkingBudget', 'stopSequences'],
};

/** Only the parameters that are set, and only those the format has a field for. */
export function settingsFor(settings: ChatSettings, format: ChatFormat): ChatSettings | undefined {
  const sent: ChatSettings = {};
  if (settings.instructions !== undefined && settings.instructions.trim() !== '')
    sent.instructions = settings.instructions;
  if (settings.temperature !== undefined) sent.temperature = settings.temperature;
  if (settings.topP !== undefined) sent.topP = settings.topP;
  if (settings.maxOutputTokens !== undefined) sent.maxOutputTokens = settings.maxOutputTokens;
  if (settings.structuredOutput !== undefined) sent.structuredOutput = settings.structuredOutput;
  const own = FORMAT_SETTINGS[format];
  const has = (key: keyof ChatSettings) => own.includes(key) && settings[key] !== undefined;
  if (has('reasoningEffort')) sent.reasoningEffort = settings.reasoningEffort;
  if (has('thinkingBudget')) sent.thinkingBudget = settings.thinkingBudget;
  if (has('seed')) sent.seed = settings.seed;
  if (has('presencePenalty')) sent.presencePenalty = settings.presencePenalty;
  if (has('frequencyPenalty')) sent.frequencyPenalty = settings.frequencyPenalty;
  // The field name matters only when there is a limit to send.
  if (has('maxTokensField') && sent.maxOutputTokens !== undefined)
    sent.maxTokensField = settings.maxTokensField;
  if (own.includes('stopSequences')) {
    const stops = (settings.stopSequences ?? []).filter((stop) => stop !== '');
    if (stops.length > 0) sent.stopSequences = stops;
  }
  return Object.keys(sent).length > 0 ? sent : undefined;
}

/**
 * A user turn's content: its text alone, as every format has always taken it, or (with images) parts —
 * the text first, then the images in the order they were added.
 */
function userContent(
  message: UserMessage,
  format: 'responses' | 'chat',
): string | Array<Record<string, unknown>> {
  const images = message.images ?? [];
  if (images.length === 0) return message.text;
  const text =
    format === 'responses'
      ? { type: 'input_text', text: message.text }
      : { type: 'text', text: message.text };
  return [...(message.text === '' ? [] : [text]), ...imagePartsFor(format, images)];
}

/** Responses input items for messages (a compaction's items are passed through as the gateway gave them). */
function responsesItems(compaction: CompactionMarker | null, messages: readonly ConversationMessage[]) {
  const items: unknown[] = compaction ? [...compaction.items] : [];
  for (const message of messages) {
    if (message.role === 'user') items.push({ role: 'user', content: userContent(message, 'responses') });
    else if (message.role === 'assistant' && isUsableReply(message))
      items.push({ role: 'assistant', content: message.text });
  }
  return items;
}

/**
 * A reply the Responses format can continue from by id: one it made itself (another format's id, a
 * `chatcmpl-…` or a Gemini response id, means nothing to `/v1/responses`), complete, with its id.
 */
export function isChainable(message: ConversationMessage): boolean {
  return (
    message.role === 'assistant' &&
    message.format === 'responses' &&
    message.state === 'done' &&
    Boolean(message.responseId)
  );
}

/**
 * The reply a chained request continues from: the last stored, completed reply in context. Only
 * replies made with `store` on can be continued by id, hence the conversation's `store` must be on too.
 */
function chainFrom(conversation: Conversation, after: readonly ConversationMessage[]): number {
  if (!conversation.chainResponses || !conversation.store) return -1;
  for (let index = after.length - 1; index >= 0; index--) {
    const message = after[index]!;
    if (isChainable(message)) return index;
  }
  return -1;
}

/** The next `/v1/responses` request: the conversation's messages (its last one is the new user turn). */
export function responsesRequestFor(conversation: Conversation): ResponsesRequest {
  const { compaction, after } = messagesInContext(conversation.messages);
  const request: ResponsesRequest = { model: conversation.model, input: [], store: conversation.store };
  const chained = chainFrom(conversation, after);
  if (chained >= 0) {
    // The gateway already holds everything up to that reply: send only what came after it.
    request.previousResponseId = (after[chained] as AssistantMessage).responseId!;
    request.input = responsesItems(null, after.slice(chained + 1));
  } else {
    request.input = responsesItems(compaction, after);
  }
  const settings = settingsFor(conversation.settings, 'responses');
  if (settings) request.settings = settings;
  return request;
}

/**
 * The text of a compaction's user messages. Its summary item is encrypted for the Responses format only,
 * so the other formats can carry on from what the user said, not from the summary.
 */
function compactedUserTexts(compaction: CompactionMarker): string[] {
  const texts: string[] = [];
  for (const item of compaction.items) {
    if (typeof item !== 'object' || item === null) continue;
    const { role, content } = item as { role?: unknown; content?: unknown };
    if (role !== 'user') continue;
    if (typeof content === 'string') texts.push(content);
    else if (Array.isArray(content)) {
      const text = content
        .map((part) => (typeof part?.text === 'string' ? (part.text as string) : ''))
        .join('');
      if (text) texts.push(text);
    }
  }
  return texts;
}

/** Whether a compaction's user messages hold images (which only the Responses format reads back from it). */
export function compactionHasImages(compaction: CompactionMarker): boolean {
  return compaction.items.some((item) => {
    if (typeof item !== 'object' || item === null) return false;
    const { role, content } = item as { role?: unknown; content?: unknown };
    return (
      role === 'user' &&
      Array.isArray(content) &&
      content.some((part) => (part as { type?: unknown } | null)?.type === 'input_image')
    );
  });
}

/** Appends a turn, joining it to the previous one when the role repeats (turns should alternate). */
function pushTurn(
  contents: Content[],
  role: Content['role'],
  text: string,
  images: Content['parts'] = [],
): void {
  const parts = [...(text === '' && images.length > 0 ? [] : [{ text }]), ...images];
  const last = contents.at(-1);
  if (last && last.role === role) last.parts.push(...parts);
  else contents.push({ role, parts });
}

/** The next content-generation request (`contents` with user/model roles). */
export function contentRequestFor(conversation: Conversation): GenerateContentRequest {
  const { compaction, after } = messagesInContext(conversation.messages);
  const contents: Content[] = [];
  if (compaction) for (const text of compactedUserTexts(compaction)) pushTurn(contents, 'user', text);
  for (const message of after) {
    if (message.role === 'user')
      pushTurn(contents, 'user', message.text, imagePartsFor('content', message.images ?? []));
    else if (message.role === 'assistant' && isUsableReply(message))
      pushTurn(contents, 'model', message.text);
  }
  const request: GenerateContentRequest = { model: conversation.model, contents };
  const settings = settingsFor(conversation.settings, 'content');
  if (settings) request.settings = settings;
  return request;
}

/**
 * The next `/v1/chat/completions` request: user and assistant messages in order (the system message is
 * made from `settings.instructions` in main). After a compaction only its user messages can be carried:
 * its summary is encrypted for the Responses format (the conversation says so where the format changed).
 */
export function chatRequestFor(conversation: Conversation): ChatCompletionsRequest {
  const { compaction, after } = messagesInContext(conversation.messages);
  const messages: ChatCompletionsMessage[] = [];
  if (compaction)
    for (const text of compactedUserTexts(compaction)) messages.push({ role: 'user', content: text });
  for (const message of after) {
    if (message.role === 'user') messages.push({ role: 'user', content: userContent(message, 'chat') });
    else if (message.role === 'assistant' && isUsableReply(message))
      messages.push({ role: 'assistant', content: message.text });
  }
  const request: ChatCompletionsRequest = { model: conversation.model, messages };
  const settings = settingsFor(conversation.settings, 'chat');
  if (settings) request.settings = settings;
  return request;
}

/** Whether compaction would have anything to work on: at least one exchange since the last compaction. */
export function canCompact(conversation: Conversation): boolean {
  const { after } = messagesInContext(conversation.messages);
  return after.some((message) => message.role === 'assistant' && isUsableReply(message));
}

/** The compaction request for the whole history as it stands. */
export function compactRequestFor(conversation: Conversation): CompactRequest {
  const { compaction, after } = messagesInContext(conversation.messages);
  const request: CompactRequest = { model: conversation.model, input: responsesItems(compaction, after) };
  const instructions = conversation.settings.instructions?.trim();
  if (instructions) request.instructions = conversation.settings.instructions!;
  return request;
}
