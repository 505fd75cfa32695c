// Pure helpers that turn a recorded exchange into what the inspector shows. No React here, so each rule
// is unit-tested on its own.
import { HTTP_STATUS_TEXT, type RawStreamEvent } from '../../../../../src-preload/contract.ts';
import { formatNumber } from '../../../i18n/format.ts';

/** Text as a person reads it best: JSON indented by two spaces, anything else as it came. */
export function prettyJson(text: string): { text: string; isJson: boolean } {
  const trimmed = text.trim();
  // Only objects and arrays are worth re-indenting; `"a string"` or `42` already read fine.
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return { text, isJson: false };
  try {
    return { text: JSON.stringify(JSON.parse(trimmed), null, 2), isJson: true };
  } catch {
    return { text, isJson: false };
  }
}

export interface ClippedText {
  /** The part shown until the user asks for all of it. */
  text: string;
  totalLines: number;
  /** Whether `text` is only the beginning. */
  clipped: boolean;
}

/**
 * The first `maxLines` lines (and at most `maxChars` characters) of a text: laying out a few hundred KB in
 * one go takes long enough to be felt, and nobody reads a request body's 20,000th line unasked.
 */
export function clipText(text: string, maxLines: number, maxChars: number): ClippedText {
  const totalLines = countLines(text);
  let end = 0;
  for (let line = 0; line < maxLines; line++) {
    const next = text.indexOf('\n', end);
    if (next === -1) {
      end = text.length;
      break;
    }
    end = next + 1;
  }
  end = Math.min(end, maxChars);
  if (end >= text.length) return { text, totalLines, clipped: false };
  return { text: text.slice(0, end).replace(/\n$/, ''), totalLines, clipped: true };
}

export function countLines(text: string): number {
  if (text === '') return 0;
  let lines = 1;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) lines++;
  return lines;
}

/** One line of a code block: its text, with its line break if it has one, and its indentation in columns. */
export interface CodeLine {
  text: string;
  indent: number;
}

/**
 * A text's lines (joined, they are the text: each keeps its line break), each with the columns its leading
 * whitespace takes (tabs to the next stop of `tabSize`, as the block's CSS shows them), so a long line can
 * wrap under its own text rather than at the block's edge. Null past `most` lines, found without reading
 * further (a long text is shown another way). An empty text has no lines.
 */
export function codeLines(text: string, tabSize: number, most: number): CodeLine[] | null {
  const lines: CodeLine[] = [];
  for (let start = 0; start < text.length; ) {
    if (lines.length === most) return null;
    const lineBreak = text.indexOf('\n', start);
    const end = lineBreak === -1 ? text.length : lineBreak + 1;
    const line = text.slice(start, end);
    let indent = 0;
    for (const char of line) {
      if (char === ' ') indent++;
      else if (char === '\t') indent += tabSize - (indent % tabSize);
      else break;
    }
    lines.push({ text: line, indent });
    start = end;
  }
  return lines;
}

export interface EventSummary {
  /** The event type: the SSE `event:` field, the JSON `type`, or what a content-generation chunk carries. */
  label: string;
  /** A piece of streamed text (or other delta), the kind "Hide text deltas" hides. */
  isDelta: boolean;
  /** One line to show in the list: the delta's text for a delta, the raw data otherwise. */
  preview: string;
  /** Shown in a warning colour: the stream reported an error. */
  isError: boolean;
}

const PREVIEW_CHARS = 240;

export function summariseEvent(event: RawStreamEvent): EventSummary {
  const data = event.data;
  const raw = oneLine(data);
  if (data.trim() === '[DONE]')
    return { label: event.event ?? '[DONE]', isDelta: false, preview: raw, isError: false };
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return { label: event.event ?? 'data', isDelta: false, preview: raw, isError: event.event === 'error' };
  }
  if (!isRecord(parsed))
    return { label: event.event ?? 'data', isDelta: false, preview: raw, isError: false };

  const type = typeof parsed.type === 'string' ? parsed.type : null;
  const label = event.event ?? type;
  if (label) {
    // Responses: every `*.delta` carries a small piece; what matters in it is the text itself.
    const isDelta = label.endsWith('.delta');
    const preview =
      isDelta && typeof parsed.delta === 'string'
        ? oneLine(JSON.stringify(parsed.delta))
        : withoutTypeHead(raw);
    const isError = label === 'error' || label.endsWith('.failed') || label.endsWith('.error');
    return { label, isDelta, preview, isError };
  }
  return summariseContentChunk(parsed, raw);
}

