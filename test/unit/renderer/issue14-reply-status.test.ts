// Issue 14, item 23 (and the review of item 7): a Responses answer left `incomplete` reaches the page with
// the reason that cut it as its status (`max_output_tokens`, `content_filter`; see
// src-main/gateway/responses-output.ts). Wherever the reply's status is explained, it is explained as a
// reply that ended early, not as if the response's own status were `content_filter`.
import { describe, expect, it } from 'vitest';
import { type AssistantMessage, DEFAULT_PREFS } from '../../../src-preload/contract.ts';
import {
  newConversation,
  replyPlaceholder,
} from '../../../src-renderer/src/panels/playground/conversation-edits.ts';
import { replyFacts } from '../../../src-renderer/src/panels/playground/labels.ts';
import { shortEndingNote } from '../../../src-renderer/src/panels/playground/reply-ending.ts';

const setup = newConversation('c', '2025-01-01T00:00:00Z', DEFAULT_PREFS.playground);
const reply = (patch: Partial<AssistantMessage>): AssistantMessage => ({
  ...replyPlaceholder('a', '2025-01-01T00:00:00Z', setup),
  state: 'done',
  ...patch,
});
const statusFact = (message: AssistantMessage) => replyFacts(message).find((fact) => fact.key === 'status');

describe('the status of a reply that ended early', () => {
  for (const [format, status] of [
    ['responses', 'content_filter'],
    ['responses', 'max_output_tokens'],
    ['responses', 'incomplete'],
    ['content', 'SAFETY'],
    ['content', 'MAX_TOKENS'],
  ] as const) {
    it(`is explained by why it ended early (${format}: ${status})`, () => {
      const message = reply({ format, status });
      const note = shortEndingNote(message);
      expect(note).not.toBeNull();
      expect(statusFact(message)).toMatchObject({ text: status, title: note });
    });
  }

  it('is still the gateway’s own word for a reply that ended as it should', () => {
    expect(statusFact(reply({ format: 'responses', status: 'completed' }))?.title).toBe(
      'The response’s status: completed.',
    );
    expect(statusFact(reply({ format: 'content', status: 'STOP' }))?.title).toBe('The finish reason: STOP.');
  });
});
