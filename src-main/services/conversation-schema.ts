// The rule of a saved Playground conversation, in one place: the IPC layer checks what the renderer asks
// to save with it, and the store checks every file it reads with it. Strings and arrays are bounded so a
// broken renderer cannot make main hold or write something absurd; gateway data (compacted items) is
// kept loosely, since the gateway, not we, is the authority on its shape.
import { z } from 'zod';
import {
  type AppError,
  type ChatSettings,
  type Comparison,
  type Conversation,
  type ConversationMessage,
  ERROR_CODES,
  IMAGE_MIME_TYPES,
  type ImageAttachment,
  MAX_COMPARE_COLUMNS,
  MAX_IMAGE_BYTES,
  MAX_IMAGES_PER_TURN,
  MAX_LOGGED_BODY,
  MAX_LOGGED_EVENTS,
  MAX_SCHEMA_CHARS,
  MAX_TITLE_LENGTH,
  MIN_COMPARE_COLUMNS,
  type ReplyInspector,
  SCHEMA_NAME_PATTERN,
  type TokenUsage,
} from '../../src-preload/contract.ts';
import { ATTACHMENT_ID_PATTERN } from './image-attachments.ts';

/** Ids are file names: letters, digits, `_` and `-` only, so no id can name another path. */
export const CONVERSATION_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** The most a saved conversation may weigh as JSON (a long reply is ~200 KB; this is hundreds of them). */
export const MAX_CONVERSATION_BYTES = 64 * 1024 * 1024;
export const MAX_MESSAGES = 10_000;
/** One message's text or reasoning, in characters. */
export const MAX_MESSAGE_TEXT = 8_000_000;
/** A request body or a logged event: it may repeat the whole conversation, so only the total bounds it. */
const MAX_LOGGED_TEXT = MAX_CONVERSATION_BYTES;

export const conversationId = z
  .string()
  .regex(CONVERSATION_ID_PATTERN, 'That is not the id of a saved conversation.');

/** A title as the user typed it: on one line, trimmed, `''` for the one derived from the first message. */
export const conversationTitleInput = z
  .string()
  .max(10_000)
  .transform((title) => title.replace(/\s+/g, ' ').trim())
  .pipe(z.string().max(MAX_TITLE_LENGTH, `A title has at most ${MAX_TITLE_LENGTH} characters.`));

export const chatFormat = z.enum(['responses', 'chat', 'content']);

const timestamp = z.string().max(64);
/** A gateway profile's id, as the profile methods take it (`settings.ts` makes them). */
export const profileId = z.string().min(1).max(200);
/** A message's id: made by the renderer, never used as a path (inspector records hash it). */
export const messageId = z.string().min(1).max(200);
const count = z.number().nonnegative().nullable();

const appError = z.object({
  // A code this build does not know (a newer one wrote the file) is still an error worth showing.
  code: z.enum(ERROR_CODES).catch('internal'),
  message: z.string().max(10_000),
  hint: z.string().max(10_000).optional(),
  status: z.number().int().optional(),
  requestId: z.string().max(500).optional(),
}) satisfies z.ZodType<AppError>;

const tokenUsage = z.object({
  inputTokens: count,
  outputTokens: count,
  reasoningTokens: count,
  totalTokens: count,
}) satisfies z.ZodType<TokenUsage>;

/** The settings a conversation sends with: the same limits as `chat.*` requests. */
export const chatSettings = z.object({
  instructions: z.string().max(1_000_000).optional(),
  temperature: z.number().min(0).max(2).optional(),
  topP: z.number().min(0).max(1).optional(),
  maxOutputTokens: z.number().int().positive().max(10_000_000).optional(),
  reasoningEffort: z.enum(['minimal', 'low', 'medium', 'high']).optional(),
  thinkingBudget: z.number().int().min(-1).max(10_000_000).optional(),
  stopSequences: z.array(z.string().max(500)).max(16).optional(),
  seed: z
    .number()
    .int()
    .min(-(2 ** 53))
    .max(2 ** 53)
    .optional(),
  presencePenalty: z.number().min(-2).max(2).optional(),
  frequencyPenalty: z.number().min(-2).max(2).optional(),
  maxTokensField: z.enum(['max_completion_tokens', 'max_tokens']).optional(),
  structuredOutput: z
    .object({
      name: z.string().regex(SCHEMA_NAME_PATTERN, 'A schema name has 1–64 letters, digits, _ or -.'),
      schema: z.string().max(MAX_SCHEMA_CHARS),
      strict: z.boolean(),
    })
    .optional(),
}) satisfies z.ZodType<ChatSettings>;

const sentRequest = z.object({
  method: z.string().max(20),
  url: z.string().max(100_000),
  headers: z.array(z.tuple([z.string().max(1_000), z.string().max(100_000)])).max(500),
  body: z.string().max(MAX_LOGGED_TEXT).nullable(),
});

