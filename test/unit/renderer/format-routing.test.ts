// Which format a chosen model goes to (the gateway's rule, WIRE.md part 1), from the catalogue main reads
// out of new-api's `/v1/models` and `/v1beta/models`; and how a conversation changes format mid-way.
import { describe, expect, it } from 'vitest';
import { catalogueFromV1, catalogueFromV1beta, mergeCatalogue } from '../../../src-main/gateway/catalogue.ts';
import { buildChatCompletionsBody } from '../../../src-main/gateway/chat-completions.ts';
import type { ChatFormat } from '../../../src-preload/contract.ts';
import { MAX_FORMAT_CHOICES } from '../../../src-preload/contract.ts';
import {
  chatRequestFor,
  responsesRequestFor,
  settingsFor,
} from '../../../src-renderer/src/panels/playground/build-request.ts';
import {
  editedConversation,
  regeneratedConversation,
  setParameterCount,
  withFormatChange,
} from '../../../src-renderer/src/panels/playground/conversation-edits.ts';
import {
  formatChoiceKey,
  modelFormats,
  routeFormat,
  withFormatChoice,
} from '../../../src-renderer/src/panels/playground/format-routing.ts';
import {
  assistantMessage,
  compactionMarker,
  conversation,
  userMessage,
} from '../../support/conversation-fixtures.ts';

/** A catalogue as main builds it from new-api's two listings (the shapes of WIRE.md part 2). */
const catalogue = mergeCatalogue(
  catalogueFromV1({
    data: [
      { id: 'o3-pro', supported_endpoint_types: ['openai-response'] },
      { id: 'claude-sonnet-4-5', supported_endpoint_types: ['anthropic', 'openai'] },
      {
        id: 'gpt-5-mini',
        supported_endpoint_types: ['openai', 'openai-response', 'openai-response-compact'],
      },
      { id: 'gemini-2.5-flash', supported_endpoint_types: ['gemini', 'openai'] },
      { id: 'my-house-model' },
    ],
  }),
  catalogueFromV1beta({
    models: [{ name: 'models/gemini-2.5-flash', supportedGenerationMethods: ['generateContent'] }],
  }),
);

const route = (model: string, remembered?: ChatFormat) => {
  const formats = modelFormats(model, catalogue);
  return formats ? routeFormat(formats.formats, remembered) : null;
};

describe('routing a chosen model to a format', () => {
  it('sends a model that lists only Responses to Responses', () => {
    expect(modelFormats('o3-pro', catalogue)).toEqual({ formats: ['responses'], source: 'catalogue' });
    expect(route('o3-pro')).toBe('responses');
  });

  it('sends a model that lists only Chat Completions (other types ignored) to Chat Completions', () => {
    expect(modelFormats('claude-sonnet-4-5', catalogue)?.formats).toEqual(['chat']);
    expect(route('claude-sonnet-4-5')).toBe('chat');
  });

  it('prefers Chat Completions (/v1) for a model that lists it and content generation', () => {
    expect(modelFormats('gemini-2.5-flash', catalogue)?.formats).toEqual(['chat', 'content']);
    expect(route('gemini-2.5-flash')).toBe('chat');
  });

  it('takes the user’s last choice for a model of several formats, else Responses first', () => {
    expect(route('gpt-5-mini')).toBe('responses');
    expect(route('gpt-5-mini', 'chat')).toBe('chat');
    expect(route('gemini-2.5-flash', 'content')).toBe('content');
    // The listing is a hint: a choice made after a listed format failed is the one that worked.
    expect(route('claude-sonnet-4-5', 'responses')).toBe('responses');
  });

  it('guesses from the name only where the catalogue says nothing', () => {
    expect(modelFormats('my-house-model', catalogue)).toBeNull();
    expect(modelFormats('deepseek-chat', [])).toEqual({ formats: ['chat'], source: 'name' });
    expect(modelFormats('gemini-3-pro', [])).toEqual({ formats: ['chat', 'content'], source: 'name' });
    expect(modelFormats('gpt-4.1', [])?.formats).toEqual(['responses', 'chat']);
    expect(modelFormats('', catalogue)).toBeNull();
  });

  it('remembers choices per profile and model, the oldest forgotten first', () => {
    let choices: Record<string, ChatFormat> = {};
    for (let i = 0; i < MAX_FORMAT_CHOICES + 5; i++) {
      choices = withFormatChoice(choices, formatChoiceKey('p1', `m${i}`), 'chat');
    }
    choices = withFormatChoice(choices, formatChoiceKey('p2', 'm1'), 'content');
    expect(Object.keys(choices)).toHaveLength(MAX_FORMAT_CHOICES);
    expect(choices[formatChoiceKey('p1', 'm0')]).toBeUndefined();
    expect(choices[formatChoiceKey('p2', 'm1')]).toBe('content');
    expect(choices[formatChoiceKey('p1', `m${MAX_FORMAT_CHOICES + 4}`)]).toBe('chat');
  });
});

