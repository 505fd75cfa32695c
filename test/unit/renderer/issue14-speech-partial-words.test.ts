// Issue 14, item 2 (review), in the Speak panel's words and list: a partial clip's notes say how Continue
// adds the rest as it really will (joined onto one file only where the format allows; FLAC and Opus parts
// are kept beside the others as numbered files), and a continued clip keeps its place in the history,
// which main orders by when the clip was first made, so it does not jump after a reload.
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_PREFS, type SpeechEntry, speechPartialLabel } from '../../../src-preload/contract.ts';
import { continuedPartsGo } from '../../../src-renderer/src/panels/speak/speak-rules.ts';
import { useAppStore } from '../../../src-renderer/src/store/index.ts';
import { initialSpeakState, summaryOf } from '../../../src-renderer/src/store/speak.ts';
import { useStreamStore } from '../../../src-renderer/src/store/streams.ts';

describe('how Continue adds the rest, in the notes', () => {
  it('says joined only for a clip kept as one file in a format that joins', () => {
    expect(continuedPartsGo({ format: 'mp3', layout: 'file' })).toBe('joined onto them');
    expect(continuedPartsGo({ format: 'wav', layout: 'file' })).toBe('joined onto them');
    expect(continuedPartsGo({ format: 'pcm', layout: 'file' })).toBe('joined onto them');
    // One FLAC or Opus part is a single file, yet the rest cannot be joined onto it.
    for (const format of ['flac', 'opus'] as const) {
      for (const layout of ['file', 'parts'] as const) {
        expect(continuedPartsGo({ format, layout })).toBe('kept beside them as numbered files');
      }
    }
    // A clip already kept apart (its parts refused a join) goes on apart.
    expect(continuedPartsGo({ format: 'aac', layout: 'parts' })).toBe('kept beside them as numbered files');
  });

  it('names the parts a partial clip holds', () => {
    expect(speechPartialLabel(1, 49)).toBe('part 1 of 49');
    expect(speechPartialLabel(39, 49)).toBe('parts 1–39 of 49');
  });
});

const clip = (id: string, createdAt: string, partial?: SpeechEntry['partial']): SpeechEntry => ({
  id,
  createdAt,
  preview: id,
  characters: 10,
  model: 'gpt-4o-mini-tts',
  voice: 'alloy',
  format: 'flac',
  speed: 1,
  parts: 3,
  layout: 'parts',
  extension: 'flac',
  bytes: 100,
  durationSec: 1,
  timeToFirstAudioMs: 10,
  text: 'Some text.',
  request: { text: 'Some text.', model: 'gpt-4o-mini-tts', voice: 'alloy', format: 'flac', speed: 1 },
  urls: [`app://gateway-studio/media/speech/${id}/part-1.flac`],
  elapsedMs: 50,
  ...(partial ? { partial } : {}),
});

describe('the history list', () => {
  beforeEach(() => {
    useAppStore.setState({ speak: initialSpeakState, prefs: DEFAULT_PREFS });
    useStreamStore.setState({ streams: {} });
  });

  it('keeps a continued clip in its place, and puts a new clip at the top', () => {
    const newer = clip('20250916120000-aaaaaaaa', '2025-09-16T12:00:00.000Z');
    const partial = clip('20250915120000-bbbbbbbb', '2025-09-15T12:00:00.000Z', {
      done: 1,
      error: { code: 'aborted', message: 'Stopped at part 2 of 3.' },
    });
    const older = clip('20250914120000-cccccccc', '2025-09-14T12:00:00.000Z');
    // As main lists them: newest made first.
    useAppStore.getState().updateSpeak({ history: [newer, partial, older].map(summaryOf) });

    const { partial: _, ...whole } = partial;
    useAppStore.getState().addSpeechClip(whole);
    const { speak } = useAppStore.getState();
    expect(speak.history.map((item) => item.id)).toEqual([newer.id, partial.id, older.id]);
    expect(speak.history[1]).not.toHaveProperty('partial');
    expect(speak.current).toEqual(whole);

    const fresh = clip('20250917120000-dddddddd', '2025-09-17T12:00:00.000Z');
    useAppStore.getState().addSpeechClip(fresh);
    expect(useAppStore.getState().speak.history.map((item) => item.id)).toEqual([
      fresh.id,
      newer.id,
      partial.id,
      older.id,
    ]);
  });
});
