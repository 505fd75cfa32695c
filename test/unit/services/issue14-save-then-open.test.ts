// Issue 14 ("nothing lost"): a conversation opened or exported right after a reply ended shows that reply
// as it ended. When a reply ends, main keeps its inspector record (`saveDetail`, queued as the stream
// ends) and the renderer then sends the conversation (`conversations.save`); main runs the two in turn.
// Opening the conversation while they are still being written (Stop, then Export at once; the e2e Stop
// test reading the saved file) must not give back the file as it was before: the reply still "streaming",
// the stop lost.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createConversationStore } from '../../../src-main/services/conversation-store.ts';
import {
  createInspectorDetailStore,
  type InspectorDetailStore,
} from '../../../src-main/services/inspector-detail-store.ts';
import type { ReplyInspector } from '../../../src-preload/contract.ts';
import { assistantMessage, conversation, userMessage } from '../../support/conversation-fixtures.ts';

let home: string;

beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'gs-save-open-'));
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

/**
 * The real detail store, its writes held until `release()`: a large record on a slow or busy disk, which is
 * what lets a read overtake the saves queued behind it. Nothing else about it changes.
 */
function heldDetailStore(): { details: InspectorDetailStore; release: () => void } {
  const real = createInspectorDetailStore({ directory: join(home, 'inspector') });
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    details: { ...real, put: async (...args) => released.then(() => real.put(...args)) },
    release: () => release(),
  };
}

const detail: ReplyInspector = {
  request: {
    method: 'POST',
    url: 'https://gateway.example/v1/responses',
    headers: [['content-type', 'application/json']],
    body: '{"model":"gpt-5-mini","input":"Say something long, slowly.","stream":true}',
  },
  exchange: null,
};

describe('opening a conversation while its last reply is being saved', () => {
  it('gives back the reply as it ended (stopped, partial text kept), not as it was while streaming', async () => {
    const { details, release } = heldDetailStore();
    const store = createConversationStore({ directory: join(home, 'conversations'), details });
    const question = userMessage('Say something long, slowly.');
    const streaming = assistantMessage('', { state: 'streaming', status: null });
    const started = conversation({ messages: [question, streaming] });
    await store.save(started);

    // The reply is stopped: its record, then the conversation, are sent to be kept; then it is opened.
    const stopped = {
      ...streaming,
      text: 'Once upon a',
      state: 'stopped' as const,
      status: 'stopped' as const,
    };
    const ended = { ...started, messages: [question, stopped] };
    const keptDetail = store.saveDetail(started.id, streaming.id, detail);
    const saved = store.save(ended);
    const opened = store.get(started.id);
    release();
    await Promise.all([keptDetail, saved]);

    expect((await opened).messages.at(-1)).toMatchObject({
      state: 'stopped',
      status: 'stopped',
      text: 'Once upon a',
    });
  });
});
