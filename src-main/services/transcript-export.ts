// A saved transcript as a file people open elsewhere: plain text, SubRip or WebVTT subtitles, or JSON.
// Pure functions (no file system): the export handler writes what `buildExport` returns.
import type { Transcript, TranscriptExportFormat, TranscriptSummary } from '../../src-preload/contract.ts';
import { audioExtensionOf } from './audio-files.ts';
import { fileNameSafe } from './file-name.ts';

/** What an export needs of a history entry: the whole transcript, word timings included. */
export type ExportSource = Pick<
  TranscriptSummary,
  'name' | 'createdAt' | 'mode' | 'model' | 'language' | 'durationSec'
> & { transcript: Transcript };

/** How each format is named in the save dialog's filter. */
export const EXPORT_FORMAT_LABELS: Readonly<Record<TranscriptExportFormat, string>> = {
  txt: 'Plain text',
  srt: 'SubRip subtitles',
  vtt: 'WebVTT subtitles',
  json: 'JSON',
};

/** A cue's length when a transcript has no timings and no known duration: 150 words a minute. */
const WORDS_PER_SECOND = 2.5;

interface Cue {
  startMs: number;
  endMs: number;
  /** One or more lines, never empty and never a blank line (that would end the cue early). */
  lines: string[];
  speaker?: string;
}

/**
 * Whole milliseconds of `seconds`, rounded half up on the number as written: `4.0005 * 1000` is
 * 4000.4999… in binary floating point, so the decimal point is shifted in the number's text instead.
 * Negative and non-finite times count as 0.
 */
export function millisecondsOf(seconds: number): number {
  if (!Number.isFinite(seconds) || seconds <= 0) return 0;
  const shifted = Number(`${seconds}e3`);
  return Math.round(Number.isFinite(shifted) ? shifted : seconds * 1000);
}

/** `HH:MM:SS,mmm` (SRT) or `HH:MM:SS.mmm` (VTT); hours take as many digits as they need, at least two. */
export function formatTimestamp(ms: number, separator: ',' | '.'): string {
  const pad = (value: number, width: number) => String(value).padStart(width, '0');
  const hours = Math.floor(ms / 3_600_000);
  const minutes = Math.floor((ms % 3_600_000) / 60_000);
  const seconds = Math.floor((ms % 60_000) / 1000);
  return `${pad(hours, 2)}:${pad(minutes, 2)}:${pad(seconds, 2)}${separator}${pad(ms % 1000, 3)}`;
}

/** The lines of a cue's text: trimmed, no blank lines, and no `-->` (a player would read it as a timing). */
function cueLines(text: string): string[] {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim().replace(/-{2,}>/g, '->'))
    .filter((line) => line !== '');
}

/** The transcript's text; when the gateway sent only segments, their text. */
function plainText(source: ExportSource): string {
  const text = source.transcript.text.trim();
  if (text !== '') return text;
  return source.transcript.segments
    .map((segment) => segment.text.trim())
    .filter((line) => line !== '')
    .join(' ');
}

function cuesOf(source: ExportSource): Cue[] {
  const cues: Cue[] = [];
  for (const segment of source.transcript.segments) {
    const lines = cueLines(segment.text);
    if (lines.length === 0) continue;
    const startMs = millisecondsOf(segment.start);
    const cue: Cue = { startMs, endMs: Math.max(startMs, millisecondsOf(segment.end)), lines };
    if (segment.speaker?.trim()) cue.speaker = segment.speaker.trim();
    cues.push(cue);
  }
  if (cues.length > 0) return cues;

  // No timings (a json or text answer): one cue with the whole text, so the file is still valid subtitles.
  const lines = cueLines(plainText(source));
  if (lines.length === 0) return [];
  const duration = source.durationSec ?? source.transcript.duration ?? 0;
  const words = lines.join(' ').split(/\s+/).length;
  const endMs = millisecondsOf(duration) || Math.max(1000, Math.ceil(words / WORDS_PER_SECOND) * 1000);
  return [{ startMs: 0, endMs, lines }];
}

function srt(cues: Cue[]): string {
  if (cues.length === 0) return '';
  const blocks = cues.map((cue, index) => {
    const timing = `${formatTimestamp(cue.startMs, ',')} --> ${formatTimestamp(cue.endMs, ',')}`;
    const [first = '', ...rest] = cue.lines;
    const text = [cue.speaker ? `${cue.speaker}: ${first}` : first, ...rest].join('\n');
    return `${index + 1}\n${timing}\n${text}`;
  });
  return `${blocks.join('\n\n')}\n`;
}

/** Cue text is markup in VTT: `&` and `<` must be escaped (`>` too, for good measure). */
function vttEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function vtt(cues: Cue[]): string {
  const blocks = cues.map((cue) => {
    const timing = `${formatTimestamp(cue.startMs, '.')} --> ${formatTimestamp(cue.endMs, '.')}`;
    const text = cue.lines.map(vttEscape).join('\n');
    return `${timing}\n${cue.speaker ? `<v ${vttEscape(cue.speaker)}>` : ''}${text}`;
  });
  return blocks.length === 0 ? 'WEBVTT\n' : `WEBVTT\n\n${blocks.join('\n\n')}\n`;
}

function json(source: ExportSource): string {
  const { transcript } = source;
  const document = {
    name: source.name,
    createdAt: source.createdAt,
    mode: source.mode,
    model: source.model,
    language: source.language,
    duration: source.durationSec ?? transcript.duration ?? null,
    text: transcript.text,
    segments: transcript.segments,
    words: transcript.words,
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** The text of the exported file. */
export function buildExport(format: TranscriptExportFormat, source: ExportSource): string {
  switch (format) {
    case 'txt': {
      const text = plainText(source);
      return text === '' ? '' : `${text}\n`;
    }
    case 'srt':
      return srt(cuesOf(source));
    case 'vtt':
      return vtt(cuesOf(source));
    case 'json':
      return json(source);
  }
}

/**
 * The name the save dialog suggests: the audio's name with the format's extension instead of its own, and
 * without characters some systems do not allow in file names (a recording's title may hold a time, `12:04`).
 */
export function exportFileName(audioName: string, format: TranscriptExportFormat): string {
  const name = fileNameSafe(audioName);
  const stem = audioExtensionOf(name) ? name.slice(0, name.lastIndexOf('.')) : name;
  return `${stem.trim() || 'transcript'}.${format}`;
}
