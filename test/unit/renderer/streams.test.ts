import { describe, expect, it } from 'vitest';
import type { StreamBatch, StreamEvent } from '../../../src-preload/contract.ts';
import { foldStreamBatch, type StreamState } from '../../../src-renderer/src/store/streams.ts';

const batch = (events: StreamEvent[], final = false): StreamBatch => ({ streamId: 's', events, final });
const fold = (...batches: StreamBatch[]) =>
  batches.reduce<StreamState | undefined>((state, b) => foldStreamBatch(state, b), undefined)!;

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
});
