// How a saved transcript's facts read to a person: its mode, its language, when it was made.
import type {
  TranscribeMode,
  TranscriptExportFormat,
  TranscriptionUsage,
} from '../../../../src-preload/contract.ts';
import { formatClock, formatDateTime, formatNumber } from '../../i18n/format.ts';
import { i18n } from '../../i18n/index.ts';
import { LANGUAGES, languageName } from './languages.ts';
import { transcribeWords } from './strings.ts';

const { t } = transcribeWords;

/** Each mode's name, in the interface's language when read (getters: never frozen at import time). */
export const MODE_LABELS: Readonly<Record<TranscribeMode, string>> = {
  get transcribe() {
    return t('labels.modeTranscribe');
  },
  get translate() {
    return t('labels.modeTranslate');
  },
};

/** The export formats in menu order, with what each is for (`labelKey`: read at render). */
export const EXPORT_FORMATS: ReadonlyArray<{
  format: TranscriptExportFormat;
  labelKey: Parameters<typeof t>[0];
  detail: string;
}> = [
  { format: 'txt', labelKey: 'exportMenu.txt', detail: '.txt' },
  { format: 'srt', labelKey: 'exportMenu.srt', detail: '.srt' },
  { format: 'vtt', labelKey: 'exportMenu.vtt', detail: '.vtt' },
  { format: 'json', labelKey: 'exportMenu.json', detail: '.json' },
];

const LANGUAGE_CODE = /^[a-z]{2,3}(?:-[a-z0-9]{2,8})*$/i;

/**
 * A language as people name it, in the interface's language unless `locale` says otherwise. Gateways report
 * either a code (`en`, `pt-BR`) or a lower-case English name (`english`, from whisper's verbose_json); both
 * become `English` (`英语` in Chinese). `null` when unknown.
 */
export function languageLabel(language: string | null | undefined, locale = i18n.language): string | null {
  const value = language?.trim();
  if (!value) return null;
  // Whisper's English name of a language we list: named by its code, in the interface's language.
  const lower = value.toLowerCase();
  const named = LANGUAGES.find((l) => l.englishName.toLowerCase() === lower);
  if (named) return languageName(named.code, locale);
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

/** Intl's way with a date: in `locale` when given (tests), else in the interface's language (format.ts). */
function dateText(date: Date, options: Intl.DateTimeFormatOptions, locale?: string): string {
  return locale ? new Intl.DateTimeFormat(locale, options).format(date) : formatDateTime(date, options);
}

/** When a transcript was made, in full: `12 Mar 2025, 14:02`. */
export function formatSavedAt(iso: string, locale?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return dateText(date, { dateStyle: 'medium', timeStyle: 'short' }, locale);
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
  if (daysAgo === 0) return dateText(date, { timeStyle: 'short' }, locale);
  if (daysAgo === 1) return t('labels.yesterday');
  const sameYear = date.getFullYear() === now.getFullYear();
  return dateText(date, { day: 'numeric', month: 'short', ...(sameYear ? {} : { year: 'numeric' }) }, locale);
}

/**
 * What the gateway says it billed for a transcription, short (`7 s billed`, `1,400 in · 45 out tokens`)
 * and in full for the tooltip. Counts the gateway did not give are left out.
 */
export function usageLabel(usage: TranscriptionUsage): { text: string; title: string } {
  if (usage.type === 'duration') {
    const seconds = Math.round(usage.seconds);
    const time = seconds < 60 ? t('labels.seconds', { n: seconds }) : formatClock(seconds);
    return {
      text: t('labels.billed', { time }),
      title: t('labels.billedTitle', { count: seconds, n: formatNumber(seconds) }),
    };
  }
  const { inputTokens, audioTokens, outputTokens, totalTokens } = usage;
  const short: string[] = [];
  const full: string[] = [];
  if (inputTokens !== null) {
    const n = formatNumber(inputTokens);
    short.push(t('labels.tokensIn', { n }));
    full.push(
      audioTokens !== null
        ? t('labels.tokensInAudio', { n, audio: formatNumber(audioTokens) })
        : t('labels.tokensIn', { n }),
    );
  }
  if (outputTokens !== null) {
    short.push(t('labels.tokensOut', { n: formatNumber(outputTokens) }));
    full.push(t('labels.tokensOut', { n: formatNumber(outputTokens) }));
  }
  if (totalTokens !== null) full.push(t('labels.tokensAll', { n: formatNumber(totalTokens) }));
  const list = short.length > 0 ? short.join(t('labels.shortSeparator')) : formatNumber(totalTokens ?? 0);
  return {
    text: t('labels.tokens', { list }),
    title: t('labels.tokensTitle', { list: full.join(t('labels.fullSeparator')) }),
  };
}