describe('a conversation that changes format mid-way', () => {
  it('carries its history to Chat Completions: the next request has every turn as a chat message', () => {
    const responses = conversation({
      messages: [
        userMessage('What is the capital of France?'),
        assistantMessage('Paris.', { reasoning: 'Easy one.' }),
        userMessage('And of Italy?'),
      ],
    });
    const moved = withFormatChange(responses, 'chat', 'fc-1', '2025-06-01T10:00:00.000Z');
    expect(moved.format).toBe('chat');
    const marker = moved.messages.at(-1);
    expect(marker).toMatchObject({ role: 'format-change', from: 'responses', to: 'chat', notCarried: [] });
    const body = buildChatCompletionsBody(chatRequestFor({ ...moved, model: 'claude-sonnet-4-5' }), false);
    expect(body.messages).toEqual([
      { role: 'user', content: 'What is the capital of France?' },
      { role: 'assistant', content: 'Paris.' },
      { role: 'user', content: 'And of Italy?' },
    ]);
  });

  it('names what Chat Completions cannot carry: the encrypted compaction summary, chained replies', () => {
    const compacted = conversation({
      store: true,
      chainResponses: true,
      messages: [
        compactionMarker([], {
          items: [
            { role: 'user', content: [{ type: 'input_text', text: 'Plan a trip to Rome' }] },
            { type: 'compaction', encrypted_content: 'gAAA…' },
          ],
        }),
        userMessage('Add a day in Florence'),
        assistantMessage('Day 4: Florence.', { responseId: 'resp_9' }),
      ],
    });
    const moved = withFormatChange(compacted, 'chat', 'fc-2', '2025-06-01T10:00:00.000Z');
    const marker = moved.messages.at(-1);
    expect(marker?.role === 'format-change' && marker.notCarried).toEqual([
      expect.stringContaining('compacted summary'),
      expect.stringContaining('chaining'),
    ]);
    // What is carried instead: the compaction's own user message, then the turns after it.
    expect(chatRequestFor(moved).messages.map((message) => message.content)).toEqual([
      'Plan a trip to Rome',
      'Add a day in Florence',
      'Day 4: Florence.',
    ]);
    // Back to Responses before the next turn: the note goes, the summary is usable again.
    const back = withFormatChange(moved, 'responses', 'fc-3', '2025-06-01T10:00:01.000Z');
    expect(back.messages.some((message) => message.role === 'format-change')).toBe(false);
    expect(back.format).toBe('responses');
  });

  it('names the images of compacted messages, which only Responses reads back', () => {
    const compacted = conversation({
      messages: [
        compactionMarker([], {
          items: [
            {
              role: 'user',
              content: [
                { type: 'input_text', text: 'What is this?' },
                { type: 'input_image', image_url: 'data:image/png;base64,AAAA' },
              ],
            },
            { type: 'compaction', encrypted_content: 'gAAA…' },
          ],
        }),
      ],
    });
    const moved = withFormatChange(compacted, 'content', 'fc', 'now');
    const marker = moved.messages.at(-1);
    expect(marker?.role === 'format-change' && marker.notCarried).toContain(
      'the images in the compacted messages',
    );
  });

  it('chains a Responses request only from a Responses reply, never from another format’s id', () => {
    const chained = conversation({
      store: true,
      chainResponses: true,
      messages: [
        userMessage('first'),
        assistantMessage('one', { responseId: 'resp_1', format: 'responses' }),
        userMessage('second'),
        assistantMessage('two', { responseId: 'chatcmpl-abc', format: 'chat' }),
        userMessage('third'),
      ],
    });
    const request = responsesRequestFor(chained);
    expect(request.previousResponseId).toBe('resp_1');
    expect(request.input).toEqual([
      { role: 'user', content: 'second' },
      { role: 'assistant', content: 'two' },
      { role: 'user', content: 'third' },
    ]);
  });

  it('switches an empty chat without a note, and merges switches made before the next turn', () => {
    const empty = conversation();
    expect(withFormatChange(empty, 'content', 'x', 'now').messages).toEqual([]);
    const chat = conversation({ messages: [userMessage('Hi'), assistantMessage('Hello')] });
    const twice = withFormatChange(withFormatChange(chat, 'chat', 'a', 'now'), 'content', 'b', 'now');
    expect(twice.messages.filter((message) => message.role === 'format-change')).toEqual([
      expect.objectContaining({ id: 'a', from: 'responses', to: 'content' }),
    ]);
  });

  it('keeps the note when an edit drops the messages after an earlier turn', () => {
    const first = userMessage('First');
    const chat = withFormatChange(
      conversation({ messages: [first, assistantMessage('One')] }),
      'chat',
      'fc-edit',
      'now',
    );
    const later = { ...chat, messages: [...chat.messages, userMessage('Second'), assistantMessage('Two')] };
    const edited = editedConversation(later, first.id, 'First, again', 'later');
    expect(edited?.format).toBe('chat');
    expect(edited?.messages.map((message) => message.role)).toEqual(['user', 'format-change']);
    expect(edited?.messages[1]).toMatchObject({ id: 'fc-edit', from: 'responses', to: 'chat' });
  });

  it('regenerates a reply asked for after a format change, keeping the note before it', () => {
    const asked = userMessage('Hi');
    const failed = assistantMessage('', { state: 'error' });
    const chat = conversation({
      format: 'chat',
      messages: [
        asked,
        { id: 'fc', role: 'format-change', createdAt: 'now', from: 'responses', to: 'chat', notCarried: [] },
        failed,
      ],
    });
    const again = regeneratedConversation(chat, failed.id, 'later');
    expect(again?.messages.map((message) => message.role)).toEqual(['user', 'format-change']);
  });
});

