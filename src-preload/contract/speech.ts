// Speak: speech options, clips and the speech history.

import type { AppError } from './errors.ts';
import type { StreamStarted } from './streams.ts';

// ─── Speech ──────────────────────────────────────────────────────────────────────────────────────

export type SpeechFormat = 'mp3' | 'opus' | 'aac' | 'flac' | 'wav' | 'pcm';

export interface SpeechOptions {
  model: string;
  voice: string;
  input: string;
  format?: SpeechFormat;
  speed?: number;
  instructions?: string;
  /** Keep raw pcm as delivered instead of wrapping it as WAV for playback. */
  keepRawPcm?: boolean;
}

export interface SpeechClip {
  /** Absolute path of the written file in the app's data folder. */
  path: string;
  format: SpeechFormat;
  /** The file's extension (pcm wrapped for playback becomes `wav`). */
  extension: string;
  bytes: number;
  contentType: string | null;
  elapsedMs: number;
  /** From the call's start to the first audio byte (retries included): the wait before sound could begin. */
  firstByteMs: number;
}

// ─── Speech studio ───────────────────────────────────────────────────────────────────────────────

/** Characters one speech request takes (WIRE.md); a longer text is sent in parts of at most this. */
export const SPEECH_INPUT_LIMIT = 4096;
/** The longest text the Speak panel sends in one job (about 49 parts). */
export const MAX_SPEECH_TEXT = 200_000;
export const MIN_SPEECH_SPEED = 0.25;
export const MAX_SPEECH_SPEED = 4;
export const SPEECH_FORMATS: readonly SpeechFormat[] = ['mp3', 'opus', 'aac', 'flac', 'wav', 'pcm'];
/** The built-in voices WIRE.md names; a gateway may offer others, typed by name. */
export const BUILT_IN_VOICES = [
  'alloy',
  'ash',
  'ballad',
  'coral',
  'echo',
  'fable',
  'onyx',
  'nova',
  'sage',
  'shimmer',
  'verse',
  'marin',
  'cedar',
] as const;

/**
 * What a partial clip holds: `parts 1–39 of 49` (or `part 1 of 49`). Shown by the page and used by main to
 * name a partial clip's saved copy, so both say the same.
 */
export function speechPartialLabel(done: number, parts: number): string {
  return done === 1 ? `part 1 of ${parts}` : `parts 1–${done} of ${parts}`;
}

/** Characters as the gateway counts them (code points, so an emoji is one). */
export function speechCharacters(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/** `instructions` is not taken by tts-1 and tts-1-hd (WIRE.md); main leaves it out for them. */
export function speechTakesInstructions(model: string): boolean {
  return !/(^|\/)tts-1(?!\d)/i.test(model.trim());
}

/** What the Speak panel asks main to say. */
export interface SpeechRequest {
  /** Any length up to `MAX_SPEECH_TEXT`; main splits it into parts the gateway accepts. */
  text: string;
  model: string;
  voice: string;
  format: SpeechFormat;
  speed: number;
  /** Ignored for models that take none (`speechTakesInstructions`). */
  instructions?: string;
}

/**
 * How a clip's audio is kept. `file`: one file (one part, or parts joined: mp3, wav, pcm as wav, ADTS aac).
 * `parts`: one numbered file per part, because the format cannot simply be joined (opus, flac).
 */
export type SpeechLayout = 'file' | 'parts';

/** A clip in the history list. */
export interface SpeechSummary {
  id: string;
  createdAt: string;
  /** The first words of the text. */
  preview: string;
  characters: number;
  model: string;
  voice: string;
  format: SpeechFormat;
  speed: number;
  /** Requests it took. */
  parts: number;
  layout: SpeechLayout;
  /** The saved file's extension (`wav` for pcm). */
  extension: string;
  /** Size of the audio on disk. */
  bytes: number;
  durationSec: number | null;
  /** From Generate to the first audio byte of the first part. */
  timeToFirstAudioMs: number | null;
  /**
   * Present while the clip holds only its first parts: the job failed or was stopped at part `done + 1`
   * of `parts`. The parts kept were paid for; `speech.continue` sends only the rest.
   */
  partial?: SpeechPartial;
}

/** Why a clip is partial: the parts it holds and what stopped the next one. */
export interface SpeechPartial {
  /** Parts 1 to `done` are in the clip's audio. */
  done: number;
  /** The failed part's error, classified as any gateway error (`aborted` when the user stopped it). */
  error: AppError;
}

/** A clip with everything needed to play, save and reuse it. */
export interface SpeechEntry extends SpeechSummary {
  text: string;
  /** The choices it was made with (instructions only when the model took them). */
  request: SpeechRequest;
  /** Where the page plays it from: one URL for `file`, one per part (in order) for `parts`. */
  urls: string[];
  /** From Generate to the whole clip saved. */
  elapsedMs: number;
}

export interface SpeechHistory {
  /** One page (all of them when no `limit` was asked), newest first. */
  entries: SpeechSummary[];
  /** How many match, every page. */
  total: number;
  /** History files that could not be read and were moved aside (in this run). */
  movedAside: number;
  /**
   * Present while main checks or rebuilds its index of the history (at start; after the index was missing
   * or damaged): the list is what is indexed so far; ask again for the rest. `done` of `total` files read.
   */
  rebuilding?: { done: number; total: number };
}

/** Clips one page of the history holds at most. */
export const MAX_SPEECH_PAGE = 500;

// ─── Methods ─────────────────────────────────────────────────────────────────────────────────────

/** Methods of the Speak panel. */
export interface SpeechMethods {
  /**
   * Speaks a text of any length (in parts); result event: the saved `SpeechEntry`. `progress`: part k of n.
   * A part that fails (or a stop) after others arrived keeps those as a `partial` entry, sent as the result
   * before the error (or the stop) that ends the stream.
   */
  'speech.generate': { input: SpeechRequest; output: StreamStarted };
  /**
   * Sends the parts a partial clip still lacks (with its own stored text and choices, whatever the
   * editor holds now) and completes it under the same id. Result event: the `SpeechEntry`, whole, or
   * still partial (with more parts) if a part fails again.
   */
  'speech.continue': { input: { id: string }; output: StreamStarted };
  /**
   * The clips in the history, newest first, `limit` of them from `offset` (all without a limit); `query`
   * matches their text: every word, case and accents ignored, the last word as the start of one,
   * Chinese/Japanese/Korean without spaces.
   */
  'speech.list': {
    input: { query?: string; offset?: number; limit?: number } | undefined;
    output: SpeechHistory;
  };
  'speech.get': { input: { id: string }; output: SpeechEntry };
  /** Deletes a clip and its audio. */
  'speech.delete': { input: { id: string }; output: { deleted: boolean } };
  /**
   * Asks where to save, then main copies the audio there. `path: null`: the user cancelled. `files`: what
   * was written (one file, or `name-1.opus`, `name-2.opus`, … for a clip kept in parts). Only the file the
   * user chose is ever replaced; any other name that is taken moves the save to `name (2)…`, `name (3)…`.
   */
  'speech.save': { input: { id: string }; output: { path: string | null; files: string[] } };
}

// The runtime list of these methods; the `satisfies` makes it complete and exact.
export const SPEECH_METHODS = {
  'speech.generate': true,
  'speech.continue': true,
  'speech.list': true,
  'speech.get': true,
  'speech.delete': true,
  'speech.save': true,
} satisfies Record<keyof SpeechMethods, true>;
