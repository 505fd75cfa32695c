// How a saved transcript's facts read to a person: its mode, its language, when it was made.
import type {
  TranscribeMode,
  TranscriptExportFormat,
  TranscriptionUsage,
} from '../../../../src-preload/contract.ts';
import { formatClock } from '../../i18n/format.ts';

export const MODE_LABELS: Readonly<Record<TranscribeMode, string>> = {
  transcribe: 'Transcript',
  translate: 'English translation',
};

/** The export formats in menu order, with what each is for. */
export const EXPORT_FORMATS: ReadonlyArray<{
  format: TranscriptExportFormat;
  label: string;
  detail: string;
}> = [
  { format: 'txt', label: 'Plain text', detail: '.txt' },
  { format: 'srt', label: 'SubRip subtitles', detail: '.srt' },
  { format: 'vtt', label: 'WebVTT captions', detail: '.vtt' },
  { format: 'json', label: 'JSON with timings', detail: '.json' },
];

const LANGUAGE_CODE = /^[a-z]{2,3}(?:-[a-z0-9]{2,8})*$/i;

/**
 * A language as people name it. Gateways report either a code (`en`, `pt-BR`) or a lower-case English name
 * (`english`, from whisper's verbose_json); both become `English`. `null` when unknown.
 */
export function languageLabel(language: string | null | undefined, locale = 'en'): string | null {
  const value = language?.trim();
  if (!value) return null;
  if (LANGUAGE_CODE.test(value)) {
    try {
      const name = new Intl.DisplayNames([locale], { type: 'language', fallback: 'none' }).of(value);
      if (name) return name;
    } catch {
      // Not a code Intl knows: fall through to showing it as written.
    }
  }
  return value.charAt(0).toLocaleUpperCase(locale) + value.slice(1);
}

/** When a transcript was made, in full: `12 Mar 2025, 14:02`. */
export function formatSavedAt(iso: string, locale?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/**
 * When a transcript was made, as a list shows it: the time for today, "Yesterday", the day and month this
 * year, and the full date before that.
 */
export function formatSavedDay(iso: string, now: Date = new Date(), locale?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const dayOf = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const daysAgo = Math.round((dayOf(now) - dayOf(date)) / 86_400_000);
  if (daysAgo === 0) return new Intl.DateTimeFormat(locale, { timeStyle: 'short' }).format(date);
  if (daysAgo === 1) return 'Yesterday';
  const sameYear = date.getFullYear() === now.getFullYear();
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    ...(sameYear ? {} : { year: 'numeric' }),
  }).format(date);
}

const COUNT = new Intl.NumberFormat('en-US');

/**
 * What the gateway says it billed for a transcription, short (`7 s billed`, `1,400 in · 45 out tokens`)
 * and in full for the tooltip. Counts the gateway did not give are left out.
 */
export function usageLabel(usage: TranscriptionUsage): { text: string; title: string } {
  if (usage.type === 'duration') {
    const seconds = Math.round(usage.seconds);
    return {
      text: `${seconds < 60 ? `${seconds} s` : formatClock(seconds)} billed`,
      title: `The gateway billed ${COUNT.format(seconds)} ${seconds === 1 ? 'second' : 'seconds'} of audio.`,
    };
  }
  const { inputTokens, audioTokens, outputTokens, totalTokens } = usage;
  const short: string[] = [];
  const full: string[] = [];
  if (inputTokens !== null) {
    short.push(`${COUNT.format(inputTokens)} in`);
    const audio = audioTokens !== null ? ` (${COUNT.format(audioTokens)} of them audio)` : '';
    full.push(`${COUNT.format(inputTokens)} in${audio}`);
  }
  if (outputTokens !== null) {
    short.push(`${COUNT.format(outputTokens)} out`);
    full.push(`${COUNT.format(outputTokens)} out`);
  }
  if (totalTokens !== null) full.push(`${COUNT.format(totalTokens)} in all`);
  const text = short.length > 0 ? `${short.join(' · ')} tokens` : `${COUNT.format(totalTokens ?? 0)} tokens`;
  return { text, title: `Tokens billed: ${full.join(', ')}.` };
}
