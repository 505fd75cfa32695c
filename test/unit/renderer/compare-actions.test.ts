// Compare (issue 17) against a stand-in bridge: one prompt goes to every column in its own format and to
// its own profile's gateway; each column streams, stops and ends on its own; the comparison is saved whole
// (with its replies' inspector records under its id); a column continues as a conversation; the summary
// marks the best measures only among finished replies.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type AssistantMessage,
  BRIDGE_KEY,
  type Comparison,
  type Conversation,
  DEFAULT_PREFS,
  type MethodName,
  type Result,
  type StreamBatch,
} from '../../../src-preload/contract.ts';
import {
  continueColumn,
  duplicateColumn,
  newComparison,
  removeColumn,
  rerunColumn,
  sendToAll,
  stopColumn,
} from '../../../src-renderer/src/actions/compare.ts';
import {
  chooseModel,
  deleteConversation,
  setDraft,
  stopActiveReply,
  updateSetup,
} from '../../../src-renderer/src/actions/playground.ts';
import {
  comparisonBests,
  totalTokens,
} from '../../../src-renderer/src/panels/playground/comparison-edits.ts';
import {
  newConversation,
  replyPlaceholder,
} from '../../../src-renderer/src/panels/playground/conversation-edits.ts';
import { useAppStore } from '../../../src-renderer/src/store/index.ts';
import { initialPlaygroundState } from '../../../src-renderer/src/store/playground.ts';
import { useStreamStore } from '../../../src-renderer/src/store/streams.ts';

type Answer = (method: MethodName, input: unknown) => Result<unknown> | Promise<Result<unknown>>;

const calls: Array<{ method: MethodName; input: unknown }> = [];
// Never reset: a reply a test left running still watches its stream id, which must not come again.
let streams = 0;

const summaryOf = (id: string) => ({
  id,
  kind: 'comparison',
  title: 'x',
  createdAt: '',
  updatedAt: '',
  format: 'responses',
  model: 'm',
  messageCount: 0,
  preview: '',
  detailBytes: 0,
});

const answer: Answer = (method, input) => {
  if (method.startsWith('chat.') && method !== 'chat.compact') {
    streams++;
    return { ok: true, data: { streamId: `s${streams}` } };
  }
  if (method === 'comparisons.save')
    return { ok: true, data: summaryOf((input as { comparison: Comparison }).comparison.id) };
  if (method === 'conversations.save')
    return {
      ok: true,
      data: { ...summaryOf((input as { conversation: Conversation }).conversation.id), kind: 'conversation' },
    };
  if (method === 'conversations.delete') return { ok: true, data: { deleted: true } };
  return { ok: true, data: {} };
};

