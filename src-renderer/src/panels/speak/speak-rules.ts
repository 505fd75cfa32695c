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
import { formatClock } from '../../i18n/format.ts';

const number = new Intl.NumberFormat('en');
export const formatCount = (value: number): string => number.format(value);

/**
 * About how many requests a text takes. Main cuts at paragraphs and sentences, so a part is often a
 * little under the limit: this is a lower bound, said as "about".
 */
export function estimateParts(characters: number): number {
  return characters === 0 ? 0 : Math.ceil(characters / SPEECH_INPUT_LIMIT);
}

export type CountTone = 'normal' | 'parts' | 'over';

export interface CountInfo {
  /** `1,234 / 4,096` */
  label: string;
  /** What that means, briefly: nothing, "sent in about 3 parts", or too long. */
  note: string | null;
  /** The longer explanation (a tooltip). */
  detail: string | null;
  tone: CountTone;
}

export function describeCount(characters: number): CountInfo {
  const label = `${formatCount(characters)} / ${formatCount(SPEECH_INPUT_LIMIT)}`;
  if (characters > MAX_SPEECH_TEXT) {
    return {
      label,
      note: `Over the ${formatCount(MAX_SPEECH_TEXT)} limit`,
      detail: `At most ${formatCount(MAX_SPEECH_TEXT)} characters are spoken at once: shorten the text.`,
      tone: 'over',
    };
  }
  if (characters > SPEECH_INPUT_LIMIT) {
    return {
      label,
      note: `Sent in about ${estimateParts(characters)} parts`,
      detail: 'One request takes 4,096 characters: the text is cut between paragraphs and sentences.',
      tone: 'parts',
    };
  }
  return { label, note: null, detail: null, tone: 'normal' };
}

/** Why the instructions field is off for this model, or null when the model takes instructions. */
export function instructionsReason(model: string): string | null {
  if (speechTakesInstructions(model)) return null;
  return `${model.trim()} does not take instructions; models such as gpt-4o-mini-tts do.`;
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
      return many ? 'The parts are joined into one MP3 file.' : 'Small files; plays everywhere.';
    case 'wav':
      return many ? 'The parts are joined into one WAV file.' : 'Uncompressed; large files.';
    case 'pcm':
      return many
        ? 'Raw 24 kHz samples; the parts are joined and saved as one WAV file, so it plays.'
        : 'Raw 24 kHz samples, saved as a WAV file so it plays.';
    case 'aac':
      return many
        ? 'Joined into one AAC file when the gateway sends plain AAC frames; otherwise kept as numbered files.'
        : 'Small files; plays on Apple devices.';
    case 'opus':
    case 'flac': {
      const name = formatLabel(format);
      return many
        ? `${name} parts cannot be joined: this text is kept as about ${parts} numbered files ` +
            `(name-1.${format}, …) that play here as one. MP3 or WAV give one file.`
        : format === 'opus'
          ? 'Small files, good for streaming.'
          : 'Lossless and compressed.';
    }
  }
}

/** A clip's length: `0.9 s` for a short one, `1:30` from a minute on; a dash when unknown. */
export function clipLength(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return '—';
  if (seconds < 60) return `${seconds < 10 ? seconds.toFixed(1) : Math.round(seconds)} s`;
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
  if (text.trim() === '') return 'Type something to speak.';
  if (characters > MAX_SPEECH_TEXT) return 'The text is too long.';
  if (prefs.model.trim() === '') return 'Choose a model.';
  if (prefs.voice.trim() === '') return 'Choose a voice.';
  return null;
}

/** "just now", "5 min ago", "3 h ago", then the date. */
export function savedAgo(createdAt: string, now: number = Date.now()): string {
  const at = Date.parse(createdAt);
  if (Number.isNaN(at)) return '';
  const minutes = Math.floor((now - at) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  return new Date(at).toLocaleDateString('en', { day: 'numeric', month: 'short', year: 'numeric' });
}

/**
 * How a continue adds a partial clip's remaining parts to the ones it holds, as its notes say it: joined
 * onto its file only where the clip is one file in a format main joins (see formatNote); Opus and FLAC
 * parts, and a clip whose parts already refused a join, are kept beside them.
 */
export function continuedPartsGo(clip: Pick<SpeechSummary, 'format' | 'layout'>): string {
  const joins = clip.layout === 'file' && clip.format !== 'opus' && clip.format !== 'flac';
  return joins ? 'joined onto them' : 'kept beside them as numbered files';
}
