// The Playground's actions against a stand-in bridge: what is saved and sent, in which order, and how a
// reply's stream lands in the conversation (kept on Stop, marked interrupted when read back).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type AssistantMessage,
  BRIDGE_KEY,
  type Conversation,
  DEFAULT_PREFS,
  type MethodName,
  type Result,
  type StreamBatch,
} from '../../../src-preload/contract.ts';
import {
  chooseModel,
  compactConversation,
  editAndResend,
  ensureDetail,
  ensurePlaygroundReady,
  flushPlayground,
  newChat,
  openConversation,
  saveConversation,
  sendDraft,
  setDraft,
  stopReply,
} from '../../../src-renderer/src/actions/playground.ts';
import { useAppStore } from '../../../src-renderer/src/store/index.ts';
import { HELD_DETAILS, initialPlaygroundState } from '../../../src-renderer/src/store/playground.ts';
import { useStreamStore } from '../../../src-renderer/src/store/streams.ts';
import { streamedExchangeLog } from '../../support/conversation-fixtures.ts';

type Answer = (method: MethodName, input: unknown) => Result<unknown> | Promise<Result<unknown>>;

const calls: Array<{ method: MethodName; input: unknown }> = [];
let answer: Answer;

const summary = (conversation: Conversation) => ({
  id: conversation.id,
  title: 'x',
  createdAt: conversation.createdAt,
  updatedAt: conversation.updatedAt,
  format: conversation.format,
  model: conversation.model,
  messageCount: conversation.messages.length,
  preview: '',
});

const defaultAnswer: Answer = (method, input) => {
  switch (method) {
    case 'chat.responses':
    case 'chat.generateContent':
      return { ok: true, data: { streamId: 's1' } };
    case 'conversations.save':
      return { ok: true, data: summary((input as { conversation: Conversation }).conversation) };
    case 'conversations.list':
      // The contract's shape (ConversationList): an empty page.
      return { ok: true, data: { conversations: [], total: 0, movedAside: 0 } };
    default:
      return { ok: true, data: {} };
  }
};

