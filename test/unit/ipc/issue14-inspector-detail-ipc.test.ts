// Issue 14, item 8, at the IPC boundary: inspector records are kept by main alone, as replies end (issue
// 17: `keepDetailAs`), never inline in a conversation the renderer saves; an export carries the
// conversation as it reads, without the store's bookkeeping; a record that cannot be read right now is a
// failure the inspector can try again, not a record "no longer kept". Real IPC layer, real temp data folder.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { recordName } from '../../../src-main/services/inspector-detail-store.ts';
import type { Conversation, ReplyInspector } from '../../../src-preload/contract.ts';
import { startFakeGateway } from '../../fake-gateway/server.ts';
import type { FakeGateway } from '../../fake-gateway/types.ts';
import { assistantMessage, conversation, userMessage } from '../../support/conversation-fixtures.ts';
import { keepReplyRecord } from '../../support/kept-records.ts';
import { createTestLayer, type TestLayer } from '../../support/test-layer.ts';

let t: TestLayer;
let gateway: FakeGateway;

beforeAll(async () => {
  gateway = await startFakeGateway({ eventDelayMs: 0 });
});
afterAll(() => gateway.close());
let exportTo: string;

beforeEach(() => {
  t = createTestLayer({
    overrides: { dialogs: { open: async () => null, save: async () => exportTo } },
  });
  exportTo = join(t.dataDir, 'exported.json');
});
afterEach(() => t.close());

/** An inline record, as an older build's file held one. */
const RECORD: ReplyInspector = {
  request: {
    method: 'POST',
    url: 'http://127.0.0.1:1/v1/responses',
    headers: [['content-type', 'application/json']],
    body: '{"model":"gpt-5-mini","input":"Why is the sky blue?"}',
  },
  exchange: null,
};

const chatWithReply = () => {
  const reply = assistantMessage('Rayleigh scattering.', { hasDetail: true });
  return { reply, chat: conversation({ messages: [userMessage('Why is the sky blue?'), reply] }) };
};

describe('conversations.save', () => {
  it('refuses a reply holding its record inline, and writes nothing', async () => {
    const { chat, reply } = chatWithReply();
    const inline = { ...chat, messages: [chat.messages[0], { ...reply, inspector: RECORD }] };
    const result = await t.call('conversations.save', { conversation: inline as Conversation });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(existsSync(join(t.dataDir, 'conversations'))).toBe(false);
    expect(existsSync(join(t.dataDir, 'inspector'))).toBe(false);
  });
});

describe('conversations.export as JSON', () => {
  it('holds the conversation without the store’s `hasDetail` marks (and without the records)', async () => {
    const { chat, reply } = chatWithReply();
    await keepReplyRecord(t, gateway, chat.id, reply.id);
    await t.ok('conversations.save', { conversation: chat });
    await t.ok('conversations.export', { id: chat.id, format: 'json' });
    const text = readFileSync(exportTo, 'utf8');
    expect(text).not.toContain('hasDetail');
    expect(text).not.toContain('"request"');
    expect(JSON.parse(text).conversation.messages[1]).toMatchObject({ text: 'Rayleigh scattering.' });
  });
});

describe('conversations.detail', () => {
  it('a record that cannot be read now is a failure (to try again), and reads once it can', async () => {
    const { chat, reply } = chatWithReply();
    await keepReplyRecord(t, gateway, chat.id, reply.id);
    await t.ok('conversations.save', { conversation: chat });
    const { detail: record } = await t.ok('conversations.detail', { id: chat.id, messageId: reply.id });
    expect(record?.request?.url).toBe(`${gateway.baseUrl}/v1/responses`);
    // A folder in the record's place: reading it fails (EISDIR), as a locked or failing file would.
    const path = join(t.dataDir, 'inspector', chat.id, recordName(reply.id));
    const kept = readFileSync(path);
    rmSync(path);
    mkdirSync(path);
    const failed = await t.call('conversations.detail', { id: chat.id, messageId: reply.id });
    expect(failed).toMatchObject({ ok: false, error: { code: 'file_error' } });

    rmSync(path, { recursive: true });
    writeFileSync(path, kept);
    expect(await t.ok('conversations.detail', { id: chat.id, messageId: reply.id })).toEqual({
      detail: record,
    });
  });
});
