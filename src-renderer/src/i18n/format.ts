// Numbers, sizes, durations, dates and times in the interface's language (issue 18 item 5), through `Intl`.
// One place for every figure the page shows: a component never formats a number or a date itself. The words
// around the figures ("min", "just now", "Yesterday") come from the `format` catalogue; the figures and the
// date patterns from Intl with the shown language's locale. Read at call time, so a switch of language shows
// at the next render.

import { i18n, namespace } from './index.ts';
import english from './locales/en/format.json' with { type: 'json' };

const formatWords = namespace('format', english);

/**
 * The Intl locale for the shown language. English keeps the app's own conventions: numbers as in the US
 * (1,234.5), dates day-first as in the UK (14 Sep, 09:05 — unambiguous for every English reader).
 */
function locale(kind: 'number' | 'date'): string {
  if (i18n.language === 'zh-CN') return 'zh-CN';
  return kind === 'number' ? 'en-US' : 'en-GB';
}

// Intl formatters are slow to build and cheap to use: one per locale and options, built once.
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** A number with the language's grouping and decimal marks: `1,234` / `1,234.5`. */
export function formatNumber(value: number, options: Intl.NumberFormatOptions = {}): string {
  const key = `${locale('number')}|${JSON.stringify(options)}`;
  const format = numberFormats.get(key) ?? new Intl.NumberFormat(locale('number'), options);
  numberFormats.set(key, format);
  return format.format(value);
}

/**
 * A date or time with the language's pattern; `options` as Intl.DateTimeFormat takes them. `inLocale`: a
 * pattern of one locale whatever the language (a list that has always shown English's month-first date).
 */
export function formatDateTime(
  at: Date | string | number,
  options: Intl.DateTimeFormatOptions,
  inLocale: string = locale('date'),
): string {
  const date = at instanceof Date ? at : new Date(at);
  if (Number.isNaN(date.getTime())) return '';
  const key = `${inLocale}|${JSON.stringify(options)}`;
  const format = dateFormats.get(key) ?? new Intl.DateTimeFormat(inLocale, options);
  dateFormats.set(key, format);
  return format.format(date);
}

/** A calendar date: `14 Aug 2025` / `2025年8月14日`. */
export function formatDate(at: Date | string | number): string {
  return formatDateTime(at, { day: 'numeric', month: 'short', year: 'numeric' });
}

/** A time of day on the 24-hour clock: `09:05`. */
export function formatTime(at: Date | string | number): string {
  return formatDateTime(at, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
}

/** A file size for a person: `812 B`, `44 KB`, `3.2 MB`, `1.1 GB` (powers of 1024, as file managers show). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1024)
    return `${formatNumber(Math.max(0, Math.round(bytes || 0)))} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = value >= 10 ? 0 : 1;
  const shown = formatNumber(value, { minimumFractionDigits: digits, maximumFractionDigits: digits });
  return `${shown} ${units[unit]}`;
}

/** Seconds as a player shows them: `0:07`, `12:05`, `1:02:09`. Unknown or negative times show as `0:00`. */
export function formatClock(seconds: number | null | undefined): string {
  const total = Number.isFinite(seconds) && (seconds as number) > 0 ? Math.floor(seconds as number) : 0;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const secs = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${secs}` : `${minutes}:${secs}`;
}

/** Milliseconds for a person: `850 ms`, `1.4 s`, `2 min 5 s`. */
export function formatElapsed(ms: number): string {
  if (ms < 1_000) return formatWords.t('elapsed.ms', { n: formatNumber(Math.round(ms)) });
  if (ms < 60_000) {
    const seconds = formatNumber(ms / 1_000, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    return formatWords.t('elapsed.s', { n: seconds });
  }
  // Whole seconds first, so 119.6 s reads `2 min 0 s`, not `1 min 60 s`.
  const seconds = Math.round(ms / 1_000);
  return formatWords.t('elapsed.minS', { m: formatNumber(Math.floor(seconds / 60)), s: seconds % 60 });
}

/** When something was last changed, as a list shows it: "just now", "5 min ago", "14:05", "Yesterday", "12 Sep". */
export function listDate(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const minutes = Math.floor((now.getTime() - at.getTime()) / 60_000);
  if (minutes < 1) return formatWords.t('ago.now');
  if (minutes < 60) return formatWords.t('ago.minutes', { n: formatNumber(minutes) });
  const startOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  if (at.getTime() >= startOfToday) return formatTime(at);
  if (at.getTime() >= startOfToday - 86_400_000) return formatWords.t('ago.yesterday');
  const sameYear = at.getFullYear() === now.getFullYear();
  return formatDateTime(at, { day: 'numeric', month: 'short', ...(sameYear ? {} : { year: 'numeric' }) });
}
