// The Playground's conversation calls through the real IPC layer (choke point → schemas → handlers →
// store), with a real temp data folder and recorded dialogs: what the renderer receives, what is on disk.
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
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SaveDialogRequest } from '../../../src-main/ipc/types.ts';
import {
  type Conversation,
  type ConversationExportFormat,
  MAX_TITLE_LENGTH,
} from '../../../src-preload/contract.ts';
import { startFakeGateway } from '../../fake-gateway/server.ts';
import type { FakeGateway } from '../../fake-gateway/types.ts';
import {
  assistantMessage,
  compactionMarker,
  conversation,
  userMessage,
} from '../../support/conversation-fixtures.ts';
import { keepCompactionRecord, keepReplyRecord } from '../../support/kept-records.ts';
import { createTestLayer, type TestLayer } from '../../support/test-layer.ts';

let t: TestLayer;
let gateway: FakeGateway;
let home: string;

beforeAll(async () => {
  gateway = await startFakeGateway({ eventDelayMs: 0 });
});
afterAll(() => gateway.close());
let saveAnswer: string | null;
let saveRequests: SaveDialogRequest[];

beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'gs-home-'));
  saveAnswer = null;
  saveRequests = [];
  t = createTestLayer({
    overrides: {
      dialogs: {
        open: async () => null,
        save: async (request) => {
          saveRequests.push(request);
          return saveAnswer;
        },
      },
    },
  });
});
afterEach(async () => {
  await t.close();
  rmSync(home, { recursive: true, force: true });
});

const folder = () => join(t.dataDir, 'conversations');

/** A conversation with everything a real one holds: reasoning, an inspector, a compaction, a failure. */
function fullConversation(): Conversation {
  return conversation({
    customTitle: '',
    settings: { instructions: 'Answer in English.', temperature: 0.7, reasoningEffort: 'low' },
    messages: [
      compactionMarker([userMessage('Old question'), assistantMessage('Old answer')], {
        id: 'marker-1',
        hasDetail: true,
      }),
      userMessage('Explain SSE in one line'),
      assistantMessage('Server-sent events stream text over HTTP.', {
        id: 'reply-1',
        reasoning: 'Short answer.',
        hasDetail: true,
      }),
      userMessage('Again'),
      assistantMessage('', {
        state: 'error',
        error: { code: 'timeout', message: 'The gateway took too long.', hint: 'Try again.', status: 504 },
        usage: null,
        metrics: { ttftMs: null, totalMs: 30_000, tokensPerSecond: null },
      }),
    ],
  });
}

/** What main keeps as the compaction and the reply of `fullConversation()` end. */
async function keepRecords(id: string): Promise<void> {
  await keepCompactionRecord(t, gateway, id, 'marker-1');
  await keepReplyRecord(t, gateway, id, 'reply-1');
}

/** Bytes of the records kept for a conversation, on disk. */
const recordBytesOf = (id: string) =>
  readdirSync(join(t.dataDir, 'inspector', id)).reduce(
    (sum, name) => sum + statSync(join(t.dataDir, 'inspector', id, name)).size,
    0,
  );

