// The one typed contract between the renderer and main.
// No runtime imports: the preload bundles this file and must stay tiny. Main implements every method
// (a missing handler fails to compile, see src-main/ipc/handlers.ts); the renderer calls them through
// `src-renderer/src/api.ts`.

// ─── Errors ──────────────────────────────────────────────────────────────────────────────────────

export type ErrorCode =
  // Raised by the IPC choke point and the app's own services.
  | 'invalid_input'
  | 'forbidden_sender'
  | 'unknown_method'
  | 'not_found'
  | 'no_profile'
  | 'no_key'
  | 'plaintext_consent_required'
  | 'encryption_unavailable'
  | 'file_error'
  | 'busy'
  | 'internal'
  // Raised by the gateway client (src-main/gateway).
  | 'auth_invalid'
  | 'quota_exhausted'
  | 'forbidden'
  | 'model_not_found'
  | 'format_unsupported'
  | 'compact_unsupported'
  | 'too_large'
  | 'rate_limited'
  | 'bad_request'
  | 'gateway_error'
  | 'upstream_unavailable'
  | 'timeout'
  | 'network'
  | 'aborted'
  | 'malformed_response'
  | 'stream_too_large';

export interface AppError {
  code: ErrorCode;
  /** Clean, user-facing message (request-id suffixes removed). */
  message: string;
  /** What the user can do about it, in plain words. */
  hint?: string;
  status?: number;
  requestId?: string;
}

export type Result<T> = { ok: true; data: T } | { ok: false; error: AppError };

// ─── Profiles and settings ───────────────────────────────────────────────────────────────────────

export const DEFAULT_VENDOR_KEY_HEADER = 'x-vendor-api-key';
export const GOOGLE_KEY_HEADER = 'x-goog-api-key';
export const DEFAULT_UPLOAD_LIMIT_MB = 25;

// Rules of a profile's fields, shared by main (which enforces them) and the form (which explains them early).
export const MAX_UPLOAD_LIMIT_MB = 2048;
export const MAX_PROFILE_NAME_LENGTH = 60;
/** RFC 9110 token characters: what an HTTP header name may contain. */
export const HEADER_NAME_PATTERN = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/;

/** Where a key's ciphertext came from: the OS keychain, or Chromium's basic_text fallback (not secret). */
export type KeyStorage = 'os' | 'basic_text';

/** What the renderer may know about a profile. Never the key itself. */
export interface ProfileView {
  id: string;
  name: string;
  baseUrl: string;
  vendorKeyHeader: string;
  extraHeaders: Record<string, string>;
  uploadLimitMb: number;
  hasKey: boolean;
  /** Last four characters of the key, for recognising it. */
  keyTail: string | null;
  keyStorage: KeyStorage | null;
  createdAt: string;
  updatedAt: string;
}

/** The editable fields of a profile. */
export interface ProfileFields {
  name: string;
  baseUrl: string;
  vendorKeyHeader?: string;
  extraHeaders?: Record<string, string>;
  uploadLimitMb?: number;
}

export interface EncryptionStatus {
  /** `os`: a real keychain; `basic_text`: Chromium's obfuscation only; `unavailable`: nothing at all. */
  backend: 'os' | 'basic_text' | 'unavailable';
  /** The user agreed to store keys with the basic_text backend. */
  plaintextConsent: boolean;
}

/** Something the user should know about from start-up (for example a corrupt settings file moved aside). */
export interface Notice {
  id: string;
  level: 'info' | 'warning' | 'error';
  message: string;
}

export interface SettingsState {
  profiles: ProfileView[];
  activeProfileId: string | null;
  encryption: EncryptionStatus;
  notices: Notice[];
}

export interface ProfileSaved {
  profile: ProfileView;
  /** Non-blocking remarks, e.g. plain http to a non-local host. */
  warnings: string[];
  state: SettingsState;
}

// ─── Gateway capabilities ────────────────────────────────────────────────────────────────────────

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
}

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
  /** Where the renderer plays it from (the app's media route); set by main. */
  url?: string;
}

/** One line of a conversation in the shape both chat formats are built from. */
export interface ChatTurn {
  role: 'user' | 'assistant' | 'system' | 'developer';
  content: string;
}

export interface ChatSettings {
  instructions?: string;
  temperature?: number;
  topP?: number;
  maxOutputTokens?: number;
  reasoningEffort?: 'minimal' | 'low' | 'medium' | 'high';
  thinkingBudget?: number;
  stopSequences?: string[];
}

export interface ResponsesRequest {
  model: string;
  /** A string, or input items as the Responses format takes them (including earlier output items). */
  input: string | unknown[];
  settings?: ChatSettings;
  previousResponseId?: string;
  store?: boolean;
}

export interface CompactRequest {
  model: string;
  input: string | unknown[];
  instructions?: string;
  previousResponseId?: string;
}

export interface CompactResult {
  id: string;
  output: unknown[];
  usage: TokenUsage | null;
  raw: unknown;
}

export interface GenerateContentRequest {
  model: string;
  /** `contents` of the content-generation format. */
  contents: Array<{ role: 'user' | 'model'; parts: Array<Record<string, unknown>> }>;
  settings?: ChatSettings;
}

export interface TokenUsage {
  inputTokens: number | null;
  outputTokens: number | null;
  reasoningTokens: number | null;
  totalTokens: number | null;
}

export type ModelFamily = 'responses' | 'compact' | 'chat' | 'content' | 'audio' | 'speech' | 'unknown';

export interface CatalogueModel {
  id: string;
  displayName: string;
  /** Where the model was listed: `/v1/models`, `/v1beta/models`, or both. */
  listedBy: Array<'v1' | 'v1beta'>;
  /** Endpoint formats the model is believed to speak (hints only). */
  families: ModelFamily[];
  inputTokenLimit?: number;
  outputTokenLimit?: number;
}