const exchangeLog = z.object({
  status: z.number().int().nullable(),
  requestId: z.string().max(500).nullable(),
  contentType: z.string().max(1_000).nullable(),
  events: z
    .array(
      z.object({
        atMs: z.number(),
        event: z.string().max(1_000).optional(),
        data: z.string().max(MAX_LOGGED_TEXT),
      }),
    )
    .max(MAX_LOGGED_EVENTS),
  omittedEvents: z.number().int().nonnegative(),
  body: z.string().max(MAX_LOGGED_BODY).nullable(),
  bodyTruncated: z.boolean(),
});

/** The inspector's record of one reply: kept apart from the conversation (inspector-detail-store.ts). */
export const replyInspector = z.object({
  request: sentRequest.nullable(),
  exchange: exchangeLog.nullable(),
}) satisfies z.ZodType<ReplyInspector>;

/**
 * How a message says whether it has an inspector record. Files of builds before the record moved out
 * hold it inline, as `inspector`: accepted when a file is read, and the store moves it to the detail store
 * (`splitInlineDetail`), marking the message `hasDetail`. A conversation saved over IPC may not hold one:
 * main keeps a reply's record itself when the reply ends (the chat call's `keepDetailAs`), so a renderer
 * can neither grow the file again nor plant a record.
 */
const detailFieldsOf = (source: 'file' | 'ipc') => ({
  hasDetail: z.boolean().default(false),
  inspector:
    source === 'file'
      ? replyInspector.nullable().optional()
      : z
          .undefined({
            error: 'A reply’s inspector record is saved on its own, not inside the conversation.',
          })
          .optional(),
});

/** An image of a turn, as main stored it (image-attachments.ts): the id is a file name there. */
const imageAttachment = z.object({
  id: z.string().regex(ATTACHMENT_ID_PATTERN, 'That is not the id of an image Gateway Studio stored.'),
  name: z.string().max(500),
  mimeType: z.enum(IMAGE_MIME_TYPES),
  bytes: z.number().int().nonnegative().max(MAX_IMAGE_BYTES),
}) satisfies z.ZodType<ImageAttachment>;

const userMessage = z.object({
  id: messageId,
  role: z.literal('user'),
  text: z.string().max(MAX_MESSAGE_TEXT),
  createdAt: timestamp,
  images: z
    .array(imageAttachment)
    .max(MAX_IMAGES_PER_TURN, `A message can carry at most ${MAX_IMAGES_PER_TURN} images.`)
    .optional(),
});

const formatChangeMarker = z.object({
  id: messageId,
  role: z.literal('format-change'),
  createdAt: timestamp,
  from: chatFormat,
  to: chatFormat,
  notCarried: z.array(z.string().max(2_000)).max(20),
});

/**
 * How deep compactions may nest (a compaction's replaced messages holding an earlier compaction, and so
 * on): one level per compaction of a conversation, which no one does a hundred times. Zod checks the
 * recursive schema by recursion, which overflows the stack some hundreds of levels down — and a
 * structure that deep survives IPC's structured clone and JSON files alike — so the depth is measured
 * first, without recursion, and anything deeper is refused before the recursive check starts.
 */
export const MAX_COMPACTION_DEPTH = 100;

/** Whether `value` nests compactions (`replaced` arrays) at most `limit` deep. Iterative, stops early. */
function nestsAtMost(value: unknown, limit: number): boolean {
  const pending: Array<[node: unknown, depth: number]> = [[value, 0]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [node, depth] = next;
    if (typeof node !== 'object' || node === null) continue;
    const replaced: unknown = (node as { replaced?: unknown }).replaced;
    if (!Array.isArray(replaced)) continue;
    if (depth + 1 > limit) return false;
    for (const child of replaced) pending.push([child, depth + 1]);
  }
  return true;
}

