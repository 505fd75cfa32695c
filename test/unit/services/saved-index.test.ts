// The stores' persistent index (issue 19): tokenising, search, paging, and the journal surviving what a
// crash, a lost file or a damaged one leaves, as the conversation store uses it.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createConversationStore } from '../../../src-main/services/conversation-store.ts';
import { createSavedIndex, SAVED_INDEX_VERSION } from '../../../src-main/services/saved-index/saved-index.ts';
import { queryTerms, tokensOf } from '../../../src-main/services/saved-index/tokens.ts';
import { assistantMessage, conversation, userMessage } from '../../support/conversation-fixtures.ts';

let home: string;
const directory = () => join(home, 'conversations');
const journal = () => join(home, 'indexes', 'conversations.v2.jsonl');
const wordsJournal = () => join(home, 'indexes', 'conversations.v2.words');
const open = () => createConversationStore({ directory: directory() });

beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'gs-saved-index-'));
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

describe('tokens', () => {
  it('folds case and accents, and indexes CJK as characters and pairs', () => {
    expect([...tokensOf(['Crème Brûlée at the CAFÉ', 'Zürich 2024'])]).toEqual([
      'creme',
      'brulee',
      'at',
      'the',
      'cafe',
      'zurich',
      '2024',
    ]);
    expect([...tokensOf(['北京烤鸭'])]).toEqual(['北', '北京', '京', '京烤', '烤', '烤鸭', '鸭']);
    // A run of CJK inside Latin text is split from it.
    expect([...tokensOf(['abc你好'])]).toEqual(['abc', '你', '你好', '好']);
    expect(queryTerms('Cafe  烤鸭 北京烤')).toEqual([
      { token: 'cafe', prefix: true },
      { token: '烤鸭', prefix: false },
      { token: '北京', prefix: false },
      { token: '京烤', prefix: false },
    ]);
    expect(queryTerms('!!')).toEqual([]);
  });
});

describe('search and pages', () => {
  it('finds every word, case- and accent-insensitive, CJK without spaces, newest first, a page at a time', async () => {
    const store = open();
    const saved: string[] = [];
    for (let i = 0; i < 30; i++) {
      const text = i % 3 === 0 ? `Un café à Zürich, numéro ${i}` : `北京烤鸭很好吃 note ${i}`;
      const { id } = await store.save(
        conversation({ messages: [userMessage(text), assistantMessage(`Reply ${i}`)] }),
      );
      saved.unshift(id); // The latest saved is listed first.
    }
    const page = await store.list({ offset: 5, limit: 10 });
    expect(page.total).toBe(30);
    expect(page.conversations.map((c) => c.id)).toEqual(saved.slice(5, 15));

    const cafe = await store.list({ query: 'CAFE zurich', limit: 4 });
    expect(cafe.total).toBe(10);
    expect(cafe.conversations).toHaveLength(4);
    expect(cafe.conversations.every((c) => c.title.includes('café'))).toBe(true);
    expect((await store.list({ query: 'numero 2' })).conversations.map((c) => c.title)).toEqual([
      'Un café à Zürich, numéro 27',
      'Un café à Zürich, numéro 24',
      'Un café à Zürich, numéro 21',
    ]);
    // A two-character Chinese word inside text written without spaces; every word must match.
    expect((await store.list({ query: '烤鸭' })).total).toBe(20);
    expect((await store.list({ query: '烤鸭 café' })).total).toBe(0);
    // The last word as typed so far.
    expect((await store.list({ query: 'zur' })).total).toBe(10);
    expect((await store.list({ query: '?!' })).total).toBe(0);
  });
});

