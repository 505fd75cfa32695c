// What goes on the wire for a Chat Completions request (WIRE.md part 2, "Chat Completions"), and how
// structured output is asked for in each of the three formats.
import { describe, expect, it } from 'vitest';
import { buildChatCompletionsBody } from '../../../src-main/gateway/chat-completions.ts';
import { buildGenerateContentBody } from '../../../src-main/gateway/content.ts';
import { buildResponsesBody } from '../../../src-main/gateway/responses.ts';
import type {
  ChatCompletionsRequest,
  ChatSettings,
  StructuredOutput,
} from '../../../src-preload/contract.ts';

const messages: ChatCompletionsRequest['messages'] = [
  { role: 'user', content: 'Hi' },
  { role: 'assistant', content: 'Hello!' },
  { role: 'user', content: [{ type: 'text', text: 'And now?' }] },
];

const everySetting: ChatSettings = {
  instructions: 'Be brief.',
  temperature: 0.3,
  topP: 0.9,
  maxOutputTokens: 500,
  stopSequences: ['END', '###'],
  seed: 42,
  presencePenalty: 0.5,
  frequencyPenalty: -0.25,
  reasoningEffort: 'low',
};

const person: StructuredOutput = {
  name: 'person',
  schema: JSON.stringify({
    type: 'object',
    properties: { name: { type: 'string' }, age: { type: 'integer' } },
    required: ['name', 'age'],
    additionalProperties: false,
  }),
  strict: true,
};

describe('Chat Completions body', () => {
  it('sends every setting under its Chat Completions name, the instructions as the first (system) message', () => {
    const body = buildChatCompletionsBody(
      { model: 'deepseek-chat', messages, settings: everySetting },
      false,
    );
    expect(body).toEqual({
      model: 'deepseek-chat',
      messages: [{ role: 'system', content: 'Be brief.' }, ...messages],
      temperature: 0.3,
      top_p: 0.9,
      max_completion_tokens: 500,
      stop: ['END', '###'],
      seed: 42,
      presence_penalty: 0.5,
      frequency_penalty: -0.25,
      reasoning_effort: 'low',
    });
  });

  it('sends only what is set: no settings, no extra fields and no system message', () => {
    const body = buildChatCompletionsBody({ model: 'm', messages: [{ role: 'user', content: 'Hi' }] }, false);
    expect(body).toEqual({ model: 'm', messages: [{ role: 'user', content: 'Hi' }] });
    const empty = buildChatCompletionsBody(
      { model: 'm', messages, settings: { instructions: '', stopSequences: [] } },
      false,
    );
    expect(empty).toEqual({ model: 'm', messages });
  });

  it('puts the output limit under max_tokens when the gateway wants the older field', () => {
    const older = buildChatCompletionsBody(
      { model: 'm', messages, settings: { maxOutputTokens: 64, maxTokensField: 'max_tokens' } },
      false,
    );
    expect(older.max_tokens).toBe(64);
    expect(older).not.toHaveProperty('max_completion_tokens');
    const current = buildChatCompletionsBody(
      { model: 'm', messages, settings: { maxOutputTokens: 64, maxTokensField: 'max_completion_tokens' } },
      false,
    );
    expect(current.max_completion_tokens).toBe(64);
    expect(current).not.toHaveProperty('max_tokens');
  });

  it('asks a stream to end with usage (stream_options.include_usage)', () => {
    const body = buildChatCompletionsBody({ model: 'm', messages }, true);
    expect(body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
    expect(buildChatCompletionsBody({ model: 'm', messages }, false)).not.toHaveProperty('stream');
  });
});

describe('structured output on the wire', () => {
  const schema = JSON.parse(person.schema);

  it('Responses: text.format json_schema with name, schema and strict', () => {
    const body = buildResponsesBody({ model: 'm', input: 'x', settings: { structuredOutput: person } }, true);
    expect(body.text).toEqual({ format: { type: 'json_schema', name: 'person', schema, strict: true } });
  });

  it('Chat Completions: response_format json_schema with name, schema and strict', () => {
    const body = buildChatCompletionsBody(
      { model: 'm', messages, settings: { structuredOutput: { ...person, strict: false } } },
      false,
    );
    expect(body.response_format).toEqual({
      type: 'json_schema',
      json_schema: { name: 'person', schema, strict: false },
    });
  });

  it('content generation: a JSON reply under responseJsonSchema, beside the other generation settings', () => {
    const body = buildGenerateContentBody({
      model: 'g',
      contents: [{ role: 'user', parts: [{ text: 'x' }] }],
      settings: { temperature: 0.2, structuredOutput: person },
    });
    expect(body.generationConfig).toEqual({
      temperature: 0.2,
      responseMimeType: 'application/json',
      responseJsonSchema: schema,
    });
  });

  it('asks for no format when structured output is off', () => {
    expect(buildResponsesBody({ model: 'm', input: 'x' }, false)).not.toHaveProperty('text');
    expect(buildChatCompletionsBody({ model: 'm', messages }, false)).not.toHaveProperty('response_format');
    expect(
      buildGenerateContentBody({ model: 'g', contents: [{ role: 'user', parts: [{ text: 'x' }] }] }),
    ).not.toHaveProperty('generationConfig');
  });

  it('refuses a schema that is not JSON as input it cannot send, in every format', () => {
    const broken = { ...person, schema: '{"type": "object",' };
    const refusal = { code: 'invalid_input', message: expect.stringMatching(/^The schema is not JSON: /) };
    expect(() =>
      buildResponsesBody({ model: 'm', input: 'x', settings: { structuredOutput: broken } }, false),
    ).toThrow(expect.objectContaining(refusal));
    expect(() =>
      buildChatCompletionsBody({ model: 'm', messages, settings: { structuredOutput: broken } }, false),
    ).toThrow(expect.objectContaining(refusal));
    expect(() =>
      buildGenerateContentBody({ model: 'g', contents: [], settings: { structuredOutput: broken } }),
    ).toThrow(expect.objectContaining(refusal));
  });
});