beforeEach(() => {
  calls.length = 0;
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
const frame = () => state().comparisons[state().activeComparisonId!]!;
const column = (index: number) => state().open[frame().columnIds[index]!]!;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const deliver = (streamId: string, batch: Omit<StreamBatch, 'streamId'>) =>
  useStreamStore.getState().applyStreamBatch({ streamId, ...batch });
const saved = () =>
  calls
    .filter((c) => c.method === 'comparisons.save')
    .map((c) => (c.input as { comparison: Comparison }).comparison);
const chatCalls = () => calls.filter((c) => c.method.startsWith('chat.'));
const lastMessage = (conversation: Conversation) => conversation.messages.at(-1) as AssistantMessage;

/** A comparison of two columns: Responses with gpt-5-mini, and Chat Completions on profile p2. */
async function twoColumns(): Promise<void> {
  newComparison();
  updateSetup(column(1).id, { format: 'chat', model: 'claude-sonnet-4-5' });
  updateSetup(column(1).id, { profileId: 'p2' });
  setDraft(frame().id, 'Why are there tides?');
  sendToAll(frame().id);
  await settle();
}

describe('a comparison', () => {
  it('starts with two columns set up alike, and is not saved before its first prompt', () => {
    newComparison();
    expect(frame().columnIds).toHaveLength(2);
    expect(column(0)).toMatchObject({ format: 'responses', model: 'gpt-5-mini', messages: [] });
    expect(column(1)).toMatchObject({ format: 'responses', model: 'gpt-5-mini', messages: [] });
    expect(column(0).id).not.toBe(column(1).id);
    expect(calls.filter((c) => c.method.endsWith('.save'))).toEqual([]);
  });

  it('sends one prompt to every column, each in its format and to its profile, and saves them together', async () => {
    await twoColumns();
    expect(
      chatCalls()
        .map((c) => c.method)
        .sort(),
    ).toEqual(['chat.completions', 'chat.responses']);
    const completions = chatCalls().find((c) => c.method === 'chat.completions')!.input as {
      profileId?: string;
      request: { model: string; messages: unknown[] };
    };
    expect(completions.profileId).toBe('p2');
    expect(completions.request.model).toBe('claude-sonnet-4-5');
    expect(chatCalls().find((c) => c.method === 'chat.responses')!.input).not.toHaveProperty('profileId');
    expect(state().drafts[frame().id]).toBeUndefined();

    const last = saved().at(-1)!;
    expect(last.id).toBe(frame().id);
    expect(last.columns.map((c) => c.messages.map((m) => m.role))).toEqual([
      ['user', 'assistant'],
      ['user', 'assistant'],
    ]);
    expect(last.columns[1]!.profileId).toBe('p2');
    // A plain conversation is never saved for a column.
    expect(calls.some((c) => c.method === 'conversations.save')).toBe(false);
  });

  it('lets each column stream, stop and end on its own; the records are kept under the comparison', async () => {
    await twoColumns();
    const [first, second] = [column(0), column(1)].map((c) => state().live[lastMessage(c).id]!.streamId!);
    deliver(first!, { events: [{ type: 'text-delta', text: 'Tides' }], final: false });
    stopColumn(column(0).id);
    expect(calls.filter((c) => c.method === 'stream.stop').map((c) => c.input)).toEqual([
      { streamId: first },
    ]);
    expect(lastMessage(column(0))).toMatchObject({ state: 'stopped', text: 'Tides' });
    deliver(first!, { events: [{ type: 'done', status: 'stopped' }], final: true });
    await settle();
    expect(lastMessage(column(0))).toMatchObject({ state: 'stopped', text: 'Tides' });
    expect(lastMessage(column(1)).state).toBe('streaming');

    deliver(second!, {
      events: [
        { type: 'text-delta', text: 'The moon.' },
        { type: 'done', status: 'stop' },
        { type: 'detail-kept', detailBytes: 10 },
      ],
      final: true,
    });
    await settle();
    expect(lastMessage(column(1))).toMatchObject({ state: 'done', text: 'The moon.', hasDetail: true });
    // Main keeps each column's record under the comparison's id, as the request told it.
    const asked = chatCalls().map(
      (c) => (c.input as { keepDetailAs: { id: string; messageId: string } }).keepDetailAs,
    );
    expect(asked.map((where) => where.id)).toEqual([frame().id, frame().id]);
    expect(asked[1]!.messageId).toBe(lastMessage(column(1)).id);
    expect(
      saved()
        .at(-1)!
        .columns.map((c) => (c.messages.at(-1) as AssistantMessage).state),
    ).toEqual(['stopped', 'done']);
  });

  it('a stopped column shows stopped at once and its text grows no more, while main’s batches still come', async () => {
    // Under load the page is seconds behind main: batches main sent before it took the stop, and its last
    // one, arrive well after the click (issue 17's e2e: 8 to over 12 s). The column must not wait for them.
    await twoColumns();
    const [first, second] = [column(0), column(1)].map((c) => state().live[lastMessage(c).id]!.streamId!);
    deliver(first!, {
      events: [{ type: 'text-delta', text: 'Tides follow' }],
      final: false,
    });
    stopColumn(column(0).id);
    expect(lastMessage(column(0))).toMatchObject({
      state: 'stopped',
      status: 'stopped',
      text: 'Tides follow',
    });
    expect(state().live[lastMessage(column(0)).id]).toBeUndefined();

    // What was already on its way: more text, then main's end of the stopped stream with its record.
    deliver(first!, { events: [{ type: 'text-delta', text: ' the moon' }], final: false });
    deliver(second!, { events: [{ type: 'text-delta', text: 'The moon' }], final: false });
    deliver(first!, {
      events: [
        { type: 'text-delta', text: ' and' },
        { type: 'done', status: 'stopped' },
        { type: 'detail-kept', detailBytes: 10 },
      ],
      final: true,
    });
    await settle();
    expect(lastMessage(column(0))).toMatchObject({ state: 'stopped', text: 'Tides follow', hasDetail: true });
    // Main kept its record for the inspector, and nothing of its stream is left behind.
    expect(useStreamStore.getState().streams[first!]).toBeUndefined();
    // The other column goes on.
    expect(lastMessage(column(1)).state).toBe('streaming');
    expect(useStreamStore.getState().streams[second!]!.text).toBe('The moon');
    expect(
      saved()
        .at(-1)!
        .columns.map((c) => c.messages.at(-1) as AssistantMessage)
        .map((m) => [m.state, m.text]),
    ).toEqual([
      ['stopped', 'Tides follow'],
      ['streaming', ''],
    ]);
  });

  it('Stop pressed before main answered with the stream id: stopped at once, the stream stopped once known', async () => {
    let release: (value: Result<unknown>) => void = () => {};
    newComparison();
    updateSetup(column(1).id, { format: 'chat', model: 'claude-sonnet-4-5' });
    const pending = new Promise<Result<unknown>>((resolve) => {
      release = resolve;
    });
    // Main answers the Responses column's request late; the rest as usual.
    type Bridge = { invoke(method: MethodName, input: unknown): Promise<Result<unknown>> };
    const page = (globalThis as unknown as { window: Record<string, Bridge> }).window;
    const bridge = page[BRIDGE_KEY]!;
    page[BRIDGE_KEY] = {
      ...bridge,
      invoke: (method, input) => {
        if (method !== 'chat.responses') return bridge.invoke(method, input);
        calls.push({ method, input });
        return pending;
      },
    };
    setDraft(frame().id, 'Why are there tides?');
    sendToAll(frame().id);
    await settle();
    stopColumn(column(0).id);
    expect(lastMessage(column(0))).toMatchObject({ state: 'stopped', text: '' });
    expect(calls.some((c) => c.method === 'stream.stop')).toBe(false);
    release({ ok: true, data: { streamId: 'late-1' } });
    await settle();
    expect(calls.filter((c) => c.method === 'stream.stop').map((c) => c.input)).toEqual([
      { streamId: 'late-1' },
    ]);
    deliver('late-1', {
      events: [
        { type: 'text-delta', text: 'Par' },
        { type: 'done', status: 'stopped' },
      ],
      final: true,
    });
    await settle();
    expect(lastMessage(column(0))).toMatchObject({ state: 'stopped', text: '' });
    expect(useStreamStore.getState().streams['late-1']).toBeUndefined();
  });

  it('Esc stops every column that is answering', async () => {
    await twoColumns();
    expect(stopActiveReply()).toBe(true);
    expect(calls.filter((c) => c.method === 'stream.stop')).toHaveLength(2);
  });

  it('re-runs one column alone, and duplicates or removes columns within two to four', async () => {
    await twoColumns();
    for (const c of [column(0), column(1)]) {
      deliver(state().live[lastMessage(c).id]!.streamId!, {
        events: [{ type: 'done', status: 'completed' }],
        final: true,
      });
    }
    await settle();
    const sentBefore = chatCalls().length;
    updateSetup(column(0).id, { settings: { temperature: 0.2 } });
    rerunColumn(column(0).id);
    await settle();
    expect(
      chatCalls()
        .slice(sentBefore)
        .map((c) => c.method),
    ).toEqual(['chat.responses']);
    expect(chatCalls().at(-1)!.input).toMatchObject({ request: { settings: { temperature: 0.2 } } });
    expect(column(0).messages).toHaveLength(2);

    duplicateColumn(frame().id, column(1).id);
    duplicateColumn(frame().id, column(1).id);
    expect(frame().columnIds).toHaveLength(4);
    // The copy sits beside its source, with its setup and history.
    expect(column(2)).toMatchObject({ format: 'chat', model: 'claude-sonnet-4-5', profileId: 'p2' });
    expect(column(2).messages.map((m) => m.id)).toEqual(column(1).messages.map((m) => m.id));
    duplicateColumn(frame().id, column(0).id);
    expect(frame().columnIds).toHaveLength(4);

    for (const id of [...frame().columnIds]) removeColumn(frame().id, id);
    expect(frame().columnIds).toHaveLength(2);
  });

  it('continues a column as a conversation of its own, shown and saved with its history', async () => {
    await twoColumns();
    deliver(state().live[lastMessage(column(1)).id]!.streamId!, {
      events: [
        { type: 'text-delta', text: 'The moon.' },
        { type: 'done', status: 'stop' },
        { type: 'detail-kept', detailBytes: 10 },
      ],
      final: true,
    });
    await settle();
    const source = column(1);
    const comparisonId = frame().id;
    await continueColumn(comparisonId, source.id);
    const shown = state().open[state().activeId!]!;
    expect(state().activeComparisonId).toBeNull();
    expect(shown.id).not.toBe(source.id);
    expect(shown).toMatchObject({ format: 'chat', model: 'claude-sonnet-4-5', profileId: 'p2' });
    expect(shown.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    const conversationSaves = calls.filter((c) => c.method === 'conversations.save');
    expect((conversationSaves.at(-1)!.input as { conversation: Conversation }).conversation.id).toBe(
      shown.id,
    );
    // Its reply says it has a record, kept under the comparison: main copies the records over once the
    // new conversation is saved, so its inspector finds them. The page names the two ids, nothing else.
    expect(lastMessage(shown).hasDetail).toBe(true);
    const methods = calls.map((c) => c.method);
    expect(methods.lastIndexOf('conversations.copyDetail')).toBeGreaterThan(
      methods.lastIndexOf('conversations.save'),
    );
    expect(calls.find((c) => c.method === 'conversations.copyDetail')?.input).toEqual({
      from: comparisonId,
      to: shown.id,
    });
  });

  it('routes a model chosen in a column by the catalogue of that column’s own gateway', () => {
    const listed = (id: string, family: 'chat' | 'responses') => ({
      id,
      displayName: id,
      listedBy: ['v1' as const],
      families: [family],
    });
    useAppStore.setState({
      settings: { activeProfileId: 'p1', profiles: [] } as never,
      catalogues: {
        p1: { status: 'ready', profileUpdatedAt: '', models: [listed('house-model', 'responses')] },
        p2: { status: 'ready', profileUpdatedAt: '', models: [listed('house-model', 'chat')] },
      },
    });
    newComparison();
    updateSetup(column(1).id, { profileId: 'p2' });
    chooseModel(column(0).id, 'house-model');
    chooseModel(column(1).id, 'house-model');
    expect(column(0).format).toBe('responses');
    expect(column(1).format).toBe('chat');
  });

  it('is deleted whole: its columns leave the window with it', async () => {
    await twoColumns();
    const id = frame().id;
    const columnIds = [...frame().columnIds];
    expect(await deleteConversation(id)).toBe(true);
    expect(calls.filter((c) => c.method === 'conversations.delete').map((c) => c.input)).toEqual([{ id }]);
    expect(state().comparisons[id]).toBeUndefined();
    for (const columnId of columnIds) expect(state().open[columnId]).toBeUndefined();
    expect(state().activeComparisonId).toBeNull();
  });
});

describe('the summary row', () => {
  const NOW = '2026-11-26T12:00:00.000Z';
  const finished = (
    ttftMs: number,
    tokensPerSecond: number,
    total: number,
    state: AssistantMessage['state'] = 'done',
  ): AssistantMessage => ({
    ...replyPlaceholder('r', NOW, newConversation('c', NOW, DEFAULT_PREFS.playground)),
    state,
    metrics: { ttftMs, totalMs: ttftMs + 1000, tokensPerSecond },
    usage: { inputTokens: 10, outputTokens: total - 10, reasoningTokens: null, totalTokens: null },
  });

  it('marks the fastest first token, the fastest rate and the fewest tokens, each where it is', () => {
    const bests = comparisonBests([finished(300, 40, 120), finished(200, 35, 150), finished(500, 90, 110)]);
    expect(bests).toEqual({ ttft: 1, rate: 2, tokens: 2 });
    expect(totalTokens(finished(1, 1, 120))).toBe(120);
  });

  it('marks no one on a tie for the best', () => {
    expect(comparisonBests([finished(300, 40, 120), finished(200, 40, 120)])).toEqual({
      ttft: 1,
      rate: null,
      tokens: null,
    });
  });

  it('counts only finished replies, and marks nothing with fewer than two to compare', () => {
    // A stopped reply is fast and short because it was cut off: it wins nothing.
    expect(comparisonBests([finished(50, 500, 20, 'stopped'), finished(200, 35, 150), null])).toEqual({
      ttft: null,
      rate: null,
      tokens: null,
    });
    expect(
      comparisonBests([finished(50, 500, 20, 'error'), finished(200, 35, 150), finished(300, 30, 160)]),
    ).toEqual({
      ttft: 1,
      rate: 1,
      tokens: 1,
    });
  });
});
