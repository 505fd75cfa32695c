// A comparison (issue 17) as plain data: its columns are conversations; these are the edits and readings
// of the whole that the Compare view and its actions share. Pure, for tests.
import {
  type AssistantMessage,
  type Comparison,
  type Conversation,
  MAX_COMPARE_COLUMNS,
} from '../../../../src-preload/contract.ts';
import type { ComparisonFrame } from '../../store/playground.ts';

/** The comparison whose column `conversationId` is, among `frames`; `null` for a plain conversation. */
export function comparisonOf(
  frames: Readonly<Record<string, ComparisonFrame>>,
  conversationId: string,
): ComparisonFrame | null {
  for (const frame of Object.values(frames)) if (frame.columnIds.includes(conversationId)) return frame;
  return null;
}

/** The frame of a comparison, and its columns as conversations to keep in the store. */
export function frameOf(comparison: Comparison): { frame: ComparisonFrame; columns: Conversation[] } {
  const { columns, ...rest } = comparison;
  return { frame: { ...rest, columnIds: columns.map((column) => column.id) }, columns };
}

/** The comparison as main saves it: the frame with its columns as they stand; `null` if one is missing. */
export function assembled(
  frame: ComparisonFrame,
  open: Readonly<Record<string, Conversation>>,
): Comparison | null {
  const columns = frame.columnIds.map((id) => open[id]);
  if (columns.some((column) => column === undefined)) return null;
  const { columnIds: _, ...rest } = frame;
  return { ...rest, columns: columns as Conversation[] };
}

/**
 * A new column set up like `source` (profile, format, model, settings), with its history: so it can be
 * changed in one setting and asked again, and compared on the same turns.
 */
export function duplicatedColumn(source: Conversation, id: string, now: string): Conversation {
  return { ...source, id, customTitle: '', createdAt: now, updatedAt: now, messages: [...source.messages] };
}

export function canAddColumn(frame: ComparisonFrame): boolean {
  return frame.columnIds.length < MAX_COMPARE_COLUMNS;
}

/** The last reply of a column: the one its metrics are compared by. */
export function lastReply(column: Conversation): AssistantMessage | null {
  for (let i = column.messages.length - 1; i >= 0; i--) {
    const message = column.messages[i]!;
    if (message.role === 'assistant') return message;
  }
  return null;
}

/** Tokens a reply cost in all: the gateway's total, else input plus output; `null` when unknown. */
export function totalTokens(reply: AssistantMessage): number | null {
  const usage = reply.usage;
  if (!usage) return null;
  if (usage.totalTokens !== null) return usage.totalTokens;
  if (usage.inputTokens === null && usage.outputTokens === null) return null;
  return (usage.inputTokens ?? 0) + (usage.outputTokens ?? 0);
}

/** Which column is best at each measure of its last reply (index into the columns), where two or more tell. */
export interface ComparisonBests {
  /** The shortest time to first token. */
  ttft: number | null;
  /** The most output tokens per second. */
  rate: number | null;
  /** The fewest tokens in all. */
  tokens: number | null;
}

/**
 * The bests among the columns' last replies. Only finished replies count (a stopped or failed one would win
 * "fewest tokens" for saying less); a measure is marked only where at least two columns have it, and only
 * for a column that beats every other (a tie marks no one).
 */
export function comparisonBests(replies: ReadonlyArray<AssistantMessage | null>): ComparisonBests {
  const finished = replies.map((reply) => (reply?.state === 'done' ? reply : null));
  const best = (value: (reply: AssistantMessage) => number | null, lowest: boolean): number | null => {
    const measured = finished.flatMap((reply, index) => {
      const figure = reply ? value(reply) : null;
      return figure === null ? [] : [{ index, figure }];
    });
    if (measured.length < 2) return null;
    const sorted = measured.sort((a, b) => (lowest ? a.figure - b.figure : b.figure - a.figure));
    return sorted[0]!.figure === sorted[1]!.figure ? null : sorted[0]!.index;
  };
  return {
    ttft: best((reply) => reply.metrics.ttftMs, true),
    rate: best((reply) => reply.metrics.tokensPerSecond, false),
    tokens: best(totalTokens, true),
  };
}