describe('saving, listing, opening', () => {
  it('round-trips a whole conversation and lists it with its title and preview', async () => {
    const saved = fullConversation();
    await keepRecords(saved.id);
    const summary = await t.ok('conversations.save', { conversation: saved });
    expect(summary).toMatchObject({
      id: saved.id,
      title: 'Explain SSE in one line',
      messageCount: 4,
      // The failed reply said nothing: the last words are the question.
      preview: 'Again',
      format: 'responses',
      model: 'gpt-5-mini',
    });
    // Main stamps the time of the save.
    expect(Date.parse(summary.updatedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(await t.ok('conversations.get', { id: saved.id })).toEqual({
      ...saved,
      updatedAt: summary.updatedAt,
    });
    expect(await t.ok('conversations.list', {})).toEqual({
      conversations: [summary],
      total: 1,
      movedAside: 0,
    });
    expect(readdirSync(folder())).toEqual([`${saved.id}.json`]);
    // The inspector's records come back on demand; the conversation's file holds none of them.
    expect(await t.ok('conversations.detail', { id: saved.id, messageId: 'reply-1' })).toMatchObject({
      detail: {
        request: { url: `${gateway.baseUrl}/v1/responses` },
        exchange: { status: 200, contentType: expect.stringMatching(/event-stream/) },
      },
    });
    expect(await t.ok('conversations.detail', { id: saved.id, messageId: 'marker-1' })).toMatchObject({
      detail: { request: { url: `${gateway.baseUrl}/v1/responses/compact` }, exchange: { status: 200 } },
    });
    expect(summary.detailBytes).toBe(recordBytesOf(saved.id));
    expect(readFileSync(join(folder(), `${saved.id}.json`), 'utf8')).not.toContain('event-stream');
  });

  it('searches titles and text, every word', async () => {
    const a = await t.ok('conversations.save', { conversation: fullConversation() });
    const b = await t.ok('conversations.save', {
      conversation: conversation({ messages: [userMessage('Recipe for bread')] }),
    });
    const ids = async (query: string) =>
      (await t.ok('conversations.list', { query })).conversations.map((entry) => entry.id);
    expect(await ids('sse')).toEqual([a.id]);
    expect(await ids('server HTTP')).toEqual([a.id]);
    expect(await ids('BREAD recipe')).toEqual([b.id]);
    expect(await ids('bread http')).toEqual([]);
    expect(await ids('')).toEqual([b.id, a.id]);
  });

  it('renames (trimmed, on one line), resets, and deletes', async () => {
    const saved = fullConversation();
    await t.ok('conversations.save', { conversation: saved });
    const renamed = await t.ok('conversations.rename', { id: saved.id, title: '  SSE\n notes  ' });
    expect(renamed.title).toBe('SSE notes');
    expect((await t.ok('conversations.get', { id: saved.id })).customTitle).toBe('SSE notes');
    expect((await t.ok('conversations.rename', { id: saved.id, title: '   ' })).title).toBe(
      'Explain SSE in one line',
    );
    const tooLong = await t.call('conversations.rename', {
      id: saved.id,
      title: 'x'.repeat(MAX_TITLE_LENGTH + 1),
    });
    expect(tooLong).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(tooLong.ok || tooLong.error.message).toMatch(/at most 80 characters/);

    expect(await t.ok('conversations.delete', { id: saved.id })).toEqual({ deleted: true });
    expect(await t.ok('conversations.delete', { id: saved.id })).toEqual({ deleted: false });
    expect(await t.call('conversations.get', { id: saved.id })).toMatchObject({
      ok: false,
      error: { code: 'not_found', message: 'This conversation is no longer saved.' },
    });
  });

  it('reports a damaged file once, moved aside, and leaves a newer version’s file alone', async () => {
    mkdirSync(folder(), { recursive: true });
    writeFileSync(join(folder(), 'broken.json'), '{"version":1,');
    writeFileSync(join(folder(), 'future.json'), JSON.stringify({ version: 7, conversation: {} }));
    const kept = await t.ok('conversations.save', { conversation: fullConversation() });

    expect(await t.ok('conversations.list', {})).toEqual({ conversations: [kept], total: 1, movedAside: 1 });
    expect(await t.ok('conversations.list', {})).toEqual({ conversations: [kept], total: 1, movedAside: 0 });
    const files = readdirSync(folder()).sort();
    expect(files).toHaveLength(3);
    expect(files).toContain('future.json');
    expect(files.some((name) => name.startsWith('broken.json.corrupt-'))).toBe(true);
  });
});

describe('inspector records (kept apart from the conversation)', () => {
  const records = () => join(t.dataDir, 'inspector');

  it('clears them, the conversation staying, and deletes them with the conversation', async () => {
    const saved = fullConversation();
    await keepRecords(saved.id);
    await t.ok('conversations.save', { conversation: saved });
    expect(await t.ok('conversations.clearDetail', { id: saved.id })).toEqual({ detailBytes: 0 });
    expect(await t.ok('conversations.detail', { id: saved.id, messageId: 'reply-1' })).toEqual({
      detail: null,
    });
    expect((await t.ok('conversations.list', {})).conversations[0]).toMatchObject({
      id: saved.id,
      messageCount: 4,
      detailBytes: 0,
    });

    await keepRecords(saved.id);
    expect(readdirSync(join(records(), saved.id))).toHaveLength(2);
    await t.ok('conversations.delete', { id: saved.id });
    expect(existsSync(join(records(), saved.id))).toBe(false);
    // A reply of the deleted chat ending now leaves no record behind either.
    expect(await keepReplyRecord(t, gateway, saved.id, 'late')).toEqual({ kept: false, detailBytes: 0 });
    expect(existsSync(join(records(), saved.id))).toBe(false);
  });

  it('cannot be written by the page: only main keeps them, as replies end', async () => {
    const record = { request: null, exchange: null };
    expect(
      await t.call(
        'conversations.saveDetail' as never,
        { id: 'conv-1', messageId: 'a', detail: record } as never,
      ),
    ).toMatchObject({ ok: false, error: { code: 'unknown_method' } });
    expect(existsSync(records())).toBe(false);
  });
});

describe('what the schema refuses', () => {
  it.each([
    ['a path for an id', '../prefs'],
    ['a slash', 'a/b'],
    ['an empty id', ''],
    ['an id over 64 characters', 'x'.repeat(65)],
    ['a dot', 'a.b'],
  ])('%s, before anything touches the disk', async (_, id) => {
    for (const result of [
      await t.call('conversations.get', { id }),
      await t.call('conversations.delete', { id }),
      await t.call('conversations.rename', { id, title: 'x' }),
      await t.call('conversations.export', { id, format: 'md' }),
      await t.call('conversations.save', { conversation: conversation({ id }) }),
    ]) {
      expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    }
    expect(existsSync(folder())).toBe(false);
    expect(existsSync(join(t.dataDir, 'prefs.json'))).toBe(false);
  });

  it.each<[string, (c: Conversation) => unknown]>([
    [
      'an unknown reply state',
      (c) => ({ ...c, messages: [assistantMessage('x', { state: 'thinking' as never })] }),
    ],
    ['an unknown role', (c) => ({ ...c, messages: [{ ...userMessage('x'), role: 'system' }] })],
    [
      'tokens that are not numbers',
      (c) => ({
        ...c,
        messages: [
          assistantMessage('x', {
            usage: {
              inputTokens: '12' as never,
              outputTokens: null,
              reasoningTokens: null,
              totalTokens: null,
            },
          }),
        ],
      }),
    ],
    [
      'an error without a message',
      (c) => ({
        ...c,
        messages: [assistantMessage('', { state: 'error', error: { code: 'timeout' } as never })],
      }),
    ],
    ['an unknown format', (c) => ({ ...c, format: 'completions' })],
    ['a title over 80 characters', (c) => ({ ...c, customTitle: 't'.repeat(81) })],
    [
      'a broken inspector',
      (c) => ({
        ...c,
        messages: [
          // As a build before records moved out sent it: inline, and here broken.
          { ...assistantMessage('x'), inspector: { request: { method: 'POST' }, exchange: null } } as never,
        ],
      }),
    ],
    [
      'a replaced message that is not a message',
      (c) => ({
        ...c,
        messages: [compactionMarker([{ role: 'user' } as never])],
      }),
    ],
    [
      'too many stop sequences',
      (c) => ({ ...c, settings: { stopSequences: Array.from({ length: 17 }, () => 'x') } }),
    ],
  ])('a conversation with %s, and writes nothing', async (_, broken) => {
    const result = await t.call('conversations.save', {
      conversation: broken(fullConversation()) as Conversation,
    });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(existsSync(folder())).toBe(false);
  });

  it('keeps a compaction’s items as the gateway gave them', async () => {
    const items = [
      { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'hi' }] },
      42,
      'odd',
    ];
    const saved = conversation({ messages: [compactionMarker([], { items })] });
    await t.ok('conversations.save', { conversation: saved });
    const [marker] = (await t.ok('conversations.get', { id: saved.id })).messages;
    expect(marker).toMatchObject({ role: 'compaction', items });
  });
});

