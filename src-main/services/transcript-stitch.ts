// A long recording's transcript from the transcripts of its parts (issue 16): text joined without a word lost
// or doubled at the cuts, segments and words moved onto the original recording's timeline, speakers kept
// per part. Pure: no I/O.
import type {
  Transcript,
  TranscriptionUsage,
  TranscriptSegment,
  TranscriptWord,
} from '../../src-preload/contract.ts';

export interface PartTranscript {
  index: number;
  /** Where the part begins and ends in the original recording, exactly as it was cut. */
  startSec: number;
  endSec: number;
  transcript: Transcript;
}

export type StitchedTranscript = Transcript & {
  /**
   * `false` when diarized speakers could not be matched across parts and are labelled per part
   * ("Part 2 · A"); the UI says so.
   */
  speakersMatched: boolean;
};

export interface StitchOptions {
  /**
   * The names the request gave the diarize model for its speakers (`known_speaker_names[]`, with reference
   * clips). Only these name the same person in every part; any other label is the part's own.
   */
  knownSpeakerNames?: readonly string[];
}

/**
 * How far from a cut a repeated word may be heard and still be the same word heard twice. A cut falls in a
 * quiet stretch, so the only word both parts can hear is one that straddles it (or that a model stretched
 * over the edge); a repetition the speaker really said lies further away.
 */
const BOUNDARY_SECONDS = 0.5;
/** The longest repetition checked at a cut: a straddling word or two, with margin. Longer is real speech. */
const MAX_REPEATED_WORDS = 6;