beforeEach(() => {
  calls.length = 0;
  answer = defaultAnswer;
  (globalThis as Record<string, unknown>).window = {
    [BRIDGE_KEY]: {
      invoke: async (method: MethodName, input: unknown) => {
        calls.push({ method, input: structuredClone(input) });
        return answer(method, input);
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
const deliver = (batch: Omit<StreamBatch, 'streamId'>, streamId = 's1') =>
  useStreamStore.getState().applyStreamBatch({ streamId, ...batch });
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const savedConversations = () =>
  calls
    .filter((c) => c.method === 'conversations.save')
    .map((c) => (c.input as { conversation: Conversation }).conversation);

function startChat(text: string): string {
  newChat();
  const id = state().activeId!;
  setDraft(id, text);
  sendDraft(id);
  return id;
}

describe('sending a message', () => {
  it('saves the turn (with its reply still arriving) before the request goes out, then saves the reply', async () => {
    startChat('Hello?');
    await settle();
    expect(calls.map((c) => c.method).slice(0, 2)).toEqual(['conversations.save', 'chat.responses']);
    const first = savedConversations()[0]!;
    expect(first.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(first.messages[1]).toMatchObject({ state: 'streaming', text: '' });
    expect(state().drafts).toEqual({});
    expect(calls[1]!.input).toMatchObject({ stream: true, request: { model: 'gpt-5-mini' } });

    deliver({ events: [{ type: 'text-delta', text: 'Hi' }], final: false });
    // The conversation itself is not touched per token: only the stream store is.
    expect(active().messages[1]).toMatchObject({ state: 'streaming', text: '' });
    deliver({
      events: [
        { type: 'text-delta', text: ' there.' },
        { type: 'usage', usage: { inputTokens: 3, outputTokens: 4, reasoningTokens: null, totalTokens: 7 } },
        { type: 'done', status: 'completed', responseId: 'resp_1' },
      ],
      final: true,
    });
    await settle();
    expect(active().messages[1]).toMatchObject({
      state: 'done',
      text: 'Hi there.',
      status: 'completed',
      responseId: 'resp_1',
    });
    const metrics = (active().messages[1] as { metrics: { ttftMs: number | null; totalMs: number | null } })
      .metrics;
    expect(metrics.ttftMs).not.toBeNull();
    expect(metrics.totalMs!).toBeGreaterThanOrEqual(metrics.ttftMs!);
    expect(state().live).toEqual({});
    expect(useStreamStore.getState().streams).toEqual({});
    expect(savedConversations().at(-1)!.messages[1]).toMatchObject({ state: 'done', text: 'Hi there.' });
  });

  it('Stop pressed before main answered with the stream id stops the stream as soon as it is known', async () => {
    let release: (value: Result<unknown>) => void = () => {};
    answer = (method, input) =>
      method === 'chat.responses'
        ? new Promise((resolve) => {
            release = resolve;
          })
        : defaultAnswer(method, input);
    startChat('Slow one');
    const replyId = active().messages[1]!.id;
    stopReply(replyId);
    // Stopped on screen at once (issue 17); main is told as soon as the stream has an id.
    expect(active().messages[1]).toMatchObject({ state: 'stopped', status: 'stopped', text: '' });
    expect(calls.some((c) => c.method === 'stream.stop')).toBe(false);
    release({ ok: true, data: { streamId: 's1' } });
    await settle();
    expect(calls.filter((c) => c.method === 'stream.stop').map((c) => c.input)).toEqual([{ streamId: 's1' }]);
    deliver({
      events: [
        { type: 'text-delta', text: 'Par' },
        { type: 'done', status: 'stopped' },
      ],
      final: true,
    });
    await settle();
    // What main still sends of it is not shown: the reply keeps what it had when Stop was pressed.
    expect(active().messages[1]).toMatchObject({ state: 'stopped', status: 'stopped', text: '' });
    expect(useStreamStore.getState().streams.s1).toBeUndefined();
  });

  it('a request refused before it started shows its error on the turn', async () => {
    answer = (method, input) =>
      method === 'chat.responses'
        ? { ok: false, error: { code: 'no_key', message: 'This profile has no API key.' } }
        : defaultAnswer(method, input);
    startChat('Hello?');
    await settle();
    expect(active().messages[1]).toMatchObject({ state: 'error', error: { code: 'no_key' } });
    expect(state().live).toEqual({});
  });
});

describe('a turn of images alone', () => {
  const image = { id: 'b'.repeat(32), name: 'chart.png', mimeType: 'image/png' as const, bytes: 120 };

  it('is sent with no text, and can be edited and resent with no text', async () => {
    newChat();
    const id = state().activeId!;
    useAppStore.getState().setPendingImages(id, { images: [image], refused: [], adding: 0 });
    sendDraft(id);
    await settle();
    const sent = calls.find((c) => c.method === 'chat.responses')!.input as {
      request: { input: Array<{ content: unknown }> };
    };
    expect(sent.request.input.at(-1)!.content).toEqual([
      { type: 'input_image', image_url: `attachment:${image.id}` },
    ]);
    // The composer is empty again: the images went with the turn.
    expect(state().pendingImages[id]).toBeUndefined();
    deliver({ events: [{ type: 'done', status: 'completed' }], final: true });
    await settle();

    const turn = active().messages[0]!;
    calls.length = 0;
    editAndResend(id, turn.id, '');
    await settle();
    expect(calls.map((c) => c.method)).toContain('chat.responses');
    expect(active().messages[0]).toMatchObject({ role: 'user', text: '', images: [image] });
    // The resent turn's reply ends, so its stream is not left open for the tests after this one.
    deliver({ events: [{ type: 'done', status: 'completed' }], final: true });
    await settle();
    expect(state().live).toEqual({});
  });
});

describe('a model chosen before the gateway’s list arrived', () => {
  it('is routed again by the list once it arrives, while the chat has no turn yet', async () => {
    useAppStore.setState({ settings: { activeProfileId: 'p1', profiles: [] } as never, catalogues: {} });
    void ensurePlaygroundReady();
    const id = state().activeId!;
    chooseModel(id, 'gpt-oss-120b');
    // Its name alone says an OpenAI model: Responses first.
    expect(active().format).toBe('responses');
    // The list says this one speaks Chat Completions only.
    useAppStore.getState().setCatalogue('p1', {
      status: 'ready',
      profileUpdatedAt: 'x',
      models: [{ id: 'gpt-oss-120b', displayName: 'gpt-oss-120b', listedBy: ['v1'], families: ['chat'] }],
    });
    expect(active()).toMatchObject({ format: 'chat', model: 'gpt-oss-120b', messages: [] });
  });
});

describe('saving', () => {
  it('writes one conversation one save at a time, the last write holding the latest state', async () => {
    const releases: Array<() => void> = [];
    answer = (method, input) =>
      method === 'conversations.save'
        ? new Promise((resolve) =>
            releases.push(() => resolve(defaultAnswer(method, input) as Result<unknown>)),
          )
        : defaultAnswer(method, input);
    newChat();
    const id = state().activeId!;
    const put = (title: string) =>
      useAppStore.getState().putConversation({ ...state().open[id]!, customTitle: title });
    put('A');
    const first = saveConversation(id);
    put('B');
    void saveConversation(id);
    put('C');
    void saveConversation(id);
    expect(savedConversations().map((c) => c.customTitle)).toEqual(['A']);
    releases.shift()!();
    await settle();
    // The two saves asked meanwhile became one, of the latest state.
    expect(savedConversations().map((c) => c.customTitle)).toEqual(['A', 'C']);
    releases.shift()!();
    await first;
    expect(savedConversations()).toHaveLength(2);
  });
});

describe('opening a saved conversation', () => {
  it('shows a reply the app closed on as stopped, interrupted', async () => {
    const saved: Conversation = {
      id: 'saved1',
      customTitle: '',
      createdAt: 'x',
      updatedAt: 'x',
      format: 'responses',
      stream: true,
      model: 'gpt-5-mini',
      settings: {},
      store: false,
      chainResponses: false,
      messages: [
        { id: 'u1', role: 'user', text: 'Hi', createdAt: 'x' },
        {
          id: 'a1',
          role: 'assistant',
          text: '',
          reasoning: '',
          createdAt: 'x',
          state: 'streaming',
          status: null,
          error: null,
          usage: null,
          metrics: { ttftMs: null, totalMs: null, tokensPerSecond: null },
          responseId: null,
          format: 'responses',
          model: 'gpt-5-mini',
          hasDetail: false,
        },
      ],
    };
    answer = (method, input) =>
      method === 'conversations.get' ? { ok: true, data: saved } : defaultAnswer(method, input);
    await openConversation('saved1');
    expect(state().activeId).toBe('saved1');
    expect(active().messages[1]).toMatchObject({ state: 'stopped', status: 'interrupted' });
  });
});

describe('compaction', () => {
  async function chatWithOneReply(): Promise<string> {
    const id = startChat('Tell me a story.');
    await settle();
    deliver({
      events: [
        { type: 'text-delta', text: 'Once upon a time.' },
        { type: 'done', status: 'completed' },
      ],
      final: true,
    });
    await settle();
    return id;
  }

  it('replaces the history with one marker and saves it', async () => {
    const id = await chatWithOneReply();
    const output = [{ type: 'compaction', encrypted_content: 'gAAAAB' }];
    answer = (method, input) =>
      method === 'chat.compact'
        ? {
            ok: true,
            data: {
              id: 'r',
              output,
              usage: { inputTokens: 40, outputTokens: 8, reasoningTokens: null, totalTokens: 48 },
              detailKept: true,
            },
          }
        : defaultAnswer(method, input);
    await compactConversation(id);
    expect(active().messages).toHaveLength(1);
    expect(active().messages[0]).toMatchObject({
      role: 'compaction',
      items: output,
      tokensBefore: 40,
      tokensAfter: 8,
    });
    expect(state().compacting).toEqual({});
    // Main keeps its inspector record under the marker, named before the call; the page sends none.
    expect(calls.find((c) => c.method === 'chat.compact')!.input).toMatchObject({
      callId: id,
      keepDetailAs: { id, messageId: active().messages[0]!.id },
    });
    await settle();
    expect(savedConversations().at(-1)!.messages[0]).toMatchObject({ role: 'compaction', hasDetail: true });
    expect(calls.map((c) => c.method)).not.toContain('conversations.saveDetail');
  });

  it('a compaction whose record main could not keep says so on its marker', async () => {
    const id = await chatWithOneReply();
    answer = (method, input) =>
      method === 'chat.compact'
        ? { ok: true, data: { id: 'r', output: [], usage: null, detailKept: false } }
        : defaultAnswer(method, input);
    await compactConversation(id);
    expect(active().messages[0]).toMatchObject({ role: 'compaction', hasDetail: false });
    await settle();
    expect(savedConversations().at(-1)!.messages[0]).toMatchObject({ role: 'compaction', hasDetail: false });
  });

  it('a channel without compaction is said plainly, and the history is left as it was', async () => {
    const id = await chatWithOneReply();
    answer = (method, input) =>
      method === 'chat.compact'
        ? {
            ok: false,
            error: {
              code: 'compact_unsupported',
              message: 'Unsupported endpoint.',
              hint: "This model's channel does not offer compaction. Keep the conversation as it is, or pick a model whose channel supports it.",
            },
          }
        : defaultAnswer(method, input);
    const before = active().messages;
    await compactConversation(id);
    expect(active().messages).toBe(before);
    expect(state().notices[id]).toMatchObject({
      message: 'This model’s channel does not offer compaction.',
      hint: 'Keep the conversation as it is, or pick a model whose channel supports it. Nothing was changed.',
    });
  });
});

describe('the inspector’s record of a reply (issue 14, item 8; kept by main, issue 17)', () => {
  const listed = (id: string, detailBytes: number) =>
    useAppStore.getState().updatePlayground({
      list: [{ ...summary(active()), id, kind: 'conversation', detailBytes }],
    });

  it('is kept by main where the request names; the page only hears that it was, and reads it on opening', async () => {
    const id = startChat('Hello?');
    await settle();
    const reply = active().messages[1]!;
    expect(calls.find((c) => c.method === 'chat.responses')!.input).toMatchObject({
      keepDetailAs: { id, messageId: reply.id },
    });
    listed(id, 100);
    // The end, before main has written the record: the reply ends now, and says it has one.
    deliver({
      events: [
        { type: 'text-delta', text: 'Hi.' },
        { type: 'done', status: 'completed' },
      ],
      final: false,
    });
    await settle();
    expect(active().messages[1]).toMatchObject({ state: 'done', text: 'Hi.', hasDetail: true });
    // Timed to the end's arrival, not to main's last batch.
    expect((active().messages[1] as AssistantMessage).metrics.totalMs).not.toBeNull();
    // Main's last batch says it kept the record: the list row's size follows.
    deliver({ events: [{ type: 'detail-kept', detailBytes: 4_321 }], final: true });
    await settle();
    expect(state().list[0]!.detailBytes).toBe(4_321);
    expect(useStreamStore.getState().streams).toEqual({});
    // Nothing of the record went back to main, nor is held here.
    expect(calls.map((c) => c.method)).not.toContain('conversations.saveDetail');
    expect(state().details[reply.id]).toBeUndefined();
    expect(savedConversations().at(-1)!.messages[1]).toMatchObject({ state: 'done', hasDetail: true });

    // The inspector, opened on it, asks main for it.
    const record = { request: null, exchange: streamedExchangeLog() };
    answer = (method, input) =>
      method === 'conversations.detail'
        ? { ok: true, data: { detail: record } }
        : defaultAnswer(method, input);
    await ensureDetail(id, reply.id);
    expect(calls.at(-1)).toEqual({ method: 'conversations.detail', input: { id, messageId: reply.id } });
    expect(state().details[reply.id]).toEqual({ status: 'kept', detail: record });
  });

  it('a reply stopped here says it has a record once main kept one, and is saved so', async () => {
    const id = startChat('Long one');
    await settle();
    const reply = active().messages[1]!;
    deliver({ events: [{ type: 'text-delta', text: 'Par' }], final: false });
    stopReply(reply.id);
    expect(active().messages[1]).toMatchObject({ state: 'stopped', hasDetail: false });
    deliver({
      events: [
        { type: 'done', status: 'stopped' },
        { type: 'detail-kept', detailBytes: 900 },
      ],
      final: true,
    });
    await settle();
    expect(active().messages[1]).toMatchObject({ state: 'stopped', text: 'Par', hasDetail: true });
    expect(savedConversations().at(-1)!.messages[1]).toMatchObject({ id: reply.id, hasDetail: true });
    expect(state().open[id]).toBeDefined();
  });

  it('a record main could not keep is said, unless its conversation was deleted meanwhile', async () => {
    startChat('Hello?');
    await settle();
    deliver({
      events: [
        { type: 'done', status: 'completed' },
        {
          type: 'detail-failed',
          error: { code: 'file_error', message: 'The inspector’s record of this reply could not be saved.' },
        },
      ],
      final: true,
    });
    await settle();
    expect(useAppStore.getState().toasts.map((toast) => toast.title)).toEqual([
      'The inspector’s record of this reply could not be saved.',
    ]);
    expect(active().messages[1]).toMatchObject({ state: 'done', hasDetail: false });

    useAppStore.setState({ toasts: [] });
    answer = (method, input) =>
      method === 'chat.responses' ? { ok: true, data: { streamId: 's2' } } : defaultAnswer(method, input);
    startChat('Again?');
    await settle();
    deliver(
      {
        events: [
          { type: 'done', status: 'completed' },
          { type: 'detail-failed', error: { code: 'not_found', message: 'This conversation was deleted.' } },
        ],
        final: true,
      },
      's2',
    );
    await settle();
    expect(useAppStore.getState().toasts).toEqual([]);
  });

  it('a reply that said it had a record at its end says it has none once main reports the write failed', async () => {
    startChat('Hello?');
    await settle();
    const reply = active().messages[1]!;
    // The end first (main writes the record after it), then, in the last batch, the failed write.
    deliver({ events: [{ type: 'done', status: 'completed' }], final: false });
    await settle();
    expect(active().messages[1]).toMatchObject({ state: 'done', hasDetail: true });
    deliver({
      events: [
        {
          type: 'detail-failed',
          error: { code: 'file_error', message: 'The inspector’s record of this reply could not be saved.' },
        },
      ],
      final: true,
    });
    await settle();
    expect(active().messages[1]).toMatchObject({ id: reply.id, state: 'done', hasDetail: false });
    expect(savedConversations().at(-1)!.messages[1]).toMatchObject({ id: reply.id, hasDetail: false });
  });

  it('the ended reply is saved from a later task, not the one that rendered the end; a closing window saves at once', async () => {
    startChat('Hello?');
    await settle();
    const before = calls.length;
    const end = () =>
      deliver({
        events: [
          { type: 'text-delta', text: 'Hi.' },
          { type: 'done', status: 'completed' },
          { type: 'detail-kept', detailBytes: 10 },
        ],
        final: true,
      });
    end();
    // Microtasks of the task that applied the end: still nothing sent (a megabyte to copy, for a comparison).
    await Promise.resolve();
    await Promise.resolve();
    expect(calls.slice(before).map((c) => c.method)).toEqual([]);
    await settle();
    expect(calls.slice(before).map((c) => c.method)).toEqual(['conversations.save']);

    // The window closes right after a reply ended: it goes before the window does.
    setDraft(state().activeId!, 'And now?');
    sendDraft(state().activeId!);
    await settle();
    const second = calls.length;
    deliver({
      events: [
        { type: 'text-delta', text: 'Still here.' },
        { type: 'done', status: 'completed' },
      ],
      final: true,
    });
    flushPlayground();
    await Promise.resolve();
    await Promise.resolve();
    const sent = calls.slice(second);
    expect(sent.map((c) => c.method)).toContain('conversations.save');
    const last = (
      sent.find((c) => c.method === 'conversations.save')!.input as { conversation: Conversation }
    ).conversation;
    expect(last.messages.at(-1)).toMatchObject({ state: 'done', text: 'Still here.' });
  });

  it(`is held here for the latest ${HELD_DETAILS} only; an older one is asked of main again`, () => {
    const detail = { request: null, exchange: null };
    for (let n = 0; n < HELD_DETAILS + 5; n++) {
      useAppStore.getState().setDetail(`a-${n}`, { status: 'kept', detail });
    }
    const held = Object.keys(state().details);
    expect(held).toHaveLength(HELD_DETAILS);
    expect(held[0]).toBe('a-5');
    expect(held.at(-1)).toBe(`a-${HELD_DETAILS + 4}`);
  });
});
