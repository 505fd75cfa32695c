// Choices the panels remember between runs.

import type { TranscribeMode } from './audio.ts';
import type { ChatFormat } from './chat.ts';
import type { LanguageChoice } from './languages.ts';
import type { SpeechFormat } from './speech.ts';

// ─── Remembered choices ──────────────────────────────────────────────────────────────────────────

/** Timestamps asked of the gateway: none (plain text), per segment, or per segment and word. */
export type TimestampDetail = 'none' | 'segment' | 'word';

export interface TranscribePrefs {
  mode: TranscribeMode;
  model: string;
  /** ISO-639-1 code, or '' for automatic detection. */
  language: string;
  prompt: string;
  /** `null`: the gateway's default. */
  temperature: number | null;
  timestamps: TimestampDetail;
  /** How many queue items run at once. */
  concurrency: number;
  /** A recording longer than this (or larger than the upload limit) is cut into parts of at most this length. */
  partMinutes: number;
  /** How many parts of one long recording are sent at once. */
  partConcurrency: number;
  /** The microphone chosen last ('' = the system default). */
  inputDeviceId: string;
}

export interface SpeakPrefs {
  model: string;
  voice: string;
  format: SpeechFormat;
  speed: number;
  instructions: string;
}

export interface PlaygroundPrefs {
  /** What a new chat starts with (the last conversation's choices). */
  format: ChatFormat;
  stream: boolean;
  /** The model last used in each format. */
  responsesModel: string;
  chatModel: string;
  contentModel: string;
  /**
   * The format the user chose for a model that speaks several, by profile and model
   * (`formatChoiceKey`), so choosing that model again sends it the same way. The newest last.
   */
  formatChoices: Record<string, ChatFormat>;
  /** Enter sends and Shift+Enter breaks the line; `false`: the reverse. */
  enterSends: boolean;
  /** The parameters column is open. */
  showParameters: boolean;
  /** The conversation list is open. */
  showConversations: boolean;
}

/** Choices the app remembers between runs, per panel. */
/** The interface itself. */
export interface InterfacePrefs {
  /** The interface's language; `system` follows the OS (see languages.ts). */
  language: LanguageChoice;
}

export interface Prefs {
  interface: InterfacePrefs;
  transcribe: TranscribePrefs;
  speak: SpeakPrefs;
  playground: PlaygroundPrefs;
}

export type PrefsPatch = { [K in keyof Prefs]?: Partial<Prefs[K]> };

export const MAX_TRANSCRIBE_CONCURRENCY = 6;

/** The most format choices remembered (`PlaygroundPrefs.formatChoices`); the oldest are forgotten first. */
export const MAX_FORMAT_CHOICES = 500;

export const DEFAULT_PREFS: Prefs = {
  interface: { language: 'system' },
  transcribe: {
    mode: 'transcribe',
    model: 'whisper-1',
    language: '',
    prompt: '',
    temperature: null,
    timestamps: 'segment',
    concurrency: 2,
    partMinutes: 10,
    partConcurrency: 2,
    inputDeviceId: '',
  },
  speak: { model: 'gpt-4o-mini-tts', voice: 'alloy', format: 'mp3', speed: 1, instructions: '' },
  playground: {
    format: 'responses',
    stream: true,
    responsesModel: 'gpt-5-mini',
    chatModel: '',
    contentModel: 'gemini-2.5-flash',
    formatChoices: {},
    enterSends: true,
    showParameters: true,
    showConversations: true,
  },
};

// ─── Methods ─────────────────────────────────────────────────────────────────────────────────────

/** Methods of remembered choices. */
export interface PrefsMethods {
  'prefs.get': { input: undefined; output: Prefs };
  'prefs.update': { input: PrefsPatch; output: Prefs };
}

// The runtime list of these methods; the `satisfies` makes it complete and exact.
export const PREFS_METHODS = {
  'prefs.get': true,
  'prefs.update': true,
} satisfies Record<keyof PrefsMethods, true>;
