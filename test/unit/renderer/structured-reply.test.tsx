// Issue 15, item 5: a reply asked for with a JSON Schema is shown with its verdict — "Matches schema x" with
// the JSON pretty-printed, "Does not match schema x" with the validator's messages, or "Not JSON" with the
// text as it came — in the reply's place, where a reply without a schema shows its markdown.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { AssistantMessage, StructuredVerdict } from '../../../src-preload/contract.ts';
import { ReplyView } from '../../../src-renderer/src/panels/playground/ReplyView.tsx';
import { assistantMessage } from '../../support/conversation-fixtures.ts';
import { markupText } from '../../support/markup-text.ts';

const render = (message: AssistantMessage) =>
  renderToStaticMarkup(createElement(ReplyView, { conversationId: 'c1', message, busy: false }));

const REPLY = '{"name":"Ada Lovelace","email":"ada@example.org","tags":["maths","engines"]}';
const PRETTY = [
  '{',
  '  "name": "Ada Lovelace",',
  '  "email": "ada@example.org",',
  '  "tags": [',
  '    "maths",',
  '    "engines"',
  '  ]',
  '}',
].join('\n');

const structured = (verdict: StructuredVerdict, text = REPLY) =>
  assistantMessage(text, { structured: { name: 'contact', verdict } });

describe('a structured reply', () => {
  it('that matches: says so with the schema’s name, and shows the JSON indented', () => {
    const html = render(structured({ parsed: true, valid: true, errors: [] }));
    expect(html).toContain('data-verdict="matches"');
    expect(markupText(html)).toContain('Matches schema contact');
    expect(markupText(html)).not.toContain('Does not match');
    expect(markupText(html)).toContain(PRETTY);
  });

  it('that does not match: says so and lists what the validator found, still indented', () => {
    const errors = ['/email: must match format "email"', "/: must have required property 'phone'"];
    const html = render(structured({ parsed: true, valid: false, errors }));
    expect(html).toContain('data-verdict="mismatch"');
    const text = markupText(html);
    expect(text).toContain('Does not match schema contact');
    expect(text).not.toContain('Matches schema');
    for (const error of errors) expect(text).toContain(error);
    expect(text).toContain(PRETTY);
  });

  it('that main read out of a code fence: matches, shown as the code block it came in', () => {
    const fenced = `\`\`\`json\n${REPLY}\n\`\`\``;
    const html = render(structured({ parsed: true, valid: true, errors: [] }, fenced));
    expect(markupText(html)).toContain('Matches schema contact');
    expect(markupText(html)).toContain(REPLY);
    expect(html).not.toContain('structured-raw');
  });

  it('that is not JSON: says so and shows the text as it came', () => {
    const raw = 'Sure! Here is the contact:\nname: Ada';
    const html = render(structured({ parsed: false, valid: false, errors: ['Unexpected token S'] }, raw));
    expect(html).toContain('data-verdict="not-json"');
    const text = markupText(html);
    expect(text).toContain('Not JSON');
    expect(text).toContain(raw);
    expect(text).not.toContain('Matches schema');
  });
});

describe('a reply asked without a schema', () => {
  it('shows its text as markdown, with no verdict', () => {
    const html = render(assistantMessage(REPLY));
    expect(html).not.toContain('structured-verdict');
    expect(markupText(html)).toContain(REPLY);
    expect(markupText(html)).not.toContain(PRETTY);
  });
});