describe('the journal', () => {
  async function savedStore(count: number) {
    const store = open();
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      ids.push((await store.save(conversation({ messages: [userMessage(`Topic ${i} kept`)] }))).id);
    }
    await store.indexSettled();
    return { store, ids };
  }

  it('lets a start answer from the index, without reading a conversation', async () => {
    const { ids } = await savedStore(5);
    // Were the files read, this one would be moved aside: the index is trusted while sizes and times hold.
    const second = open();
    const first = await second.list();
    expect(first.total).toBe(5);
    expect(first.conversations.map((c) => c.id)).toEqual([...ids].reverse());
  });

  it('rebuilds a missing, damaged, or torn index from the files, and loses nothing', async () => {
    const { ids } = await savedStore(12);
    const expected = [...ids].reverse();
    const listedAfterStart = async () => {
      const store = open();
      await store.indexSettled();
      const list = await store.list();
      expect(list.rebuilding).toBeUndefined();
      return list.conversations.map((c) => c.id);
    };

    rmSync(journal());
    expect(await listedAfterStart()).toEqual(expected);
    expect(readFileSync(journal(), 'utf8').split('\n').filter(Boolean)).toHaveLength(13);

    writeFileSync(journal(), 'not an index at all');
    expect(await listedAfterStart()).toEqual(expected);

    // A kill mid-append: the last line cut short. And a line garbled in the middle.
    const lines = readFileSync(journal(), 'utf8').split('\n');
    lines[3] = '{"id":"garbled';
    writeFileSync(journal(), `${lines.join('\n').trimEnd()}\n{"id":"${ids[0]}","size":12`);
    expect(await listedAfterStart()).toEqual(expected);
    // Search still finds every one of them.
    const store = open();
    await store.indexSettled();
    expect((await store.list({ query: 'kept' })).total).toBe(12);
    expect((await store.list({ query: 'topic 7' })).conversations.map((c) => c.id)).toEqual([ids[7]]);
  });

  it('keeps the summaries and the words apart, and removes an earlier format’s journal once rebuilt', async () => {
    const { ids } = await savedStore(3);
    // The first list waits only for the summaries: they hold no words.
    const summaries = readFileSync(journal(), 'utf8');
    expect(summaries).not.toContain('\t');
    expect(readFileSync(wordsJournal(), 'utf8').split('\n').filter(Boolean)).toHaveLength(4);
    // An earlier build's journal (version 1: summaries and words in one file) beside none of this one.
    const earlier = join(home, 'indexes', 'conversations.v1.jsonl');
    writeFileSync(
      earlier,
      '{"index":"conversations","version":1}\n{"id":"old","size":1,"mtimeMs":1}\tgone words\n',
    );
    rmSync(journal());
    rmSync(wordsJournal());
    const store = open();
    await store.indexSettled();
    expect((await store.list()).conversations.map((c) => c.id)).toEqual([...ids].reverse());
    expect(existsSync(earlier)).toBe(false);
    expect((await store.list({ query: 'gone' })).total).toBe(0);
  });

  it('is settled only once a rewrite it had scheduled is on disk', async () => {
    // A damaged line makes the start's check schedule a rewrite of the journal; `indexSettled` is what tests
    // and the IPC layer await before deleting the data folder, so it must wait for that rewrite too.
    const { ids } = await savedStore(3);
    writeFileSync(journal(), `${readFileSync(journal(), 'utf8')}{"id":"broken\n`);
    const store = open();
    await store.indexSettled();
    // Read at once, with no turn in between for a timer to run in.
    const lines = readFileSync(journal(), 'utf8').split('\n').filter(Boolean);
    expect(lines.some((line) => line.includes('broken'))).toBe(false);
    expect(lines).toHaveLength(1 + ids.length);
  });

  it('keeps every line saved while the journals are rewritten', async () => {
    // A journal holding one item written 10,000 times over: rewritten whole at the next save, the reading
    // taking several turns, while saves keep coming one turn after another.
    const path = join(home, 'indexes', 'things');
    mkdirSync(join(home, 'indexes'), { recursive: true });
    const head = { index: 'things', version: SAVED_INDEX_VERSION };
    const line = JSON.stringify({ id: 'a', size: 1, mtimeMs: 1, summary: { id: 'a' } });
    const wordsLine = `${JSON.stringify({ id: 'a', size: 1, mtimeMs: 1 })}\ta`;
    writeFileSync(`${path}.v2.jsonl`, [JSON.stringify(head), ...Array(10_000).fill(line), ''].join('\n'));
    writeFileSync(
      `${path}.v2.words`,
      [JSON.stringify({ ...head, words: true }), ...Array(10_000).fill(wordsLine), ''].join('\n'),
    );
    const files = new Map([['a', { size: 1, mtimeMs: 1 }]]);
    const openIndex = () =>
      createSavedIndex<{ id: string }>({
        name: 'things',
        path,
        scan: async () => [...files].map(([id, stamp]) => ({ id, ...stamp })),
        read: async (id) => ({ kind: 'ok', summary: { id }, texts: [id], ...files.get(id)! }),
        compare: (x, y) => x.id.localeCompare(y.id),
        isSummary: (value, id): value is { id: string } => (value as { id?: unknown })?.id === id,
        warn: () => {},
      });
    const index = openIndex();
    await index.checked();
    const ids = Array.from({ length: 300 }, (_, i) => `n${i}`);
    for (const id of ids) {
      files.set(id, { size: 2, mtimeMs: 2 });
      index.put(id, { id }, [`word${id}`], 2, 2);
      await new Promise((resolve) => setImmediate(resolve));
    }
    await index.settled();
    const summaries = readFileSync(`${path}.v2.jsonl`, 'utf8');
    const words = readFileSync(`${path}.v2.words`, 'utf8');
    expect(ids.filter((id) => !summaries.includes(`{"id":"${id}"`))).toEqual([]);
    expect(ids.filter((id) => !words.includes(`{"id":"${id}"`))).toEqual([]);
    // A start from them lists and finds every one without reading any again.
    const reads: string[] = [];
    const again = createSavedIndex<{ id: string }>({
      name: 'things',
      path,
      scan: async () => [...files].map(([id, stamp]) => ({ id, ...stamp })),
      read: async (id) => {
        reads.push(id);
        return { kind: 'ok', summary: { id }, texts: [id], ...files.get(id)! };
      },
      compare: (x, y) => x.id.localeCompare(y.id),
      isSummary: (value, id): value is { id: string } => (value as { id?: unknown })?.id === id,
      warn: () => {},
    });
    await again.checked();
    expect(reads).toEqual([]);
    expect((await again.page({})).total).toBe(301);
    expect((await again.page({ query: 'wordn299' })).items).toEqual([{ id: 'n299' }]);
    await again.settled();
  });

  it('forgets a deleted conversation, its words leaving the disk soon after', async () => {
    const { store, ids } = await savedStore(3);
    await store.rename(ids[1]!, 'Secret plans');
    await store.remove(ids[1]!);
    expect((await store.list({ query: 'secret' })).total).toBe(0);
    // The journal is rewritten within seconds of a delete.
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    await store.indexSettled();
    for (const text of [readFileSync(journal(), 'utf8'), readFileSync(wordsJournal(), 'utf8')]) {
      expect(text).not.toContain(ids[1]!);
      expect(text).not.toMatch(/secret/i);
    }
    expect((await open().list()).total).toBe(2);
  });

  it('sees files changed while it was not running: added, removed, newer build', async () => {
    const { ids } = await savedStore(3);
    rmSync(join(directory(), `${ids[0]}.json`));
    const other = conversation({ messages: [userMessage('Copied in by hand')] });
    writeFileSync(join(directory(), `${other.id}.json`), JSON.stringify({ version: 1, conversation: other }));
    writeFileSync(join(directory(), 'future.json'), JSON.stringify({ version: 99, conversation: {} }));
    const store = open();
    await store.indexSettled();
    const listed = await store.list();
    expect(listed.conversations.map((c) => c.id).sort()).toEqual([ids[1], ids[2], other.id].sort());
    expect(readFileSync(journal(), 'utf8')).toContain('"id":"future"');
    // The newer build's file is left as it is, and remembered rather than read at every start.
    expect(JSON.parse(readFileSync(join(directory(), 'future.json'), 'utf8'))).toEqual({
      version: 99,
      conversation: {},
    });
    const again = open();
    await again.indexSettled();
    expect((await again.list()).total).toBe(3);
  });
});
