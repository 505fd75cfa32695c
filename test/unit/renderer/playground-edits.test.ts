// What the Playground does to a conversation, as pure functions: new chats, replies ending, edit and
// resend, regenerate, delete, compaction, and a conversation read back after the app closed mid-reply.
import { describe, expect, it } from 'vitest';
import {
  type AssistantMessage,
  type Conversation,
  type ConversationMessage,
  DEFAULT_PREFS,
  type UserMessage,
} from '../../../src-preload/contract.ts';
import {
  compactedConversation,
  compactProblem,
  editedConversation,
  interruptedOnLoad,
  newConversation,
  regeneratedConversation,
  replyMetrics,
  replyPlaceholder,
  setParameterCount,
  settledReply,
  withoutMessage,
} from '../../../src-renderer/src/panels/playground/conversation-edits.ts';
import type { StreamState } from '../../../src-renderer/src/store/streams.ts';

const NOW = '2025-09-15T12:00:00.000Z';
const LATER = '2025-09-15T12:05:00.000Z';

const user = (id: string, text: string): UserMessage => ({ id, role: 'user', text, createdAt: NOW });
const reply = (id: string, text: string, patch: Partial<AssistantMessage> = {}): AssistantMessage => ({
  ...replyPlaceholder(id, NOW, base()),
  text,
  state: 'done',
  status: 'completed',
  ...patch,
});

function base(messages: ConversationMessage[] = []): Conversation {
  return { ...newConversation('c1', NOW, DEFAULT_PREFS.playground), messages };
}

const threeTurns = () =>
  base([
    user('u1', 'one'),
    reply('a1', 'first answer'),
    user('u2', 'two'),
    reply('a2', 'second answer'),
    user('u3', 'three'),
    reply('a3', 'third answer'),
  ]);

const ids = (conversation: Conversation | null) => conversation?.messages.map((m) => m.id);

describe('a new chat', () => {
  it('starts with the last used format, model and streaming choice, and nothing set', () => {
    const prefs = {
      ...DEFAULT_PREFS.playground,
      format: 'content' as const,
      stream: false,
      contentModel: 'gemini-2.5-pro',
    };
    expect(newConversation('c9', NOW, prefs)).toMatchObject({
      id: 'c9',
      format: 'content',
      stream: false,
      model: 'gemini-2.5-pro',
      settings: {},
      store: false,
      chainResponses: false,
      messages: [],
      customTitle: '',
    });
  });
});

describe('editing the history', () => {
  it('edit and resend keeps the earlier turns, changes the text, and drops every later message', () => {
    const edited = editedConversation(threeTurns(), 'u2', 'two, again', LATER);
    expect(ids(edited)).toEqual(['u1', 'a1', 'u2']);
    expect(edited?.messages.at(-1)).toMatchObject({ role: 'user', text: 'two, again', createdAt: LATER });
    expect(edited?.updatedAt).toBe(LATER);
    // Only a user turn can be edited.
    expect(editedConversation(threeTurns(), 'a2', 'x', LATER)).toBeNull();
  });

  it('regenerate drops the reply and everything after it, leaving the turn it answered last', () => {
    expect(ids(regeneratedConversation(threeTurns(), 'a2', LATER))).toEqual(['u1', 'a1', 'u2']);
    expect(ids(regeneratedConversation(threeTurns(), 'a3', LATER))).toEqual(['u1', 'a1', 'u2', 'a2', 'u3']);
    // Nothing to answer: a user turn, or a reply with no user turn before it.
    expect(regeneratedConversation(threeTurns(), 'u2', LATER)).toBeNull();
    expect(regeneratedConversation(base([reply('a0', 'orphan')]), 'a0', LATER)).toBeNull();
  });

  it('delete removes one message and keeps the rest in order', () => {
    expect(ids(withoutMessage(threeTurns(), 'a2', LATER))).toEqual(['u1', 'a1', 'u2', 'u3', 'a3']);
    const same = threeTurns();
    expect(withoutMessage(same, 'missing', LATER)).toBe(same);
  });
});

const stream = (patch: Partial<StreamState>): StreamState => ({
  text: '',
  appended: null,
  reasoning: '',
  usage: null,
  upload: null,
  progress: null,
  split: null,
  job: null,
  result: undefined,
  status: 'done',
  doneStatus: null,
  responseId: null,
  error: null,
  eventCount: 0,
  detail: null,
  firstContentAt: null,
  endedAt: null,
  closed: true,
  ...patch,
});

