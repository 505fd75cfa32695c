// Issue 14, item 2, in the page's state: a job that fails after some parts arrived leaves a partial clip in
// the player (its reason shown with it, not as a bare failure that offers to start over), and Continue
// asks main for the rest of that clip by id only, whatever the editor holds by then.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  BRIDGE_KEY,
  DEFAULT_PREFS,
  type MethodName,
  type Result,
  type SpeechEntry,
  type StreamBatch,
} from '../../../src-preload/contract.ts';
import { continueSpeech, generateSpeech } from '../../../src-renderer/src/actions/speak.ts';
import { useAppStore } from '../../../src-renderer/src/store/index.ts';
import { initialSpeakState } from '../../../src-renderer/src/store/speak.ts';
import { useStreamStore } from '../../../src-renderer/src/store/streams.ts';

const calls: Array<{ method: MethodName; input: unknown }> = [];
let streamIds: string[];

beforeEach(() => {
  calls.length = 0;
  streamIds = ['s1', 's2'];
  (globalThis as Record<string, unknown>).window = {
    [BRIDGE_KEY]: {
      invoke: async (method: MethodName, input: unknown): Promise<Result<unknown>> => {
        calls.push({ method, input });
        return { ok: true, data: { streamId: streamIds.shift() } };
      },
      on: () => () => {},
      pathForFile: () => '',
    },
  };
  useAppStore.setState({ speak: initialSpeakState, prefs: DEFAULT_PREFS });
  useStreamStore.setState({ streams: {} });
});
afterEach(() => {
  delete (globalThis as Record<string, unknown>).window;
});

const TEXT = 'A long text. '.repeat(900).trim();
const whole: SpeechEntry = {
  id: '20250915120000-abcd1234',
  createdAt: '2025-09-15T12:00:00.000Z',
  preview: 'A long text.',
  characters: TEXT.length,
  model: 'gpt-4o-mini-tts',
  voice: 'alloy',
  format: 'wav',
  speed: 1,
  parts: 3,
  layout: 'file',
  extension: 'wav',
  bytes: 3_000,
  durationSec: 30,
  timeToFirstAudioMs: 120,
  text: TEXT,
  request: { text: TEXT, model: 'gpt-4o-mini-tts', voice: 'alloy', format: 'wav', speed: 1 },
  urls: ['app://gateway-studio/media/speech/20250915120000-abcd1234.wav'],
  elapsedMs: 900,
};
const failure = {
  code: 'quota_exhausted' as const,
  message: 'Part 2 of 3: Insufficient user quota',
  hint: 'Top it up.',
};
const partial: SpeechEntry = {
  ...whole,
  bytes: 1_000,
  durationSec: 10,
  urls: ['app://gateway-studio/media/speech/20250915120000-abcd1234.1-1.wav'],
  partial: { done: 1, error: failure },
};

const deliver = (streamId: string, batch: Omit<StreamBatch, 'streamId'>) =>
  useStreamStore.getState().applyStreamBatch({ streamId, ...batch });

describe('a job that fails after some parts arrived', () => {
  it('puts the partial clip in the player and history, with no bare error offering to start over', async () => {
    useAppStore.getState().setSpeakText(TEXT);
    await generateSpeech();
    deliver('s1', {
      events: [
        { type: 'result', data: partial },
        { type: 'error', error: failure },
      ],
      final: true,
    });
    const { speak } = useAppStore.getState();
    expect(speak.current).toEqual(partial);
    expect(speak.history).toEqual([expect.objectContaining({ id: partial.id, partial: partial.partial })]);
    // The reason is the clip's (shown with its Continue); "Try again" would pay for part 1 again.
    expect(speak.error).toBeNull();
    expect(speak.job).toBeNull();
  });

  it('continues by id only, whatever the editor holds now, and ends with the whole clip in its place', async () => {
    useAppStore.getState().setSpeakText(TEXT);
    await generateSpeech();
    deliver('s1', {
      events: [
        { type: 'result', data: partial },
        { type: 'error', error: failure },
      ],
      final: true,
    });
    useAppStore.getState().setSpeakText('Something else entirely.');

    await continueSpeech(partial.id);
    expect(calls.map((c) => c.method)).toEqual(['speech.generate', 'speech.continue']);
    expect(calls[1]!.input).toEqual({ id: partial.id });
    expect(useAppStore.getState().speak.job).toMatchObject({ streamId: 's2', continuing: partial.id });
    // A second press while it runs starts nothing.
    await continueSpeech(partial.id);
    expect(calls).toHaveLength(2);

    deliver('s2', {
      events: [
        { type: 'progress', step: 2, steps: 3 },
        { type: 'progress', step: 3, steps: 3 },
        { type: 'result', data: whole },
        { type: 'done', status: 'completed' },
      ],
      final: true,
    });
    const { speak } = useAppStore.getState();
    expect(speak.current).toEqual(whole);
    expect(speak.history).toHaveLength(1);
    expect(speak.history[0]).not.toHaveProperty('partial');
    expect(speak.text).toBe('Something else entirely.');
  });
});
