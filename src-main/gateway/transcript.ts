// Every transcription `response_format` (json, text, srt, vtt, verbose_json, diarized_json) → one `Transcript`.
// Gateways do not always honour the requested format, so the body is read for what it really is.
import type {
  Transcript,
  TranscriptFormat,
  TranscriptionUsage,
  TranscriptSegment,
  TranscriptWord,
} from '../../src-preload/contract.ts';
import {
  carriesError,
  failureFromErrorObject,
  malformedFailure,
  type Operation,
  trailingErrorObject,
} from './errors.ts';
import { isRecord, numberOrNull } from './json.ts';
import { words } from './words.ts';

const JSON_FORMATS = new Set<TranscriptFormat>(['json', 'verbose_json', 'diarized_json']);
// `HH:MM:SS,mmm` (SRT) or `[HH:]MM:SS.mmm` (VTT); some writers drop the milliseconds.
const TIMESTAMP = /^(?:(\d+):)?(\d{1,2}):(\d{1,2})(?:[.,](\d{1,3}))?$/;
const CUE_TIMING = /^\s*(\S+)\s+-->\s+(\S+)/;

function finiteOr<T>(value: unknown, fallback: T): number | T {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

/** Seconds from an SRT/VTT timestamp, or NaN. */
export function parseTimestamp(text: string): number {
  const match = TIMESTAMP.exec(text.trim());
  if (!match) return Number.NaN;
  const [, hours, minutes, seconds, millis] = match;
  const fraction = millis ? Number(millis.padEnd(3, '0')) / 1000 : 0;
  return Number(hours ?? 0) * 3600 + Number(minutes) * 60 + Number(seconds) + fraction;
}

function blocksOf(body: string): string[][] {
  return body
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((block) => block.split('\n').filter((line) => line.trim() !== ''))
    .filter((lines) => lines.length > 0);
}

/** Segments from cue blocks (SRT and VTT share this shape: optional id line, timing line, text lines). */
function cuesToSegments(blocks: string[][], vtt: boolean): TranscriptSegment[] {
  const segments: TranscriptSegment[] = [];
  for (const lines of blocks) {
    const timingIndex = lines.findIndex((line) => line.includes('-->'));
    if (timingIndex < 0) continue;
    const timing = CUE_TIMING.exec(lines[timingIndex]!);
    if (!timing) continue;
    const start = parseTimestamp(timing[1]!);
    const end = parseTimestamp(timing[2]!);
    if (Number.isNaN(start) || Number.isNaN(end)) continue;
    let speaker: string | undefined;
    let text = lines.slice(timingIndex + 1).join('\n');
    if (vtt) {
      // `<v Speaker>` names the voice; other markup (`<i>`, `<c.x>`, timestamps) is presentation only.
      const voice = /<v(?:\.[^\s>]*)?\s+([^>]+)>/.exec(text);
      if (voice) speaker = voice[1]!.trim();
      text = text.replace(/<[^>]+>/g, '');
    }
    const segment: TranscriptSegment = { id: segments.length, start, end, text: text.trim() };
    if (speaker !== undefined) segment.speaker = speaker;
    segments.push(segment);
  }
  return segments;
}

export function parseSrt(body: string): TranscriptSegment[] {
  return cuesToSegments(blocksOf(body), false);
}

export function parseVtt(body: string): TranscriptSegment[] {
  const blocks = blocksOf(body).filter((lines) => {
    const first = lines[0]!.trim();
    return !(
      first.startsWith('WEBVTT') ||
      first.startsWith('NOTE') ||
      first === 'STYLE' ||
      first === 'REGION'
    );
  });
  return cuesToSegments(blocks, true);
}

function segmentsFromJson(list: unknown): TranscriptSegment[] {
  if (!Array.isArray(list)) return [];
  const segments: TranscriptSegment[] = [];
  for (const item of list) {
    if (!isRecord(item)) continue;
    const start = finiteOr(item.start, Number.NaN);
    const end = finiteOr(item.end, Number.NaN);
    if (Number.isNaN(start) || Number.isNaN(end)) continue;
    // Diarized segments carry string ids (`seg_001`); the contract numbers segments in order.
    const segment: TranscriptSegment = {
      id: typeof item.id === 'number' ? item.id : segments.length,
      start,
      end,
      text: typeof item.text === 'string' ? item.text.trim() : '',
    };
    if (typeof item.speaker === 'string' && item.speaker !== '') segment.speaker = item.speaker;
    segments.push(segment);
  }
  return segments;
}

function wordsFromJson(list: unknown): TranscriptWord[] {
  if (!Array.isArray(list)) return [];
  const words: TranscriptWord[] = [];
  for (const item of list) {
    if (!isRecord(item) || typeof item.word !== 'string') continue;
    const start = finiteOr(item.start, Number.NaN);
    const end = finiteOr(item.end, Number.NaN);
    if (Number.isNaN(start) || Number.isNaN(end)) continue;
    words.push({ word: item.word, start, end });
  }
  return words;
}

function joinSegments(segments: TranscriptSegment[]): string {
  return segments
    .map((segment) => segment.text)
    .filter(Boolean)
    .join(' ');
}

function looksLikeSrt(body: string): boolean {
  return /^\s*\d+\s*\r?\n\s*\d{1,2}:\d{2}:\d{2}[,.]\d{1,3}\s+-->/.test(body);
}

/**
 * The `usage` of a transcription answer: `{type: "duration", seconds}` or `{type: "tokens", input_tokens,
 * input_token_details: {audio_tokens}, output_tokens, total_tokens}` (OpenAI's transcription object).
 * `undefined` when there is none, or none with a count that can be read.
 */
function usageFromJson(usage: unknown): TranscriptionUsage | undefined {
  if (!isRecord(usage)) return undefined;
  const seconds = numberOrNull(usage.seconds);
  if (usage.type === 'duration') return seconds === null ? undefined : { type: 'duration', seconds };
  const details = isRecord(usage.input_token_details) ? usage.input_token_details : {};
  const tokens = {
    inputTokens: numberOrNull(usage.input_tokens),
    audioTokens: numberOrNull(details.audio_tokens),
    outputTokens: numberOrNull(usage.output_tokens),
    totalTokens: numberOrNull(usage.total_tokens),
  };
  if (Object.values(tokens).every((count) => count === null)) return undefined;
  return { type: 'tokens', ...tokens };
}

/**
 * The usage in a transcription's raw answer (as the history keeps it), so that a transcript saved before
 * usage was read shows it too. `undefined` for a body that is not a JSON object with a readable usage.
 */
export function transcriptionUsageOf(raw: string): TranscriptionUsage | undefined {
  const trimmed = raw.trim();
  if (!trimmed.startsWith('{')) return undefined;
  try {
    const body: unknown = JSON.parse(trimmed);
    return isRecord(body) ? usageFromJson(body.usage) : undefined;
  } catch {
    return undefined;
  }
}

function fromJsonObject(body: Record<string, unknown>, raw: string, requested: TranscriptFormat): Transcript {
  const segments = segmentsFromJson(body.segments);
  const words = wordsFromJson(body.words);
  const text = typeof body.text === 'string' ? body.text.trim() : joinSegments(segments);
  const format: TranscriptFormat = JSON_FORMATS.has(requested)
    ? requested
    : segments.some((segment) => segment.speaker !== undefined)
      ? 'diarized_json'
      : segments.length > 0
        ? 'verbose_json'
        : 'json';
  const transcript: Transcript = { text, segments, words, raw, format };
  if (typeof body.language === 'string' && body.language !== '') transcript.language = body.language;
  const duration = finiteOr(body.duration, undefined);
  if (duration !== undefined) transcript.duration = duration;
  const usage = usageFromJson(body.usage);
  if (usage !== undefined) transcript.usage = usage;
  return transcript;
}

/**
 * The gateway's answer as a `Transcript`. `format` records what the body really was, so an export of
 * `raw` uses the right extension even when the gateway ignored the requested format. A 2xx body that is
 * (or ends in) an error object throws that error, as every other endpoint does, rather than becoming an
 * empty transcript. `headers` supply the request id when the message has none.
 */
export function normaliseTranscript(
  raw: string,
  requested: TranscriptFormat,
  contentType: string | null,
  operation: Operation = 'transcribe',
  headers?: Headers,
): Transcript {
  const trimmed = raw.trim();
  const declaredJson = contentType !== null && /json/i.test(contentType);
  if (declaredJson || (trimmed.startsWith('{') && trimmed.endsWith('}'))) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(trimmed);
    } catch {
      const trailing = trailingErrorObject(trimmed);
      if (trailing) throw failureFromErrorObject(trailing, operation, headers);
      if (declaredJson || JSON_FORMATS.has(requested))
        throw malformedFailure(words('malformed.transcriptNotJson'), operation);
    }
    if (carriesError(parsed)) throw failureFromErrorObject(parsed, operation, headers);
    const last = Array.isArray(parsed) ? parsed.at(-1) : undefined;
    if (carriesError(last)) throw failureFromErrorObject(last, operation, headers);
    if (isRecord(parsed)) return fromJsonObject(parsed, raw, requested);
    if (parsed !== undefined) throw malformedFailure(words('malformed.transcriptNotObject'), operation);
  } else {
    // Text, SRT and VTT bodies too: an error appended after them must not end up in the transcript.
    const trailing = trailingErrorObject(trimmed);
    if (trailing) throw failureFromErrorObject(trailing, operation, headers);
  }
  if (/^\uFEFF?WEBVTT/.test(trimmed)) {
    const segments = parseVtt(raw);
    return { text: joinSegments(segments), segments, words: [], raw, format: 'vtt' };
  }
  if (looksLikeSrt(trimmed)) {
    const segments = parseSrt(raw);
    return { text: joinSegments(segments), segments, words: [], raw, format: 'srt' };
  }
  return { text: trimmed, segments: [], words: [], raw, format: 'text' };
}
