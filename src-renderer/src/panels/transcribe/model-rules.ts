// Which transcription options a model takes, and the request they become. Pure, so the rules of WIRE.md
// are tested in one place and the options card only shows what this module decides.
//
//  - gpt-4o-transcribe / gpt-4o-mini-transcribe answer `json` only: text, no segments, no words. Their
//    transcriptions are streamed (`stream`: the text shows as it is made); whisper-1 and diarize models
//    are not, and translations never are (WIRE.md).
//  - whisper-1 answers `verbose_json` with segments, and words when asked.
//  - diarize models answer `diarized_json`: segments with speakers, no words; they need
//    `chunking_strategy` for inputs over 30 seconds, so it is always sent to them (`auto`).
//  - translations take no language (the output is always English) and no `timestamp_granularities`.
//  - a model we know nothing about gets everything; the gateway will say if it disagrees.
import type {
  TimestampDetail,
  TranscribePrefs,
  TranscriptFormat,
  TranscriptionOptions,
} from '../../../../src-preload/contract.ts';
import { transcribeWords } from './strings.ts';

const { t } = transcribeWords;

/** What the card can switch off. `segments` is the timestamps control as a whole; `words` its last choice. */
export type TranscribeOption = 'language' | 'prompt' | 'temperature' | 'segments' | 'words';

export interface DisabledOption {
  option: TranscribeOption;
  /** One line a person understands, shown under the control (in the interface's language when made). */
  reason: string;
}

/** How a model family answers. */
export type ModelKind = 'text-only' | 'diarize' | 'whisper' | 'unknown';

export interface ResolvedTranscription {
  /** What `audio.transcribe` is sent. */
  options: TranscriptionOptions;
  /** The timestamps that will really come back (the choice, lowered to what the model gives). */
  timestamps: TimestampDetail;
  disabled: DisabledOption[];
}

/** The model's name without a provider prefix (`openai/whisper-1` → `whisper-1`), lower case. */
function bareName(model: string): string {
  const trimmed = model.trim().toLowerCase();
  return trimmed.slice(trimmed.lastIndexOf('/') + 1);
}

export function modelKind(model: string): ModelKind {
  const name = bareName(model);
  if (name.includes('diarize')) return 'diarize';
  if (/^gpt-4o(-mini)?-transcribe\b/.test(name)) return 'text-only';
  if (name.includes('whisper')) return 'whisper';
  return 'unknown';
}

/** The options a model (in a mode) does not take, each with why. */
export function disabledOptions(prefs: Pick<TranscribePrefs, 'model' | 'mode'>): DisabledOption[] {
  const model = prefs.model.trim();
  const kind = modelKind(model);
  const translating = prefs.mode === 'translate';
  const disabled: DisabledOption[] = [];
  if (translating) disabled.push({ option: 'language', reason: t('rules.translateLanguage') });
  if (kind === 'diarize') {
    disabled.push({ option: 'prompt', reason: t('rules.noPrompt', { model }) });
  }
  if (kind === 'text-only') {
    disabled.push({ option: 'segments', reason: t('rules.plainText', { model }) });
    disabled.push({ option: 'words', reason: t('rules.plainText', { model }) });
  } else if (kind === 'diarize') {
    disabled.push({ option: 'words', reason: t('rules.diarizeWords', { model }) });
  } else if (translating) {
    disabled.push({ option: 'words', reason: t('rules.translateWords') });
  }
  return disabled;
}

export function isDisabled(disabled: readonly DisabledOption[], option: TranscribeOption): boolean {
  return disabled.some((d) => d.option === option);
}

export function reasonFor(disabled: readonly DisabledOption[], option: TranscribeOption): string | null {
  return disabled.find((d) => d.option === option)?.reason ?? null;
}

/** The timestamps asked for, lowered to what the model gives: words → segments → none. */
function effectiveTimestamps(wanted: TimestampDetail, disabled: readonly DisabledOption[]): TimestampDetail {
  if (wanted === 'none' || isDisabled(disabled, 'segments')) return 'none';
  if (wanted === 'word' && isDisabled(disabled, 'words')) return 'segment';
  return wanted;
}

function responseFormatFor(kind: ModelKind, timestamps: TimestampDetail): TranscriptFormat {
  if (kind === 'text-only' || timestamps === 'none') return 'json';
  if (kind === 'diarize') return 'diarized_json';
  return 'verbose_json';
}

/** A temperature the gateway takes (0–1), or none for the gateway's default. */
function temperatureOf(value: number | null): number | undefined {
  if (value === null || !Number.isFinite(value)) return undefined;
  return Math.min(1, Math.max(0, value));
}

/** The remembered choices, turned into the request for the chosen model and mode. */
export function resolveTranscription(prefs: TranscribePrefs): ResolvedTranscription {
  const model = prefs.model.trim();
  const kind = modelKind(model);
  const disabled = disabledOptions(prefs);
  const timestamps = effectiveTimestamps(prefs.timestamps, disabled);
  const responseFormat = responseFormatFor(kind, timestamps);
  const options: TranscriptionOptions = { model, responseFormat };

  const language = prefs.language.trim();
  if (language && !isDisabled(disabled, 'language')) options.language = language;
  const prompt = prefs.prompt.trim();
  if (prompt && !isDisabled(disabled, 'prompt')) options.prompt = prompt;
  const temperature = temperatureOf(prefs.temperature);
  if (temperature !== undefined) options.temperature = temperature;
  // Without it a diarize model refuses any input over 30 s; `auto` lets the server cut at pauses.
  if (kind === 'diarize' && prefs.mode === 'transcribe') options.chunkingStrategy = 'auto';
  // Streamed text is plain text: only the json answer of the gpt-4o transcribe family comes as events.
  if (kind === 'text-only' && prefs.mode === 'transcribe' && responseFormat === 'json') options.stream = true;
  // Granularities go with verbose_json only, and never with a translation (WIRE.md).
  if (responseFormat === 'verbose_json' && prefs.mode === 'transcribe') {
    options.timestampGranularities = timestamps === 'word' ? ['segment', 'word'] : ['segment'];
  }
  return { options, timestamps, disabled };
}
