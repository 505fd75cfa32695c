// Issue 14, item 8: the inspector's record of each reply (the request as sent, which repeats the whole
// conversation, and up to 1,000 raw events) is kept apart from the conversation file, in a bounded store,
// so a long conversation keeps saving. Real stores on a temp folder; only the clock is fixed.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type ConversationStore,
  createConversationStore,
} from '../../../src-main/services/conversation-store.ts';
import {
  createInspectorDetailStore,
  DETAILS_PER_CONVERSATION,
  recordName,
} from '../../../src-main/services/inspector-detail-store.ts';
import { sweepInspectorDetail } from '../../../src-main/services/start-sweep.ts';
import type {
  AssistantMessage,
  Conversation,
  ConversationMessage,
  ReplyInspector,
} from '../../../src-preload/contract.ts';
import {
  assistantMessage,
  compactionMarker,
  conversation,
  userMessage,
} from '../../support/conversation-fixtures.ts';

let home: string;
let directory: string;

beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'gs-detail-'));
  directory = join(home, 'conversations');
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

const open = () => createConversationStore({ directory });
const fileOf = (id: string) => join(directory, `${id}.json`);

/** What the inspector records for a reply: the request as sent (the whole history so far) and its events. */
function recordedDetail(history: readonly ConversationMessage[], turn: number): ReplyInspector {
  const input = history.flatMap((message) =>
    message.role === 'user' || message.role === 'assistant'
      ? [{ role: message.role, content: message.text }]
      : [],
  );
  return {
    request: {
      method: 'POST',
      url: 'https://gateway.example/v1/responses',
      headers: [
        ['authorization', 'Bearer $GATEWAY_API_KEY'],
        ['content-type', 'application/json'],
      ],
      body: JSON.stringify({ model: 'gpt-5-mini', input, stream: true }),
    },
    exchange: {
      status: 200,
      requestId: `req_${turn}`,
      contentType: 'text/event-stream',
      events: Array.from({ length: 300 }, (_, n) => ({
        atMs: 100 + n,
        event: 'response.output_text.delta',
        data: JSON.stringify({ type: 'response.output_text.delta', sequence_number: n, delta: 'word ' }),
      })),
      omittedEvents: 0,
      body: null,
      bodyTruncated: false,
    },
  };
}

/** A paragraph of about `chars` characters, different per turn. */
const paragraph = (turn: number, chars: number) =>
  `Turn ${turn}: ${'The quick brown fox jumps over the lazy dog. '.repeat(Math.ceil(chars / 45))}`.slice(
    0,
    chars,
  );

describe('a long conversation', () => {
  it('saves and reloads 100 turns, its file growing by the turn’s text only (linear, not quadratic)', async () => {
    const store = open();
    let current: Conversation = conversation();
    const TURNS = 100;
    const TEXT = 1_500; // per message: a question and a reply of a few paragraphs each
    // Each turn adds a question and a reply (~3 KB of text, plus the message's fields). Detail kept in
    // the file would add the whole history again at every turn: ~3 KB × turn.
    const PER_TURN_LIMIT = 6 * 1024;
    for (let turn = 1; turn <= TURNS; turn++) {
      const question = userMessage(paragraph(turn, TEXT));
      const history = [...current.messages, question];
      const reply = assistantMessage(paragraph(turn, TEXT), { hasDetail: true });
      const detail = recordedDetail(history, turn);
      current = { ...current, messages: [...history, reply] };
      await saveReply(store, current, reply, detail);
      const size = statSync(fileOf(current.id)).size;
      expect(size, `file size after turn ${turn}`).toBeLessThan(2_000 + turn * PER_TURN_LIMIT);
    }

    // The app restarted: every turn reads back, text for text.
    const reloaded = await open().get(current.id);
    const texts = (messages: readonly ConversationMessage[]) =>
      messages.map((m) => (m.role === 'user' || m.role === 'assistant' ? m.text : ''));
    expect(texts(reloaded.messages)).toEqual(texts(current.messages));
    // The latest reply's record is still there for the inspector, whole.
    const last = current.messages.at(-1)!;
    const history = current.messages.slice(0, -1);
    expect(await open().detail(current.id, last.id)).toEqual(recordedDetail(history, TURNS));
  });
});

/**
 * What the Playground does when a reply ends: the record goes to the detail store, and the conversation
 * (whose reply only says that it has one) is saved.
 */