/** Scripts written without spaces between words: each character is a word, and parts join with nothing. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const UNSPACED_PUNCTUATION = /[\u3000-\u303f\uff00-\uffef]/u;
/** A character of an unspaced script, or a run of anything else that is not a space. */
const TOKEN =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|[^\s\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+/gu;

interface Token {
  /** Lower case, punctuation stripped: how two hearings of a word are compared. */
  key: string;
  /** Offset just past the token in its text. */
  end: number;
}

function tokensOf(text: string): Token[] {
  return Array.from(text.matchAll(TOKEN), (match) => ({
    key: normalise(match[0]),
    end: (match.index ?? 0) + match[0].length,
  }));
}

function normalise(word: string): string {
  return word.toLocaleLowerCase().replace(/[\p{P}\p{S}]+/gu, '');
}

/** One part on the original timeline: times offset by its start and kept inside it. */
interface PlacedPart {
  index: number;
  startSec: number;
  endSec: number;
  text: string;
  segments: TranscriptSegment[];
  words: TranscriptWord[];
}

function place(part: PartTranscript): PlacedPart {
  const { startSec, endSec, transcript } = part;
  const length = Math.max(0, endSec - startSec);
  // A model may overrun its audio by a few milliseconds; nothing of a part lies outside it.
  const at = (seconds: number) => startSec + Math.min(length, Math.max(0, seconds));
  const text = transcript.text.trim();
  const segments: TranscriptSegment[] =
    transcript.segments.length > 0
      ? transcript.segments.map((segment) => ({ ...segment, start: at(segment.start), end: at(segment.end) }))
      : // json/text answers carry no times: one segment spanning the part keeps SRT/VTT on the timeline.
        text === ''
        ? []
        : [{ id: 0, start: startSec, end: endSec, text }];
  const words = transcript.words.map((word) => ({ ...word, start: at(word.start), end: at(word.end) }));
  return { index: part.index, startSec, endSec, text, segments, words };
}

/**
 * How many words at the start of `next` repeat the end of `previous` and are proven to be the same words
 * heard by both parts: the texts agree, and word times put both hearings at the cut between them. Segment
 * times prove nothing: a segment touching the cut holds a word heard twice as well as a word said twice, and
 * dropping real speech is worse than a rare doubled word. Without word times nothing is dropped.
 */
function provenRepeats(previous: PlacedPart, next: PlacedPart): number {
  if (previous.words.length === 0 || next.words.length === 0) return 0;
  const cut = next.startSec;
  const before = tokensOf(previous.text).map((t) => t.key);
  const after = tokensOf(next.text).map((t) => t.key);
  const longest = Math.min(MAX_REPEATED_WORDS, before.length, after.length);
  for (let n = longest; n >= 1; n -= 1) {
    const tail = before.slice(before.length - n);
    const head = after.slice(0, n);
    if (tail.some((key, i) => key === '' || key !== head[i])) continue;
    if (wordTimesShowSameWords(previous, next, tail, cut)) return n;
  }
  return 0;
}

/**
 * Whether the word times show `keys` heard by both parts at the cut: every word of the previous hearing ends
 * within the boundary window before the cut, every word of the next one begins within the window after it,
 * and each word was heard by both at about the same moment (a phrase said twice lies a phrase apart).
 */
function wordTimesShowSameWords(
  previous: PlacedPart,
  next: PlacedPart,
  keys: string[],
  cut: number,
): boolean {
  const n = keys.length;
  const lastWords = previous.words.slice(-n);
  const firstWords = next.words.slice(0, n);
  const sameWords =
    lastWords.length === n &&
    firstWords.length === n &&
    lastWords.every((word, i) => normalise(word.word) === keys[i]) &&
    firstWords.every((word, i) => normalise(word.word) === keys[i]);
  return (
    sameWords &&
    lastWords.every((word, i) => {
      const again = firstWords[i]!;
      return (
        word.end >= cut - BOUNDARY_SECONDS &&
        again.start <= cut + BOUNDARY_SECONDS &&
        Math.abs(again.start - word.start) <= BOUNDARY_SECONDS
      );
    })
  );
}

/** Drops the first `count` words of a part (the copy the previous part already has). */
function dropLeadingWords(part: PlacedPart, count: number): PlacedPart {
  const textTokens = tokensOf(part.text);
  const text = part.text.slice(textTokens[count - 1]!.end).trim();
  let left = count;
  const segments: TranscriptSegment[] = [];
  for (const segment of part.segments) {
    if (left > 0) {
      const tokens = tokensOf(segment.text);
      const taken = Math.min(left, tokens.length);
      left -= taken;
      const rest = taken === 0 ? segment.text : segment.text.slice(tokens[taken - 1]!.end).trim();
      if (rest !== '') segments.push({ ...segment, text: rest });
    } else {
      segments.push(segment);
    }
  }
  const matchingWords = part.words
    .slice(0, count)
    .every((word, i) => normalise(word.word) === textTokens[i]!.key);
  const words = matchingWords ? part.words.slice(count) : part.words;
  return { ...part, text, segments, words };
}

function isUnspaced(character: string | undefined): boolean {
  return character !== undefined && (UNSPACED.test(character) || UNSPACED_PUNCTUATION.test(character));
}

/** One space between parts, or nothing between two parts written in a script without spaces. */
function joinTexts(texts: string[]): string {
  let joined = '';
  for (const text of texts) {
    if (text === '') continue;
    const last = joined.at(-1);
    const first = text[0];
    joined += joined === '' || (isUnspaced(last) && isUnspaced(first)) ? text : ` ${text}`;
  }
  return joined;
}

/**
 * Diarized speakers. Each part is a request of its own, and a diarize model labels speakers within its
 * request. OpenAI's API reference (TranscriptionDiarizedSegment, the `speaker` field of a `diarized_json`
 * segment) says the label is one of the request's `known_speaker_names[]` when it passed known speakers, and
 * otherwise a capital letter given in order of appearance (`A`, `B`, …); other diarizers number theirs per
 * request (`speaker_0`, `SPEAKER_01`). So "A" of part 1 and "A" of part 2 may be two people: only a name the
 * request passed is the same person in every part. Every other label is kept per part ("Part 2 · A") and the
 * transcript says its speakers are not matched. One part alone needs no prefix.
 */
function labelSpeakers(
  parts: PlacedPart[],
  knownNames: readonly string[],
): { parts: PlacedPart[]; matched: boolean } {
  if (parts.length < 2) return { parts, matched: true };
  const known = new Set(knownNames);
  let matched = true;
  const labelled = parts.map((part) => ({
    ...part,
    segments: part.segments.map((segment) => {
      if (segment.speaker === undefined || known.has(segment.speaker)) return segment;
      matched = false;
      return { ...segment, speaker: `Part ${part.index + 1} · ${segment.speaker}` };
    }),
  }));
  return { parts: labelled, matched };
}

/** The parts' usage added up, when every part reports one of the same kind; otherwise none. */
function totalUsage(usages: Array<TranscriptionUsage | undefined>): TranscriptionUsage | undefined {
  const [first] = usages;
  if (first === undefined || usages.some((usage) => usage?.type !== first.type)) return undefined;
  if (first.type === 'duration') {
    return {
      type: 'duration',
      seconds: usages.reduce((sum, usage) => sum + (usage as { seconds: number }).seconds, 0),
    };
  }
  const tokens = usages as Array<Extract<TranscriptionUsage, { type: 'tokens' }>>;
  const sum = (field: 'inputTokens' | 'audioTokens' | 'outputTokens' | 'totalTokens') =>
    tokens.some((usage) => usage[field] === null)
      ? null
      : tokens.reduce((total, usage) => total + (usage[field] ?? 0), 0);
  return {
    type: 'tokens',
    inputTokens: sum('inputTokens'),
    audioTokens: sum('audioTokens'),
    outputTokens: sum('outputTokens'),
    totalTokens: sum('totalTokens'),
  };
}

/** The whole recording's transcript from its parts, in order. */
export function stitchTranscripts(
  parts: PartTranscript[],
  format: Transcript['format'],
  options: StitchOptions = {},
): StitchedTranscript {
  const ordered = [...parts].sort((a, b) => a.index - b.index);
  const placed: PlacedPart[] = [];
  for (const part of ordered.map(place)) {
    const previous = placed.at(-1);
    const repeats = previous ? provenRepeats(previous, part) : 0;
    placed.push(repeats > 0 ? dropLeadingWords(part, repeats) : part);
  }
  const { parts: labelled, matched } = labelSpeakers(placed, options.knownSpeakerNames ?? []);

  const segments = labelled.flatMap((part) => part.segments).map((segment, id) => ({ ...segment, id }));
  const words = labelled.flatMap((part) => part.words);
  const stitched: StitchedTranscript = {
    text: joinTexts(labelled.map((part) => part.text)),
    segments,
    words,
    // Nothing the gateway said is lost: every part's answer, with where it sits in the recording.
    raw: JSON.stringify({
      parts: ordered.map((part) => ({
        index: part.index,
        startSec: part.startSec,
        endSec: part.endSec,
        format: part.transcript.format,
        raw: part.transcript.raw,
      })),
    }),
    format,
    speakersMatched: matched,
  };
  const language = ordered.find((part) => part.transcript.language)?.transcript.language;
  if (language !== undefined) stitched.language = language;
  const last = ordered.at(-1);
  if (last !== undefined) stitched.duration = last.endSec;
  const usage = totalUsage(ordered.map((part) => part.transcript.usage));
  if (usage !== undefined) stitched.usage = usage;
  return stitched;
}
