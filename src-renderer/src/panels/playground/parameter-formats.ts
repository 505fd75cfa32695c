// Which parameters each format sends, as the Parameters panel needs to know it: a field shows only where a
// value in it would be sent, and a value kept from another format is named rather than silently ignored.
// Asked of `settingsFor` (build-request.ts) itself, so the panel can never show what the request leaves out.
import {
  CHAT_FORMATS,
  CHAT_PARAMETER_LABELS,
  type ChatFormat,
  type ChatParameter,
  type ChatSettings,
} from '../../../../src-preload/contract.ts';
import { settingsFor } from './build-request.ts';

/** One value of every setting, to ask `settingsFor` which of them a format sends. */
const EVERY_SETTING: Required<ChatSettings> = {
  instructions: 'x',
  temperature: 1,
  topP: 1,
  maxOutputTokens: 1,
  maxTokensField: 'max_tokens',
  reasoningEffort: 'low',
  thinkingBudget: 1,
  stopSequences: ['x'],
  seed: 1,
  presencePenalty: 0,
  frequencyPenalty: 0,
  structuredOutput: { name: 'x', schema: '{}', strict: true },
};

/** Whether `format` has a field for `key` (sends it once it is set). */
export function formatHas(format: ChatFormat, key: keyof ChatSettings): boolean {
  return settingsFor(EVERY_SETTING, format)?.[key] !== undefined;
}

const PARAMETER_KEYS = Object.keys(CHAT_PARAMETER_LABELS) as ChatParameter[];

/** The parameters the next request in `format` sends: set, and a field of that format. */
export function sentParameters(settings: ChatSettings, format: ChatFormat): ChatParameter[] {
  const sent = settingsFor(settings, format) ?? {};
  return PARAMETER_KEYS.filter((key) => sent[key] !== undefined);
}

/**
 * Parameters set (in another format) that `format` has no field for: kept in the conversation, so switching
 * back loses nothing, but not sent now.
 */
export function keptNotSent(settings: ChatSettings, format: ChatFormat): ChatParameter[] {
  const sentHere = new Set(sentParameters(settings, format));
  const sentAnywhere = new Set(CHAT_FORMATS.flatMap((other) => sentParameters(settings, other)));
  return PARAMETER_KEYS.filter((key) => sentAnywhere.has(key) && !sentHere.has(key));
}
