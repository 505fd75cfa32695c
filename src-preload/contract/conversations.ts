// The Playground's saved conversations.

import type { ChatFormat, ChatSettings, StructuredVerdict, TokenUsage } from './chat.ts';
import type { AppError } from './errors.ts';
import type { ExchangeLog, SentRequest } from './streams.ts';

// ─── Conversations ───────────────────────────────────────────────────────────────────────────────

export interface UserMessage {
  id: string;
  role: 'user';
  text: string;
  createdAt: string;
  /** Images sent with the text, in the order the user added them. */
  images?: ImageAttachment[];
}

/** The image types every chat format accepts. */
export const IMAGE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type ImageMimeType = (typeof IMAGE_MIME_TYPES)[number];

/** Images one turn may carry (a dozen screenshots is a lot; providers cap a request's images near here). */
export const MAX_IMAGES_PER_TURN = 16;

/** The largest image sent with a turn: providers cap inline images near 20 MB; base64 adds a third. */
export const MAX_IMAGE_BYTES = 15 * 1024 * 1024;

/**
 * An image the user added to a turn. Main copied it into the app's attachments folder when it was picked,
 * dropped or pasted; the conversation refers to it by `id`, and main reads it (as base64) only when a
 * request goes out. The renderer never holds its path.
 */
export interface ImageAttachment {
  /** Main's name for the copy: `[A-Za-z0-9_-]{1,64}`. */
  id: string;
  /** The file's own name, for the user. */
  name: string;
  mimeType: ImageMimeType;
  bytes: number;
}

/**
 * How a request the renderer builds names an attachment: `ATTACHMENT_REF_PREFIX + id` where the format
 * wants the image (`input_image.image_url`, `image_url.url`, `inlineData.data`). Main replaces each with
 * the image's bytes (a `data:` URL, or bare base64 under `inlineData.data`) just before sending.
 */
export const ATTACHMENT_REF_PREFIX = 'attachment:';

/**
 * Where the page shows an attachment from: a path on the page's own origin (the app protocol), which main
 * serves only for ids it stored, as the image's type. The page needs no path and no bytes for a thumbnail.
 */
export const ATTACHMENT_ROUTE = '/attachments/';

/** The URL of an attachment's image, relative to the page's origin. */
export function attachmentUrl(id: string): string {
  return `${ATTACHMENT_ROUTE}${encodeURIComponent(id)}`;
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
  /** A reply asked for with a JSON Schema: the schema's name and the check of the reply against it. */
  structured?: { name: string; verdict: StructuredVerdict };
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

/**
 * Where the conversation moved to another format. The history is sent on in the new format's shape; what
 * that format cannot carry is named here, so nothing is left out silently.
 */
export interface FormatChangeMarker {
  id: string;
  role: 'format-change';
  createdAt: string;
  from: ChatFormat;
  to: ChatFormat;
  /** What the new format does not carry, in plain words; empty when the history goes over whole. */
  notCarried: string[];
}

export type ConversationMessage = UserMessage | AssistantMessage | CompactionMarker | FormatChangeMarker;

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
  /**
   * The gateway profile its requests go to (a comparison's columns may each use another gateway); absent:
   * the active profile, whichever it is when the request goes out.
   */
  profileId?: string;
}

export interface Conversation extends ConversationSetup {
  id: string;
  /** The user's own title, or '' for the one derived from the first message (`conversationTitle`). */
  customTitle: string;
  createdAt: string;
  updatedAt: string;
  messages: ConversationMessage[];
}

/** Columns a comparison has: one prompt answered side by side by this many configurations. */
export const MIN_COMPARE_COLUMNS = 2;
export const MAX_COMPARE_COLUMNS = 4;

/**
 * One prompt answered side by side (issue 17). Each column is a conversation of its own — its own
 * profile, format, model, settings and history — whose user turns are the comparison's prompts; a
 * column's `customTitle` is unused. Saved and listed with the conversations (`kind: 'comparison'`).
 */
export interface Comparison {
  id: string;
  /** The user's own title, or '' for the one derived from the first prompt (`conversationTitle`). */
  customTitle: string;
  createdAt: string;
  updatedAt: string;
  /** `MIN_COMPARE_COLUMNS`…`MAX_COMPARE_COLUMNS` columns, in the order shown; ids unique within it. */
  columns: Conversation[];
}

/** A conversation in the list. */
export interface ConversationSummary {
  id: string;
  /** A conversation, or a comparison (`comparisons.get` opens it). */
  kind: 'conversation' | 'comparison';
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
  /** A comparison's columns, in order (its `format` and `model` are the first column's). */
  columns?: Array<{ format: ChatFormat; model: string }>;
}

