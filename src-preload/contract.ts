// The one typed contract between the renderer and main.
// No runtime imports: the preload bundles this file and must stay tiny. Main implements every method
// (a missing handler fails to compile, see src-main/ipc/handlers/index.ts); the renderer calls them through
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

/** The runtime list of error codes; the `satisfies` makes it complete and exact with respect to `ErrorCode`. */
export const ERROR_CODES = Object.keys({
  invalid_input: true,
  forbidden_sender: true,
  unknown_method: true,
  not_found: true,
  no_profile: true,
  no_key: true,
  plaintext_consent_required: true,
  encryption_unavailable: true,
  file_error: true,
  busy: true,
  internal: true,
  auth_invalid: true,
  quota_exhausted: true,
  forbidden: true,
  model_not_found: true,
  format_unsupported: true,
  compact_unsupported: true,
  too_large: true,
  rate_limited: true,
  bad_request: true,
  gateway_error: true,
  upstream_unavailable: true,
  timeout: true,
  network: true,
  aborted: true,
  malformed_response: true,
  stream_too_large: true,
} satisfies Record<ErrorCode, true>) as [ErrorCode, ...ErrorCode[]];

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

// The rules of a profile's typed fields (name, upload limit, key, extra headers, proxy address) are in
// profile-field-rules.ts: only Settings needs them in the window, and this module's code is loaded before
// the first screen.

/** Where a key's ciphertext came from: the OS keychain, or Chromium's basic_text fallback (not secret). */
export type KeyStorage = 'os' | 'basic_text';

/**
 * An extra header as the renderer may know it. Header values are secrets like the key (users put
 * `CF-Access-Client-Secret`, proxy tokens and second keys there): the name, and at most the value's tail.
 */
export interface ExtraHeaderView {
  name: string;
  /** False for a header sent empty. */
  hasValue: boolean;
  /** The value's last four characters, for recognising it; null when the value is too short to show any. */
  valueTail: string | null;
}

/**
 * In an edit, keeps the value stored now under the header `keep` (its name when the form was loaded), so
 * an unchanged (or renamed) header keeps its value without the renderer ever holding it.
 */
export interface KeptHeaderValue {
  keep: string;
}

/** What the renderer may know about a profile. Never the key itself, nor an extra header's value. */
export interface ProfileView {
  id: string;
  name: string;
  baseUrl: string;
  vendorKeyHeader: string;
  extraHeaders: ExtraHeaderView[];
  uploadLimitMb: number;
  /** How this profile's calls reach the gateway; never the proxy's sign-in. */
  proxy: ProxyView;
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
  /** Header name → a new value, or the stored value to keep. Headers left out are removed. */
  extraHeaders?: Record<string, string | KeptHeaderValue>;
  uploadLimitMb?: number;
  /** Absent: the profile's proxy setting is kept as it is. */
  proxy?: ProxyFields;
}

// ─── Proxy of a profile ──────────────────────────────────────────────────────────────────────────

/** `system`: the operating system's proxy settings (the default); `none`: always direct; `manual`: `url`. */
export type ProxyMode = 'system' | 'none' | 'manual';

/** What the renderer may know about a profile's proxy: the address, and whether a sign-in is stored. */
export interface ProxyView {
  mode: ProxyMode;
  /** The manual proxy's address, without any sign-in (`null` unless `mode` is `manual`). */
  url: string | null;
  /** A proxy user name and password are stored (encrypted, like the key). */
  hasCredentials: boolean;
}

export interface ProxyFields {
  mode: ProxyMode;
  /** Required for `manual`. */
  url?: string;
  /** Absent: the stored sign-in is kept; `null`: it is removed; an object: it replaces the stored one. */
  credentials?: { username: string; password: string } | null;
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
  /** The renderer's name for this compaction (e.g. the conversation id), to cancel it by. Not sent upstream. */
  callId?: string;
}

