// A deterministic, plausible transcript fitted to the audio's length, and its renderings in every
// `response_format` (json, text, srt, vtt, verbose_json).
import type { SoundMap } from './sound.ts';
import type { TranscriptSpec } from './types.ts';

export interface Segment {
  id: number;
  start: number;
  end: number;
  text: string;
}

export interface Word {
  word: string;
  start: number;
  end: number;
}

export interface Transcript {
  language: string;
  duration: number;
  text: string;
  segments: Segment[];
}

const SENTENCES = [
  'Thanks for joining the call this morning.',
  'Let me share the plan for the next release.',
  'The first part covers the recording screen.',
  'We tested it on three laptops last week.',
  'Uploads are faster now, even for long files.',
  'The waveform follows the playback closely.',
  'Exports work for plain text, subtitles and web captions.',
  'Next, a quick word about the speech panel.',
  'Voices sound clearer at normal speed.',
  'Any questions before we move on?',
  'Great, then let us look at the numbers.',
  'Error messages now tell you what to try next.',
];

const LANGUAGE_NAMES: Record<string, string> = {
  en: 'english',
  de: 'german',
  fr: 'french',
  es: 'spanish',
  it: 'italian',
  ja: 'japanese',
  zh: 'chinese',
  nl: 'dutch',
  pt: 'portuguese',
};

const SEGMENT_SECONDS = 3.5;

/** Builds the transcript of `duration` seconds of audio, from the test's spec when one was set. */
export function buildTranscript(
  duration: number,
  spec: TranscriptSpec | null,
  language: string | undefined,
): Transcript {
  const languageName = spec?.language ?? (language ? (LANGUAGE_NAMES[language] ?? language) : 'english');
  const texts =
    spec?.segments?.map((s) => s.text) ?? (spec?.text !== undefined ? splitSentences(spec.text) : null);
  const count = texts?.length ?? Math.max(1, Math.ceil(duration / SEGMENT_SECONDS));
  const span = duration / count;
  const segments: Segment[] = [];
  for (let i = 0; i < count; i += 1) {
    const given = spec?.segments?.[i];
    segments.push({
      id: i,
      start: round(given?.start ?? i * span),
      end: round(given?.end ?? (i + 1) * span),
      text: texts ? (texts[i] ?? '') : (SENTENCES[i % SENTENCES.length] ?? ''),
    });
  }
  const text = spec?.text ?? segments.map((s) => s.text).join(' ');
  return { language: languageName, duration: round(duration), text, segments };
}

/**
 * The transcript of a WAV whose sound was mapped: one segment per stretch of sound, from its onset to its
 * end. A tone is heard as `tone <Hz>`; speech says the filler sentences in turn, or, with a spec that asks
 * to `followSound`, the spec's words (shared out over the speech by its length, so all of them are said).
 * A spec set without `followSound` is answered as it always was (its times, or spread evenly over the
 * audio's length), and so is audio without any sound (`buildTranscript`).
 */
export function buildTranscriptFromSound(
  sound: SoundMap,
  spec: TranscriptSpec | null,
  language: string | undefined,
): Transcript {
  const timedSpec = spec?.segments?.some((s) => s.start !== undefined || s.end !== undefined) ?? false;
  if (sound.regions.length === 0 || timedSpec || (spec !== null && spec.followSound !== true)) {
    return buildTranscript(sound.durationSec, spec, language);
  }
  const languageName = spec?.language ?? (language ? (LANGUAGE_NAMES[language] ?? language) : 'english');
  const speech = sound.regions.filter((region) => region.toneHz === null);
  const spoken = spokenTexts(
    speech.map((region) => region.end - region.start),
    spec,
  );
  const segments: Segment[] = [];
  let speechIndex = 0;
  for (const region of sound.regions) {
    const text = region.toneHz !== null ? `tone ${region.toneHz}` : (spoken[speechIndex++] ?? '');
    if (text === '') continue;
    segments.push({ id: segments.length, start: millis(region.start), end: millis(region.end), text });
  }
  return {
    language: languageName,
    duration: millis(sound.durationSec),
    text: segments.map((s) => s.text).join(' '),
    segments,
  };
}

