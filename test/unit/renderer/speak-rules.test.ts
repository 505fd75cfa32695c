// What the Speak panel says before anything is sent: the count against one request, about how many parts,
// which options a model takes, what a format is saved as.
import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFS, speechTakesInstructions } from '../../../src-preload/contract.ts';
import {
  clampSpeed,
  clipLength,
  describeCount,
  estimateParts,
  formatNote,
  generateProblem,
  instructionsReason,
  savedAgo,
  speedLabel,
} from '../../../src-renderer/src/panels/speak/speak-rules.ts';
import { concatSamples } from '../../../src-renderer/src/panels/speak/stitch-parts.ts';

describe('the character count', () => {
  it('counts against one request, then says about how many parts, then refuses', () => {
    expect(describeCount(0)).toMatchObject({ label: '0 / 4,096', note: null, tone: 'normal' });
    expect(describeCount(4_096)).toMatchObject({ label: '4,096 / 4,096', tone: 'normal' });
    expect(describeCount(4_097)).toMatchObject({
      note: 'characters, sent in about 2 parts of up to 4,096',
      tone: 'parts',
    });
    // A count alone: "10,000 / 4,096" read as over a limit.
    expect(describeCount(10_000)).toMatchObject({
      label: '10,000',
      note: 'characters, sent in about 3 parts of up to 4,096',
    });
    expect(describeCount(200_001)).toMatchObject({
      label: '200,001 / 200,000',
      tone: 'over',
      note: 'Over the 200,000 limit',
    });
  });

  it('estimates parts as the least the text can take', () => {
    expect([0, 1, 4_096, 4_097, 8_192, 8_193].map(estimateParts)).toEqual([0, 1, 1, 2, 2, 3]);
  });
});

describe('options a model takes', () => {
  it('turns instructions off for tts-1 and tts-1-hd only, and says why', () => {
    for (const model of ['tts-1', 'tts-1-hd', 'TTS-1', ' tts-1-1106 ', 'openai/tts-1']) {
      expect(speechTakesInstructions(model)).toBe(false);
    }
    for (const model of ['gpt-4o-mini-tts', 'tts-10', 'my-tts-1x', '']) {
      expect(speechTakesInstructions(model)).toBe(true);
    }
    expect(instructionsReason('tts-1-hd')).toBe(
      'tts-1-hd does not take instructions; models such as gpt-4o-mini-tts do.',
    );
    expect(instructionsReason('gpt-4o-mini-tts')).toBeNull();
  });
});

describe('what a format is saved as', () => {
  it('says plainly when parts are kept apart, and that pcm becomes WAV', () => {
    expect(formatNote('mp3', 3)).toBe('The parts are joined into one MP3 file.');
    expect(formatNote('pcm', 1)).toMatch(/saved as a WAV file/);
    expect(formatNote('pcm', 2)).toMatch(/one WAV file/);
    expect(formatNote('opus', 3)).toMatch(/about 3 numbered files \(name-1\.opus, …\) that play here as one/);
    expect(formatNote('flac', 1)).not.toMatch(/parts/);
    expect(formatNote('aac', 2)).toMatch(/otherwise kept as numbered files/);
  });
});

describe('small labels', () => {
  it('keeps the speed within 0.25–4, to hundredths', () => {
    expect([0, 0.1, 1.234, 4.5, Number.NaN].map(clampSpeed)).toEqual([0.25, 0.25, 1.23, 4, 1]);
    expect(speedLabel(1)).toBe('1×');
    expect(speedLabel(1.25)).toBe('1.25×');
  });

  it('shows short clips to a tenth of a second, long ones as a clock', () => {
    expect(clipLength(0.96)).toBe('1.0 s');
    expect(clipLength(42.4)).toBe('42 s');
    expect(clipLength(90)).toBe('1:30');
    expect(clipLength(null)).toBe('—');
  });

  it('says when a clip was made', () => {
    const now = Date.parse('2025-09-15T12:00:00Z');
    expect(savedAgo('2025-09-15T11:59:40Z', now)).toBe('just now');
    expect(savedAgo('2025-09-15T11:55:00Z', now)).toBe('5 min ago');
    expect(savedAgo('2025-09-15T09:00:00Z', now)).toBe('3 h ago');
    expect(savedAgo('2025-09-10T12:00:00Z', now)).toBe('Sep 10, 2025');
    expect(savedAgo('not a date', now)).toBe('');
  });
});

describe('what stops Generate', () => {
  const prefs = DEFAULT_PREFS.speak;
  it('names the first problem, or none', () => {
    expect(generateProblem(0, '', prefs)).toBe('Type something to speak.');
    expect(generateProblem(3, ' \n ', prefs)).toBe('Type something to speak.');
    expect(generateProblem(200_001, 'x', prefs)).toBe('The text is too long.');
    expect(generateProblem(2, 'Hi', { ...prefs, model: ' ' })).toBe('Choose a model.');
    expect(generateProblem(2, 'Hi', { ...prefs, voice: '' })).toBe('Choose a voice.');
    expect(generateProblem(2, 'Hi', prefs)).toBeNull();
  });
});

describe('parts stitched for playback', () => {
  it('puts the samples end to end', () => {
    const joined = concatSamples([
      new Float32Array([0.1, 0.2]),
      new Float32Array(0),
      new Float32Array([0.3]),
    ]);
    expect(Array.from(joined)).toEqual([0.1, 0.2, 0.3].map((v) => Math.fround(v)));
  });
});
