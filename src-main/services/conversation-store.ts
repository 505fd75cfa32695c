// Saved Playground conversations: one file per conversation, `<dataDir>/conversations/<id>.json`, holding
// `{ "version": 1, "conversation": … }`, written atomically. The renderer saves the whole conversation
// after every change, so a save only writes its own file. A file that cannot be read is moved aside and
// counted in the next list; a file from a newer build is left alone. The list and search are answered from
// the store's persistent index (saved-index/: summary and search words per conversation, updated with each
// save, rename and delete, checked against the folder in the background at start), one page at a time, so
// a start with thousands of conversations reads the index and never the conversations. A deleted id stays
// deleted: a reply that was still streaming saves once more after the delete, and that save is refused.
// The inspector's record of each reply is kept apart (inspector-detail-store.ts); a file of an older
// build that holds records inline has them moved out when it is opened or renamed: the latest ones, dated
// by their messages (inspector-detail-store.ts `adopt`).
// A comparison (issue 17) is saved beside them the same way, `{ "version": 3, "comparison": … }` under its
// own id: listed, searched (its title and every column's text), renamed and deleted like a conversation,
// its columns' inspector records kept under its id. Builds before comparisons leave its file alone (a
// version they do not know), and `get` of a comparison's id is `not_found`, `getComparison` of a
// conversation's likewise.
import { readdir, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import {
  allMessageIds,
  type ChatFormat,
  type Comparison,
  type Conversation,
  type ConversationList,
  type ConversationMessage,
  type ConversationSummary,
  comparisonTitle,
  conversationTitle,
  type ReplyInspector,
} from '../../src-preload/contract.ts';
import { AppFailure } from '../app-failure.ts';
import { isRecord } from '../gateway/json.ts';
import { t } from '../i18n/index.ts';
import { createLogger } from '../log.ts';
import { moveAside, writeFileAtomic } from './atomic-file.ts';
import { comparisonFileText, conversationFileText } from './conversation-export.ts';
import {
  COMPARISON_FILE_VERSION,
  CONVERSATION_FILE_VERSION,
  CONVERSATION_ID_PATTERN,
  comparisonFileSchema,
  conversationFileSchema,
  MAX_CONVERSATION_BYTES,
} from './conversation-schema.ts';
import { isMissing } from './file-missing.ts';
import { createTurns } from './in-turn.ts';
import {
  type AdoptedDetail,
  createInspectorDetailStore,
  type InspectorDetailStore,
  inspectorDetailFolder,
} from './inspector-detail-store.ts';
import { previewOf } from './preview.ts';
import {
  createSavedIndex,
  readNewestOnce,
  type SavedIndex,
  type StoredFileStamp,
} from './saved-index/saved-index.ts';
import { readStoredText, type StoredText, tooLargeProblem } from './stored-file.ts';

export const CONVERSATIONS_FOLDER = 'conversations';

/** One page of the list: `offset` items skipped, at most `limit` (all without). */
export interface ListRequest {
  query?: string;
  offset?: number;
  limit?: number;
}

export interface ConversationStore {
  /**
   * Most recently updated first, one page; every word of `query` must appear in the title or a message's
   * text (the last typed word as the start of one; case and accents ignored; CJK without spaces).
   */
  list(request?: ListRequest | string): Promise<ConversationList>;
  /** Resolves once the index's start-up check is done and its journal written (tests, benches). */
  indexSettled(): Promise<void>;
  /** Starts reading the index now (the app's start), so the first list finds it in memory; then the newest item once. */
  warmIndex(): void;
  /** `not_found` for a comparison's id. */
  get(id: string): Promise<Conversation>;
  /** Writes the whole conversation, stamped with the time of this save as `updatedAt`. */
  save(conversation: Conversation): Promise<ConversationSummary>;
  /** `not_found` for a conversation's id. */
  getComparison(id: string): Promise<Comparison>;
  /** A conversation or a comparison, whichever the id is (for an export). */
  getEither(id: string): Promise<Conversation | Comparison>;
  /** Writes the whole comparison, every column with it, stamped with the time of this save as `updatedAt`. */
  saveComparison(comparison: Comparison): Promise<ConversationSummary>;
  /** An already checked title (one line, trimmed); `''` goes back to the derived one. */
  rename(id: string, title: string): Promise<ConversationSummary>;
  /** Whether there was such a conversation. Later saves of the id are refused (`not_found`). Its inspector records go too. */
  remove(id: string): Promise<boolean>;
  /** The inspector's record of one of its replies, `null` when none is kept; read in turn with its writes. */
  detail(id: string, messageId: string): Promise<ReplyInspector | null>;
  /** Keeps the record of a reply that has just ended; answers the bytes now kept for the conversation. */
  saveDetail(id: string, messageId: string, detail: ReplyInspector): Promise<number>;
  /** Deletes the conversation's inspector records (the conversation stays). */
  clearDetail(id: string): Promise<void>;
  /**
   * Copies the records a comparison kept of messages the conversation `to` holds (a column continued as a
   * conversation); answers the bytes now kept for `to`. `not_found` unless both are saved, as named.
   */
  copyDetail(from: string, to: string): Promise<number>;
}

export interface ConversationStoreOptions {
  /** `<dataDir>/conversations` */
  directory: string;
  now?: () => Date;
  /**
   * The largest file read: by default the largest the store writes (`MAX_CONVERSATION_BYTES`), so a larger
   * one is none of ours and is set aside like a damaged one. Tests pass less.
   */
  maxFileBytes?: number;
  /** Where inspector records are kept; by default `inspector` beside the conversations folder. */
  details?: InspectorDetailStore;
  /** The index's journal without its ending; by default `indexes/conversations` in the data folder. */
  indexPath?: string;
  /** How long a list waits for the index's running check before answering with what it has (ms). */
  listWaitMs?: number;
}

/** Where the stores' indexes are kept, in the data folder. */
export const INDEXES_FOLDER = 'indexes';

/** What one file of the folder holds. */
type Saved = Conversation | Comparison;
export const isComparison = (saved: Saved): saved is Comparison => 'columns' in saved;

type ReadResult =
  | { kind: 'ok'; conversation: Saved; size: number; mtimeMs: number }
  | { kind: 'missing' }
  | { kind: 'newer'; version: number; size: number; mtimeMs: number }
  | { kind: 'corrupt'; problem: unknown };

/** What a file holds, checked: a comparison's (`{ comparison }`) or a conversation's (`{ conversation }`). */
const comparisonInFile = comparisonFileSchema.transform((file): Saved => file.comparison);
const conversationInFile = conversationFileSchema.transform((file): Saved => file.conversation);

/** Files read at once while the first list is built. */
const READ_CONCURRENCY = 16;

type Turn = Extract<ConversationMessage, { role: 'user' | 'assistant' }>;
const isTurn = (message: ConversationMessage): message is Turn =>
  message.role === 'user' || message.role === 'assistant';

/** The text search looks in: user and assistant text, including turns a compaction replaced. */
function textsOf(messages: readonly ConversationMessage[]): string[] {
  return messages.flatMap((message) =>
    message.role === 'compaction' ? textsOf(message.replaced) : isTurn(message) ? [message.text] : [],
  );
}

export function summaryOf(conversation: Conversation, detailBytes = 0): ConversationSummary {
  const { id, createdAt, updatedAt, format, model, messages } = conversation;
  const last = messages.filter(isTurn).findLast((message) => message.text.trim() !== '');
  return {
    id,
    kind: 'conversation',
    title: conversationTitle(conversation),
    createdAt,
    updatedAt,
    format,
    model,
    // Turns the user would count: a compaction marker is not one.
    messageCount: messages.filter(isTurn).length,
    preview: last ? previewOf(last.text) : '',
    detailBytes,
  };
}

/**
 * A comparison in the list: its title, the first column's format and model (every column's in `columns`),
 * its prompts counted once, and the preview of the latest text in any column.
 */
export function comparisonSummaryOf(comparison: Comparison, detailBytes = 0): ConversationSummary {
  const { id, createdAt, updatedAt, columns } = comparison;
  const first = columns[0]!;
  const prompts = first.messages.filter((message) => message.role === 'user').length;
  const latest = columns
    .flatMap((column) => column.messages.filter(isTurn))
    .filter((message) => message.text.trim() !== '')
    .reduce<Turn | null>(
      (last, message) => (last && last.createdAt > message.createdAt ? last : message),
      null,
    );
  return {
    id,
    kind: 'comparison',
    title: comparisonTitle(comparison),
    createdAt,
    updatedAt,
    format: first.format,
    model: first.model,
    messageCount: prompts,
    preview: latest ? previewOf(latest.text) : '',
    detailBytes,
    columns: columns.map(({ format, model }) => ({ format, model })),
  };
}

const summaryOfSaved = (saved: Saved, detailBytes = 0) =>
  isComparison(saved) ? comparisonSummaryOf(saved, detailBytes) : summaryOf(saved, detailBytes);

/** Every message id of a conversation or of every column of a comparison: each may have an inspector record. */
const messageIdsOf = (saved: Saved) =>
  isComparison(saved)
    ? saved.columns.flatMap((column) => allMessageIds(column.messages))
    : allMessageIds(saved.messages);

/** A message as read from a file of an older build: its inspector record may be inline. */
type MaybeInline = ConversationMessage & { inspector?: ReplyInspector | null };

export interface InlineDetail {
  messageId: string;
  detail: ReplyInspector;
  /** The message's `createdAt`: the record is as old as its message. */
  createdAt: string;
}

/**
 * The conversation without inspector records inline, and the records it held, oldest first (a
 * compaction's replaced messages before it): a message that held one is marked `hasDetail`. The same
 * conversation (and no records) when none held one, the usual case.
 */
export function splitInlineDetail(conversation: Conversation): {
  conversation: Conversation;
  details: InlineDetail[];
} {
  const details: InlineDetail[] = [];
  const strip = (messages: readonly ConversationMessage[]): ConversationMessage[] | null => {
    let changed = false;
    const next = messages.map((message): ConversationMessage => {
      if (message.role === 'user' || message.role === 'format-change') return message;
      const replaced = message.role === 'compaction' ? strip(message.replaced) : null;
      if (!('inspector' in message) && replaced === null) return message;
      changed = true;
      const { inspector, ...rest } = message as MaybeInline & { role: 'assistant' | 'compaction' };
      if (inspector) details.push({ messageId: message.id, detail: inspector, createdAt: message.createdAt });
      const hasDetail = rest.hasDetail || Boolean(inspector);
      return rest.role === 'compaction'
        ? { ...rest, hasDetail, replaced: replaced ?? rest.replaced }
        : { ...rest, hasDetail };
    });
    return changed ? next : null;
  };
  const messages = strip(conversation.messages);
  return { conversation: messages ? { ...conversation, messages } : conversation, details };
}

/**
 * Records moved out of a file, each dated by its message (never later than `now`; an unreadable time counts
 * as the oldest), so they do not pass for the newest records of all.
 */
function adopted(inline: readonly InlineDetail[], now: number): AdoptedDetail[] {
  return inline.map(({ messageId, detail, createdAt }) => {
    const time = Date.parse(createdAt);
    return { messageId, detail, savedAt: Number.isFinite(time) ? Math.min(time, now) : 0 };
  });
}

/** What search looks in: the own title and every turn's text (a comparison's, every column's). */
function searchTextsOf(saved: Saved): string[] {
  const messages = isComparison(saved) ? saved.columns.flatMap((column) => column.messages) : saved.messages;
  return [saved.customTitle, ...textsOf(messages)];
}

const FORMATS = new Set<string>(['responses', 'chat', 'content'] satisfies ChatFormat[]);

/** A summary read back from the index: the fields the list shows, of the kinds they should be. */
function isSummary(value: unknown, id: string): value is ConversationSummary {
  if (!isRecord(value) || value.id !== id) return false;
  const { kind, title, createdAt, updatedAt, format, model, messageCount, preview } = value;
  return (
    (kind === 'conversation' || kind === 'comparison') &&
    typeof title === 'string' &&
    typeof createdAt === 'string' &&
    typeof updatedAt === 'string' &&
    typeof format === 'string' &&
    FORMATS.has(format) &&
    typeof model === 'string' &&
    typeof messageCount === 'number' &&
    typeof preview === 'string'
  );
}

const newestFirst = (a: ConversationSummary, b: ConversationSummary) =>
  b.updatedAt.localeCompare(a.updatedAt) || b.id.localeCompare(a.id);

function notFound(): AppFailure {
  return new AppFailure('not_found', t('errors.conversationStore.gone'), {
    hint: t('errors.conversationStore.goneHint'),
  });
}

/** `conversations.get` of a comparison's id: it is saved, but opens elsewhere. */
function comparisonNotConversation(): AppFailure {
  return new AppFailure('not_found', t('errors.conversationStore.isComparison'), {
    hint: t('errors.conversationStore.isComparisonHint'),
  });
}

function conversationNotComparison(): AppFailure {
  return new AppFailure('not_found', t('errors.conversationStore.isConversation'), {
    hint: t('errors.conversationStore.isConversationHint'),
  });
}

function deletedAlready(): AppFailure {
  return new AppFailure('not_found', t('errors.conversationStore.deleted'), {
    hint: t('errors.conversationStore.deletedHint'),
  });
}

function newerVersion(): AppFailure {
  return new AppFailure('file_error', t('errors.conversationStore.newer'), {
    hint: t('errors.conversationStore.updateToOpen'),
  });
}

/** `items` mapped with at most `limit` calls of `task` in flight. */
async function mapLimited<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>) {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export function createConversationStore({
  directory,
  now = () => new Date(),
  maxFileBytes = MAX_CONVERSATION_BYTES,
  // The conversations folder is `<dataDir>/conversations`, so its parent is the data folder.
  details = createInspectorDetailStore({ directory: inspectorDetailFolder(dirname(directory)), now }),
  indexPath = join(dirname(directory), INDEXES_FOLDER, CONVERSATIONS_FOLDER),
  listWaitMs,
}: ConversationStoreOptions): ConversationStore {
  const log = createLogger('conversations');
  /** Files moved aside since the last list said how many. */
  let movedAside = 0;
  /** Writes to one conversation run one after another, so the last save is the one on disk. */
  const inTurn = createTurns();
  /**
   * Ids deleted while this store ran. The renderer may still send a save after the delete (the last batch
   * of a streaming reply), and writing it would bring the conversation back. Ids are random and never
   * reused, so remembering them until the app quits costs a few bytes each and refuses nothing legitimate.
   */
  const deleted = new Set<string>();

  const fileOf = (id: string) => {
    if (!CONVERSATION_ID_PATTERN.test(id)) {
      throw new AppFailure('invalid_input', t('errors.conversationStore.badId'));
    }
    return join(directory, `${id}.json`);
  };

  /** One file read through one handle (`readStoredText`), so its size and time belong to its text. */
  async function read(id: string): Promise<ReadResult> {
    const path = fileOf(id); // Outside the `try`: an id that is none of ours is `invalid_input`.
    let stored: StoredText;
    try {
      stored = await readStoredText(path, maxFileBytes);
    } catch (error) {
      throw new AppFailure('file_error', t('errors.conversationStore.unreadable'), { cause: error });
    }
    if (stored.kind === 'missing') return { kind: 'missing' };
    if (stored.kind === 'oversized') {
      return { kind: 'corrupt', problem: tooLargeProblem(stored.size, stored.limit) };
    }
    const { size, mtimeMs } = stored;
    let raw: unknown;
    try {
      raw = JSON.parse(stored.text);
    } catch (error) {
      return { kind: 'corrupt', problem: error };
    }
    // Written by a newer build: left alone, never "repaired" into something older.
    // A comparison's file says so by its key; anything else must be a conversation's. Each kind has its
    // own newest version: a conversation file of version 3 is a newer build's, not a comparison.
    const isComparisonFile = isRecord(raw) && 'comparison' in raw;
    const version = isRecord(raw) ? raw.version : undefined;
    const newest = isComparisonFile ? COMPARISON_FILE_VERSION : CONVERSATION_FILE_VERSION;
    if (typeof version === 'number' && version > newest) {
      return { kind: 'newer', version, size, mtimeMs };
    }
    const parsed = (isComparisonFile ? comparisonInFile : conversationInFile).safeParse(raw);
    if (!parsed.success) return { kind: 'corrupt', problem: z.prettifyError(parsed.error) };
    if (parsed.data.id !== id) {
      return { kind: 'corrupt', problem: `it holds conversation ${parsed.data.id.slice(0, 64)}` };
    }
    return { kind: 'ok', conversation: parsed.data, size, mtimeMs };
  }

  async function setAside(id: string, problem: unknown): Promise<void> {
    await forget(id);
    try {
      const aside = await moveAside(fileOf(id), now());
      movedAside++;
      log.warn(`conversation ${id} could not be read; moved aside to ${aside}`, problem);
    } catch (error) {
      // Gone meanwhile (deleted in another window), or the folder is read-only: nothing more to do.
      if (!isMissing(error)) log.error(`conversation ${id} could not be read nor moved aside`, error);
    }
  }

  /** The index, started at the first call that needs it (a store made and never used reads nothing). */
  let savedIndex: SavedIndex<ConversationSummary> | null = null;
  function index(): SavedIndex<ConversationSummary> {
    savedIndex ??= createSavedIndex<ConversationSummary>({
      name: CONVERSATIONS_FOLDER,
      path: indexPath,
      scan: scanFolder,
      read: (id) =>
        inTurn(id, async () => {
          if (deleted.has(id)) return { kind: 'gone' };
          const result = await read(id);
          switch (result.kind) {
            case 'ok':
              return {
                kind: 'ok',
                summary: summaryOfSaved(result.conversation),
                texts: searchTextsOf(result.conversation),
                size: result.size,
                mtimeMs: result.mtimeMs,
              };
            case 'newer':
              log.warn(
                `conversation ${id} was saved by a newer version (format ${result.version}); not listed`,
              );
              return { kind: 'newer', size: result.size, mtimeMs: result.mtimeMs };
            case 'corrupt':
              await setAside(id, result.problem);
              return { kind: 'gone' };
            case 'missing':
              return { kind: 'gone' };
          }
        }),
      compare: newestFirst,
      isSummary,
      warn: (message, error) => log.warn(message, error),
      listWaitMs,
    });
    return savedIndex;
  }

  /** Every conversation file with its size and time. */
  async function scanFolder(): Promise<StoredFileStamp[]> {
    let names: string[];
    try {
      names = await readdir(directory);
    } catch (error) {
      if (isMissing(error)) return [];
      throw error;
    }
    const ids = names
      .filter((name) => name.endsWith('.json'))
      .map((name) => name.slice(0, -'.json'.length))
      .filter((id) => CONVERSATION_ID_PATTERN.test(id));
    const found = await mapLimited(ids, READ_CONCURRENCY, async (id) => {
      const info = await stat(join(directory, `${id}.json`)).catch(() => null);
      return info === null ? null : { id, size: info.size, mtimeMs: info.mtimeMs };
    });
    return found.filter((entry) => entry !== null);
  }

  async function forget(id: string): Promise<void> {
    const saved = index();
    await saved.ready();
    saved.remove(id);
  }

  async function remember(conversation: Saved, size: number, mtimeMs: number): Promise<ConversationSummary> {
    const summary = summaryOfSaved(conversation);
    const saved = index();
    await saved.ready();
    saved.put(conversation.id, summary, searchTextsOf(conversation), size, mtimeMs);
    return summary;
  }

  /** The conversation, or the failure a reader should hear (a damaged file is moved aside first). */
  async function readOrFail(id: string): Promise<Saved> {
    const result = await read(id);
    switch (result.kind) {
      case 'ok':
        return result.conversation;
      case 'missing':
        await forget(id);
        throw notFound();
      case 'newer':
        throw newerVersion();
      case 'corrupt':
        await setAside(id, result.problem);
        throw new AppFailure('file_error', t('errors.conversationStore.damaged'), {
          hint: t('errors.conversationStore.damagedHint'),
        });
    }
  }

  /**
   * Writes the conversation's file, its inspector records apart: records it holds inline (a file of an
   * older build; the IPC schema refuses them) are kept first, so a crash between the two loses none of
   * those kept, and records of messages it no longer has are dropped after.
   */
  async function write(given: Saved): Promise<ConversationSummary> {
    // Comparisons came after records moved out: none holds one inline.
    const { conversation, details: inline } = isComparison(given)
      ? { conversation: given, details: [] }
      : splitInlineDetail(given);
    const path = fileOf(conversation.id);
    const text = isComparison(conversation)
      ? comparisonFileText(conversation)
      : conversationFileText(conversation);
    const bytes = Buffer.byteLength(text);
    if (bytes > MAX_CONVERSATION_BYTES) {
      const mb = (value: number) => Math.ceil(value / (1024 * 1024));
      // One bound for the file, whichever it holds: a comparison's columns share it.
      const tooLarge = isComparison(conversation)
        ? 'errors.conversationStore.comparisonTooLarge'
        : 'errors.conversationStore.conversationTooLarge';
      throw new AppFailure(
        'file_error',
        t(tooLarge, { size: mb(bytes), limit: mb(MAX_CONVERSATION_BYTES) }),
        { hint: t('errors.conversationStore.tooLargeHint') },
      );
    }
    try {
      if (inline.length > 0) await details.adopt(conversation.id, adopted(inline, now().getTime()));
      await writeFileAtomic(path, text);
    } catch (error) {
      throw new AppFailure('file_error', t('errors.conversationStore.notSaved'), {
        hint: t('errors.conversationStore.diskHint'),
        cause: error,
      });
    }
    await details
      .keepOnly(conversation.id, messageIdsOf(conversation))
      .catch((error: unknown) => log.warn('inspector records of removed messages were kept', error));
    const detailBytes = await detailBytesOf(conversation.id);
    const info = await stat(path).catch(() => null);
    // Without its time the index could not tell a later change apart: the next start's check reads the file.
    if (info === null) return summaryOfSaved(conversation, detailBytes);
    return { ...(await remember(conversation, info.size, info.mtimeMs)), detailBytes };
  }

  /** Never fails: a size it cannot tell is no reason to fail a list or a save. */
  const detailBytesOf = (id: string) => details.bytesOf(id).catch(() => 0);

  /**
   * Opens a conversation in turn with its saves, so a save asked before the open (a reply that has just
   * ended: its record, then the conversation) is in what it gives back, never the file as it was before.
   * One whose file holds inspector records inline (an older build's) is rewritten with them moved out.
   */
  async function openAndMigrate(id: string): Promise<Conversation> {
    fileOf(id); // Outside the turn: an id that is none of ours is refused without queueing anything.
    return inTurn(id, async () => {
      const current = await readOrFail(id);
      if (isComparison(current)) throw comparisonNotConversation();
      const moved = splitInlineDetail(current);
      // `inspector: null` fields (written for older builds) are dropped: only a held record needs a rewrite.
      if (moved.details.length === 0) return moved.conversation;
      try {
        await write(current);
      } catch (error) {
        // Read-only folder, full disk: shown as it is, moved on a later open or save.
        log.warn(`conversation ${id}: its inspector records could not be moved out yet`, error);
      }
      return moved.conversation;
    });
  }

  /** Writes a conversation or comparison whole, unless its id was deleted (a late save of a streaming reply). */
  async function saveWhole(saved: Saved): Promise<ConversationSummary> {
    fileOf(saved.id);
    return inTurn(saved.id, () => {
      // Checked in turn: a delete queued before this save has run by now.
      if (deleted.has(saved.id)) throw deletedAlready();
      return write({ ...saved, updatedAt: now().toISOString() });
    });
  }

  return {
    async list(request = {}) {
      const { query, offset, limit } = typeof request === 'string' ? { query: request } : request;
      const page = await index().page({ query, offset, limit });
      // Only the page's: what the inspector keeps is counted per conversation shown.
      const conversations = await Promise.all(
        page.items.map(async (summary) => ({ ...summary, detailBytes: await detailBytesOf(summary.id) })),
      );
      const reported = movedAside;
      movedAside = 0;
      const list: ConversationList = { conversations, total: page.total, movedAside: reported };
      if (page.rebuilding) list.rebuilding = page.rebuilding;
      return list;
    },

    indexSettled: () => index().settled(),

    warmIndex: () => readNewestOnce(index(), read),

    get: openAndMigrate,

    save: saveWhole,

    async getComparison(id) {
      fileOf(id);
      // In turn with its saves, as a conversation is opened (`openAndMigrate`).
      return inTurn(id, async () => {
        const current = await readOrFail(id);
        if (!isComparison(current)) throw conversationNotComparison();
        return current;
      });
    },

    saveComparison: saveWhole,

    async getEither(id) {
      fileOf(id);
      return inTurn(id, async () => {
        const current = await readOrFail(id);
        return isComparison(current) ? current : splitInlineDetail(current).conversation;
      });
    },

    async rename(id, title) {
      fileOf(id);
      // `updatedAt` stays: a new name is not new activity, and should not move the conversation up the list.
      return inTurn(id, async () => {
        if (deleted.has(id)) throw deletedAlready();
        return write({ ...(await readOrFail(id)), customTitle: title });
      });
    },

    async remove(id) {
      const path = fileOf(id);
      return inTurn(id, async () => {
        await forget(id);
        // Its records first: were the file removed and this failed, they would outlive it (until the
        // sweep at the next start).
        await details.clear(id).catch((error: unknown) => {
          throw new AppFailure('file_error', t('errors.conversationStore.notDeleted'), {
            hint: t('errors.conversationStore.writableHint'),
            cause: error,
          });
        });
        try {
          await rm(path);
          deleted.add(id);
          return true;
        } catch (error) {
          // No file yet still counts as deleted: a chat deleted before its first save landed must not be
          // created by that save either. A delete that failed leaves the id free to be saved.
          if (isMissing(error)) {
            deleted.add(id);
            return false;
          }
          throw new AppFailure('file_error', t('errors.conversationStore.notDeleted'), {
            hint: t('errors.conversationStore.writableHint'),
            cause: error,
          });
        }
      });
    },

    async detail(id, messageId) {
      fileOf(id);
      // In turn with the writes: a record main began keeping as its reply ended (`saveDetail`, queued
      // before the page heard of the end) is read once written, never missed because its write still ran.
      return inTurn(id, async () => {
        try {
          return await details.get(id, messageId);
        } catch (error) {
          throw new AppFailure('file_error', t('errors.conversationStore.recordUnreadable'), {
            hint: t('errors.conversationStore.recordUnreadableHint'),
            cause: error,
          });
        }
      });
    },

    async saveDetail(id, messageId, detail) {
      fileOf(id);
      return inTurn(id, async () => {
        // A reply ending after its conversation was deleted must not leave a record behind.
        if (deleted.has(id)) throw deletedAlready();
        try {
          await details.put(id, messageId, detail);
        } catch (error) {
          throw new AppFailure('file_error', t('errors.conversationStore.recordNotSaved'), {
            hint: t('errors.conversationStore.diskHint'),
            cause: error,
          });
        }
        return detailBytesOf(id);
      });
    },

    async copyDetail(from, to) {
      fileOf(from);
      fileOf(to);
      // Each read in its own turn, never one turn inside another: no two calls can wait on each other.
      const target = await inTurn(to, () => readOrFail(to));
      if (isComparison(target)) throw comparisonNotConversation();
      const source = await inTurn(from, () => readOrFail(from));
      if (!isComparison(source)) throw conversationNotComparison();
      const inSource = new Set(messageIdsOf(source));
      const shared = messageIdsOf(target).filter((messageId) => inSource.has(messageId));
      // In the comparison's turn: a record a column's reply began keeping as it ended is written by then.
      const records = await inTurn(from, async () => {
        const found: Array<[string, ReplyInspector]> = [];
        for (const messageId of shared) {
          const record = await details.get(from, messageId).catch(() => null);
          if (record) found.push([messageId, record]);
        }
        return found;
      });
      return inTurn(to, async () => {
        if (deleted.has(to)) throw deletedAlready();
        try {
          for (const [messageId, record] of records) await details.put(to, messageId, record);
        } catch (error) {
          throw new AppFailure('file_error', t('errors.conversationStore.recordsNotCopied'), {
            hint: t('errors.conversationStore.diskHint'),
            cause: error,
          });
        }
        return detailBytesOf(to);
      });
    },

    async clearDetail(id) {
      fileOf(id);
      return inTurn(id, async () => {
        try {
          await details.clear(id);
        } catch (error) {
          throw new AppFailure('file_error', t('errors.conversationStore.recordsNotDeleted'), {
            hint: t('errors.conversationStore.writableHint'),
            cause: error,
          });
        }
      });
    },
  };
}
