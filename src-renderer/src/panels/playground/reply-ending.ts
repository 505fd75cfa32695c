// Why a finished reply ended short of a natural end, in plain words (issue 14, item 23). Every format
// reports it in the reply's status: a content-generation answer's finish reason (`MAX_TOKENS`, `SAFETY`),
// a Chat Completions `finish_reason` (`length`, `content_filter`, `tool_calls`), and for a Responses
// answer the reason it was left incomplete (`max_output_tokens`, `content_filter`), which main puts in the
// status in place of a bare `incomplete` (gateway/responses-output.ts).
import type { AssistantMessage } from '../../../../src-preload/contract.ts';
import { chatWords } from './chat-strings.ts';

/** Statuses that mean a filter stopped the reply: Responses' reason, then Gemini's finish reasons. */
const FILTERED = new Set([
  'content_filter',
  'safety',
  'prohibited_content',
  'blocklist',
  'spii',
  'image_safety',
]);
/** Statuses that mean the reply reached its output token limit. */
const AT_LIMIT = new Set(['max_output_tokens', 'max_tokens', 'length']);
/** The model asked for a tool (Chat Completions `tool_calls`, or the older `function_call`). */
const TOOL_CALL = new Set(['tool_calls', 'function_call']);
/** Ended early, for a reason the gateway did not give, or one without words of its own. */
const OTHER_SHORT = new Set(['incomplete', 'recitation', 'other', 'malformed_function_call']);

/** The note under a reply that ended early, or `null` for one that ended as it should (or did not end). */
export function shortEndingNote(reply: Pick<AssistantMessage, 'state' | 'status'>): string | null {
  if (reply.state !== 'done' || !reply.status) return null;
  const status = reply.status.toLowerCase();
  const t = chatWords.t;
  if (FILTERED.has(status)) return t('ending.filtered');
  if (AT_LIMIT.has(status)) return t('ending.limit');
  if (TOOL_CALL.has(status)) return t('ending.tool');
  if (OTHER_SHORT.has(status)) return t('ending.other', { status: reply.status });
  return null;
}
