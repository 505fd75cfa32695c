// The chat formats' requests, as the Playground sends them.

import type { ImageAttachment } from './conversations.ts';
import type { SentRequest, StreamStarted } from './streams.ts';

// ─── Chat requests ───────────────────────────────────────────────────────────────────────────────

/**
 * The three chat formats: `/v1/responses`, `/v1/chat/completions` and
 * `/v1beta/models/{model}:generateContent`, in the order the gateway's rule prefers them.
 */
export type ChatFormat = 'responses' | 'chat' | 'content';

export const CHAT_FORMATS: readonly ChatFormat[] = ['responses', 'chat', 'content'];

/** Each format's name, as the app shows it and as an export names it. */
export const CHAT_FORMAT_NAMES: Readonly<Record<ChatFormat, string>> = {
  responses: 'Responses',
  chat: 'Chat Completions',
  content: 'Content generation',
};

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
  /** Chat Completions only. */
  seed?: number;
  presencePenalty?: number;
  frequencyPenalty?: number;
  /**
   * Which field carries `maxOutputTokens` on Chat Completions: `max_completion_tokens` (current) or
   * `max_tokens` (what older gateways and channels still want). Default `max_completion_tokens`.
   */
  maxTokensField?: 'max_completion_tokens' | 'max_tokens';
  /** Constrain the reply to a JSON Schema, in every format. Absent: free text. */
  structuredOutput?: StructuredOutput;
}

/** The parameters a person sets (`maxTokensField` only names how `maxOutputTokens` is sent). */
export type ChatParameter = Exclude<keyof ChatSettings, 'maxTokensField'>;

/** What each parameter is called, in the Parameters panel and in an export. */
export const CHAT_PARAMETER_LABELS: Readonly<Record<ChatParameter, string>> = {
  instructions: 'System prompt',
  temperature: 'Temperature',
  topP: 'Top P',
  maxOutputTokens: 'Max output tokens',
  reasoningEffort: 'Reasoning effort',
  thinkingBudget: 'Thinking budget',
  stopSequences: 'Stop sequences',
  seed: 'Seed',
  presencePenalty: 'Presence penalty',
  frequencyPenalty: 'Frequency penalty',
  structuredOutput: 'Structured output',
};

/** The longest schema the editor takes and main checks, in characters. */
export const MAX_SCHEMA_CHARS = 200_000;

/** What a schema's name may be (OpenAI's rule for `text.format.name` and `json_schema.name`). */
export const SCHEMA_NAME_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * A JSON Schema the reply must follow. `schema` is the editor's text, kept as typed (a draft that does not
 * parse yet is not lost); main parses and checks it before anything is sent, and refuses a bad one.
 */
export interface StructuredOutput {
  /** The schema's name (Responses `text.format.name`, Chat Completions `json_schema.name`): `SCHEMA_NAME_PATTERN`. */
  name: string;
  schema: string;
  strict: boolean;
}

/** A reply checked against the schema it was asked for. */
export interface StructuredVerdict {
  /** The reply parsed as JSON. */
  parsed: boolean;
  valid: boolean;
  /** The validator's messages (at most a few dozen), each naming where in the reply it applies. */
  errors: string[];
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
  /** The profile whose gateway compacts (the conversation's); absent: the active profile. */
  profileId?: string;
  /**
   * Where main keeps the compaction's inspector record (its marker's id) once it has succeeded, before it
   * answers (`detailKept`): the conversation's next save counts it. Absent: none is kept. Not sent upstream.
   */
  keepDetailAs?: KeepDetailAs;
}

export interface CompactResult {
  id: string;
  output: unknown[];
  usage: TokenUsage | null;
  raw: unknown;
  /** The request as it went out (for the inspector; the key replaced by `KEY_PLACEHOLDER`). */
  request: SentRequest | null;
}

/**
 * What `chat.compact` answers the page: the compacted output and its usage. The request as sent (the
 * whole history) and the raw answer stay in main, in the compaction's inspector record (`keepDetailAs`).
 */
