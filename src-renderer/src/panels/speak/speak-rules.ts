// What the Speak panel tells the user before anything is sent: how long the text is against one request,
// about how many parts it will take, which options the model takes, and what a format is saved as.
// Pure functions, so they are tested without a page.
import {
  MAX_SPEECH_SPEED,
  MAX_SPEECH_TEXT,
  MIN_SPEECH_SPEED,
  SPEECH_INPUT_LIMIT,
  type SpeakPrefs,
  type SpeechFormat,
  type SpeechSummary,
  speechTakesInstructions,
} from '../../../../src-preload/contract.ts';
import { formatClock, formatDate, formatDateTime, formatNumber } from '../../i18n/format.ts';
import { i18n } from '../../i18n/index.ts';
import { speakWords } from './strings.ts';

// Every sentence below is looked up when it is asked for, so it follows a switch of language.
const t = speakWords.t;

export const formatCount = (value: number): string => formatNumber(value);

/**
 * About how many requests a text takes. Main cuts at paragraphs and sentences, so a part is often a
 * little under the limit: this is a lower bound, said as "about".
 */
export function estimateParts(characters: number): number {
  return characters === 0 ? 0 : Math.ceil(characters / SPEECH_INPUT_LIMIT);
}

export type CountTone = 'normal' | 'parts' | 'over';

export interface CountInfo {
  /**
   * `1,234 / 4,096` against one request's limit, or against the whole limit when over it; a count alone
   * when the text goes in parts.
   */
  label: string;
  /** What that means, briefly: nothing, "characters, sent in about 3 parts…", or too long. */
  note: string | null;
  /** The longer explanation (a tooltip). */
  detail: string | null;
  tone: CountTone;
}

export function describeCount(characters: number): CountInfo {
  const against = (limit: number) => `${formatCount(characters)} / ${formatCount(limit)}`;
  if (characters > MAX_SPEECH_TEXT) {
    return {
      label: against(MAX_SPEECH_TEXT),
      note: t('count.over', { limit: formatCount(MAX_SPEECH_TEXT) }),
      detail: t('count.overDetail', { limit: formatCount(MAX_SPEECH_TEXT) }),
      tone: 'over',
    };
  }
  if (characters > SPEECH_INPUT_LIMIT) {
    // Not "10,000 / 4,096": that read as over a limit, where the text is simply sent in parts.
    return {
      label: formatCount(characters),
      note: t('count.parts', {
        n: formatCount(estimateParts(characters)),
        limit: formatCount(SPEECH_INPUT_LIMIT),
      }),
      detail: t('count.partsDetail', { limit: formatCount(SPEECH_INPUT_LIMIT) }),
      tone: 'parts',
    };
  }
  return { label: against(SPEECH_INPUT_LIMIT), note: null, detail: null, tone: 'normal' };
}

/** Why the instructions field is off for this model, or null when the model takes instructions. */
export function instructionsReason(model: string): string | null {
  if (speechTakesInstructions(model)) return null;
  return t('options.instructionsOff', { model: model.trim() });
}

export const FORMAT_CHOICES: ReadonlyArray<{ value: SpeechFormat; label: string }> = [
  { value: 'mp3', label: 'MP3' },
  { value: 'wav', label: 'WAV' },
  { value: 'opus', label: 'Opus' },
  { value: 'aac', label: 'AAC' },
  { value: 'flac', label: 'FLAC' },
  { value: 'pcm', label: 'PCM' },
];

export const formatLabel = (format: SpeechFormat): string =>
  FORMAT_CHOICES.find((choice) => choice.value === format)?.label ?? format;

/**
 * What a clip in this format is saved as, in plain words; `parts` is how many requests it takes. Opus and
 * FLAC files carry totals in their headers, so parts cannot simply be joined: they are kept side by side.
 */
