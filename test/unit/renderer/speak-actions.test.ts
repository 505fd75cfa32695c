// The Speak panel's actions against a stand-in bridge: what is sent, and how a job's end lands in the
// store (the clip in the player and the history, or the error beside a text that is never touched).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  BRIDGE_KEY,
  DEFAULT_PREFS,
  type MethodName,
  type Result,
  type SpeechEntry,
  type StreamBatch,
} from '../../../src-preload/contract.ts';
import { generateSpeech, speechRequestFrom } from '../../../src-renderer/src/actions/speak.ts';
import { useAppStore } from '../../../src-renderer/src/store/index.ts';
import { initialSpeakState } from '../../../src-renderer/src/store/speak.ts';
import { useStreamStore } from '../../../src-renderer/src/store/streams.ts';

const calls: Array<{ method: MethodName; input: unknown }> = [];
let answer: (method: MethodName) => Result<unknown> = () => ({ ok: true, data: { streamId: 's1' } });

beforeEach(() => {
  calls.length = 0;
  answer = (method) =>
    method === 'speech.generate' ? { ok: true, data: { streamId: 's1' } } : { ok: true, data: {} };
  (globalThis as Record<string, unknown>).window = {
    [BRIDGE_KEY]: {
      invoke: async (method: MethodName, input: unknown) => {
        calls.push({ method, input });
        return answer(method);
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

const entry: SpeechEntry = {
  id: '20250915120000-abcd1234',
  createdAt: '2025-09-15T12:00:00.000Z',
  preview: 'Hello there.',
  characters: 12,
  model: 'gpt-4o-mini-tts',
  voice: 'alloy',
  format: 'wav',
  speed: 1,
  parts: 1,
  layout: 'file',
  extension: 'wav',
  bytes: 1_000,
  durationSec: 0.7,
  timeToFirstAudioMs: 120,
  text: 'Hello there.',
  request: { text: 'Hello there.', model: 'gpt-4o-mini-tts', voice: 'alloy', format: 'wav', speed: 1 },
  urls: ['app://gateway-studio/media/speech/20250915120000-abcd1234.wav'],
  elapsedMs: 300,
};

const deliver = (batch: Omit<StreamBatch, 'streamId'>) =>
  useStreamStore.getState().applyStreamBatch({ streamId: 's1', ...batch });

describe('generating speech', () => {
  it('sends the text with the remembered choices, leaving instructions out for tts-1', () => {
    const prefs = { ...DEFAULT_PREFS.speak, instructions: 'Slowly.' };
    expect(speechRequestFrom('Hi', prefs)).toEqual({
      text: 'Hi',
      model: 'gpt-4o-mini-tts',
      voice: 'alloy',
      format: 'mp3',
      speed: 1,
      instructions: 'Slowly.',
    });
    expect(speechRequestFrom('Hi', { ...prefs, model: 'tts-1' })).not.toHaveProperty('instructions');
  });

  it('puts the finished clip in the player and at the top of the history, and forgets the stream', async () => {
    useAppStore.getState().setSpeakText('Hello there.');
    await generateSpeech();
    expect(calls.map((c) => c.method)).toEqual(['speech.generate']);
    expect(useAppStore.getState().speak.job).toMatchObject({ streamId: 's1', characters: 12 });

    deliver({ events: [{ type: 'progress', step: 1, steps: 1 }], final: false });
    expect(useAppStore.getState().speak.job).not.toBeNull();
    deliver({
      events: [
        { type: 'result', data: entry },
        { type: 'done', status: 'completed' },
      ],
      final: true,
    });
    const { speak } = useAppStore.getState();
    const { streams } = useStreamStore.getState();
    expect(speak.job).toBeNull();
    expect(speak.current).toEqual(entry);
    expect(speak.history.map((h) => h.id)).toEqual([entry.id]);
    expect(speak.history[0]).not.toHaveProperty('text');
    expect(streams).toEqual({});
    expect(speak.text).toBe('Hello there.');
  });

  it('keeps the text and shows the error with its hint when the job fails', async () => {
    useAppStore.getState().setSpeakText('Keep me.');
    await generateSpeech();
    deliver({
      events: [
        {
          type: 'error',
          error: { code: 'quota_exhausted', message: 'Insufficient user quota', hint: 'Top it up.' },
        },
      ],
      final: true,
    });
    const { speak } = useAppStore.getState();
    expect(speak).toMatchObject({
      text: 'Keep me.',
      job: null,
      current: null,
      error: { code: 'quota_exhausted', hint: 'Top it up.' },
    });
  });

  it('keeps the text when main refuses at once, and sends nothing for an empty text', async () => {
    answer = () => ({ ok: false, error: { code: 'no_key', message: 'This profile has no API key.' } });
    useAppStore.getState().setSpeakText('Keep me too.');
    await generateSpeech();
    expect(useAppStore.getState().speak).toMatchObject({
      text: 'Keep me too.',
      job: null,
      error: { code: 'no_key' },
    });

    calls.length = 0;
    useAppStore.getState().setSpeakText('   ');
    await generateSpeech();
    expect(calls).toEqual([]);
    expect(useAppStore.getState().speak.error).toMatchObject({ message: 'Type something to speak.' });
  });

  it('starts one job when Generate is pressed again before main has answered', async () => {
    useAppStore.getState().setSpeakText('Only once.');
    await Promise.all([generateSpeech(), generateSpeech()]);
    expect(calls.map((c) => c.method)).toEqual(['speech.generate']);
  });

  it('ends quietly when stopped, ready to try again', async () => {
    useAppStore.getState().setSpeakText('Stop me.');
    await generateSpeech();
    deliver({ events: [{ type: 'done', status: 'stopped' }], final: true });
    expect(useAppStore.getState().speak).toMatchObject({ job: null, error: null, text: 'Stop me.' });
  });
});