export interface CompactResult {
  id: string;
  output: unknown[];
  usage: TokenUsage | null;
  raw: unknown;
  /** The request as it went out (for the inspector; the key replaced by `KEY_PLACEHOLDER`). */
  request: SentRequest | null;
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

/** How a call reached (or tried to reach) the gateway. `proxy` never carries a sign-in. */
export type ConnectionRoute =
  | { kind: 'direct'; source: 'system' | 'none' | 'environment' }
  | { kind: 'proxy'; proxy: string; source: 'system' | 'manual' | 'environment' };

export interface ConnectionReport {
  v1: FamilyCheck;
  v1beta: FamilyCheck;
  /** The route the test took; `null` when it could not be worked out (the checks then say why). */
  route: ConnectionRoute | null;
}

// ─── Inspector ───────────────────────────────────────────────────────────────────────────────────

/** What stands in for the key wherever a request is shown or copied (a shell variable, for curl). */
export const KEY_PLACEHOLDER = '$GATEWAY_API_KEY';

// An extra header's placeholder is in secret-placeholders.ts: only the inspector needs it in the window, and
// this module's code is loaded before the first screen.

/** A request exactly as main sent it to the gateway, with the key replaced by `KEY_PLACEHOLDER`. */
export interface SentRequest {
  method: string;
  /** The full URL, query included. */
  url: string;
  /** Header names lower-cased, in the order sent. */
  headers: Array<[name: string, value: string]>;
  /** The body text byte for byte (JSON calls only; `null` for a body that is not text). */
  body: string | null;
}

/** One SSE event as the gateway sent it. */
export interface RawStreamEvent {
  /** Milliseconds from the request being sent to this event being read. */
  atMs: number;
  /** The `event:` field, when there was one. */
  event?: string;
  data: string;
}

/** What came back for one request: the raw body, or the streamed events (the first and last ones when there were very many). */
export interface ExchangeLog {
  status: number | null;
  requestId: string | null;
  contentType: string | null;
  events: RawStreamEvent[];
  /** Events left out of `events` (between its first and last part) to keep the log small. */
  omittedEvents: number;
  /** A non-streamed answer's body text (cut to `MAX_LOGGED_BODY` characters). */
  body: string | null;
  /** Whether `body` was cut. */
  bodyTruncated: boolean;
}

export const MAX_LOGGED_EVENTS = 1000;
export const MAX_LOGGED_BODY = 1_000_000;

// ─── Playground ──────────────────────────────────────────────────────────────────────────────────

/** The two chat formats: `/v1/responses` and `/v1beta/models/{model}:generateContent`. */
export type ChatFormat = 'responses' | 'content';

export interface UserMessage {
  id: string;
  role: 'user';
  text: string;
  createdAt: string;
}

/** How a reply ended: still arriving, complete, stopped by the user (partial text kept), or failed. */
export type ReplyState = 'streaming' | 'done' | 'stopped' | 'error';

export interface ReplyMetrics {
  /** From Send to the first text or reasoning on screen. */
  ttftMs: number | null;
  /** From Send to the end of the reply. */
  totalMs: number | null;
  /** Output tokens per second of generation (after the first token). */
  tokensPerSecond: number | null;
}

export interface ReplyInspector {
  request: SentRequest | null;
  exchange: ExchangeLog | null;
}

export interface AssistantMessage {
  id: string;
  role: 'assistant';
  text: string;
  reasoning: string;
  createdAt: string;
  state: ReplyState;
  /** The gateway's finish reason or status (`completed`, `incomplete`, `STOP`, `MAX_TOKENS`, `stopped`, …). */
  status: string | null;
  error: AppError | null;
  usage: TokenUsage | null;
  metrics: ReplyMetrics;
  responseId: string | null;
  /** The format and model that produced it. */
  format: ChatFormat;
  model: string;
  /**
   * Whether the inspector's record of this reply (`ReplyInspector`) was taken. The record is kept apart
   * from the conversation, in a bounded store (`conversations.detail`), and may since have been dropped.
   */
  hasDetail: boolean;
}

/** Where `/v1/responses/compact` replaced the earlier history with its compacted output. */
export interface CompactionMarker {
  id: string;
  role: 'compaction';
  createdAt: string;
  model: string;
  /** The compacted output items; the next Responses request starts its input with them. */
  items: unknown[];
  /** Tokens of the history before compaction, and of the compacted output. */
  tokensBefore: number | null;
  tokensAfter: number | null;
  /** The messages it replaced, kept for reading only (never sent again). */
  replaced: ConversationMessage[];
  /** As for a reply: whether the compaction's request and answer were recorded (kept apart). */
  hasDetail: boolean;
}

export type ConversationMessage = UserMessage | AssistantMessage | CompactionMarker;

/** A conversation's own choices: the format, model and settings its next request is sent with. */
export interface ConversationSetup {
  format: ChatFormat;
  /** Streamed (`stream: true` / `:streamGenerateContent`) or one whole answer. */
  stream: boolean;
  model: string;
  settings: ChatSettings;
  /** Responses `store` (default false: nothing kept on the provider's side). */
  store: boolean;
  /** Responses: send only the new turns with `previous_response_id` (needs `store`). */
  chainResponses: boolean;
}

export interface Conversation extends ConversationSetup {
  id: string;
  /** The user's own title, or '' for the one derived from the first message (`conversationTitle`). */
  customTitle: string;
  createdAt: string;
  updatedAt: string;
  messages: ConversationMessage[];
}

/** A conversation in the list. */
export interface ConversationSummary {
  id: string;
  title: string;
  createdAt: string;
  updatedAt: string;
  format: ChatFormat;
  model: string;
  messageCount: number;
  /** The first words of the last message. */
  preview: string;
  /** Bytes of inspector records kept for its replies (cleared with `conversations.clearDetail`). */
  detailBytes: number;
}

export interface ConversationList {
  conversations: ConversationSummary[];
  /** Conversation files that could not be read and were moved aside. */
  movedAside: number;
}

export type ConversationExportFormat = 'md' | 'json';

/** Inspector records kept per conversation: those of its latest replies (see inspector-detail-store.ts). */
export const INSPECTOR_DETAILS_PER_CONVERSATION = 30;

export const MAX_TITLE_LENGTH = 80;
export const UNTITLED_CONVERSATION = 'New chat';

/** The title a conversation is listed with: the user's own, else the first words of its first message. */
export function conversationTitle(conversation: Pick<Conversation, 'customTitle' | 'messages'>): string {
  const own = conversation.customTitle.trim();
  if (own) return own.slice(0, MAX_TITLE_LENGTH);
  const first = conversation.messages.find((message) => message.role === 'user');
  const words = first?.text.replace(/\s+/g, ' ').trim() ?? '';
  if (!words) return UNTITLED_CONVERSATION;
  return words.length > MAX_TITLE_LENGTH ? `${words.slice(0, MAX_TITLE_LENGTH - 1).trimEnd()}…` : words;
}

/**
 * Ids of every message, those a compaction replaced included, oldest first (a compaction's replaced
 * messages come before it): each reply or compaction among them may have an inspector record.
 */
export function allMessageIds(messages: readonly ConversationMessage[]): string[] {
  return messages.flatMap((message) =>
    message.role === 'compaction' ? [...allMessageIds(message.replaced), message.id] : [message.id],
  );
}

// ─── HTTP ────────────────────────────────────────────────────────────────────────────────────────

/**
 * Reason phrases of the statuses a gateway commonly answers with: for error messages in main (when the
 * response carries none) and for the inspector's status badge.
 */
export const HTTP_STATUS_TEXT: Readonly<Record<number, string>> = {
  200: 'OK',
  201: 'Created',
  204: 'No Content',
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

// ─── Links ───────────────────────────────────────────────────────────────────────────────────────

/**
 * Whether the app may hand `url` to the system browser (DESIGN.md): https only, and never with
 * credentials in it. The one rule for main (which checks every request to open a link) and for replies
 * (untrusted text, where only such links become clickable).
 */
export function isExternalLink(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' && parsed.username === '' && parsed.password === '';
  } catch {
    return false;
  }
}

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
  contentModel: string;
  /** Enter sends and Shift+Enter breaks the line; `false`: the reverse. */
  enterSends: boolean;
  /** The parameters column is open. */
  showParameters: boolean;
  /** The conversation list is open. */
  showConversations: boolean;
}