/** One message of a conversation, its compactions nested at most `MAX_COMPACTION_DEPTH` deep. */
function conversationMessageOf(source: 'file' | 'ipc'): z.ZodType<ConversationMessage> {
  const detailFields = detailFieldsOf(source);
  const assistantMessage = z.object({
    id: messageId,
    role: z.literal('assistant'),
    text: z.string().max(MAX_MESSAGE_TEXT),
    reasoning: z.string().max(MAX_MESSAGE_TEXT),
    createdAt: timestamp,
    state: z.enum(['streaming', 'done', 'stopped', 'error']),
    status: z.string().max(200).nullable(),
    error: appError.nullable(),
    usage: tokenUsage.nullable(),
    metrics: z.object({ ttftMs: count, totalMs: count, tokensPerSecond: count }),
    responseId: z.string().max(500).nullable(),
    format: chatFormat,
    model: z.string().max(300),
    structured: z
      .object({
        name: z.string().max(64),
        verdict: z.object({
          parsed: z.boolean(),
          valid: z.boolean(),
          errors: z.array(z.string().max(2_000)).max(100),
        }),
      })
      .optional(),
    ...detailFields,
  });
  const compactionMarker = z.object({
    id: messageId,
    role: z.literal('compaction'),
    createdAt: timestamp,
    model: z.string().max(300),
    items: z.array(z.unknown()).max(MAX_MESSAGES),
    tokensBefore: count,
    tokensAfter: count,
    // A getter: the messages a compaction replaced may hold an earlier compaction.
    get replaced(): z.ZodArray<z.ZodType<ConversationMessage>> {
      return z.array(nestedMessage).max(MAX_MESSAGES);
    },
    ...detailFields,
  });
  /** A message inside a compaction: its depth was checked once, by the message around it. */
  const nestedMessage: z.ZodType<ConversationMessage> = z.discriminatedUnion('role', [
    userMessage,
    assistantMessage,
    compactionMarker,
    formatChangeMarker,
  ]);
  return (
    z
      .unknown()
      .refine(
        (value) => nestsAtMost(value, MAX_COMPACTION_DEPTH),
        `Compactions are nested too deeply (more than ${MAX_COMPACTION_DEPTH} levels).`,
      )
      // A pipe stops at the first schema's issues: the recursive check never sees a structure too deep.
      .pipe(nestedMessage)
  );
}

function conversationSchemaOf(source: 'file' | 'ipc') {
  return z.object({
    id: conversationId,
    customTitle: z.string().max(MAX_TITLE_LENGTH),
    createdAt: timestamp,
    updatedAt: timestamp,
    format: chatFormat,
    stream: z.boolean(),
    model: z.string().max(300),
    settings: chatSettings,
    store: z.boolean(),
    chainResponses: z.boolean(),
    profileId: profileId.optional(),
    messages: z.array(conversationMessageOf(source)).max(MAX_MESSAGES),
  }) satisfies z.ZodType<Conversation>;
}

/** A comparison: 2–4 columns, each checked as a conversation is, their ids unique within it. */
function comparisonSchemaOf(source: 'file' | 'ipc') {
  return z.object({
    id: conversationId,
    customTitle: z.string().max(MAX_TITLE_LENGTH),
    createdAt: timestamp,
    updatedAt: timestamp,
    columns: z
      .array(conversationSchemaOf(source))
      .min(MIN_COMPARE_COLUMNS, `A comparison has at least ${MIN_COMPARE_COLUMNS} columns.`)
      .max(MAX_COMPARE_COLUMNS, `A comparison has at most ${MAX_COMPARE_COLUMNS} columns.`)
      .refine(
        (columns) => new Set(columns.map((column) => column.id)).size === columns.length,
        'Two columns of a comparison have the same id.',
      ),
  }) satisfies z.ZodType<Comparison>;
}

/** A comparison the renderer saves: no inspector record inline. */
export const comparisonSchema = comparisonSchemaOf('ipc');

/** A conversation the renderer saves: no inspector record inline. */
export const conversationSchema = conversationSchemaOf('ipc');

/** The newest version of the file format this build reads and writes; a file with a higher one is a newer build's. */
export const CONVERSATION_FILE_VERSION = 2;

/**
 * The version a conversation's file is written with: 1 while it uses nothing version 1 lacks, so a build
 * from before (which sets a version-1 file it cannot read aside as damaged, but leaves a newer version's
 * file alone) still opens it. Version 2 added the Chat Completions format and format-change markers; the
 * optional fields it added (images, new settings) are dropped unnoticed by a version-1 reader.
 */
export function fileVersionOf(conversation: Conversation): 1 | 2 {
  const usesV2 = (messages: readonly ConversationMessage[]): boolean =>
    messages.some(
      (message) =>
        message.role === 'format-change' ||
        (message.role === 'assistant' && message.format === 'chat') ||
        (message.role === 'compaction' && usesV2(message.replaced)),
    );
  return conversation.format === 'chat' || usesV2(conversation.messages) ? 2 : 1;
}

/** A conversation's file: `{ "version": 1 | 2, "conversation": … }`. */
export const conversationFileSchema = z.object({
  version: z.union([z.literal(1), z.literal(CONVERSATION_FILE_VERSION)]),
  conversation: conversationSchemaOf('file'),
});

/**
 * The version of a comparison's file; comparisons have their own line of versions, starting above every
 * conversation file's: builds from before comparisons read at most version 2 and leave a file of a higher
 * version alone (never set aside as damaged), so going back to one loses no comparison. A conversation
 * file's newest stays `CONVERSATION_FILE_VERSION`.
 */
export const COMPARISON_FILE_VERSION = 3;

/** A comparison's file: `{ "version": 3, "comparison": … }`, in the conversations folder. */
export const comparisonFileSchema = z.object({
  version: z.literal(COMPARISON_FILE_VERSION),
  comparison: comparisonSchemaOf('file'),
});
