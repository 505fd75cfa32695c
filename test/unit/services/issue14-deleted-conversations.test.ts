// Issue 14, item 7: a conversation deleted while its reply streams must not come back when the reply's
// last save reaches main after the delete.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppFailure } from '../../../src-main/app-failure.ts';
import { createConversationStore } from '../../../src-main/services/conversation-store.ts';
import { assistantMessage, conversation, userMessage } from '../../support/conversation-fixtures.ts';
import { createTestLayer } from '../../support/test-layer.ts';

let directory: string;

beforeEach(() => {
  directory = join(mkdtempSync(join(tmpdir(), 'gs-deleted-')), 'conversations');
});
afterEach(() => rmSync(join(directory, '..'), { recursive: true, force: true }));

async function failureOf(promise: Promise<unknown>): Promise<AppFailure> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppFailure);
  return error as AppFailure;
}

describe('a deleted conversation stays deleted', () => {
  it('refuses a save that arrives after the delete, and neither the file nor the list brings it back', async () => {
    const store = createConversationStore({ directory });
    const chat = conversation({ messages: [userMessage('Tell me a story')] });
    await store.save(chat);

    // The reply is still streaming when the user deletes the chat; its final batch is saved afterwards.
    expect(await store.remove(chat.id)).toBe(true);
    const late = { ...chat, messages: [...chat.messages, assistantMessage('Once upon a time…')] };
    const failure = await failureOf(store.save(late));

    expect(failure.code).toBe('not_found');
    expect(failure.message).toMatch(/deleted/i);
    expect(existsSync(join(directory, `${chat.id}.json`))).toBe(false);
    expect((await store.list()).conversations.map((item) => item.id)).not.toContain(chat.id);
  });

  it('refuses the late save even when both were sent at once (delete first)', async () => {
    const store = createConversationStore({ directory });
    const chat = conversation({ messages: [userMessage('Hello')] });
    await store.save(chat);

    const [removed, saved] = await Promise.allSettled([store.remove(chat.id), store.save(chat)]);
    expect(removed).toEqual({ status: 'fulfilled', value: true });
    expect(saved.status).toBe('rejected');
    expect(existsSync(join(directory, `${chat.id}.json`))).toBe(false);
  });

  it('keeps a chat deleted before its first save ever reached disk from appearing', async () => {
    const store = createConversationStore({ directory });
    const chat = conversation({ messages: [userMessage('Draft')] });
    expect(await store.remove(chat.id)).toBe(false);
    expect((await failureOf(store.save(chat))).code).toBe('not_found');
    expect(existsSync(join(directory, `${chat.id}.json`))).toBe(false);
  });

  it('a rename after the delete is refused as well, and other conversations save as before', async () => {
    const store = createConversationStore({ directory });
    const gone = conversation({ messages: [userMessage('Bye')] });
    const kept = conversation({ messages: [userMessage('Stay')] });
    await store.save(gone);
    await store.save(kept);
    await store.remove(gone.id);

    expect((await failureOf(store.rename(gone.id, 'New name'))).code).toBe('not_found');
    expect((await store.save(kept)).id).toBe(kept.id);
    expect((await store.list()).conversations.map((item) => item.id)).toEqual([kept.id]);
  });
});

describe('through the IPC layer', () => {
  it('answers a late save with a plain not_found result, and the list stays without it', async () => {
    const app = createTestLayer();
    try {
      const chat = conversation({ messages: [userMessage('Tell me a story')] });
      await app.ok('conversations.save', { conversation: chat });
      expect(await app.ok('conversations.delete', { id: chat.id })).toEqual({ deleted: true });

      const late = await app.call('conversations.save', {
        conversation: { ...chat, messages: [...chat.messages, assistantMessage('The end.')] },
      });

      expect(late.ok).toBe(false);
      if (!late.ok) {
        expect(late.error.code).toBe('not_found');
        expect(late.error.message).toMatch(/deleted/i);
      }
      expect((await app.ok('conversations.list', {})).conversations).toEqual([]);
      expect((await app.call('conversations.get', { id: chat.id })).ok).toBe(false);
    } finally {
      await app.close();
    }
  });
});
