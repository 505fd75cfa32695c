// The Responses format (`/v1/responses`, `/v1/responses/compact`): request bodies and non-streamed answers.
import type {
  CompactRequest,
  CompactResult,
  ResponsesRequest,
  SentRequest,
  TokenUsage,
} from '../../src-preload/contract.ts';
import { carriesError, failureFromErrorObject, malformedFailure } from './errors.ts';
import { isRecord, numberOrNull } from './json.ts';
import { responsesTextFormat } from './json-schema-format.ts';
import { responseOutputText, responseReasoningText, responseStatusOf } from './responses-output.ts';
import type { ChatResult } from './types.ts';
import { words } from './words.ts';

/** Only the settings that are set go on the wire; stop sequences have no Responses field and are left out. */
export function buildResponsesBody(request: ResponsesRequest, stream: boolean): Record<string, unknown> {
  const settings = request.settings ?? {};
  const body: Record<string, unknown> = { model: request.model, input: request.input };
  if (settings.instructions !== undefined && settings.instructions !== '')
    body.instructions = settings.instructions;
  if (settings.temperature !== undefined) body.temperature = settings.temperature;
  if (settings.topP !== undefined) body.top_p = settings.topP;
  if (settings.maxOutputTokens !== undefined) body.max_output_tokens = settings.maxOutputTokens;
  if (settings.reasoningEffort !== undefined)
    body.reasoning = { effort: settings.reasoningEffort, summary: 'auto' };
  if (settings.structuredOutput !== undefined) body.text = responsesTextFormat(settings.structuredOutput);
  if (request.previousResponseId !== undefined && request.previousResponseId !== '') {
    body.previous_response_id = request.previousResponseId;
  }
  // Nothing is kept on the provider's side unless the user asked for it.
  body.store = request.store ?? false;
  if (stream) body.stream = true;
  return body;
}

export function buildCompactBody(request: CompactRequest): Record<string, unknown> {
  const body: Record<string, unknown> = { model: request.model, input: request.input };
  if (request.instructions !== undefined && request.instructions !== '')
    body.instructions = request.instructions;
  if (request.previousResponseId !== undefined && request.previousResponseId !== '') {
    body.previous_response_id = request.previousResponseId;
  }
  return body;
}

/**
 * Token usage in either OpenAI naming: the Responses format's (`input_tokens`, `output_tokens_details`)
 * or Chat Completions' (`prompt_tokens`, `completion_tokens_details`), which some relays also use for
 * Responses. Output tokens include reasoning tokens in both.
 */
export function usageFromResponses(usage: unknown): TokenUsage | null {
  if (!isRecord(usage)) return null;
  const details = isRecord(usage.output_tokens_details)
    ? usage.output_tokens_details
    : isRecord(usage.completion_tokens_details)
      ? usage.completion_tokens_details
      : {};
  const input = numberOrNull(usage.input_tokens) ?? numberOrNull(usage.prompt_tokens);
  const output = numberOrNull(usage.output_tokens) ?? numberOrNull(usage.completion_tokens);
  const total =
    numberOrNull(usage.total_tokens) ?? (input !== null && output !== null ? input + output : null);
  return {
    inputTokens: input,
    outputTokens: output,
    reasoningTokens: numberOrNull(details.reasoning_tokens),
    totalTokens: total,
  };
}

export function chatResultFromResponse(body: unknown): ChatResult {
  if (!isRecord(body)) throw malformedFailure(words('malformed.responseNotObject'), 'responses');
  // `carriesError`, not `isRecord`: some relays send the error as a bare string.
  if (carriesError(body) && (body.status === 'failed' || !Array.isArray(body.output))) {
    throw failureFromErrorObject({ error: body.error }, 'responses');
  }
  const result: ChatResult = {
    // One rule for streamed and whole answers: messages and reasoning parts a blank line apart.
    text: responseOutputText(body),
    reasoning: responseReasoningText(body),
    usage: usageFromResponses(body.usage),
    status: responseStatusOf(body, 'completed'),
    raw: body,
  };
  if (typeof body.id === 'string') result.responseId = body.id;
  return result;
}

/** `request`: the compaction request as it was sent, kept with its result for the inspector. */
export function compactResultFromBody(body: unknown, request: SentRequest | null = null): CompactResult {
  if (!isRecord(body)) throw malformedFailure(words('malformed.compactionNotObject'), 'compact');
  if (carriesError(body) && !Array.isArray(body.output)) {
    throw failureFromErrorObject({ error: body.error }, 'compact');
  }
  if (!Array.isArray(body.output)) throw malformedFailure(words('malformed.compactionNoOutput'), 'compact');
  return {
    id: typeof body.id === 'string' ? body.id : '',
    output: body.output,
    usage: usageFromResponses(body.usage),
    raw: body,
    request,
  };
}
