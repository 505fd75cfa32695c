// Transcribe: audio given to main, transcripts, and the audio files the page plays.

import type { StreamStarted } from './streams.ts';

// ─── Transcription ───────────────────────────────────────────────────────────────────────────────

/** Audio given to main: a file on disk (dropped or picked), or bytes (a recording, or the browser harness). */
export type AudioSource = { path: string } | { name: string; type: string; bytes: Uint8Array };

export type TranscriptFormat = 'json' | 'text' | 'srt' | 'vtt' | 'verbose_json' | 'diarized_json';

export interface TranscriptionOptions {
  model: string;
  language?: string;
  prompt?: string;
  responseFormat?: TranscriptFormat;
  temperature?: number;
  timestampGranularities?: Array<'segment' | 'word'>;
  /**
   * `auto`: the server cuts the audio at pauses it finds itself. Diarize models require it for inputs over
   * 30 seconds (OpenAI's transcription reference, `chunking_strategy`).
   */
  chunkingStrategy?: 'auto';
}

export interface TranscriptSegment {
  id: number;
  start: number;
  end: number;
  text: string;
  speaker?: string;
}

export interface TranscriptWord {
  word: string;
  start: number;
  end: number;
}

/** Every response_format normalised to one shape. */
export interface Transcript {
  text: string;
  segments: TranscriptSegment[];
  words: TranscriptWord[];
  language?: string;
  duration?: number;
  /** The body as the gateway sent it (JSON text, SRT, VTT or plain text). */
  raw: string;
  format: TranscriptFormat;
  /** What the gateway says it billed, when it says (JSON answers only). */
  usage?: TranscriptionUsage;
}

/**
 * A transcription's usage as the gateway reports it: seconds of audio (whisper-style models), or tokens
 * (gpt-4o-transcribe-style models, whose input is mostly audio tokens). Unknown counts are `null`.
 */
export type TranscriptionUsage =
  | { type: 'duration'; seconds: number }
  | {
      type: 'tokens';
      inputTokens: number | null;
      audioTokens: number | null;
      outputTokens: number | null;
      totalTokens: number | null;
    };

// ─── Audio files (Transcribe) ────────────────────────────────────────────────────────────────────

/**
 * The most paths one `audio.open` or `audio.release` call may name: a drop of a whole folder's worth of
 * files is still one call, more is a mistake. Main's schemas refuse more; the page sends more in parts.
 */
export const MAX_AUDIO_PATHS_PER_CALL = 200;

/**
 * File extensions the app accepts as audio: the formats the gateway takes (WIRE.md), then other names of
 * the same containers, which main renames on upload. The drop target, the file dialog and main share it.
 */
export const ACCEPTED_AUDIO_EXTENSIONS = [
  'flac',
  'mp3',
  'mp4',
  'mpeg',
  'mpga',
  'm4a',
  'ogg',
  'wav',
  'webm',
  'oga',
  'opus',
  'wave',
  'mpg',
] as const;

/** A waveform's precomputed peaks, so a long file is drawn without being fetched and decoded again. */
export interface AudioPeaks {
  /** Length of the audio in seconds. */
  duration: number;
  /** Peak magnitudes 0..1 of one channel, evenly spaced over the duration. */
  data: number[];
}

/** An audio file main has checked and may read, and the page may play. */
export interface AudioFile {
  /** Real path on disk (symlinks resolved). */
  path: string;
  /** What the user knows it as (the file name, or the recording's title). */
  name: string;
  size: number;
  /** Where the page plays it from (the app's media route); valid for this run of the app. */
  url: string;
  kind: 'file' | 'recording';
  durationSec: number | null;
  /** Cached peaks from an earlier visit, when the file has not changed since. */
  peaks: AudioPeaks | null;
}

export interface AudioOpened {
  files: AudioFile[];
  /** Files that were not accepted, each with a reason a person understands. */
  refused: Array<{ name: string; reason: string }>;
}

export type TranscribeMode = 'transcribe' | 'translate';

/** One saved transcript as the history list shows it. */
export interface TranscriptSummary {
  id: string;
  createdAt: string;
  /** The audio's name. */
  name: string;
  mode: TranscribeMode;
  model: string;
  kind: 'file' | 'recording';
  durationSec: number | null;
  language: string | null;
  /** The first words of the text. */
  preview: string;
  segmentCount: number;
}

/** A saved transcript with everything needed to show, play and export it again. */
export interface TranscriptEntry extends TranscriptSummary {
  options: TranscriptionOptions;
  transcript: Transcript;
  audioPath: string;
  /** The audio, ready to play; `null` when its file has been moved or deleted since. */
  audio: AudioFile | null;
}

/** What `audio.transcribe`'s `result` event carries: the transcript, already saved in the history. */
export interface TranscriptionDone {
  transcript: Transcript;
  entry: TranscriptSummary;
}

export type TranscriptExportFormat = 'txt' | 'srt' | 'vtt' | 'json';

// ─── Methods ─────────────────────────────────────────────────────────────────────────────────────

/** Methods of audio files and transcripts. */
export interface AudioMethods {
  /** Checks dropped files (by path) and makes them playable. */
  'audio.open': { input: { paths: string[] }; output: AudioOpened };
  /** The native file dialog, for one or many audio files. Cancelled: no files. */
  'audio.pick': { input: undefined; output: AudioOpened };
  /** Bytes with no path (a recording, a shortened clip, a drop in a browser) written to the data folder. */
  'audio.import': {
    input: {
      name: string;
      type: string;
      bytes: Uint8Array;
      kind: 'file' | 'recording';
      durationSec?: number;
    };
    output: AudioFile;
  };
  /** Remembers a file's waveform peaks, so the next visit draws it at once. */
  'audio.savePeaks': { input: { path: string; peaks: AudioPeaks }; output: { saved: boolean } };
  /**
   * The queue no longer holds these files (its items were removed, cleared or cancelled). Main deletes
   * those it wrote in this run (recordings, shorter clips) that no transcript refers to; `deleted`: how
   * many. A file the user dropped or picked is never deleted.
   */
  'audio.release': { input: { paths: string[] }; output: { deleted: number } };
  /** Result event: `TranscriptionDone` (the transcript is saved in the history before it is reported). */
  'audio.transcribe': {
    input: {
      source: AudioSource;
      options: TranscriptionOptions;
      mode: TranscribeMode;
      /** The name the history shows (default: the file's name). */
      name?: string;
      durationSec?: number;
    };
    output: StreamStarted;
  };
  'transcripts.list': { input: { query?: string }; output: TranscriptSummary[] };
  'transcripts.get': { input: { id: string }; output: TranscriptEntry };
  'transcripts.delete': { input: { id: string }; output: { deleted: boolean } };
  /** Asks where to save, then main writes the file. `path: null`: the user cancelled. */
  'transcripts.export': {
    input: { id: string; format: TranscriptExportFormat };
    output: { path: string | null };
  };
}

// The runtime list of these methods; the `satisfies` makes it complete and exact.
export const AUDIO_METHODS = {
  'audio.open': true,
  'audio.pick': true,
  'audio.import': true,
  'audio.savePeaks': true,
  'audio.release': true,
  'audio.transcribe': true,
  'transcripts.list': true,
  'transcripts.get': true,
  'transcripts.delete': true,
  'transcripts.export': true,
} satisfies Record<keyof AudioMethods, true>;