/** What each stretch of speech says: the spec's words shared out by length, or a filler sentence each. */
function spokenTexts(lengths: number[], spec: TranscriptSpec | null): string[] {
  const given = spec?.segments?.map((s) => s.text).join(' ') ?? spec?.text;
  if (given === undefined) return lengths.map((_, i) => SENTENCES[i % SENTENCES.length]!);
  const words = given.split(/\s+/).filter((word) => word !== '');
  const total = lengths.reduce((sum, length) => sum + length, 0);
  let before = 0;
  return lengths.map((length) => {
    const from = Math.round((words.length * before) / total);
    before += length;
    const to = Math.round((words.length * before) / total);
    return words.slice(from, to).join(' ');
  });
}

/** Times of mapped sound keep their milliseconds: the onsets are exact, and tests compare them. */
function millis(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}

function splitSentences(text: string): string[] {
  const parts = text.match(/[^.!?。！？]+[.!?。！？]*\s*/g)?.map((s) => s.trim()) ?? [];
  const nonEmpty = parts.filter((s) => s.length > 0);
  return nonEmpty.length > 0 ? nonEmpty : [text];
}

function round(seconds: number): number {
  return Math.round(seconds * 100) / 100;
}

export function wordsOf(transcript: Transcript): Word[] {
  const words: Word[] = [];
  for (const segment of transcript.segments) {
    const tokens = segment.text.split(/\s+/).filter((w) => w.length > 0);
    const step = (segment.end - segment.start) / Math.max(1, tokens.length);
    tokens.forEach((token, i) => {
      words.push({
        word: token.replace(/[.,!?;:]+$/, ''),
        start: round(segment.start + i * step),
        end: round(segment.start + (i + 1) * step),
      });
    });
  }
  return words;
}

/**
 * `diarized_json` as OpenAI's reference gives it: the text, the duration, and segments of
 * `type: "transcript.text.segment"` each with a speaker label (`A`, `B`, … in order of first speech).
 * The fake has two speakers taking turns.
 */
export function diarizedJson(transcript: Transcript): Record<string, unknown> {
  return {
    task: 'transcribe',
    duration: transcript.duration,
    text: transcript.text,
    segments: transcript.segments.map((s, index) => ({
      type: 'transcript.text.segment',
      id: `seg_${index}`,
      start: s.start,
      end: s.end,
      text: s.text,
      speaker: index % 2 === 0 ? 'A' : 'B',
    })),
  };
}

export function verboseJson(
  transcript: Transcript,
  task: 'transcribe' | 'translate',
  granularities: string[],
): Record<string, unknown> {
  const wantSegments = granularities.length === 0 || granularities.includes('segment');
  const body: Record<string, unknown> = {
    task,
    language: transcript.language,
    duration: transcript.duration,
    text: transcript.text,
  };
  if (wantSegments) {
    body.segments = transcript.segments.map((s) => ({
      id: s.id,
      seek: Math.floor(s.start * 100),
      start: s.start,
      end: s.end,
      text: ` ${s.text}`,
      tokens: [],
      temperature: 0,
      avg_logprob: -0.21,
      compression_ratio: 1.37,
      no_speech_prob: 0.01,
    }));
  }
  if (granularities.includes('word')) body.words = wordsOf(transcript);
  return body;
}

function clock(seconds: number, separator: ',' | '.'): string {
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}${separator}${pad(ms % 1000, 3)}`;
}

export function srt(transcript: Transcript): string {
  return transcript.segments
    .map((s, i) => `${i + 1}\n${clock(s.start, ',')} --> ${clock(s.end, ',')}\n${s.text}\n`)
    .join('\n');
}

export function vtt(transcript: Transcript): string {
  const cues = transcript.segments.map((s) => `${clock(s.start, '.')} --> ${clock(s.end, '.')}\n${s.text}\n`);
  return `WEBVTT\n\n${cues.join('\n')}`;
}
