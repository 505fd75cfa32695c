// The next request of a conversation in both formats, checked down to the HTTP body main sends.
import { describe, expect, it } from 'vitest';
import { buildGenerateContentBody } from '../../../src-main/gateway/content.ts';
import { buildCompactBody, buildResponsesBody } from '../../../src-main/gateway/responses.ts';
import type {
  AssistantMessage,
  CompactionMarker,
  Conversation,
  ConversationMessage,
  UserMessage,
} from '../../../src-preload/contract.ts';
import {
  canCompact,
  compactRequestFor,
  contentRequestFor,
  messagesInContext,
  responsesRequestFor,
  settingsFor,
} from '../../../src-renderer/src/panels/playground/build-request.ts';

let counter = 0;
const at = '2026-11-22T10:00:00.000Z';

function user(text: string): UserMessage {
  return { id: `u${++counter}`, role: 'user', text, createdAt: at };
}

function reply(text: string, overrides: Partial<AssistantMessage> = {}): AssistantMessage {
  return {
    id: `a${++counter}`,
    role: 'assistant',
    text,
    reasoning: '',
    createdAt: at,
    state: 'done',
    status: 'completed',
    error: null,
    usage: null,
    metrics: { ttftMs: null, totalMs: null, tokensPerSecond: null },
    responseId: `resp_${counter}`,
    format: 'responses',
    model: 'gpt-5-mini',
    hasDetail: false,
    ...overrides,
  };
}

function compaction(items: unknown[], replaced: ConversationMessage[] = []): CompactionMarker {
  return {
    id: `c${++counter}`,
    role: 'compaction',
    createdAt: at,
    model: 'gpt-5-mini',
    items,
    tokensBefore: 300,
    tokensAfter: 64,
    replaced,
    hasDetail: false,
  };
}

function conversation(messages: ConversationMessage[], overrides: Partial<Conversation> = {}): Conversation {
  return {
    id: 'conv1',
    customTitle: '',
    createdAt: at,
    updatedAt: at,
    format: 'responses',
    stream: true,
    model: 'gpt-5-mini',
    settings: {},
    store: false,
    chainResponses: false,
    messages,
    ...overrides,
  };
}

const COMPACTED_ITEMS = [
  { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'What is a monad?' }] },
  { type: 'message', role: 'user', content: 'And a functor?' },
  { id: 'cmp_1', type: 'compaction', encrypted_content: 'gAAAAB-secret-summary' },
];

describe('Responses requests', () => {
  it('sends earlier turns as input items and the new turn last, with store off by default', () => {
    const request = responsesRequestFor(
      conversation([user('Hello'), reply('Hi! How can I help?'), user('Tell me a joke')]),
    );
    expect(request).toEqual({
      model: 'gpt-5-mini',
      store: false,
      input: [
        { role: 'user', content: 'Hello' },
        { role: 'assistant', content: 'Hi! How can I help?' },
        { role: 'user', content: 'Tell me a joke' },
      ],
    });
    const body = buildResponsesBody(request, true);
    expect(body).toEqual({ model: 'gpt-5-mini', input: request.input, store: false, stream: true });
  });

  it('leaves out failed, empty and unfinished replies but keeps a stopped one', () => {
    const failed = reply('', {
      state: 'error',
      error: { code: 'gateway_error', message: 'boom' },
      responseId: null,
    });
    const stopped = reply('Partial answ', { state: 'stopped', status: 'stopped' });
    const request = responsesRequestFor(
      conversation([user('one'), failed, user('two'), stopped, user('three')]),
    );
    expect(request.input).toEqual([
      { role: 'user', content: 'one' },
      { role: 'user', content: 'two' },
      { role: 'assistant', content: 'Partial answ' },
      { role: 'user', content: 'three' },
    ]);
  });

  it('sends only the parameters that are set, and only those Responses has', () => {
    const request = responsesRequestFor(
      conversation([user('hi')], {
        settings: {
          instructions: 'Be brief.',
          temperature: 0,
          maxOutputTokens: 256,
          reasoningEffort: 'low',
          thinkingBudget: 1024,
          stopSequences: ['END'],
        },
      }),
    );
    expect(request.settings).toEqual({
      instructions: 'Be brief.',
      temperature: 0,
      maxOutputTokens: 256,
      reasoningEffort: 'low',
    });
    const body = buildResponsesBody(request, false);
    expect(body).toMatchObject({
      instructions: 'Be brief.',
      temperature: 0,
      max_output_tokens: 256,
      reasoning: { effort: 'low', summary: 'auto' },
    });
    expect(body).not.toHaveProperty('top_p');
    expect(body).not.toHaveProperty('stream');
    expect(JSON.stringify(body)).not.toContain('END');
  });

  it('a blank system prompt is not sent', () => {
    expect(settingsFor({ instructions: '   ' }, 'responses')).toBeUndefined();
    expect(
      responsesRequestFor(conversation([user('x')], { settings: { instructions: '\n' } })),
    ).not.toHaveProperty('settings');
  });

  it('after compaction, input starts with the compacted items, then the later turns', () => {
    const marker = compaction(COMPACTED_ITEMS, [user('What is a monad?'), reply('A monoid in…')]);
    const request = responsesRequestFor(
      conversation([marker, user('Give an example'), reply('Maybe.'), user('In TypeScript?')]),
    );
    expect(request.input).toEqual([
      ...COMPACTED_ITEMS,
      { role: 'user', content: 'Give an example' },
      { role: 'assistant', content: 'Maybe.' },
      { role: 'user', content: 'In TypeScript?' },
    ]);
  });

  it('only the latest compaction counts', () => {
    const first = compaction([{ type: 'compaction', encrypted_content: 'old' }]);
    const second = compaction(COMPACTED_ITEMS);
    const request = responsesRequestFor(conversation([first, user('a'), reply('b'), second, user('next')]));
    expect(request.input).toEqual([...COMPACTED_ITEMS, { role: 'user', content: 'next' }]);
  });

  it('chains with previous_response_id only when store is on, sending only the turns after that reply', () => {
    const messages = [user('one'), reply('first', { responseId: 'resp_A' }), user('two')];
    const chained = responsesRequestFor(conversation(messages, { store: true, chainResponses: true }));
    expect(chained.previousResponseId).toBe('resp_A');
    expect(chained.store).toBe(true);
    expect(chained.input).toEqual([{ role: 'user', content: 'two' }]);
    expect(buildResponsesBody(chained, true)).toMatchObject({ previous_response_id: 'resp_A', store: true });

    const unstored = responsesRequestFor(conversation(messages, { store: false, chainResponses: true }));
    expect(unstored.previousResponseId).toBeUndefined();
    expect(unstored.input).toHaveLength(3);
  });

  it('chaining skips a stopped reply (it may not be stored whole) and falls back to the full history', () => {
    const messages = [user('one'), reply('cut', { state: 'stopped', responseId: 'resp_S' }), user('two')];
    const request = responsesRequestFor(conversation(messages, { store: true, chainResponses: true }));
    expect(request.previousResponseId).toBeUndefined();
    expect(request.input).toHaveLength(3);
  });
});

