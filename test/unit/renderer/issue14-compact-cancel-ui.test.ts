// Issue 14, item 25 (renderer side): a running compaction can be cancelled from the Playground (its Cancel
// button or Esc). The renderer names the compaction with a callId, cancels it by that name, and takes the
// `aborted` answer that follows quietly: no notice, no toast, the conversation as it was.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  BRIDGE_KEY,
  type CompactRequest,
  type Conversation,
  DEFAULT_PREFS,
  type MethodName,
  type Result,
} from '../../../src-preload/contract.ts';
import {
  cancelCompaction,
  compactConversation,
  newChat,
  sendDraft,
  setDraft,
  stopActiveReply,
} from '../../../src-renderer/src/actions/playground.ts';
import { useAppStore } from '../../../src-renderer/src/store/index.ts';
import { initialPlaygroundState } from '../../../src-renderer/src/store/playground.ts';
import { useStreamStore } from '../../../src-renderer/src/store/streams.ts';

const calls: Array<{ method: MethodName; input: unknown }> = [];

/**
 * Main's side of `chat.compact` as src-preload/contract.ts documents it: the call stays open until the
 * gateway answers or `chat.cancelCompact` names its callId; a cancelled call answers `aborted` at once
 * (src-main/ipc/stream-manager.ts `call`/`cancelCall`), and `cancelCompact` says whether one was running.
 */
const running = new Map<string, (result: Result<unknown>) => void>();

function mainStandIn(method: MethodName, input: unknown): Result<unknown> | Promise<Result<unknown>> {
  switch (method) {
    case 'chat.responses':
      return { ok: true, data: { streamId: 's1' } };
    case 'conversations.save': {
      const conversation = (input as { conversation: Conversation }).conversation;
      return {
        ok: true,
        data: {
          id: conversation.id,
          title: 'x',
          createdAt: conversation.createdAt,
          updatedAt: conversation.updatedAt,
          format: conversation.format,
          model: conversation.model,
          messageCount: conversation.messages.length,
          preview: '',
        },
      };
    }
    case 'chat.compact': {
      const { callId } = input as CompactRequest;
      // Without a name the call cannot be cancelled: it simply never answers here (a stalled gateway).
      return new Promise((resolve) => {
        if (callId) running.set(callId, resolve);
      });
    }
    case 'chat.cancelCompact': {
      const { callId } = input as { callId: string };
      const resolve = running.get(callId);
      running.delete(callId);
      resolve?.({ ok: false, error: { code: 'aborted', message: 'Cancelled.' } });
      return { ok: true, data: { cancelled: Boolean(resolve) } };
    }
    default:
      return { ok: true, data: {} };
  }
}

beforeEach(() => {
  calls.length = 0;
  running.clear();
  (globalThis as Record<string, unknown>).window = {
    [BRIDGE_KEY]: {
      invoke: async (method: MethodName, input: unknown) => {
        calls.push({ method, input: structuredClone(input) });
        return mainStandIn(method, input);
      },
      on: () => () => {},
      pathForFile: () => '',
    },
    addEventListener: () => {},
  };
  useAppStore.setState({ playground: initialPlaygroundState, prefs: DEFAULT_PREFS, toasts: [] });
  useStreamStore.setState({ streams: {} });
});
afterEach(() => {
  delete (globalThis as Record<string, unknown>).window;
});

const state = () => useAppStore.getState().playground;
const active = () => state().open[state().activeId!]!;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A chat with one finished exchange, so that it can be compacted. */
async function chatWithOneReply(): Promise<string> {
  newChat();
  const id = state().activeId!;
  setDraft(id, 'Tell me a story.');
  sendDraft(id);
  await settle();
  useStreamStore.getState().applyStreamBatch({
    streamId: 's1',
    events: [
      { type: 'text-delta', text: 'Once upon a time.' },
      { type: 'done', status: 'completed' },
    ],
    final: true,
  });
  await settle();
  return id;
}

describe('cancelling a compaction', () => {
  it('the Cancel action ends it quietly and leaves the conversation as it was', async () => {
    const id = await chatWithOneReply();
    const before = active().messages;
    const compaction = compactConversation(id);
    await settle();
    expect(state().compacting[id]).toBe(true);

    await cancelCompaction(id);
    await compaction;

    const sent = calls.find((c) => c.method === 'chat.compact')!.input as CompactRequest;
    expect(sent.callId).toBeTruthy();
    expect(calls.filter((c) => c.method === 'chat.cancelCompact').map((c) => c.input)).toEqual([
      { callId: sent.callId },
    ]);
    expect(state().compacting[id]).toBeUndefined();
    expect(active().messages).toBe(before);
    expect(state().notices[id]).toBeUndefined();
    expect(useAppStore.getState().toasts).toEqual([]);
  });

  it('Esc in the Playground cancels the shown conversation’s compaction', async () => {
    const id = await chatWithOneReply();
    const before = active().messages;
    const compaction = compactConversation(id);
    await settle();

    expect(stopActiveReply()).toBe(true);
    await compaction;

    expect(calls.some((c) => c.method === 'chat.cancelCompact')).toBe(true);
    expect(state().compacting[id]).toBeUndefined();
    expect(active().messages).toBe(before);
    expect(state().notices[id]).toBeUndefined();
  });
});
