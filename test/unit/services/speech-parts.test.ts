// Splitting a long text into parts one speech request takes.
import { describe, expect, it } from 'vitest';
import {
  joinSpeechSplit,
  type SpeechSplit,
  splitSpeechText,
} from '../../../src-main/services/speech-parts.ts';
import { SPEECH_INPUT_LIMIT, speechCharacters } from '../../../src-preload/contract.ts';

/** The invariants every split keeps, whatever the text. */
function expectSound(text: string, split: SpeechSplit, limit: number): void {
  expect(joinSpeechSplit(split)).toBe(text);
  expect(split.separators).toHaveLength(split.parts.length + 1);
  for (const part of split.parts) {
    expect(speechCharacters(part)).toBeGreaterThan(0);
    expect(speechCharacters(part)).toBeLessThanOrEqual(limit);
    expect(part).toBe(part.trim());
    // Never half a surrogate pair at either end.
    expect(part).not.toMatch(/^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/);
  }
  for (const separator of split.separators) expect(separator).toMatch(/^\s*$/);
}

/** A seeded generator, so a failure can be reproduced. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const WORDS = ['the', 'gateway', 'speaks', 'café', 'naïve', '你好', '👋🏽', 'e.g.', 'Dr.', 'x', 'ü̈ber'];
const GAPS = [' ', ' ', ' ', '. ', '! ', '? ', ', ', '\n', '\n\n', '  \n \n ', '。', '… ', '\t', '.” '];

function randomText(next: () => number, length: number): string {
  let text = next() < 0.3 ? ' \n' : '';
  while (text.length < length) {
    text += WORDS[Math.floor(next() * WORDS.length)];
    text += GAPS[Math.floor(next() * GAPS.length)];
  }
  return text;
}

describe('splitting a text into parts', () => {
  it('keeps a text that fits as one part, with its outer whitespace as separators', () => {
    expect(splitSpeechText('  Hello there.\n')).toEqual({
      parts: ['Hello there.'],
      separators: ['  ', '\n'],
    });
    const full = 'a'.repeat(SPEECH_INPUT_LIMIT);
    expect(splitSpeechText(full).parts).toEqual([full]);
  });

  it('has no parts for a text of only whitespace', () => {
    expect(splitSpeechText(' \n\t ')).toEqual({ parts: [], separators: [' \n\t '] });
    expect(splitSpeechText('')).toEqual({ parts: [], separators: [''] });
  });

  it('cuts at a paragraph before a sentence, and at a sentence before a word', () => {
    const text = 'One. Two three.\n\nFour five. Six.';
    expect(splitSpeechText(text, 20).parts).toEqual(['One. Two three.', 'Four five. Six.']);
    expect(splitSpeechText(text, 20).separators).toEqual(['', '\n\n', '']);
    expect(splitSpeechText('Hello there. How are you? Fine.', 15).parts).toEqual([
      'Hello there.',
      'How are you?',
      'Fine.',
    ]);
  });

  it('packs as many whole sentences into a part as fit', () => {
    const text = 'Aa. Bb. Cc. Dd. Ee.';
    // "Aa. Bb. Cc." is 11 characters.
    expect(splitSpeechText(text, 11).parts).toEqual(['Aa. Bb. Cc.', 'Dd. Ee.']);
  });

  it('does not end a sentence at an abbreviation followed by a lower-case word', () => {
    expect(splitSpeechText('Use e.g. this one. Then stop.', 20).parts).toEqual([
      'Use e.g. this one.',
      'Then stop.',
    ]);
  });

  it('keeps closing quotes with their sentence', () => {
    expect(splitSpeechText('He said “Stop.” Then he left.', 16).parts).toEqual([
      'He said “Stop.”',
      'Then he left.',
    ]);
    expect(splitSpeechText('「你好。」他说。', 5).parts).toEqual(['「你好。」', '他说。']);
  });

  it('cuts after a full-width full stop where there is no space at all', () => {
    const split = splitSpeechText('你好。我是猫。', 4);
    expect(split).toEqual({ parts: ['你好。', '我是猫。'], separators: ['', '', ''] });
    // An emoji right after the stop is two UTF-16 units: the scan must step over it whole.
    expect(splitSpeechText('你好。👋🏽。你好。', 4).parts).toEqual(['你好。', '👋🏽。', '你好。']);
  });

  it('treats a single line break as the end of a sentence (lists, verse)', () => {
    expect(splitSpeechText('first item\nsecond item\nthird item', 24).parts).toEqual([
      'first item\nsecond item',
      'third item',
    ]);
  });

  it('falls back to word boundaries for a text with no sentence breaks', () => {
    const text = Array.from({ length: 3_000 }, (_, i) => `word${i}`).join(' ');
    const split = splitSpeechText(text);
    expectSound(text, split, SPEECH_INPUT_LIMIT);
    expect(split.parts.length).toBe(Math.ceil(speechCharacters(text) / SPEECH_INPUT_LIMIT));
    // Every cut is at a space: each part starts and ends with a whole word.
    for (const part of split.parts) expect(part).toMatch(/^word\d+( word\d+)*$/);
    expect(split.separators.slice(1, -1).every((s) => s === ' ')).toBe(true);
  });

  it('cuts inside a word only when the word alone is over the limit, between graphemes', () => {
    const text = `Short start. ${'x'.repeat(9_000)} short end.`;
    const split = splitSpeechText(text);
    expectSound(text, split, SPEECH_INPUT_LIMIT);
    expect(split.parts).toEqual([
      'Short start.',
      'x'.repeat(4_096),
      'x'.repeat(4_096),
      'x'.repeat(808),
      'short end.',
    ]);
    const emoji = '👍🏽'.repeat(5);
    expect(splitSpeechText(emoji, 5).parts).toEqual(['👍🏽👍🏽', '👍🏽👍🏽', '👍🏽']);
  });

  it('counts characters as the gateway does: an emoji is one, not two', () => {
    const text = '😀'.repeat(SPEECH_INPUT_LIMIT);
    expect(text.length).toBe(SPEECH_INPUT_LIMIT * 2);
    expect(splitSpeechText(text).parts).toEqual([text]);
  });

  it('splits a 10,000-character text into three parts, none over the limit', () => {
    const sentence = 'A sentence of moderate length, spoken aloud. ';
    const text = sentence.repeat(Math.ceil(10_000 / sentence.length)).slice(0, 10_000);
    const split = splitSpeechText(text);
    expect(split.parts).toHaveLength(3);
    expectSound(text, split, SPEECH_INPUT_LIMIT);
  });

  it('loses and repeats nothing, on many random texts and limits', () => {
    const next = random(20_250_915);
    for (let round = 0; round < 300; round++) {
      const limit = 1 + Math.floor(next() * 60);
      const text = randomText(next, Math.floor(next() * 400));
      const split = splitSpeechText(text, limit);
      expectSound(text, split, limit);
      // A cut with no whitespace is only made after a full-width stop or inside a word over the limit.
      split.separators.slice(1, -1).forEach((separator, i) => {
        if (separator !== '') return;
        const before = split.parts[i]!;
        const after = split.parts[i + 1]!;
        const fullWidthStop = /[。]$/.test(before);
        const wordRun = /\S+$/.exec(before)![0] + /^\S+/.exec(after)![0];
        expect(fullWidthStop || speechCharacters(wordRun) > limit).toBe(true);
      });
    }
  });

  it('splits the longest text allowed quickly', () => {
    const text = randomText(random(7), 200_000);
    const started = performance.now();
    const split = splitSpeechText(text);
    expect(performance.now() - started).toBeLessThan(2_000);
    expectSound(text, split, SPEECH_INPUT_LIMIT);
  });

  it('refuses a limit that is not a positive whole number', () => {
    expect(() => splitSpeechText('text', 0)).toThrow(RangeError);
  });
});
