// How the Playground words a reply's facts, a compaction and the dates in its list.
import { describe, expect, it } from 'vitest';
import { type AssistantMessage, DEFAULT_PREFS } from '../../../src-preload/contract.ts';
import { listDate } from '../../../src-renderer/src/i18n/format.ts';
import {
  compactedConversation,
  newConversation,
  replyPlaceholder,
} from '../../../src-renderer/src/panels/playground/conversation-edits.ts';
import { compactionSummary, replyFacts } from '../../../src-renderer/src/panels/playground/labels.ts';

const setup = newConversation('c', '2025-01-01T00:00:00Z', DEFAULT_PREFS.playground);
const reply = (patch: Partial<AssistantMessage>): AssistantMessage => ({
  ...replyPlaceholder('a', '2025-01-01T00:00:00Z', setup),
  state: 'done',
  ...patch,
});

describe('the facts line under a reply', () => {
  it('shows tokens, time to first token, speed, total and status', () => {
    const facts = replyFacts(
      reply({
        status: 'completed',
        usage: { inputTokens: 1234, outputTokens: 456, reasoningTokens: 100, totalTokens: 1690 },
        metrics: { ttftMs: 312, totalMs: 2400, tokensPerSecond: 217.4 },
      }),
    );
    expect(facts.map((f) => f.text)).toEqual([
      '1,234 in · 456 out',
      'TTFT 312 ms',
      '217 tok/s',
      '2.4 s total',
      'completed',
    ]);
    expect(facts[0]!.title).toContain('100 of them reasoning');
  });

  it('says when the speed is unknown, and names a stopped reply and a failed one', () => {
    const stopped = replyFacts(
      reply({
        state: 'stopped',
        status: 'stopped',
        metrics: { ttftMs: 90, totalMs: 90, tokensPerSecond: null },
      }),
    );
    expect(stopped.map((f) => f.text)).toEqual(['TTFT 90 ms', '— tok/s', '90 ms total', 'stopped']);
    const slow = replyFacts(
      reply({ status: 'STOP', metrics: { ttftMs: null, totalMs: null, tokensPerSecond: 7.25 } }),
    );
    expect(slow.map((f) => f.text)).toEqual(['7.3 tok/s', 'STOP']);
    const failed = replyFacts(
      reply({ state: 'error', status: null, error: { code: 'network', message: 'x' } }),
    );
    expect(failed.at(-1)?.text).toBe('error');
  });
});

describe('the compaction marker', () => {
  it('says how many messages became a summary, and the tokens before and after', () => {
    const before = {
      ...setup,
      messages: [{ id: 'u', role: 'user' as const, text: 'a', createdAt: '' }, reply({ id: 'r', text: 'b' })],
    };
    const result = {
      id: 'x',
      output: [],
      usage: { inputTokens: 3210, outputTokens: 64, reasoningTokens: null, totalTokens: null },
      detailKept: true,
    };
    const marker = compactedConversation(before, result, 'm', '').messages[0]!;
    if (marker.role !== 'compaction') throw new Error('not a marker');
    expect(compactionSummary(marker)).toBe('2 messages → summary · 3,210 → 64 tokens');
    expect(compactionSummary({ ...marker, tokensBefore: null, tokensAfter: null })).toBe(
      '2 messages → summary',
    );
  });
});

describe('dates in the conversation list', () => {
  const now = new Date(2025, 8, 15, 14, 30);
  const at = (...parts: [number, number, number, number, number]) => new Date(...parts).toISOString();

  it('reads as minutes, then the time today, then Yesterday, then the date', () => {
    expect(listDate(at(2025, 8, 15, 14, 29), now)).toBe('1 min ago');
    expect(listDate(now.toISOString(), now)).toBe('just now');
    expect(listDate(at(2025, 8, 15, 9, 5), now)).toBe('09:05');
    expect(listDate(at(2025, 8, 14, 23, 0), now)).toBe('Yesterday');
    expect(listDate(at(2025, 7, 2, 10, 0), now)).toBe('2 Aug');
    expect(listDate(at(2024, 11, 31, 10, 0), now)).toBe('31 Dec 2024');
    expect(listDate('not a date', now)).toBe('');
  });
});
