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
  /**
   * Ask for the transcript as it is made: `transcript.text.delta` events, then `transcript.text.done`
   * (OpenAI's transcription reference, `stream`; gpt-4o-transcribe and gpt-4o-mini-transcribe, not whisper-1).
   */
  stream?: boolean;
}

// ─── Long recordings, sent in parts ──────────────────────────────────────────────────────────────

/** Where a part of a long recording stands. */
export type TranscriptPartStatus = 'pending' | 'sending' | 'done' | 'failed';

/** One part of a long recording: the stretch of the original it covers, exactly, and where it stands. */
export interface TranscriptPartPlan {
  index: number;
  /** Seconds into the original recording where the part begins and ends. */
  startSec: number;
  endSec: number;
  /** Bytes uploaded for this part. */
  size: number;
  status: TranscriptPartStatus;
}

/** How a long recording is cut and sent: each part at most `maxSeconds` long, `concurrency` sent at once. */
export interface PartSettings {
  maxSeconds: number;
  concurrency: number;
}

/** The longest and shortest part a user may ask for, and the most parts sent at once. */
export const MIN_PART_SECONDS = 30;
export const MAX_PART_SECONDS = 3_600;
export const MAX_PART_CONCURRENCY = 4;
/** Ten-minute parts, two at a time, unless the user chose otherwise. */
export const DEFAULT_PART_SETTINGS: PartSettings = { maxSeconds: 600, concurrency: 2 };

/** A long recording whose parts are not all transcribed yet (stopped, failed, or the app closed meanwhile). */
export interface UnfinishedJob {
  jobId: string;
  /** The name the history will show. */
  name: string;
  mode: TranscribeMode;
  options: TranscriptionOptions;
  /** The recording, ready to play; `null` when it has been moved or deleted (the parts still hold it). */
  audio: AudioFile | null;
  durationSec: number | null;
  parts: TranscriptPartPlan[];
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
 * A transcript as the window gets it: what it shows and copies. Word timings and the gateway's raw answer
 * stay in main (exports are written there): for a 3-hour lecture they are most of the bytes, and carrying
 * them to the page made opening it one long task.
 */
export type ShownTranscript = Omit<Transcript, 'words' | 'raw'>;

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

/** One page of the transcript history. */
export interface TranscriptList {
  /** One page (all of them when no `limit` was asked), newest first. */
  transcripts: TranscriptSummary[];
  /** How many match, every page. */
  total: number;
  /**
   * Present while main checks or rebuilds its index of the history (at start; after the index was missing
   * or damaged): the list is what is indexed so far; ask again for the rest. `done` of `total` files read.
   */
  rebuilding?: { done: number; total: number };
}

/** Transcripts one page of the history holds at most. */
export const MAX_TRANSCRIPT_PAGE = 500;

/** A saved transcript with everything needed to show, play and export it again. */
export interface TranscriptEntry extends TranscriptSummary {
  options: TranscriptionOptions;
  transcript: ShownTranscript;
  audioPath: string;
  /** The audio, ready to play; `null` when its file has been moved or deleted since. */
  audio: AudioFile | null;
}

/** What `audio.transcribe`'s `result` event carries: the transcript, already saved in the history. */
export interface TranscriptionDone {
  transcript: ShownTranscript;
  entry: TranscriptSummary;
  /**
   * A long recording sent in parts with diarization: `false` when each part's speakers are labelled on their
   * own ("Part 2 · A"), because the model's labels cannot be matched across parts.
   */
  speakersMatched?: boolean;
}

export type TranscriptExportFormat = 'txt' | 'srt' | 'vtt' | 'json';

/** The most segments `transcripts.get` and `transcripts.segments` carry in one message. */
export const MAX_SEGMENTS_PER_PAGE = 2_000;

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
      /** How to cut a recording too long or too large for one request (default: 10-minute parts, 2 at once). */
      parts?: PartSettings;
    };
    output: StreamStarted;
  };
  /** Long recordings not finished yet, oldest first: the queue lists them again after a restart. */
  'audio.jobs': { input: undefined; output: UnfinishedJob[] };
  /**
   * Sends the parts of a job that are not done (or only `part`, a retry of that one); finished parts are
   * never sent again. Events and result as `audio.transcribe`.
   */
  'audio.resumeJob': { input: { jobId: string; part?: number; concurrency: number }; output: StreamStarted };
  /**
   * The user let go of an unfinished job: its parts and what came back for them are deleted, and the
   * recording main wrote for it too unless `keepRecording` (another queue item still holds it).
   */
  'audio.discardJob': { input: { jobId: string; keepRecording?: boolean }; output: { discarded: boolean } };
  /**
   * Saved transcripts, newest first, `limit` of them from `offset` (all without a limit); `query` matches
   * names and text: every word, case and accents ignored, the last word as the start of one,
   * Chinese/Japanese/Korean without spaces.
   */
  'transcripts.list': {
    input: { query?: string; offset?: number; limit?: number };
    output: TranscriptList;
  };
  /**
   * A saved transcript. With `segments`, `transcript.segments` holds only that many of the first ones
   * (`segmentCount` says how many there are; `transcripts.segments` gives the rest): a 3-hour lecture opens
   * without carrying 6,000 segments in one message.
   */
  'transcripts.get': { input: { id: string; segments?: number }; output: TranscriptEntry };
  /** Segments `from` … `from + count - 1` of a saved transcript (fewer at its end), and how many it has. */
  'transcripts.segments': {
    input: { id: string; from: number; count: number };
    output: { segments: TranscriptSegment[]; total: number };
  };
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
  'audio.jobs': true,
  'audio.resumeJob': true,
  'audio.discardJob': true,
  'transcripts.list': true,
  'transcripts.get': true,
  'transcripts.segments': true,
  'transcripts.delete': true,
  'transcripts.export': true,
} satisfies Record<keyof AudioMethods, true>;
