// The Chat Completions format (`POST /v1/chat/completions`, WIRE.md part 2): request bodies and whole answers.
import type { ChatCompletionsRequest } from '../../src-preload/contract.ts';
import { carriesError, failureFromErrorObject, malformedFailure } from './errors.ts';
import { isRecord } from './json.ts';
import { chatResponseFormat } from './json-schema-format.ts';
import { usageFromResponses } from './responses.ts';
import type { ChatResult } from './types.ts';
import { words } from './words.ts';

export const CHAT_COMPLETIONS_PATH = '/v1/chat/completions';

/** Only the settings that are set go on the wire; the instructions become the first (system) message. */
export function buildChatCompletionsBody(
  request: ChatCompletionsRequest,
  stream: boolean,
): Record<string, unknown> {
  const settings = request.settings ?? {};
  const messages: unknown[] = [];
  if (settings.instructions !== undefined && settings.instructions !== '') {
    messages.push({ role: 'system', content: settings.instructions });
  }
  messages.push(...request.messages);
  const body: Record<string, unknown> = { model: request.model, messages };
  if (settings.temperature !== undefined) body.temperature = settings.temperature;
  if (settings.topP !== undefined) body.top_p = settings.topP;
  if (settings.maxOutputTokens !== undefined) {
    // `max_tokens` is deprecated upstream but is what older gateways and channels still read.
    body[settings.maxTokensField ?? 'max_completion_tokens'] = settings.maxOutputTokens;
  }
  if (settings.stopSequences !== undefined && settings.stopSequences.length > 0) {
    body.stop = settings.stopSequences;
  }
  if (settings.seed !== undefined) body.seed = settings.seed;
  if (settings.presencePenalty !== undefined) body.presence_penalty = settings.presencePenalty;
  if (settings.frequencyPenalty !== undefined) body.frequency_penalty = settings.frequencyPenalty;
  if (settings.reasoningEffort !== undefined) body.reasoning_effort = settings.reasoningEffort;
  if (settings.structuredOutput !== undefined) {
    body.response_format = chatResponseFormat(settings.structuredOutput);
  }
  if (stream) {
    body.stream = true;
    // Without it the stream carries no usage at all; with it, a last chunk has `choices: []` and `usage`.
    body.stream_options = { include_usage: true };
  }
  return body;
}

/**
 * Completion tokens already include reasoning tokens (`completion_tokens_details.reasoning_tokens` is a
 * part of them), so output tokens read as in the other two formats: one reader serves both namings.
 */
export const usageFromChatCompletions = usageFromResponses;

/** A message's (or a delta's) `content`: a string, or an array of parts of which the text parts count. */
export function chatContentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  let text = '';
  for (const part of content) {
    if (isRecord(part) && (part.type === undefined || part.type === 'text') && typeof part.text === 'string')
      text += part.text;
  }
  return text;
}

/**
 * The model's reasoning, where the channel exposes it: `reasoning_content` (DeepSeek's name, which new-api
 * passes on), or `reasoning`, which some relays use instead.
 */
export function chatReasoningText(message: Record<string, unknown>): string {
  if (typeof message.reasoning_content === 'string') return message.reasoning_content;
  if (typeof message.reasoning === 'string') return message.reasoning;
  return '';
}

/** The first choice of a completion or a chunk, when there is one. */
export function firstChoice(body: Record<string, unknown>): Record<string, unknown> | undefined {
  const choice = Array.isArray(body.choices) ? body.choices[0] : undefined;
  return isRecord(choice) ? choice : undefined;
}

export function chatResultFromCompletion(body: unknown): ChatResult {
  if (!isRecord(body)) throw malformedFailure(words('malformed.completionNotObject'), 'chat');
  // `carriesError`, not `isRecord`: some relays send the error as a bare string.
  if (carriesError(body) && !Array.isArray(body.choices)) {
    throw failureFromErrorObject({ error: body.error }, 'chat');
  }
  if (!Array.isArray(body.choices)) throw malformedFailure(words('malformed.completionNoChoices'), 'chat');
  const choice = firstChoice(body);
  const message = choice !== undefined && isRecord(choice.message) ? choice.message : {};
  const content = chatContentText(message.content);
  // A refusal comes instead of content: it is what the model said, so it is shown as the reply.
  const text = content === '' && typeof message.refusal === 'string' ? message.refusal : content;
  const finishReason = choice?.finish_reason;
  const result: ChatResult = {
    text,
    reasoning: chatReasoningText(message),
    usage: usageFromChatCompletions(body.usage),
    // No finish reason: how the answer ended is not known, as for a content-generation answer without one.
    status: typeof finishReason === 'string' && finishReason !== '' ? finishReason : 'unknown',
    raw: body,
  };
  if (typeof body.id === 'string' && body.id !== '') result.responseId = body.id;
  return result;
}