/** Choices the app remembers between runs, per panel. */
export interface Prefs {
  transcribe: TranscribePrefs;
  speak: SpeakPrefs;
  playground: PlaygroundPrefs;
}

export type PrefsPatch = { [K in keyof Prefs]?: Partial<Prefs[K]> };

export const MAX_TRANSCRIBE_CONCURRENCY = 6;

export const DEFAULT_PREFS: Prefs = {
  transcribe: {
    mode: 'transcribe',
    model: 'whisper-1',
    language: '',
    prompt: '',
    temperature: null,
    timestamps: 'segment',
    concurrency: 2,
    inputDeviceId: '',
  },
  speak: { model: 'gpt-4o-mini-tts', voice: 'alloy', format: 'mp3', speed: 1, instructions: '' },
  playground: {
    format: 'responses',
    stream: true,
    responsesModel: 'gpt-5-mini',
    contentModel: 'gemini-2.5-flash',
    enterSends: true,
    showParameters: true,
    showConversations: true,
  },
};

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
  entries: SpeechSummary[];
  /** History files that could not be read and were moved aside. */
  movedAside: number;
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
  /** A job made of steps (a long text spoken in parts): `step` of `steps` has begun. */
  | { type: 'progress'; step: number; steps: number }
  | { type: 'result'; data: unknown }
  /** The request as sent (each attempt sends it again; the last one counts). For the inspector. */
  | { type: 'request'; request: SentRequest }
  /** What came back, raw; sent once, just before the stream ends. For the inspector. */
  | { type: 'exchange'; log: ExchangeLog }
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
  'prefs.get': { input: undefined; output: Prefs };
  'prefs.update': { input: PrefsPatch; output: Prefs };
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
  /** The clips in the history, newest first. */
  'speech.list': { input: undefined; output: SpeechHistory };
  'speech.get': { input: { id: string }; output: SpeechEntry };
  /** Deletes a clip and its audio. */
  'speech.delete': { input: { id: string }; output: { deleted: boolean } };
  /**
   * Asks where to save, then main copies the audio there. `path: null`: the user cancelled. `files`: what
   * was written (one file, or `name-1.opus`, `name-2.opus`, … for a clip kept in parts). Only the file the
   * user chose is ever replaced; any other name that is taken moves the save to `name (2)…`, `name (3)…`.
   */
  'speech.save': { input: { id: string }; output: { path: string | null; files: string[] } };
  'chat.responses': { input: { request: ResponsesRequest; stream: boolean }; output: StreamStarted };
  'chat.generateContent': {
    input: { request: GenerateContentRequest; stream: boolean };
    output: StreamStarted;
  };
  /** Fails with `aborted` when cancelled, or when the window's page goes away while it runs. */
  'chat.compact': { input: CompactRequest; output: CompactResult };
  /** Cancels this window's running compaction named `callId`. `cancelled: false`: none was running. */
  'chat.cancelCompact': { input: { callId: string }; output: { cancelled: boolean } };
  /** Saved conversations, most recently updated first; `query` matches titles and message text. */
  'conversations.list': { input: { query?: string }; output: ConversationList };
  'conversations.get': { input: { id: string }; output: Conversation };
  /** Writes the whole conversation (atomically), creating it when new. */
  'conversations.save': { input: { conversation: Conversation }; output: ConversationSummary };
  /** `title: ''` goes back to the title derived from the first message. */
  'conversations.rename': { input: { id: string; title: string }; output: ConversationSummary };
  'conversations.delete': { input: { id: string }; output: { deleted: boolean } };
  /** Asks where to save, then main writes Markdown or JSON. `path: null`: the user cancelled. */
  'conversations.export': {
    input: { id: string; format: ConversationExportFormat };
    output: { path: string | null };
  };
  /**
   * The inspector's record of one reply or compaction, kept apart from the conversation for its latest
   * replies only. `detail: null`: none is kept (never recorded, or dropped since to bound the store).
   */
  'conversations.detail': {
    input: { id: string; messageId: string };
    output: { detail: ReplyInspector | null };
  };
  /** Keeps the record of a reply that has just ended (older records of the conversation may be dropped). */
  'conversations.saveDetail': {
    input: { id: string; messageId: string; detail: ReplyInspector };
    output: { detailBytes: number };
  };
  /** Deletes every inspector record of a conversation; the conversation itself stays. */
  'conversations.clearDetail': { input: { id: string }; output: { detailBytes: number } };
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
  'prefs.get': true,
  'prefs.update': true,
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
  'speech.generate': true,
  'speech.continue': true,
  'speech.list': true,
  'speech.get': true,
  'speech.delete': true,
  'speech.save': true,
  'chat.responses': true,
  'chat.generateContent': true,
  'chat.compact': true,
  'chat.cancelCompact': true,
  'conversations.list': true,
  'conversations.get': true,
  'conversations.save': true,
  'conversations.rename': true,
  'conversations.delete': true,
  'conversations.export': true,
  'conversations.detail': true,
  'conversations.saveDetail': true,
  'conversations.clearDetail': true,
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