export type CompactAnswer = Pick<CompactResult, 'id' | 'output' | 'usage'> & {
  /**
   * Whether main kept that record (written before it answered): `false` when none was asked for, its
   * conversation was deleted meanwhile, or the write failed. The marker claims a record only if so.
   */
  detailKept: boolean;
};

/** One message of the Chat Completions format; `content` parts are `{type: "text"}` / `{type: "image_url"}`. */
export interface ChatCompletionsMessage {
  role: 'system' | 'developer' | 'user' | 'assistant';
  content: string | Array<Record<string, unknown>>;
}

export interface ChatCompletionsRequest {
  model: string;
  /** The conversation; `settings.instructions` goes first as the system message. */
  messages: ChatCompletionsMessage[];
  settings?: ChatSettings;
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

/** Images main took in for a turn, and those it refused (wrong type, too large, unreadable) with why. */
export interface ImagesAdded {
  images: ImageAttachment[];
  refused: Array<{ name: string; message: string }>;
}

/**
 * Where main keeps a reply's inspector record (the request as sent and what came back raw) when its
 * stream ends: the conversation's id (a comparison's column: the comparison's) and the reply's message
 * id. The record never travels to the page and back; the inspector reads it with `conversations.detail`.
 */
export interface KeepDetailAs {
  id: string;
  messageId: string;
}

// ─── Methods ─────────────────────────────────────────────────────────────────────────────────────

/**
 * Methods that call a chat format. `profileId` sends to that profile's gateway (a comparison's column, a
 * conversation that names its profile); absent, to the active profile's. `keepDetailAs`: main keeps the
 * reply's inspector record there when the stream ends (done, failed or stopped) and says so in the
 * stream's last batch (`detail-kept` / `detail-failed`); absent, no record is kept and the page is sent
 * nothing of the request either. Every Playground send names it; it stays optional for calls that keep no
 * conversation: the bench's first-token and long-stream sections and the packaged app's smoke test.
 */
export interface ChatMethods {
  'chat.responses': {
    input: { request: ResponsesRequest; stream: boolean; profileId?: string; keepDetailAs?: KeepDetailAs };
    output: StreamStarted;
  };
  /** `POST /v1/chat/completions`; streamed with `stream_options.include_usage`. */
  'chat.completions': {
    input: {
      request: ChatCompletionsRequest;
      stream: boolean;
      profileId?: string;
      keepDetailAs?: KeepDetailAs;
    };
    output: StreamStarted;
  };
  'chat.generateContent': {
    input: {
      request: GenerateContentRequest;
      stream: boolean;
      profileId?: string;
      keepDetailAs?: KeepDetailAs;
    };
    output: StreamStarted;
  };
  /**
   * Checks a structured-output schema (`invalid_input` with the validator's message when it is not a
   * usable JSON Schema) and, given `text`, the reply against it.
   */
  'chat.checkStructured': {
    input: { schema: string; text?: string };
    output: { verdict: StructuredVerdict | null };
  };
  /** Asks for images with the system dialog; `images: []` when the user cancelled. */
  'chat.pickImages': { input: undefined; output: ImagesAdded };
  /** Images the user dropped on the window (paths the preload registered from the drop). */
  'chat.addImages': { input: { paths: string[] }; output: ImagesAdded };
  /** An image pasted from the clipboard, as bytes. */
  'chat.pasteImage': { input: { name: string; mimeType: string; data: Uint8Array }; output: ImagesAdded };
  /** Fails with `aborted` when cancelled, or when the window's page goes away while it runs. */
  'chat.compact': { input: CompactRequest; output: CompactAnswer };
  /** Cancels this window's running compaction named `callId`. `cancelled: false`: none was running. */
  'chat.cancelCompact': { input: { callId: string }; output: { cancelled: boolean } };
}

// The runtime list of these methods; the `satisfies` makes it complete and exact.
export const CHAT_METHODS = {
  'chat.responses': true,
  'chat.completions': true,
  'chat.generateContent': true,
  'chat.checkStructured': true,
  'chat.pickImages': true,
  'chat.addImages': true,
  'chat.pasteImage': true,
  'chat.compact': true,
  'chat.cancelCompact': true,
} satisfies Record<keyof ChatMethods, true>;
