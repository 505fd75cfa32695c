// Issue 15, items 1 and 5, in the Parameters panel: each format shows the fields it sends (Chat Completions its
// own: seed, penalties, which name carries the output limit), a value kept from another format is named
// rather than silently not sent, and structured output is offered in every format — strict only where the
// format has a strict flag.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ChatFormat, ChatSettings } from '../../../src-preload/contract.ts';
import { ParametersView } from '../../../src-renderer/src/panels/playground/ParametersPanel.tsx';
import {
  keptNotSent,
  sentParameters,
} from '../../../src-renderer/src/panels/playground/parameter-formats.ts';
import { conversation } from '../../support/conversation-fixtures.ts';

const render = (format: ChatFormat, settings: ChatSettings = {}) =>
  renderToStaticMarkup(
    createElement(ParametersView, { conversation: conversation({ format, settings }), enterSends: true }),
  );

/** The `data-testid`s of the fields shown. */
const fieldsOf = (html: string) =>
  new Set([...html.matchAll(/data-testid="(param-[a-z-]+|structured-[a-z-]+)"/g)].map((m) => m[1]!));

/** The markup's text, tags removed. */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&quot;/g, (e) => (e === '&quot;' ? '"' : "'"))
    .replace(/\s+/g, ' ');

/** The attributes of the element with this test id. */
const tagOf = (html: string, testId: string) =>
  html.match(new RegExp(`<[^>]*data-testid="${testId}"[^>]*>`))?.[0] ?? '';

const EVERY_FORMAT = ['param-system', 'param-temperature', 'param-top-p', 'param-max-tokens'];
const CHAT_ONLY = ['param-seed', 'param-presence', 'param-frequency', 'param-max-tokens-field'];

describe('the fields each format shows', () => {
  it('Chat Completions: sampling, the output limit and its field name, stop, seed, penalties, reasoning effort', () => {
    const fields = fieldsOf(render('chat'));
    for (const field of [...EVERY_FORMAT, ...CHAT_ONLY, 'param-stop', 'param-effort'])
      expect(fields).toContain(field);
    for (const field of ['param-thinking', 'param-store', 'param-chain', 'param-stop-unavailable'])
      expect(fields).not.toContain(field);
  });

  it('Responses: reasoning effort and provider storage; no stop, seed or penalties', () => {
    const fields = fieldsOf(render('responses'));
    for (const field of [...EVERY_FORMAT, 'param-effort', 'param-store', 'param-chain'])
      expect(fields).toContain(field);
    for (const field of [...CHAT_ONLY, 'param-thinking', 'param-stop']) expect(fields).not.toContain(field);
    // Stop sequences are asked for often enough that their absence is explained.
    expect(fields).toContain('param-stop-unavailable');
  });

  it('content generation: thinking budget and stop; no effort, seed, penalties or storage', () => {
    const fields = fieldsOf(render('content'));
    for (const field of [...EVERY_FORMAT, 'param-thinking', 'param-stop']) expect(fields).toContain(field);
    for (const field of [...CHAT_ONLY, 'param-effort', 'param-store']) expect(fields).not.toContain(field);
  });

  it('says why Chat Completions offers two names for the output limit, and which is chosen', () => {
    const html = render('chat', { maxOutputTokens: 300, maxTokensField: 'max_tokens' });
    expect(html).toMatch(/title="[^"]*older gateways[^"]*max_tokens[^"]*"/i);
    expect(html).toMatch(/<option value="max_tokens" selected="">/);
    expect(render('chat', { maxOutputTokens: 300 })).toMatch(
      /<option value="max_completion_tokens" selected="">/,
    );
  });

  it('shows the values set', () => {
    const html = render('chat', { seed: 42, presencePenalty: -0.5, frequencyPenalty: 1.5 });
    expect(tagOf(html, 'param-seed')).toContain('value="42"');
    expect(tagOf(html, 'param-presence')).toContain('value="-0.5"');
    expect(tagOf(html, 'param-frequency')).toContain('value="1.5"');
  });
});

describe('values the chosen format does not send', () => {
  const settings: ChatSettings = { temperature: 0.2, seed: 7, thinkingBudget: 0, reasoningEffort: 'low' };

  it('are named, not silently dropped', () => {
    expect(text(render('responses', settings))).toContain(
      'Kept for another format, not sent in Responses: Thinking budget, Seed.',
    );
    expect(text(render('content', settings))).toContain(
      'Kept for another format, not sent in Content generation: Reasoning effort, Seed.',
    );
    expect(text(render('chat', settings))).toContain(
      'Kept for another format, not sent in Chat Completions: Thinking budget.',
    );
    expect(render('chat', { temperature: 0.2 })).not.toContain('params-kept');
  });

  it('are those `settingsFor` leaves out of the request', () => {
    const all: ChatSettings = {
      ...settings,
      instructions: '  ',
      stopSequences: ['END'],
      maxOutputTokens: 10,
      maxTokensField: 'max_tokens',
    };
    expect(sentParameters(all, 'chat')).toEqual([
      'temperature',
      'maxOutputTokens',
      'reasoningEffort',
      'stopSequences',
      'seed',
    ]);
    expect(sentParameters(all, 'responses')).toEqual(['temperature', 'maxOutputTokens', 'reasoningEffort']);
    expect(keptNotSent(all, 'responses')).toEqual(['thinkingBudget', 'stopSequences', 'seed']);
  });
});

describe('structured output in the panel', () => {
  const structuredOutput = { name: 'contact', schema: '{"type":"object"}', strict: true };

  it('is a switch in every format, off until turned on', () => {
    for (const format of ['responses', 'chat', 'content'] as const) {
      const html = render(format);
      expect(tagOf(html, 'structured-toggle')).toContain('role="switch"');
      expect(tagOf(html, 'structured-toggle')).not.toMatch(/ checked=""/);
      expect(fieldsOf(html)).not.toContain('structured-schema');
    }
  });

  it('once on: name, schema (monospace, as typed), examples and strict', () => {
    const html = render('responses', { structuredOutput });
    expect(tagOf(html, 'structured-toggle')).toMatch(/ checked=""/);
    expect(tagOf(html, 'structured-name')).toContain('value="contact"');
    expect(tagOf(html, 'structured-schema')).toContain('input--mono');
    expect(html).toContain('{&quot;type&quot;:&quot;object&quot;}</textarea>');
    expect(text(html)).toContain('Start from an example');
    for (const example of ['contact', 'sentiment', 'todo_list', 'calendar_event'])
      expect(html).toContain(`data-example="${example}"`);
  });

  it('offers strict in Responses and Chat Completions; content generation says it has no strict flag', () => {
    for (const format of ['responses', 'chat'] as const) {
      const strict = tagOf(render(format, { structuredOutput }), 'structured-strict');
      expect(strict).toMatch(/ checked=""/);
      expect(strict).not.toContain('disabled');
    }
    const html = render('content', { structuredOutput });
    expect(tagOf(html, 'structured-strict')).toContain('disabled');
    expect(html).toMatch(/<label[^>]*title="Content generation has no strict flag[^"]*"/);
  });

  it('names where each format carries the schema', () => {
    expect(text(render('responses', { structuredOutput }))).toContain('Sent as text.format');
    expect(text(render('chat', { structuredOutput }))).toContain('Sent as response_format');
    expect(text(render('content', { structuredOutput }))).toContain('Sent as responseJsonSchema');
  });
});
