// The inspector's records of Playground replies (the request as sent and what came back raw), kept apart
// from the conversations. A reply's request repeats the whole conversation before it, so records kept
// inside the conversation file made it grow with the square of its length until it could not be saved.
//
// Layout: `<dataDir>/inspector/<conversationId>/<key>.json`, one file per reply, `key` a hash of the
// message id (ids come from the renderer, so they never name a path themselves). Each file holds
// `{ "version": 1, "messageId": …, "detail": … }` and is written atomically.
//
// Bounded two ways, oldest record dropped first (a record is as old as its reply: records moved out of an
// older build's file carry their message's time, so they do not pass for the newest):
// - `DETAILS_PER_CONVERSATION` per conversation. The inspector is for looking at what just went over the
//   wire; the latest 30 replies cover a long working session, while the records of a 100-turn chat's
//   earlier turns repeat what the later ones hold anyway (each request carries the whole history).
// - `MAX_DETAIL_BYTES` over all conversations. A long reply's record is ~0.2–1 MB (its request grows with
//   the conversation, its events stop at 1,000), so 256 MB keeps dozens of long conversations' latest
//   replies whole, and no more than a small fraction of a disk.
// An index of sizes and times is kept in memory, built from one `readdir` + `stat` pass on first use.
import { createHash } from 'node:crypto';
import { readdir, rm, stat, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { INSPECTOR_DETAILS_PER_CONVERSATION, type ReplyInspector } from '../../src-preload/contract.ts';
import { isRecord } from '../gateway/json.ts';
import { createLogger } from '../log.ts';
import { writeFileAtomic } from './atomic-file.ts';
import { CONVERSATION_ID_PATTERN, replyInspector } from './conversation-schema.ts';
import { isMissing } from './file-missing.ts';
import { readStoredText } from './stored-file.ts';

const INSPECTOR_DETAIL_FOLDER = 'inspector';
/** Where the records are kept: the one place this is said, for the store and the sweep at start alike. */
export const inspectorDetailFolder = (dataDir: string) => join(dataDir, INSPECTOR_DETAIL_FOLDER);
export const DETAILS_PER_CONVERSATION = INSPECTOR_DETAILS_PER_CONVERSATION;
export const MAX_DETAIL_BYTES = 256 * 1024 * 1024;
/**
 * One record at most: larger is not kept (nor read back). Main's own records stay far below it: the request
 * is bounded by the chat schemas, the exchange log by MAX_LOGGED_EVENTS and MAX_LOGGED_BODY.
 */
const MAX_RECORD_BYTES = 64 * 1024 * 1024;
const RECORD_VERSION = 1;
const RECORD_NAME = /^[0-9a-f]{32}\.json$/;

/** A record moved out of an older build's conversation file, with the time of its message. */
export interface AdoptedDetail {
  messageId: string;
  detail: ReplyInspector;
  savedAt: number;
}

export interface InspectorDetailStore {
  /**
   * The record of one reply, or `null` when none is kept (never recorded, dropped, or damaged). Throws
   * when the file is there but cannot be read now (locked, unreadable): worth trying again.
   */
  get(conversationId: string, messageId: string): Promise<ReplyInspector | null>;
  /** Keeps a new reply's record, dropping the oldest ones (never this one) beyond the bounds. */
  put(conversationId: string, messageId: string, detail: ReplyInspector): Promise<void>;
  /**
   * Keeps records moved out of an older build's file, given oldest first: the latest
   * `DETAILS_PER_CONVERSATION` of them, each as old as its message, then the bounds as for any record
   * (so under the byte cap they go before newer replies of other conversations).
   */
  adopt(conversationId: string, records: readonly AdoptedDetail[]): Promise<void>;
  /** Drops the conversation's records of messages it no longer has (deleted, regenerated, edited away). */
  keepOnly(conversationId: string, messageIds: Iterable<string>): Promise<void>;
  /** Bytes of records kept for a conversation. */
  bytesOf(conversationId: string): Promise<number>;
  /** Deletes all of a conversation's records. */
  clear(conversationId: string): Promise<void>;
}

interface Entry {
  bytes: number;
  savedAt: number;
}

/** The file name of a message's record: a hash, so any id the renderer made is a safe name. */
export function recordName(messageId: string): string {
  return `${createHash('sha256').update(messageId).digest('hex').slice(0, 32)}.json`;
}

export function createInspectorDetailStore({
  directory,
  now = () => new Date(),
  perConversation = DETAILS_PER_CONVERSATION,
  maxBytes = MAX_DETAIL_BYTES,
}: {
  /** `<dataDir>/inspector` */
  directory: string;
  now?: () => Date;
  /** Bounds; tests pass smaller ones. */
  perConversation?: number;
  maxBytes?: number;
}): InspectorDetailStore {
  const log = createLogger('inspector-detail');
  /** Conversation id → record name → size and time. */
  const index = new Map<string, Map<string, Entry>>();
  let loading: Promise<void> | null = null;
  let total = 0;

  const folderOf = (conversationId: string) => {
    // Checked by the callers' schemas already; here again because this names a folder to delete.
    if (!CONVERSATION_ID_PATTERN.test(conversationId)) throw new Error('not a conversation id');
    return join(directory, conversationId);
  };

  async function scan(): Promise<void> {
    let folders: string[];
    try {
      folders = await readdir(directory);
    } catch (error) {
      if (!isMissing(error)) log.warn('the inspector records could not be listed', error);
      return;
    }
    for (const conversationId of folders) {
      if (!CONVERSATION_ID_PATTERN.test(conversationId)) continue;
      const names = await readdir(join(directory, conversationId)).catch(() => [] as string[]);
      const entries = new Map<string, Entry>();
      for (const name of names) {
        if (!RECORD_NAME.test(name)) continue;
        const info = await stat(join(directory, conversationId, name)).catch(() => null);
        if (info === null || !info.isFile()) continue;
        entries.set(name, { bytes: info.size, savedAt: info.mtimeMs });
        total += info.size;
      }
      if (entries.size > 0) index.set(conversationId, entries);
    }
  }

  const loaded = () => {
    loading ??= scan();
    return loading;
  };

  async function drop(conversationId: string, name: string): Promise<void> {
    const entries = index.get(conversationId);
    const entry = entries?.get(name);
    if (!entries || !entry) return;
    entries.delete(name);
    total -= entry.bytes;
    if (entries.size === 0) index.delete(conversationId);
    await rm(join(folderOf(conversationId), name), { force: true }).catch((error: unknown) =>
      log.warn('an inspector record could not be deleted', error),
    );
  }

  /** The oldest record: of one conversation, or of all of them but `spare`'s latest. */
  function oldest(among: Iterable<[string, Map<string, Entry>]>, spare?: [string, string]) {
    let found: { conversationId: string; name: string; savedAt: number } | null = null;
    for (const [conversationId, entries] of among) {
      for (const [name, entry] of entries) {
        if (spare && spare[0] === conversationId && spare[1] === name) continue;
        if (found === null || entry.savedAt < found.savedAt) found = { conversationId, name, ...entry };
      }
    }
    return found;
  }

  /** Drops the oldest records beyond the bounds; `spare`, a record just kept, is never one of them. */
  async function evictBeyondBounds(conversationId: string, spare?: string): Promise<void> {
    const spared = spare === undefined ? undefined : ([conversationId, spare] as [string, string]);
    const mine = () => index.get(conversationId);
    while ((mine()?.size ?? 0) > perConversation) {
      const victim = oldest([[conversationId, mine()!]], spared);
      if (!victim) break;
      await drop(victim.conversationId, victim.name);
    }
    while (total > maxBytes) {
      const victim = oldest(index, spared);
      if (!victim) break;
      await drop(victim.conversationId, victim.name);
    }
  }

  /**
   * Writes a record dated `savedAt`, on disk too (after a restart the index is built from file times).
   * Answers whether it was kept: one larger than a bound is not.
   */
  async function write(
    conversationId: string,
    messageId: string,
    detail: ReplyInspector,
    savedAt: number,
  ): Promise<boolean> {
    const name = recordName(messageId);
    const text = JSON.stringify({ version: RECORD_VERSION, messageId, detail });
    const bytes = Buffer.byteLength(text);
    if (bytes > MAX_RECORD_BYTES || bytes > maxBytes) {
      log.warn(`an inspector record of ${bytes} bytes was too large to keep`);
      return false;
    }
    const path = join(folderOf(conversationId), name);
    await writeFileAtomic(path, text);
    const time = new Date(savedAt);
    await utimes(path, time, time).catch((error: unknown) =>
      log.warn('an inspector record could not be dated', error),
    );
    // The size on disk, which the write may have changed (secrets are hidden on the way).
    const written = (await stat(path).catch(() => null))?.size ?? bytes;
    const entries = index.get(conversationId) ?? new Map<string, Entry>();
    total += written - (entries.get(name)?.bytes ?? 0);
    entries.set(name, { bytes: written, savedAt });
    index.set(conversationId, entries);
    return true;
  }

  return {
    async get(conversationId, messageId) {
      const path = join(folderOf(conversationId), recordName(messageId));
      // Missing or too large: none kept. A read that fails (locked, unreadable) throws: it may work later.
      const stored = await readStoredText(path, MAX_RECORD_BYTES);
      if (stored.kind !== 'text') return null;
      let raw: unknown;
      try {
        raw = JSON.parse(stored.text);
      } catch (error) {
        log.warn('an inspector record is damaged', error);
        return null;
      }
      // A record of another message (a hash collision, a hand edit) or another format is not this one.
      if (!isRecord(raw) || raw.version !== RECORD_VERSION || raw.messageId !== messageId) return null;
      const parsed = replyInspector.safeParse(raw.detail);
      return parsed.success ? parsed.data : null;
    },

    async put(conversationId, messageId, detail) {
      await loaded();
      if (await write(conversationId, messageId, detail, now().getTime())) {
        await evictBeyondBounds(conversationId, recordName(messageId));
      }
    },

    async adopt(conversationId, records) {
      await loaded();
      // The latest ones only: the bound a conversation of this build keeps, the others never written.
      for (const { messageId, detail, savedAt } of records.slice(-perConversation)) {
        await write(conversationId, messageId, detail, savedAt);
      }
      await evictBeyondBounds(conversationId);
    },

    async keepOnly(conversationId, messageIds) {
      await loaded();
      const entries = index.get(conversationId);
      if (!entries) return;
      const kept = new Set<string>();
      for (const id of messageIds) kept.add(recordName(id));
      for (const name of [...entries.keys()]) if (!kept.has(name)) await drop(conversationId, name);
    },

    async bytesOf(conversationId) {
      await loaded();
      let bytes = 0;
      for (const entry of index.get(conversationId)?.values() ?? []) bytes += entry.bytes;
      return bytes;
    },

    async clear(conversationId) {
      await loaded();
      const folder = folderOf(conversationId);
      for (const entry of index.get(conversationId)?.values() ?? []) total -= entry.bytes;
      index.delete(conversationId);
      await rm(folder, { recursive: true, force: true });
    },
  };
}