/** A content-generation chunk has no type: say what it carries (text, thought, the finish, an error). */
function summariseContentChunk(chunk: Record<string, unknown>, raw: string): EventSummary {
  if (isRecord(chunk.error)) return { label: 'error', isDelta: false, preview: raw, isError: true };
  const feedback = isRecord(chunk.promptFeedback) ? chunk.promptFeedback : null;
  if (feedback && typeof feedback.blockReason === 'string') {
    return { label: `blocked · ${feedback.blockReason}`, isDelta: false, preview: raw, isError: true };
  }
  const candidate =
    Array.isArray(chunk.candidates) && isRecord(chunk.candidates[0]) ? chunk.candidates[0] : null;
  const parts =
    candidate && isRecord(candidate.content) && Array.isArray(candidate.content.parts)
      ? candidate.content.parts
      : [];
  const texts = parts.filter(isRecord).filter((part) => typeof part.text === 'string');
  const text = texts.map((part) => part.text as string).join('');
  // The last chunk says why the reply ended, and may carry the last words too.
  if (candidate && typeof candidate.finishReason === 'string') {
    const preview = text ? oneLine(JSON.stringify(text)) : raw;
    return { label: `finish · ${candidate.finishReason}`, isDelta: false, preview, isError: false };
  }
  if (texts.length > 0) {
    const thought = texts.every((part) => part.thought === true);
    return {
      label: thought ? 'thought' : 'text',
      isDelta: true,
      preview: oneLine(JSON.stringify(text)),
      isError: false,
    };
  }
  if (isRecord(chunk.usageMetadata)) return { label: 'usage', isDelta: false, preview: raw, isError: false };
  return { label: 'chunk', isDelta: false, preview: raw, isError: false };
}

/**
 * Where the "events not kept" row belongs: between the first and the last part of the log. Responses
 * events number themselves (`sequence_number`), so the gap is where the numbers jump; other streams are
 * kept as two equal halves.
 */
export function omissionIndex(events: readonly RawStreamEvent[], omitted: number): number {
  if (omitted <= 0) return -1;
  let previous: number | null = null;
  for (let i = 0; i < events.length; i++) {
    const sequence = sequenceNumber(events[i] as RawStreamEvent);
    // An event without a number (`[DONE]`, a comment-like oddity) says nothing about the gap.
    if (sequence === null) continue;
    if (previous !== null && sequence - previous > 1) return i;
    previous = sequence;
  }
  return Math.ceil(events.length / 2);
}

function sequenceNumber(event: RawStreamEvent): number | null {
  // Cheap look first: most events are deltas and parsing each one only to find the number is waste.
  const match = /"sequence_number"\s*:\s*(\d+)/.exec(event.data.slice(0, 200));
  return match ? Number(match[1]) : null;
}

/** When an event was read, counted from the request: `+0 ms`, `+1,234 ms`. One unit keeps the column easy to scan. */
export function formatOffset(ms: number): string {
  return `+${formatNumber(Math.max(0, Math.round(ms)))} ms`;
}

/** `200 OK`, `429 Too Many Requests`, or just the number for a rarer status. */
export function httpStatusLabel(status: number): string {
  const text = HTTP_STATUS_TEXT[status];
  return text ? `${status} ${text}` : String(status);
}

/**
 * The list shows the type in its own column, so a preview need not start with it again (nor with the
 * sequence number): `{"type":"response.created","sequence_number":0,"response":…` → `{"response":…`.
 */
function withoutTypeHead(line: string): string {
  return line.replace(/^\{"type":"[^"\\]*",(?:"sequence_number":\d+,)?/, '{');
}

/**
 * The type as the list shows it: Responses events all begin with `response.`, which says nothing in a
 * column full of them (`response.output_text.delta` → `output_text.delta`). The full type is its tooltip.
 */
export function shortEventType(label: string): string {
  return label.startsWith('response.') && label.length > 'response.'.length
    ? label.slice('response.'.length)
    : label;
}

function oneLine(text: string): string {
  const head = text.length > PREVIEW_CHARS * 2 ? text.slice(0, PREVIEW_CHARS * 2) : text;
  const line = head.replace(/\s*[\r\n]+\s*/g, ' ');
  return line.length > PREVIEW_CHARS ? `${line.slice(0, PREVIEW_CHARS)}…` : line;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The log as server-sent-event text, the way it came over the wire (for a bug report or a test fixture);
 * the events not kept become an SSE comment line where they were.
 */
export function eventsAsSse(events: readonly RawStreamEvent[], omitted: number): string {
  const gap = omissionIndex(events, omitted);
  // Copied text in the wire's own format (for a bug report or a fixture), read by whoever gets it: the same
  // words and number format in every interface language, like the events around it.
  const gapLine = `: … ${omitted.toLocaleString('en-US')} events not kept …\n\n`;
  const blocks: string[] = [];
  events.forEach((event, index) => {
    if (index === gap) blocks.push(gapLine);
    const lines = event.event !== undefined ? [`event: ${event.event}`] : [];
    for (const line of event.data.split('\n')) lines.push(`data: ${line}`);
    blocks.push(`${lines.join('\n')}\n\n`);
  });
  if (gap >= events.length) blocks.push(gapLine);
  return blocks.join('');
}
