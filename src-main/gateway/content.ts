// The content-generation format (`/v1beta/models/{model}:generateContent`): paths, request bodies and answers.
import type { GenerateContentRequest, TokenUsage } from '../../src-preload/contract.ts';
import { stripModelsPrefix } from './catalogue.ts';
import { failureFromErrorObject, malformedFailure } from './errors.ts';
import { GatewayError } from './gateway-error.ts';
import { isRecord, numberOrNull } from './json.ts';
import { contentJsonConfig } from './json-schema-format.ts';
import type { ChatResult } from './types.ts';
import { words } from './words.ts';

/** `models/gemini-x` and `gemini-x` name the same model; the path wants the bare name. */
export function bareModelName(model: string): string {
  return stripModelsPrefix(model.trim());
}

export function contentPath(model: string, stream: boolean): string {
  const name = encodeURIComponent(bareModelName(model));
  return stream
    ? `/v1beta/models/${name}:streamGenerateContent?alt=sse`
    : `/v1beta/models/${name}:generateContent`;
}

export function buildGenerateContentBody(request: GenerateContentRequest): Record<string, unknown> {
  const settings = request.settings ?? {};
  const body: Record<string, unknown> = { contents: request.contents };
  if (settings.instructions !== undefined && settings.instructions !== '') {
    body.systemInstruction = { parts: [{ text: settings.instructions }] };
  }
  const config: Record<string, unknown> = {};
  if (settings.temperature !== undefined) config.temperature = settings.temperature;
  if (settings.topP !== undefined) config.topP = settings.topP;
  if (settings.maxOutputTokens !== undefined) config.maxOutputTokens = settings.maxOutputTokens;
  if (settings.stopSequences !== undefined && settings.stopSequences.length > 0) {
    config.stopSequences = settings.stopSequences;
  }
  if (settings.thinkingBudget !== undefined) {
    config.thinkingConfig = { thinkingBudget: settings.thinkingBudget, includeThoughts: true };
  }
  if (settings.structuredOutput !== undefined)
    Object.assign(config, contentJsonConfig(settings.structuredOutput));
  if (Object.keys(config).length > 0) body.generationConfig = config;
  return body;
}

/** Output tokens include thought tokens, as in the Responses format, so both formats read the same. */
export function usageFromContent(meta: unknown): TokenUsage | null {
  if (!isRecord(meta)) return null;
  const input = numberOrNull(meta.promptTokenCount);
  const candidates = numberOrNull(meta.candidatesTokenCount);
  const thoughts = numberOrNull(meta.thoughtsTokenCount);
  const output = candidates === null && thoughts === null ? null : (candidates ?? 0) + (thoughts ?? 0);
  const total =
    numberOrNull(meta.totalTokenCount) ?? (input !== null && output !== null ? input + output : null);
  return { inputTokens: input, outputTokens: output, reasoningTokens: thoughts, totalTokens: total };
}

/** The first candidate's text split into visible text and thoughts. */
export function candidateText(body: Record<string, unknown>): {
  text: string;
  reasoning: string;
  finishReason?: string;
} {
  const candidate = Array.isArray(body.candidates) ? body.candidates[0] : undefined;
  if (!isRecord(candidate)) return { text: '', reasoning: '' };
  let text = '';
  let reasoning = '';
  const parts =
    isRecord(candidate.content) && Array.isArray(candidate.content.parts) ? candidate.content.parts : [];
  for (const part of parts) {
    if (!isRecord(part) || typeof part.text !== 'string') continue;
    if (part.thought === true) reasoning += part.text;
    else text += part.text;
  }
  const result: { text: string; reasoning: string; finishReason?: string } = { text, reasoning };
  if (typeof candidate.finishReason === 'string') result.finishReason = candidate.finishReason;
  return result;
}

/** A blocked prompt answers with no candidates and only `promptFeedback.blockReason`. */
export function blockedPromptFailure(body: Record<string, unknown>): GatewayError | undefined {
  const hasCandidates = Array.isArray(body.candidates) && body.candidates.length > 0;
  if (hasCandidates || !isRecord(body.promptFeedback)) return undefined;
  const reason = body.promptFeedback.blockReason;
  if (typeof reason !== 'string' || reason === '') return undefined;
  return new GatewayError('bad_request', words('message.promptBlocked', { reason }), {
    hint: words('hint.promptBlocked'),
    retryable: false,
  });
}

export function chatResultFromContent(body: unknown): ChatResult {
  if (!isRecord(body)) throw malformedFailure(words('malformed.contentNotObject'), 'content');
  if (isRecord(body.error)) {
    throw failureFromErrorObject(body, 'content');
  }
  const blocked = blockedPromptFailure(body);
  if (blocked) throw blocked;
  const { text, reasoning, finishReason } = candidateText(body);
  const result: ChatResult = {
    text,
    reasoning,
    usage: usageFromContent(body.usageMetadata),
    status: finishReason ?? 'unknown',
    raw: body,
  };
  if (typeof body.responseId === 'string') result.responseId = body.responseId;
  return result;
}