describe('content-generation requests', () => {
  it('sends contents with user and model roles, and the system prompt as systemInstruction', () => {
    const request = contentRequestFor(
      conversation([user('Hello'), reply('Hi there', { format: 'content' }), user('More')], {
        format: 'content',
        model: 'gemini-2.5-flash',
        settings: {
          instructions: 'You are terse.',
          topP: 0.9,
          stopSequences: ['', 'STOP!'],
          thinkingBudget: 0,
        },
      }),
    );
    expect(request.contents).toEqual([
      { role: 'user', parts: [{ text: 'Hello' }] },
      { role: 'model', parts: [{ text: 'Hi there' }] },
      { role: 'user', parts: [{ text: 'More' }] },
    ]);
    expect(buildGenerateContentBody(request)).toEqual({
      contents: request.contents,
      systemInstruction: { parts: [{ text: 'You are terse.' }] },
      generationConfig: {
        topP: 0.9,
        stopSequences: ['STOP!'],
        thinkingConfig: { thinkingBudget: 0, includeThoughts: true },
      },
    });
  });

  it('leaves out reasoning effort, which content generation has no field for', () => {
    const request = contentRequestFor(
      conversation([user('x')], { format: 'content', settings: { reasoningEffort: 'high' } }),
    );
    expect(request.settings).toBeUndefined();
  });

  it('joins turns of the same role so they alternate (a failed reply between two questions)', () => {
    const failed = reply('', { state: 'error', error: { code: 'network', message: 'x' } });
    const request = contentRequestFor(
      conversation([user('one'), failed, user('two')], { format: 'content' }),
    );
    expect(request.contents).toEqual([{ role: 'user', parts: [{ text: 'one' }, { text: 'two' }] }]);
  });

  it('after compaction, carries on from the compacted user messages (the encrypted summary is Responses-only)', () => {
    const request = contentRequestFor(
      conversation([compaction(COMPACTED_ITEMS), user('Continue')], { format: 'content' }),
    );
    expect(request.contents).toEqual([
      {
        role: 'user',
        parts: [{ text: 'What is a monad?' }, { text: 'And a functor?' }, { text: 'Continue' }],
      },
    ]);
    expect(JSON.stringify(request)).not.toContain('gAAAAB');
  });
});

describe('compaction requests', () => {
  it('compacts everything in context, with the system prompt as instructions', () => {
    const marker = compaction(COMPACTED_ITEMS);
    const convo = conversation([marker, user('a'), reply('b')], { settings: { instructions: 'Sys' } });
    const request = compactRequestFor(convo);
    expect(request).toEqual({
      model: 'gpt-5-mini',
      input: [...COMPACTED_ITEMS, { role: 'user', content: 'a' }, { role: 'assistant', content: 'b' }],
      instructions: 'Sys',
    });
    expect(buildCompactBody(request)).toEqual({
      model: 'gpt-5-mini',
      input: request.input,
      instructions: 'Sys',
    });
  });

  it('has nothing to compact until a reply has come since the last compaction', () => {
    expect(canCompact(conversation([]))).toBe(false);
    expect(canCompact(conversation([user('only a question')]))).toBe(false);
    expect(canCompact(conversation([user('q'), reply('a')]))).toBe(true);
    expect(canCompact(conversation([user('q'), reply('a'), compaction(COMPACTED_ITEMS)]))).toBe(false);
  });

  it('messagesInContext splits at the last marker', () => {
    const marker = compaction([]);
    const later = user('after');
    expect(messagesInContext([user('before'), marker, later])).toEqual({
      compaction: marker,
      after: [later],
    });
  });
});