async function saveReply(
  store: ConversationStore,
  current: Conversation,
  reply: AssistantMessage,
  detail: ReplyInspector,
): Promise<void> {
  await store.saveDetail(current.id, reply.id, detail);
  await store.save(current);
}

const detailFolder = () => join(home, 'inspector');
/** Record files of a conversation on disk. */
const recordFiles = (id: string) => {
  try {
    return readdirSync(join(detailFolder(), id)).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
};
/** A small record, different per reply. */
const smallDetail = (label: string): ReplyInspector => ({
  request: {
    method: 'POST',
    url: 'https://gateway.example/v1/responses',
    headers: [],
    body: `{"n":"${label}"}`,
  },
  exchange: null,
});

describe('the bounds', () => {
  it(`keeps the latest ${DETAILS_PER_CONVERSATION} replies of a conversation; an older one is no longer kept`, async () => {
    const store = open();
    const replies = Array.from({ length: DETAILS_PER_CONVERSATION + 5 }, (_, n) =>
      assistantMessage(`reply ${n}`, { hasDetail: true }),
    );
    const chat = conversation({ messages: replies });
    for (const reply of replies) await store.saveDetail(chat.id, reply.id, smallDetail(reply.text));
    const summary = await store.save(chat);

    expect(await store.detail(chat.id, replies[0]!.id)).toBeNull();
    expect(await store.detail(chat.id, replies[4]!.id)).toBeNull();
    expect(await store.detail(chat.id, replies[5]!.id)).toEqual(smallDetail('reply 5'));
    expect(await store.detail(chat.id, replies.at(-1)!.id)).toEqual(smallDetail(replies.at(-1)!.text));
    expect(recordFiles(chat.id)).toHaveLength(DETAILS_PER_CONVERSATION);
    // The size shown where the records are cleared is what is on disk.
    const onDisk = recordFiles(chat.id).reduce(
      (sum, name) => sum + statSync(join(detailFolder(), chat.id, name)).size,
      0,
    );
    expect(summary.detailBytes).toBe(onDisk);
    expect((await open().list()).conversations[0]!.detailBytes).toBe(onDisk);
  });

  it('keeps all conversations under one byte cap, dropping the oldest record wherever it is', async () => {
    let clock = Date.parse('2025-06-01T00:00:00Z');
    const now = () => {
      clock += 1000;
      return new Date(clock);
    };
    const record = (label: string) => ({
      ...smallDetail(label),
      request: { ...smallDetail(label).request!, body: label.repeat(1000) },
    });
    const oneRecord = Buffer.byteLength(
      JSON.stringify({ version: 1, messageId: 'a-00', detail: record('a') }),
    );
    const details = createInspectorDetailStore({
      directory: detailFolder(),
      now,
      maxBytes: oneRecord * 3 + 100,
    });
    const store = createConversationStore({ directory, now, details });
    const first = conversation();
    const second = conversation();
    await store.saveDetail(first.id, 'a-01', record('a'));
    await store.saveDetail(first.id, 'a-02', record('b'));
    await store.saveDetail(second.id, 'a-03', record('c'));
    await store.saveDetail(second.id, 'a-04', record('d'));
    // Four do not fit under the cap: the oldest of all went, in the other conversation.
    expect(await store.detail(first.id, 'a-01')).toBeNull();
    expect(await store.detail(first.id, 'a-02')).toEqual(record('b'));
    expect(await store.detail(second.id, 'a-04')).toEqual(record('d'));
  });
});

describe('a conversation’s records follow it', () => {
  it('drops the record of a reply that is deleted or regenerated, keeps the others', async () => {
    const store = open();
    const kept = assistantMessage('kept', { hasDetail: true });
    const dropped = assistantMessage('dropped', { hasDetail: true });
    const chat = conversation({ messages: [userMessage('q'), kept, userMessage('q2'), dropped] });
    await store.saveDetail(chat.id, kept.id, smallDetail('kept'));
    await store.saveDetail(chat.id, dropped.id, smallDetail('dropped'));
    await store.save(chat);
    await store.save({ ...chat, messages: chat.messages.slice(0, 3) });
    expect(await store.detail(chat.id, kept.id)).toEqual(smallDetail('kept'));
    expect(await store.detail(chat.id, dropped.id)).toBeNull();
    expect(recordFiles(chat.id)).toHaveLength(1);
  });

  it('keeps the records of replies a compaction replaced (they are still there to read)', async () => {
    const store = open();
    const old = assistantMessage('old', { hasDetail: true });
    const marker = compactionMarker([userMessage('q'), old], { hasDetail: true });
    const chat = conversation({ messages: [marker] });
    await store.saveDetail(chat.id, old.id, smallDetail('old'));
    await store.saveDetail(chat.id, marker.id, smallDetail('marker'));
    await store.save(chat);
    expect(await store.detail(chat.id, old.id)).toEqual(smallDetail('old'));
    expect(await store.detail(chat.id, marker.id)).toEqual(smallDetail('marker'));
  });

  it('clears them on request, leaving the conversation as it was', async () => {
    const store = open();
    const reply = assistantMessage('a', { hasDetail: true });
    const chat = conversation({ messages: [userMessage('q'), reply] });
    await store.saveDetail(chat.id, reply.id, smallDetail('a'));
    const saved = await store.save(chat);
    expect(saved.detailBytes).toBeGreaterThan(0);
    await store.clearDetail(chat.id);
    expect(await store.detail(chat.id, reply.id)).toBeNull();
    expect((await store.list()).conversations[0]!.detailBytes).toBe(0);
    expect((await store.get(chat.id)).messages).toEqual(chat.messages);
    expect(existsSync(join(detailFolder(), chat.id))).toBe(false);
  });

  it('deletes them with the conversation, and a record arriving after the delete is refused', async () => {
    const store = open();
    const reply = assistantMessage('a', { hasDetail: true });
    const chat = conversation({ messages: [userMessage('q'), reply] });
    await store.saveDetail(chat.id, reply.id, smallDetail('a'));
    await store.save(chat);
    expect(await store.remove(chat.id)).toBe(true);
    expect(existsSync(join(detailFolder(), chat.id))).toBe(false);
    // The last reply of a deleted chat ends: its record is not kept either.
    await expect(store.saveDetail(chat.id, 'late', smallDetail('late'))).rejects.toMatchObject({
      code: 'not_found',
    });
    expect(existsSync(join(detailFolder(), chat.id))).toBe(false);
  });
});

describe('a conversation file of an older build, records inline', () => {
  function legacyFile(chat: Conversation, records: Record<string, ReplyInspector>) {
    const inline = (messages: readonly ConversationMessage[]): unknown[] =>
      messages.map((message) => {
        if (message.role === 'user' || message.role === 'format-change') return message;
        const { hasDetail: _, ...rest } = message;
        const withRecord = { ...rest, inspector: records[message.id] ?? null };
        return message.role === 'compaction'
          ? { ...withRecord, replaced: inline(message.replaced) }
          : withRecord;
      });
    mkdirSync(directory, { recursive: true });
    writeFileSync(
      fileOf(chat.id),
      JSON.stringify({ version: 1, conversation: { ...chat, messages: inline(chat.messages) } }),
    );
  }

  /** Replies of an older build's conversation, one a minute from 1 January 2024, each with a record. */
  function oldReplies(count: number, label: string): AssistantMessage[] {
    return Array.from({ length: count }, (_, n) =>
      assistantMessage(`${label} ${n}`, {
        createdAt: new Date(Date.parse('2024-01-01T00:00:00Z') + n * 60_000).toISOString(),
      }),
    );
  }
  const recordMtime = (chatId: string, messageId: string) =>
    statSync(join(detailFolder(), chatId, recordName(messageId))).mtimeMs;

  it('opens, the latest records in message order moved to the detail store (the bound kept), the file rewritten without them', async () => {
    const replies = oldReplies(DETAILS_PER_CONVERSATION + 10, 'reply');
    const old = assistantMessage('before compaction', { createdAt: '2023-12-31T00:00:00.000Z' });
    const marker = compactionMarker([userMessage('q'), old], { createdAt: '2023-12-31T01:00:00.000Z' });
    const plain = assistantMessage('never recorded');
    const chat = conversation({
      updatedAt: '2024-01-01T00:00:00.000Z',
      messages: [marker, ...replies, plain],
    });
    const records: Record<string, ReplyInspector> = {
      [old.id]: smallDetail('old'),
      [marker.id]: smallDetail('marker'),
    };
    for (const reply of replies) records[reply.id] = recordedDetail([userMessage(reply.text)], 1);
    legacyFile(chat, records);

    const opened = await open().get(chat.id);
    // The conversation reads as it was; its replies say they had a record, the unrecorded one does not.
    expect(opened.updatedAt).toBe('2024-01-01T00:00:00.000Z');
    expect(opened.messages.map((m) => ('hasDetail' in m ? m.hasDetail : null))).toEqual([
      true,
      ...replies.map(() => true),
      false,
    ]);
    expect(JSON.stringify(opened)).not.toContain('"inspector"');

    // The latest ones are kept, as a long chat of this build keeps them; the earlier ones are not.
    const kept = replies.slice(-DETAILS_PER_CONVERSATION);
    const store = open();
    for (const reply of kept) expect(await store.detail(chat.id, reply.id)).toEqual(records[reply.id]);
    for (const message of [old, marker, ...replies.slice(0, 10)])
      expect(await store.detail(chat.id, message.id), message.id).toBeNull();
    expect(recordFiles(chat.id)).toHaveLength(DETAILS_PER_CONVERSATION);
    // Each kept record is dated by its reply, on disk too (what the store goes by after a restart).
    for (const reply of kept) expect(recordMtime(chat.id, reply.id)).toBe(Date.parse(reply.createdAt));

    // On disk: the records are out of the file; `inspector: null` stays for older builds to read it.
    const file = JSON.parse(readFileSync(fileOf(chat.id), 'utf8'));
    expect(JSON.stringify(file)).not.toContain('"request"');
    expect(file.conversation.messages[1]).toMatchObject({ hasDetail: true, inspector: null });
    expect(file.conversation.messages[0].replaced[1]).toMatchObject({ hasDetail: true, inspector: null });
  });

  it.each([
    ['in the same run', false],
    ['after a restart', true],
  ])(
    'under the byte cap, an old file’s records go before newer replies of other chats (%s)',
    async (_, restart) => {
      const record = (label: string) => ({
        ...smallDetail(label),
        request: { ...smallDetail(label).request!, body: label.repeat(1000) },
      });
      const oneRecord = Buffer.byteLength(
        JSON.stringify({ version: 1, messageId: 'a-00', detail: record('a') }),
      );
      // Room for four records.
      const withCap = () =>
        createConversationStore({
          directory,
          details: createInspectorDetailStore({ directory: detailFolder(), maxBytes: oneRecord * 4 + 200 }),
        });
      let store = withCap();
      // A reply of today, in one chat.
      const recent = conversation();
      await store.saveDetail(recent.id, 'a-recent', record('r'));
      // A chat of an older build, replies from 2024, opened now: its three records move out.
      const replies = oldReplies(3, 'old');
      const legacy = conversation({ messages: replies });
      legacyFile(legacy, Object.fromEntries(replies.map((reply, n) => [reply.id, record(`${n}`)])));
      await store.get(legacy.id);
      if (restart) store = withCap();
      // A new reply in a third chat: one record must go, and it is the oldest, from 2024.
      await store.saveDetail(conversation().id, 'a-new', record('n'));

      expect(await store.detail(recent.id, 'a-recent')).toEqual(record('r'));
      expect(await store.detail(legacy.id, replies[0]!.id)).toBeNull();
      expect(await store.detail(legacy.id, replies[1]!.id)).toEqual(record('1'));
      expect(await store.detail(legacy.id, replies[2]!.id)).toEqual(record('2'));
    },
  );
});

describe('the sweep at start', () => {
  it('removes records of conversations that are gone and interrupted writes, keeps the rest', async () => {
    const store = open();
    const reply = assistantMessage('a', { hasDetail: true });
    const living = conversation({ messages: [reply] });
    await store.saveDetail(living.id, reply.id, smallDetail('a'));
    await store.save(living);
    const orphan = join(detailFolder(), 'gone-conversation');
    mkdirSync(orphan, { recursive: true });
    writeFileSync(join(orphan, '0123456789abcdef0123456789abcdef.json'), '{}');
    const temp = join(detailFolder(), living.id, '0123456789abcdef0123456789abcdef.json.0123456789ab.tmp');
    writeFileSync(temp, '');
    const freshOrphan = join(detailFolder(), 'saved-any-moment');
    mkdirSync(freshOrphan);

    const later = Date.now() + 60 * 60 * 1000;
    expect(await sweepInspectorDetail(home, later)).toBe(3);
    expect(existsSync(orphan)).toBe(false);
    expect(existsSync(freshOrphan)).toBe(false);
    expect(existsSync(temp)).toBe(false);
    expect(await open().detail(living.id, reply.id)).toEqual(smallDetail('a'));
    // Right after being made, a folder without its conversation may be one whose first save is coming.
    const soon = join(detailFolder(), 'saved-any-moment-too');
    mkdirSync(soon);
    expect(await sweepInspectorDetail(home)).toBe(0);
    expect(existsSync(soon)).toBe(true);
  });
});
