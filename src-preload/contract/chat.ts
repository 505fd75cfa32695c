// The chat formats' requests, as the Playground sends them.

import type { SentRequest, StreamStarted } from './streams.ts';

// ─── Chat requests ───────────────────────────────────────────────────────────────────────────────

/** The two chat formats: `/v1/responses` and `/v1beta/models/{model}:generateContent`. */
export type ChatFormat = 'responses' | 'content';

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

// ─── Methods ─────────────────────────────────────────────────────────────────────────────────────

/** Methods that call a chat format. */
export interface ChatMethods {
  'chat.responses': { input: { request: ResponsesRequest; stream: boolean }; output: StreamStarted };
  'chat.generateContent': {
    input: { request: GenerateContentRequest; stream: boolean };
    output: StreamStarted;
  };
  /** Fails with `aborted` when cancelled, or when the window's page goes away while it runs. */
  'chat.compact': { input: CompactRequest; output: CompactResult };
  /** Cancels this window's running compaction named `callId`. `cancelled: false`: none was running. */
  'chat.cancelCompact': { input: { callId: string }; output: { cancelled: boolean } };
}

// The runtime list of these methods; the `satisfies` makes it complete and exact.
export const CHAT_METHODS = {
  'chat.responses': true,
  'chat.generateContent': true,
  'chat.compact': true,
  'chat.cancelCompact': true,
} satisfies Record<keyof ChatMethods, true>;