describe('export', () => {
  async function exported(format: ConversationExportFormat, answer: string) {
    const saved = fullConversation();
    await keepRecords(saved.id);
    const summary = await t.ok('conversations.save', { conversation: saved });
    saveAnswer = answer;
    const result = await t.ok('conversations.export', { id: saved.id, format });
    return { saved: { ...saved, updatedAt: summary.updatedAt }, result };
  }

  it('writes Markdown where the user chose, named after the conversation', async () => {
    const target = join(home, 'chat.md');
    const { saved, result } = await exported('md', target);
    expect(result).toEqual({ path: target });
    expect(saveRequests).toEqual([
      {
        title: 'Export conversation',
        defaultName: 'Explain SSE in one line.md',
        filters: [{ name: 'Markdown', extensions: ['md'] }],
      },
    ]);
    expect(readFileSync(target, 'utf8')).toBe(
      [
        '# Explain SSE in one line',
        '',
        `_gpt-5-mini · Responses · ${saved.createdAt.slice(0, 10)} ${saved.createdAt.slice(11, 16)} UTC_`,
        '',
        '## System',
        '',
        'Answer in English.',
        '',
        '## You',
        '',
        'Old question',
        '',
        '## Assistant · gpt-5-mini',
        '',
        'Old answer',
        '',
        '_12 input tokens · 34 output tokens · 2.4 s_',
        '',
        '---',
        '',
        '_Conversation compacted: 2 messages → 1 summary (3,210 → 64 tokens)_',
        '',
        '---',
        '',
        '## You',
        '',
        'Explain SSE in one line',
        '',
        '## Assistant · gpt-5-mini',
        '',
        '<details>',
        '<summary>Reasoning</summary>',
        '',
        'Short answer.',
        '',
        '</details>',
        '',
        'Server-sent events stream text over HTTP.',
        '',
        '_12 input tokens · 34 output tokens · 2.4 s_',
        '',
        '## You',
        '',
        'Again',
        '',
        '## Assistant · gpt-5-mini',
        '',
        '_Failed: The gateway took too long. Try again._',
        '',
        '_30.0 s_',
        '',
      ].join('\n'),
    );
  });

  it('writes JSON as the saved file, pretty-printed', async () => {
    const target = join(home, 'chat.json');
    const { saved, result } = await exported('json', target);
    expect(result).toEqual({ path: target });
    expect(saveRequests[0]).toMatchObject({
      defaultName: 'Explain SSE in one line.json',
      filters: [{ name: 'JSON', extensions: ['json'] }],
    });
    const text = readFileSync(target, 'utf8');
    expect(text.startsWith('{\n  "version": 1,\n  "conversation": {\n')).toBe(true);
    expect(text.endsWith('}\n')).toBe(true);
    // `inspector: null` on each reply is there for builds before records moved out, which need the field;
    // `hasDetail` (whether the app keeps a record apart) is the store's own, left out of exports.
    const withoutOldField = (key: string, value: unknown) =>
      key === 'inspector' && value === null ? undefined : value;
    const withoutMarks = (key: string, value: unknown) => (key === 'hasDetail' ? undefined : value);
    expect(text).not.toContain('hasDetail');
    expect(JSON.parse(text, withoutOldField)).toEqual(
      JSON.parse(JSON.stringify({ version: 1, conversation: saved }), withoutMarks),
    );
    // The inspector's records are not exported: the conversation is, as it reads.
    expect(text).not.toContain('req_1');
    expect(JSON.parse(text)).toEqual(
      JSON.parse(readFileSync(join(folder(), `${saved.id}.json`), 'utf8'), withoutMarks),
    );
  });

  it('writes nothing when the user cancels', async () => {
    const saved = fullConversation();
    await t.ok('conversations.save', { conversation: saved });
    expect(await t.ok('conversations.export', { id: saved.id, format: 'md' })).toEqual({ path: null });
    expect(saveRequests).toHaveLength(1);
    expect(readdirSync(home)).toEqual([]);
  });

  it('says where it could not write', async () => {
    const saved = fullConversation();
    await t.ok('conversations.save', { conversation: saved });
    writeFileSync(join(home, 'a-file'), '');
    saveAnswer = join(home, 'a-file', 'chat.md');
    expect(await t.call('conversations.export', { id: saved.id, format: 'md' })).toMatchObject({
      ok: false,
      error: { code: 'file_error', message: 'The conversation could not be written to “chat.md”.' },
    });
  });

  it('asks nothing for a conversation that is not saved', async () => {
    expect(await t.call('conversations.export', { id: 'missing', format: 'json' })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    expect(saveRequests).toEqual([]);
  });
});