export interface Catalogue {
  profileId: string;
  models: CatalogueModel[];
  fetchedAt: string;
  /** A family whose listing failed, with why (the other may still have listed models). */
  errors: Partial<Record<'v1' | 'v1beta', AppError>>;
}

export type FamilyCheck =
  | { ok: true; latencyMs: number; modelCount: number }
  | { ok: false; latencyMs: number; error: AppError };

export interface ConnectionReport {
  v1: FamilyCheck;
  v1beta: FamilyCheck;
}

// ─── Streams ─────────────────────────────────────────────────────────────────────────────────────

/**
 * The one event vocabulary every stream speaks, whichever format or job produced it.
 * Chat streams use text/reasoning/usage/done; audio jobs add progress and a final result.
 */
export type StreamEvent =
  | { type: 'text-delta'; text: string }
  | { type: 'reasoning-delta'; text: string }
  | { type: 'usage'; usage: TokenUsage }
  | { type: 'upload-progress'; sent: number; total: number }
  | { type: 'result'; data: unknown }
  | { type: 'done'; status: string; responseId?: string }
  | { type: 'error'; error: AppError };

/** The `done` status of a stream the user stopped (its partial output is kept). */
export const STOPPED_STATUS = 'stopped';

export interface StreamStarted {
  streamId: string;
}

/** A batch of events for one stream. `final` marks the last batch: the stream is over. */
export interface StreamBatch {
  streamId: string;
  events: StreamEvent[];
  final: boolean;
}

// ─── Methods ─────────────────────────────────────────────────────────────────────────────────────

export interface AppInfo {
  name: string;
  version: string;
  platform: string;
}

/**
 * Every renderer→main method: its input and its result data.
 * Adding a method here without a handler and an input schema in main fails to compile.
 */
export interface Methods {
  'app.info': { input: undefined; output: AppInfo };
  'settings.get': { input: undefined; output: SettingsState };
  'settings.dismissNotice': { input: { id: string }; output: SettingsState };
  'settings.setPlaintextConsent': { input: { allow: boolean }; output: SettingsState };
  'profiles.create': { input: ProfileFields & { apiKey?: string }; output: ProfileSaved };
  'profiles.update': { input: { id: string; fields: ProfileFields }; output: ProfileSaved };
  'profiles.duplicate': { input: { id: string }; output: ProfileSaved };
  'profiles.delete': { input: { id: string }; output: SettingsState };
  'profiles.setActive': { input: { id: string }; output: SettingsState };
  'profiles.setKey': { input: { id: string; apiKey: string }; output: ProfileSaved };
  'profiles.removeKey': { input: { id: string }; output: ProfileSaved };
  'gateway.testConnection': { input: { profileId?: string }; output: ConnectionReport };
  'models.list': { input: { profileId?: string; refresh?: boolean }; output: Catalogue };
  'audio.transcribe': {
    input: { source: AudioSource; options: TranscriptionOptions; mode: 'transcribe' | 'translate' };
    output: StreamStarted;
  };
  'audio.speak': { input: SpeechOptions; output: StreamStarted };
  'chat.responses': { input: { request: ResponsesRequest; stream: boolean }; output: StreamStarted };
  'chat.generateContent': {
    input: { request: GenerateContentRequest; stream: boolean };
    output: StreamStarted;
  };
  'chat.compact': { input: CompactRequest; output: CompactResult };
  'stream.stop': { input: { streamId: string }; output: { stopped: boolean } };
  'shell.openExternal': { input: { url: string }; output: { opened: boolean } };
}

export type MethodName = keyof Methods;
export type MethodInput<M extends MethodName> = Methods[M]['input'];
export type MethodOutput<M extends MethodName> = Methods[M]['output'];

/** The runtime list of methods; the `satisfies` makes it complete and exact with respect to `Methods`. */
export const METHOD_NAMES = Object.keys({
  'app.info': true,
  'settings.get': true,
  'settings.dismissNotice': true,
  'settings.setPlaintextConsent': true,
  'profiles.create': true,
  'profiles.update': true,
  'profiles.duplicate': true,
  'profiles.delete': true,
  'profiles.setActive': true,
  'profiles.setKey': true,
  'profiles.removeKey': true,
  'gateway.testConnection': true,
  'models.list': true,
  'audio.transcribe': true,
  'audio.speak': true,
  'chat.responses': true,
  'chat.generateContent': true,
  'chat.compact': true,
  'stream.stop': true,
  'shell.openExternal': true,
} satisfies Record<MethodName, true>) as MethodName[];

/** Main→renderer events. */
export interface Events {
  'stream.batch': StreamBatch;
  'settings.changed': SettingsState;
}

export type EventName = keyof Events;

export const EVENT_NAMES = Object.keys({
  'stream.batch': true,
  'settings.changed': true,
} satisfies Record<EventName, true>) as EventName[];

/** IPC channel names are namespaced so nothing else in the app can collide with them. */
export const methodChannel = (method: MethodName): string => `gs:call:${method}`;
export const eventChannel = (event: EventName): string => `gs:event:${event}`;

/** What the preload exposes on `window.gatewayStudio`. */
export interface Bridge {
  invoke<M extends MethodName>(method: M, input: MethodInput<M>): Promise<Result<MethodOutput<M>>>;
  /** Subscribes to an event; returns the function that unsubscribes. */
  on<E extends EventName>(event: E, listener: (payload: Events[E]) => void): () => void;
  /** Resolves a dropped `File` to its path on disk (empty string where there is none, e.g. in a browser). */
  pathForFile(file: File): string;
}

export const BRIDGE_KEY = 'gatewayStudio';