export interface ConversationList {
  /** One page (all of them when no `limit` was asked). */
  conversations: ConversationSummary[];
  /** How many match, every page. */
  total: number;
  /** Conversation files that could not be read and were moved aside. */
  movedAside: number;
  /**
   * Present while main rebuilds or checks its index of the saved conversations (at start; after the index
   * was missing or damaged): the list is what is indexed so far; ask again for the rest. `total`: files
   * still to read at the check's start, `done` of them.
   */
  rebuilding?: { done: number; total: number };
}

/** Conversations one page of the list holds at most. */
export const MAX_CONVERSATION_PAGE = 500;

export type ConversationExportFormat = 'md' | 'json';

/** Inspector records kept per conversation: those of its latest replies (see inspector-detail-store.ts). */
export const INSPECTOR_DETAILS_PER_CONVERSATION = 30;

export const MAX_TITLE_LENGTH = 80;
export const UNTITLED_CONVERSATION = 'New chat';

/** The title a comparison is listed with: its own, else the first words of its first prompt. */
export function comparisonTitle(comparison: Pick<Comparison, 'customTitle' | 'columns'>): string {
  return conversationTitle({
    customTitle: comparison.customTitle,
    messages: comparison.columns[0]?.messages ?? [],
  });
}

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

// ─── Methods ─────────────────────────────────────────────────────────────────────────────────────

/**
 * Methods of saved conversations and their inspector records. Comparisons live in the same list: `rename`,
 * `delete`, `export` and the inspector methods take a comparison's id as well (a column's reply records
 * are kept under its comparison's id); `get` and `save` have their comparison twins.
 */
export interface ConversationsMethods {
  /**
   * Saved conversations and comparisons, most recently updated first, `limit` of them from `offset` (all
   * without a limit); `query` matches titles and text: every word, case and accents ignored, the last word
   * as the start of one, Chinese/Japanese/Korean without spaces.
   */
  'conversations.list': {
    input: { query?: string; offset?: number; limit?: number };
    output: ConversationList;
  };
  /** `not_found` for a comparison's id (open it with `comparisons.get`). */
  'conversations.get': { input: { id: string }; output: Conversation };
  /** Writes the whole conversation (atomically), creating it when new. */
  'conversations.save': { input: { conversation: Conversation }; output: ConversationSummary };
  'comparisons.get': { input: { id: string }; output: Comparison };
  /** Writes the whole comparison, every column with it (atomically), creating it when new. */
  'comparisons.save': { input: { comparison: Comparison }; output: ConversationSummary };
  /** `title: ''` goes back to the title derived from the first message. */
  'conversations.rename': { input: { id: string; title: string }; output: ConversationSummary };
  'conversations.delete': { input: { id: string }; output: { deleted: boolean } };
  /**
   * Asks where to save, then main writes Markdown or JSON (a comparison's: every column's settings,
   * replies and metrics). `path: null`: the user cancelled.
   */
  'conversations.export': {
    input: { id: string; format: ConversationExportFormat };
    output: { path: string | null };
  };
  /**
   * The inspector's record of one reply or compaction, kept apart from the conversation for its latest
   * replies only. `detail: null`: none is kept (never recorded, or dropped since to bound the store).
   * Only main writes records: it keeps one as a reply or compaction ends (`keepDetailAs` of the chat
   * calls). The page has no way to write one, so it cannot fill the store or plant a false one.
   */
  'conversations.detail': {
    input: { id: string; messageId: string };
    output: { detail: ReplyInspector | null };
  };
  /** Deletes every inspector record of a conversation; the conversation itself stays. */
  'conversations.clearDetail': { input: { id: string }; output: { detailBytes: number } };
  /**
   * "Continue with this one": a column's replies kept their records under the comparison `from`; main
   * copies, from its own store, those of messages the saved conversation `to` holds (a column continued
   * as it keeps its messages' ids). `not_found` unless `from` is a saved comparison and `to` a saved
   * conversation. `detailBytes`: what `to`'s records weigh now.
   */
  'conversations.copyDetail': { input: { from: string; to: string }; output: { detailBytes: number } };
}

// The runtime list of these methods; the `satisfies` makes it complete and exact.
export const CONVERSATIONS_METHODS = {
  'conversations.list': true,
  'conversations.get': true,
  'conversations.save': true,
  'comparisons.get': true,
  'comparisons.save': true,
  'conversations.rename': true,
  'conversations.delete': true,
  'conversations.export': true,
  'conversations.detail': true,
  'conversations.clearDetail': true,
  'conversations.copyDetail': true,
} satisfies Record<keyof ConversationsMethods, true>;