describe('Chat Completions parameters', () => {
  const settings = {
    instructions: 'Be brief.',
    temperature: 0.4,
    maxOutputTokens: 300,
    maxTokensField: 'max_tokens' as const,
    stopSequences: ['END', ''],
    seed: 7,
    presencePenalty: 0.5,
    frequencyPenalty: -0.5,
    reasoningEffort: 'low' as const,
    thinkingBudget: 1024,
  };

  it('sends the chat settings to Chat Completions only, and the content ones to content generation only', () => {
    expect(settingsFor(settings, 'chat')).toEqual({
      instructions: 'Be brief.',
      temperature: 0.4,
      maxOutputTokens: 300,
      maxTokensField: 'max_tokens',
      stopSequences: ['END'],
      seed: 7,
      presencePenalty: 0.5,
      frequencyPenalty: -0.5,
      reasoningEffort: 'low',
    });
    expect(settingsFor(settings, 'content')).not.toHaveProperty('seed');
    expect(settingsFor(settings, 'responses')).not.toHaveProperty('stopSequences');
  });

  it('counts on the Parameters toggle only what the format sends', () => {
    const setup = conversation({ format: 'chat', settings });
    // instructions, temperature, max tokens, stop, seed, two penalties, reasoning effort.
    expect(setParameterCount(setup)).toBe(8);
    expect(setParameterCount({ ...setup, format: 'content' })).toBe(5);
  });
});
