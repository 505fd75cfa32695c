import { describe, expect, it } from 'vitest';
import type { StreamBatch, StreamEvent } from '../../../src-preload/contract.ts';
import { foldStreamBatch, type StreamState } from '../../../src-renderer/src/store/streams.ts';

const batch = (events: StreamEvent[], final = false): StreamBatch => ({ streamId: 's', events, final });
/** Folds batches as if they arrived 100 ms apart, starting at 100. */
const fold = (...batches: StreamBatch[]) =>
  batches.reduce<StreamState | undefined>(
    (state, b, i) => foldStreamBatch(state, b, (i + 1) * 100),
    undefined,
  )!;

describe('folding stream batches into what the panels show', () => {
  it('appends text and reasoning across batches and ends done with usage', () => {
    const state = fold(
      batch([
        { type: 'reasoning-delta', text: 'Think' },
        { type: 'text-delta', text: 'Hel' },
      ]),
      batch([
        { type: 'text-delta', text: 'lo' },
        { type: 'usage', usage: { inputTokens: 3, outputTokens: 2, reasoningTokens: null, totalTokens: 5 } },
      ]),
      batch([{ type: 'done', status: 'completed', responseId: 'resp_1' }], true),
    );
    expect(state).toMatchObject({
      text: 'Hello',
      reasoning: 'Think',
      status: 'done',
      doneStatus: 'completed',
      responseId: 'resp_1',
    });
    expect(state.usage?.totalTokens).toBe(5);
  });

  it('says what each batch with text appended, so a view of a long text can read only that', () => {
    const first = fold(
      batch([
        { type: 'text-delta', text: 'Hel' },
        { type: 'text-delta', text: 'lo' },
      ]),
    );
    expect(first.appended).toEqual({ at: 0, text: 'Hello' });
    const second = foldStreamBatch(first, batch([{ type: 'text-delta', text: ', world' }]), 200);
    expect(second).toMatchObject({ text: 'Hello, world', appended: { at: 5, text: ', world' } });
    // A batch without text leaves the last one's: it still ends where the text ends.
    const third = foldStreamBatch(second, batch([{ type: 'done', status: 'completed' }], true), 300);
    expect(third.appended).toEqual({ at: 5, text: ', world' });
    // A part's text (a long recording's parts) is not the stream's text.
    const part = foldStreamBatch(third, batch([{ type: 'text-delta', text: 'x', part: 1 }]), 400);
    expect(part.appended).toBe(third.appended);
  });

  it('marks a stream the user stopped as stopped, keeping the partial text', () => {
    const state = fold(
      batch([{ type: 'text-delta', text: 'partial' }]),
      batch([{ type: 'done', status: 'stopped' }], true),
    );
    expect(state).toMatchObject({ text: 'partial', status: 'stopped', error: null });
  });

  it('keeps the text that arrived before an error, and the error with its hint', () => {
    const error = { code: 'network' as const, message: 'The connection closed.', hint: 'Try again.' };
    const state = fold(
      batch(
        [
          { type: 'text-delta', text: 'so far' },
          { type: 'error', error },
        ],
        true,
      ),
    );
    expect(state).toMatchObject({ text: 'so far', status: 'error', error });
  });

  it('ends a stream whose final batch carries no terminal event', () => {
    expect(fold(batch([{ type: 'text-delta', text: 'x' }]), batch([], true)).status).toBe('done');
    expect(fold(batch([{ type: 'text-delta', text: 'x' }])).status).toBe('running');
  });

  it('notes when the first text or reasoning arrived and when the stream ended', () => {
    const state = fold(
      batch([
        { type: 'usage', usage: { inputTokens: 3, outputTokens: 0, reasoningTokens: null, totalTokens: 3 } },
      ]),
      batch([{ type: 'reasoning-delta', text: 'Hm' }]),
      batch([{ type: 'text-delta', text: 'Hi' }]),
      batch([{ type: 'done', status: 'completed' }], true),
    );
    // A batch with only usage is not content: the first content came with the second batch.
    expect(state.firstContentAt).toBe(200);
    expect(state.endedAt).toBe(400);
    expect(fold(batch([{ type: 'text-delta', text: 'x' }])).endedAt).toBeNull();
  });

  it('holds none of the inspector’s record: main keeps it, and the last batch only says so', () => {
    const state = fold(
      batch(
        [
          { type: 'text-delta', text: 'Hi' },
          { type: 'done', status: 'completed' },
          { type: 'detail-kept', detailBytes: 4_321 },
        ],
        true,
      ),
    );
    expect(state.detail).toEqual({ kept: true, detailBytes: 4_321 });
    const error = { code: 'not_found' as const, message: 'This conversation was deleted.' };
    expect(fold(batch([{ type: 'detail-failed', error }], true)).detail).toEqual({ kept: false, error });
  });

  it('ends at the terminal event; the record’s outcome may come in a later, last batch', () => {
    const ended = fold(
      batch([{ type: 'text-delta', text: 'Hi' }]),
      batch([{ type: 'done', status: 'completed' }]),
    );
    // Ended (metrics count to here), though main has not closed the stream yet.
    expect(ended).toMatchObject({ status: 'done', endedAt: 200, closed: false, detail: null });
    const closed = foldStreamBatch(ended, batch([{ type: 'detail-kept', detailBytes: 10 }], true), 900);
    expect(closed).toMatchObject({ status: 'done', endedAt: 200, closed: true });
  });
});