export function formatNote(format: SpeechFormat, parts: number): string {
  const many = parts > 1;
  switch (format) {
    case 'mp3':
      return many ? t('formatNote.mp3Parts') : t('formatNote.mp3');
    case 'wav':
      return many ? t('formatNote.wavParts') : t('formatNote.wav');
    case 'pcm':
      return many ? t('formatNote.pcmParts') : t('formatNote.pcm');
    case 'aac':
      return many ? t('formatNote.aacParts') : t('formatNote.aac');
    case 'opus':
    case 'flac': {
      const name = formatLabel(format);
      return many
        ? t('formatNote.apartParts', { name, parts: formatCount(parts), extension: format })
        : format === 'opus'
          ? t('formatNote.opus')
          : t('formatNote.flac');
    }
  }
}

/** A clip's length: `0.9 s` for a short one, `1:30` from a minute on; a dash when unknown. */
export function clipLength(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return '—';
  if (seconds < 60) {
    const digits = seconds < 10 ? 1 : 0;
    const n = formatNumber(digits ? seconds : Math.round(seconds), {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    return t('length.seconds', { n });
  }
  return formatClock(seconds);
}

/** Speed as the field shows it: `1×`, `1.25×`. */
export function speedLabel(speed: number): string {
  return `${Number(speed.toFixed(2))}×`;
}

export function clampSpeed(value: number): number {
  if (!Number.isFinite(value)) return 1;
  return Math.min(MAX_SPEECH_SPEED, Math.max(MIN_SPEECH_SPEED, Math.round(value * 100) / 100));
}

/** What stops Generate, in the words the button's hint uses; null when it can run. */
export function generateProblem(characters: number, text: string, prefs: SpeakPrefs): string | null {
  if (text.trim() === '') return t('problem.empty');
  if (characters > MAX_SPEECH_TEXT) return t('problem.tooLong');
  if (prefs.model.trim() === '') return t('problem.model');
  if (prefs.voice.trim() === '') return t('problem.voice');
  return null;
}

/** "just now", "5 min ago", "3 h ago", then the date. */
export function savedAgo(createdAt: string, now: number = Date.now()): string {
  const at = Date.parse(createdAt);
  if (Number.isNaN(at)) return '';
  const minutes = Math.floor((now - at) / 60_000);
  if (minutes < 1) return t('ago.now');
  if (minutes < 60) return t('ago.minutes', { n: formatCount(minutes) });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return t('ago.hours', { n: formatCount(hours) });
  // English keeps the month-first date this list has always shown (`Sep 10, 2025`); other languages
  // take the date as format.ts writes it for them.
  if (i18n.language !== 'en') return formatDate(at);
  // Through format.ts's kept formatters: `toLocaleDateString` builds one per call (~0.5 ms, a row each).
  return formatDateTime(at, { day: 'numeric', month: 'short', year: 'numeric' }, 'en');
}

/**
 * How a continue adds a partial clip's remaining parts to the ones it holds, as its notes say it: joined
 * onto its file only where the clip is one file in a format main joins (see formatNote); Opus and FLAC
 * parts, and a clip whose parts already refused a join, are kept beside them.
 */
export function continuedPartsGo(clip: Pick<SpeechSummary, 'format' | 'layout'>): string {
  return continuedPartsJoin(clip) ? t('continued.joined') : t('continued.kept');
}

/** Whether a continue joins the remaining parts onto the clip's file (true) or keeps them beside it. */
export function continuedPartsJoin(clip: Pick<SpeechSummary, 'format' | 'layout'>): boolean {
  return clip.layout === 'file' && clip.format !== 'opus' && clip.format !== 'flac';
}

/**
 * What a partial clip holds, in the interface's language: `parts 1–39 of 49` (or `part 1 of 49`). The
 * page's own words for `speechPartialLabel` (contract), which main keeps in English for file names.
 */
export function partialLabel(done: number, parts: number): string {
  return done === 1
    ? t('partialLabel.first', { parts: formatCount(parts) })
    : t('partialLabel.upTo', { done: formatCount(done), parts: formatCount(parts) });
}
