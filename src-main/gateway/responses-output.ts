// How the parts of a Responses answer become one text and one reasoning text: one rule for a streamed
// answer (part by part, as deltas arrive) and a whole one (a non-streamed body, or the final response of a
// buffered stream), so a reply reads the same however it arrived and when it is reopened.
//
// A part is named by its place, never by `item_id`: `output_index` (the item's place in `output`) plus
// `content_index` / `summary_index` (the part's place in the item). Some relays (GitHub Copilot's
// `/responses`) send a fresh `item_id` on every event of one item; only the indexes stay the same.
import { isRecord } from './json.ts';

/** What stands between two parts that are shown apart: a blank line (a paragraph break in Markdown). */
export const PART_SEPARATOR = '\n\n';

export type PartKind = 'text' | 'reasoning';

/** Where a part sits: its output item, and the part within it. */
export interface PartPlace {
  item: string;
  part: string;
}

/**
 * Whether two consecutive parts of one kind are shown apart. Messages are set apart from each other, but
 * the content parts of one message are one text; every reasoning part (each summary part is a paragraph
 * with its own heading) is set apart.
 */
export function partsApart(kind: PartKind, previous: PartPlace, next: PartPlace): boolean {
  if (previous.item !== next.item) return true;
  return kind === 'reasoning' && previous.part !== next.part;
}

function indexText(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string' && value !== '') return value;
  return undefined;
}

/**
 * The place of a streamed part from its event. `output_index` names the item; only an event without one
 * (an older relay) falls back to `item_id`. A missing part index is the first part, so a relay that
 * leaves it out of some events (a `.done` but not the deltas) still names one part. Reasoning summary
 * parts and raw reasoning parts are counted separately, so they are told apart by `partField`.
 */
export function partPlaceOf(
  payload: Record<string, unknown>,
  partField: 'content_index' | 'summary_index',
): PartPlace {
  const item = indexText(payload.output_index) ?? `id:${indexText(payload.item_id) ?? ''}`;
  return { item, part: `${partField}:${indexText(payload[partField]) ?? '0'}` };
}

/** Joins parts in order, setting apart the ones `partsApart` says; empty parts add nothing. */
function joinParts(kind: PartKind, parts: Array<{ place: PartPlace; text: string }>): string {
  let joined = '';
  let previous: PartPlace | undefined;
  for (const { place, text } of parts) {
    if (text === '') continue;
    if (previous !== undefined && partsApart(kind, previous, place)) joined += PART_SEPARATOR;
    joined += text;
    previous = place;
  }
  return joined;
}

/** The assistant's visible text in a whole Responses `output` (message items: output_text and refusal parts). */
export function responseOutputText(response: Record<string, unknown>): string {
  const parts: Array<{ place: PartPlace; text: string }> = [];
  if (Array.isArray(response.output)) {
    response.output.forEach((item, itemIndex) => {
      if (!isRecord(item) || item.type !== 'message' || !Array.isArray(item.content)) return;
      item.content.forEach((part, partIndex) => {
        if (!isRecord(part)) return;
        const place = { item: String(itemIndex), part: `content_index:${partIndex}` };
        if (part.type === 'output_text' && typeof part.text === 'string')
          parts.push({ place, text: part.text });
        else if (part.type === 'refusal' && typeof part.refusal === 'string')
          parts.push({ place, text: part.refusal });
      });
    });
  }
  // The SDK-style convenience field, for a relay that sends only it.
  if (parts.length === 0 && typeof response.output_text === 'string') return response.output_text;
  return joinParts('text', parts);
}

/** Reasoning summaries (and raw reasoning text, where a model exposes it) in a whole Responses `output`. */
export function responseReasoningText(response: Record<string, unknown>): string {
  const parts: Array<{ place: PartPlace; text: string }> = [];
  if (Array.isArray(response.output)) {
    response.output.forEach((item, itemIndex) => {
      if (!isRecord(item) || item.type !== 'reasoning') return;
      const lists: Array<[unknown, 'summary_index' | 'content_index']> = [
        [item.summary, 'summary_index'],
        [item.content, 'content_index'],
      ];
      for (const [list, field] of lists) {
        if (!Array.isArray(list)) continue;
        list.forEach((part, partIndex) => {
          if (isRecord(part) && typeof part.text === 'string')
            parts.push({
              place: { item: String(itemIndex), part: `${field}:${partIndex}` },
              text: part.text,
            });
        });
      }
    });
  }
  return joinParts('reasoning', parts);
}

/**
 * The streamed side of the same rule: feed each piece of one kind with its part's place, get the text
 * to show (the piece, preceded by a blank line when it starts a part set apart from the one before).
 */
export class PartJoiner {
  private readonly kind: PartKind;
  private previous: PartPlace | undefined;

  constructor(kind: PartKind) {
    this.kind = kind;
  }

  /** Whether anything of this kind has been shown. */
  get started(): boolean {
    return this.previous !== undefined;
  }

  next(place: PartPlace, text: string): string {
    if (text === '') return '';
    const apart = this.previous !== undefined && partsApart(this.kind, this.previous, place);
    this.previous = place;
    return apart ? PART_SEPARATOR + text : text;
  }
}

/**
 * How a Responses answer ended, as a reply's status: its `status`, except that an `incomplete` answer is
 * known by its `incomplete_details.reason` (`max_output_tokens`, `content_filter`), which says what cut it,
 * as a content-generation answer's finish reason (`MAX_TOKENS`, `SAFETY`) does. `fallback` when the answer
 * carries no status (a relay's bare final event).
 */
export function responseStatusOf(response: Record<string, unknown>, fallback: string): string {
  const status = typeof response.status === 'string' && response.status !== '' ? response.status : fallback;
  if (status !== 'incomplete') return status;
  const details = response.incomplete_details;
  const reason = isRecord(details) ? details.reason : undefined;
  return typeof reason === 'string' && reason !== '' ? reason : status;
}