describe('a reply that has ended', () => {
  const usage = { inputTokens: 12, outputTokens: 300, reasoningTokens: null, totalTokens: 312 };

  it('measures time to first token and total from Send, and speed over the time after the first token', () => {
    expect(replyMetrics({ sentAt: 1000, firstContentAt: 1250, endedAt: 4250, outputTokens: 300 })).toEqual({
      ttftMs: 250,
      totalMs: 3250,
      tokensPerSecond: 100,
    });
    // Unknown: no token count, nothing arrived, or the reply came whole (no time after the first token).
    expect(
      replyMetrics({ sentAt: 0, firstContentAt: 10, endedAt: 20, outputTokens: null }).tokensPerSecond,
    ).toBeNull();
    expect(replyMetrics({ sentAt: 0, firstContentAt: null, endedAt: 20, outputTokens: 5 })).toEqual({
      ttftMs: null,
      totalMs: 20,
      tokensPerSecond: null,
    });
    expect(
      replyMetrics({ sentAt: 0, firstContentAt: 40, endedAt: 40, outputTokens: 5 }).tokensPerSecond,
    ).toBeNull();
  });

  it('keeps the text, usage, status, response id, and whether main keeps its inspector record', () => {
    const ended = stream({
      text: 'Hello',
      reasoning: 'Hm',
      usage,
      doneStatus: 'completed',
      responseId: 'resp_1',
      firstContentAt: 1100,
      endedAt: 2100,
    });
    const settled = settledReply(replyPlaceholder('a1', NOW, base()), ended, 1000, true);
    expect(settled).toMatchObject({
      text: 'Hello',
      reasoning: 'Hm',
      state: 'done',
      status: 'completed',
      usage,
      responseId: 'resp_1',
      metrics: { ttftMs: 100, totalMs: 1100, tokensPerSecond: 300 },
      hasDetail: true,
      error: null,
    });
    // The record itself is kept apart from the conversation (main keeps it).
    expect(settled).not.toHaveProperty('inspector');
    expect(settledReply(replyPlaceholder('a1', NOW, base()), ended, 1000, false).hasDetail).toBe(false);
  });

  it('a stopped reply keeps its partial text and is marked stopped; a failed one keeps its error', () => {
    const stopped = settledReply(
      replyPlaceholder('a1', NOW, base()),
      stream({ text: 'Half a', status: 'stopped', doneStatus: 'stopped' }),
      0,
      false,
    );
    expect(stopped).toMatchObject({ text: 'Half a', state: 'stopped', status: 'stopped' });
    const error = { code: 'network' as const, message: 'The connection closed.' };
    const failed = settledReply(
      replyPlaceholder('a1', NOW, base()),
      stream({ text: 'so far', status: 'error', error }),
      0,
      true,
    );
    expect(failed).toMatchObject({ text: 'so far', state: 'error', error, status: null });
  });
});

describe('a conversation read back from disk', () => {
  it('shows a reply saved mid-stream as stopped, interrupted, unless its stream still runs here', () => {
    const saved = base([user('u1', 'hi'), reply('a1', '', { state: 'streaming', status: null })]);
    const loaded = interruptedOnLoad(saved, new Set());
    expect(loaded.messages[1]).toMatchObject({ state: 'stopped', status: 'interrupted' });
    expect(interruptedOnLoad(saved, new Set(['a1']))).toBe(saved);
    const finished = threeTurns();
    expect(interruptedOnLoad(finished, new Set())).toBe(finished);
  });
});

describe('compaction', () => {
  const result = {
    id: 'resp_c',
    output: [
      { role: 'user', content: [{ type: 'input_text', text: 'one' }] },
      { type: 'compaction', encrypted_content: 'gAAAAB…' },
    ],
    usage: { inputTokens: 3210, outputTokens: 64, reasoningTokens: null, totalTokens: 3274 },
    detailKept: true,
  };

  it('replaces the history with one marker holding the output, the token counts and the replaced messages', () => {
    const before = threeTurns();
    const after = compactedConversation(before, result, 'm1', LATER);
    expect(after.messages).toHaveLength(1);
    const marker = after.messages[0]!;
    expect(marker).toMatchObject({
      id: 'm1',
      role: 'compaction',
      items: result.output,
      tokensBefore: 3210,
      tokensAfter: 64,
      replaced: before.messages,
      model: 'gpt-5-mini',
    });
    if (marker.role !== 'compaction') throw new Error('not a marker');
    expect(marker.hasDetail).toBe(true);
    // Main could not keep its record (a failed write): the marker does not claim one.
    const unkept = compactedConversation(before, { ...result, detailKept: false }, 'm1', LATER).messages[0]!;
    expect(unkept.role === 'compaction' && unkept.hasDetail).toBe(false);
    // The title came from the first message, now replaced: it is kept as it was.
    expect(after.customTitle).toBe('one');
    expect(compactedConversation({ ...before, customTitle: 'Mine' }, result, 'm1', LATER).customTitle).toBe(
      'Mine',
    );
  });

  it('is offered only in the Responses format, when idle, with something new to compact', () => {
    expect(compactProblem(threeTurns(), false)).toBeNull();
    expect(compactProblem(threeTurns(), true)).toMatch(/Wait/);
    expect(compactProblem({ ...threeTurns(), format: 'content' }, false)).toMatch(/Responses format only/);
    expect(compactProblem(base([user('u1', 'hi')]), false)).toMatch(/Nothing to compact/);
    const compacted = compactedConversation(threeTurns(), result, 'm1', LATER);
    expect(compactProblem(compacted, false)).toMatch(/Nothing to compact/);
  });
});

describe('the count on the Parameters toggle', () => {
  it('counts what the next request would send in the chosen format', () => {
    const settings = {
      temperature: 0.2,
      reasoningEffort: 'low' as const,
      stopSequences: ['END'],
      instructions: '  ',
    };
    const responses = { ...base(), settings };
    expect(setParameterCount(responses)).toBe(2);
    expect(setParameterCount({ ...responses, format: 'content' })).toBe(2);
    expect(setParameterCount({ ...responses, store: true, chainResponses: true })).toBe(4);
    expect(setParameterCount(base())).toBe(0);
  });
});
