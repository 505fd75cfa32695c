// Issue 14, item 23, the page's words: what a transcription was billed, and why a reply ended early,
// said plainly (a reply the content filter cut must say so, not "a limit or a filter").
import { describe, expect, it } from 'vitest';
import { shortEndingNote } from '../../../src-renderer/src/panels/playground/reply-ending.ts';
import { usageLabel } from '../../../src-renderer/src/panels/transcribe/transcript-labels.ts';

describe('a transcription’s usage', () => {
  it('reads as seconds of audio billed', () => {
    expect(usageLabel({ type: 'duration', seconds: 7 })).toEqual({
      text: '7 s billed',
      title: 'The gateway billed 7 seconds of audio.',
    });
    expect(usageLabel({ type: 'duration', seconds: 125.4 }).text).toBe('2:05 billed');
  });

  it('reads as tokens in and out, with the audio tokens in the longer explanation', () => {
    const label = usageLabel({
      type: 'tokens',
      inputTokens: 1400,
      audioTokens: 1380,
      outputTokens: 45,
      totalTokens: 1445,
    });
    expect(label.text).toBe('1,400 in · 45 out tokens');
    expect(label.title).toBe('Tokens billed: 1,400 in (1,380 of them audio), 45 out, 1,445 in all.');
  });

  it('leaves out what the gateway did not say', () => {
    const label = usageLabel({
      type: 'tokens',
      inputTokens: null,
      audioTokens: null,
      outputTokens: null,
      totalTokens: 30,
    });
    expect(label).toEqual({ text: '30 tokens', title: 'Tokens billed: 30 in all.' });
  });
});

describe('a reply that ended early', () => {
  const done = (status: string | null) => ({ state: 'done' as const, status });

  it('says plainly that the content filter cut it, in either format', () => {
    for (const status of ['content_filter', 'SAFETY', 'PROHIBITED_CONTENT']) {
      expect(shortEndingNote(done(status))).toMatch(/^The content filter stopped this reply/);
    }
  });

  it('says it reached the output token limit', () => {
    for (const status of ['max_output_tokens', 'MAX_TOKENS']) {
      expect(shortEndingNote(done(status))).toMatch(/output token limit/);
    }
  });

  it('says a limit or a filter cut it when the gateway gave no reason', () => {
    expect(shortEndingNote(done('incomplete'))).toMatch(/a limit or a filter/);
  });

  it('says nothing for a reply that ended as it should, or did not end', () => {
    expect(shortEndingNote(done('completed'))).toBeNull();
    expect(shortEndingNote(done('STOP'))).toBeNull();
    expect(shortEndingNote(done(null))).toBeNull();
    expect(shortEndingNote({ state: 'error', status: 'content_filter' })).toBeNull();
  });
});
