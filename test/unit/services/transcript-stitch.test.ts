import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type PartTranscript, stitchTranscripts } from '../../../src-main/services/transcript-stitch.ts';
import type { Transcript, TranscriptSegment, TranscriptWord } from '../../../src-preload/contract.ts';

/** A verbose_json-like part transcript whose words are spread evenly over the given segments. */
function timedPart(
  index: number,
  startSec: number,
  endSec: number,
  segments: Array<{ text: string; start: number; end: number; speaker?: string }>,
  extra: Partial<Transcript> = {},
): PartTranscript {
  const words: TranscriptWord[] = [];
  for (const segment of segments) {
    const tokens = segment.text.split(/\s+/).filter(Boolean);
    const step = (segment.end - segment.start) / Math.max(1, tokens.length);
    tokens.forEach((token, i) => {
      words.push({
        word: token.replace(/[.,!?]+$/, ''),
        start: segment.start + i * step,
        end: segment.start + (i + 1) * step,
      });
    });
  }
  return {
    index,
    startSec,
    endSec,
    transcript: {
      text: segments.map((s) => s.text).join(' '),
      segments: segments.map((s, id): TranscriptSegment => ({ id, ...s })),
      words,
      raw: `{"part":${index}}`,
      format: 'verbose_json',
      ...extra,
    },
  };
}

function jsonPart(index: number, startSec: number, endSec: number, text: string): PartTranscript {
  return {
    index,
    startSec,
    endSec,
    transcript: { text, segments: [], words: [], raw: JSON.stringify({ text }), format: 'json' },
  };
}

const wordsOf = (text: string) => text.split(/\s+/).filter(Boolean);

type SegmentSpec = Parameters<typeof timedPart>[3][number];

/** Two 10-second parts cut at 10 s, one segment each (times within its part). */
function stitchTwo(first: SegmentSpec, second: SegmentSpec) {
  return stitchTranscripts([timedPart(0, 0, 10, [first]), timedPart(1, 10, 20, [second])], 'verbose_json');
}

describe('stitchTranscripts', () => {
  it('moves segments and words onto the recording timeline, renumbers them and clamps overruns', () => {
    const stitched = stitchTranscripts(
      [
        timedPart(1, 600.25, 1200, [
          { text: 'Second part here.', start: 0.5, end: 3 },
          { text: 'It ends late.', start: 598, end: 599.84 },
        ]),
        timedPart(0, 0, 600.25, [
          { text: 'Hello there.', start: 1, end: 2.5 },
          { text: 'Overrun by the model.', start: 590, end: 600.3 },
        ]),
      ],
      'verbose_json',
    );
    expect(stitched.segments.map((s) => [s.id, s.start, s.end])).toEqual([
      [0, 1, 2.5],
      [1, 590, 600.25], // 600.3 is past the part's end: clamped to it
      [2, 600.75, 603.25],
      [3, 1198.25, 1200], // 599.84 s into a 599.75 s part: clamped to its end
    ]);
    expect(stitched.words[0]).toMatchObject({ word: 'Hello', start: 1 });
    expect(stitched.words.at(-1)!.end).toBeCloseTo(1200, 6);
    expect(stitched.words.every((w, i, all) => i === 0 || w.start >= all[i - 1]!.start)).toBe(true);
    expect(stitched.text).toBe('Hello there. Overrun by the model. Second part here. It ends late.');
    expect(stitched.duration).toBe(1200);
    expect(stitched.format).toBe('verbose_json');
  });

  it('gives a part without segments (json, text) one segment spanning the part', () => {
    const stitched = stitchTranscripts(
      [
        jsonPart(0, 0, 600, 'First ten minutes.'),
        jsonPart(1, 600, 1000.5, 'The rest.'),
        jsonPart(2, 1000.5, 1010, ''),
      ],
      'json',
    );
    expect(stitched.segments).toEqual([
      { id: 0, start: 0, end: 600, text: 'First ten minutes.' },
      { id: 1, start: 600, end: 1000.5, text: 'The rest.' },
    ]);
    expect(stitched.text).toBe('First ten minutes. The rest.');
    expect(stitched.duration).toBe(1010);
  });

  it('keeps one copy of a word both parts heard at the cut, proven by word times', () => {
    const stitched = stitchTwo(
      { text: 'we ship on Monday morning', start: 8, end: 10 },
      { text: 'morning and then rest', start: 0, end: 1.2 },
    );
    expect(stitched.text).toBe('we ship on Monday morning and then rest');
    expect(stitched.segments.map((s) => s.text)).toEqual(['we ship on Monday morning', 'and then rest']);
    expect(stitched.segments[1]!.start).toBe(10);
    expect(stitched.words.map((w) => w.word)).toEqual(wordsOf('we ship on Monday morning and then rest'));
  });

  it('keeps a repetition the speaker really said: far from the cut, or without times to prove it', () => {
    const far = stitchTwo({ text: 'no no', start: 2, end: 3 }, { text: 'no really', start: 4, end: 5 });
    expect(far.text).toBe('no no no really');
    const untimed = stitchTranscripts(
      [jsonPart(0, 0, 10, 'yes yes'), jsonPart(1, 10, 20, 'yes indeed')],
      'json',
    );
    expect(untimed.text).toBe('yes yes yes indeed');
  });

  it('keeps a word repeated at a cut when only segment times are known: heard twice or said twice is unknown', () => {
    const noWords = (part: PartTranscript): PartTranscript => ({
      ...part,
      transcript: { ...part.transcript, words: [] },
    });
    // Both segments touch the cut, yet without word times "update" may have been said twice; dropping real
    // speech is worse than a rare doubled word.
    const stitched = stitchTranscripts(
      [
        noWords(timedPart(0, 0, 30, [{ text: 'Thanks for the update.', start: 27, end: 29.8 }])),
        noWords(timedPart(1, 30, 60, [{ text: 'Update. Next item', start: 0.1, end: 2 }])),
      ],
      'verbose_json',
    );
    expect(stitched.text).toBe('Thanks for the update. Update. Next item');
    expect(stitched.segments.map((s) => s.text)).toEqual(['Thanks for the update.', 'Update. Next item']);
  });

  it('drops a repeated word by its word times only when both hearings lie at the cut, ignoring case and punctuation', () => {
    /** A one-segment part whose word times are given, not spread evenly. */
    const worded = (index: number, startSec: number, words: TranscriptWord[]): PartTranscript => {
      const text = words.map((w) => w.word).join(' ');
      const segment = { id: 0, start: words[0]!.start, end: words.at(-1)!.end, text };
      return {
        index,
        startSec,
        endSec: startSec + 30,
        transcript: { text, segments: [segment], words, raw: '{}', format: 'verbose_json' },
      };
    };
    /**
     * "Thanks for the update." cut at 30 s, then "Update. Next": the first "update" ends at `firstEnds`, the
     * second begins `againAfter` seconds into the next part.
     */
    const stitchUpdate = (firstEnds: number, againAfter: number) =>
      stitchTranscripts(
        [
          worded(0, 0, [
            { word: 'Thanks', start: 25, end: 25.4 },
            { word: 'for', start: 25.4, end: 25.6 },
            { word: 'the', start: 25.6, end: 25.8 },
            { word: 'update.', start: firstEnds - 0.3, end: firstEnds },
          ]),
          worded(1, 30, [
            { word: 'Update.', start: againAfter, end: againAfter + 0.2 },
            { word: 'Next', start: againAfter + 0.6, end: againAfter + 0.9 },
          ]),
        ],
        'verbose_json',
      );

    // Heard by both parts at the cut: one copy.
    const heardTwice = stitchUpdate(30, 0);
    expect(heardTwice.text).toBe('Thanks for the update. Next');
    expect(heardTwice.words.map((w) => w.word)).toEqual(['Thanks', 'for', 'the', 'update.', 'Next']);
    // The first ends two seconds before the cut, or the second begins a second after it: said twice.
    expect(stitchUpdate(28, 0).text).toBe('Thanks for the update. Update. Next');
    expect(stitchUpdate(30, 1).text).toBe('Thanks for the update. Update. Next');
  });

  it('joins parts in scripts without spaces with nothing between them', () => {
    const stitched = stitchTranscripts(
      [
        jsonPart(0, 0, 10, '今日は会議です。'),
        jsonPart(1, 10, 20, '次の議題に移ります。'),
        jsonPart(2, 20, 30, 'OK thanks'),
      ],
      'json',
    );
    expect(stitched.text).toBe('今日は会議です。次の議題に移ります。 OK thanks');
  });

  describe('diarized speakers', () => {
    const diarized = (index: number, start: number, speakers: string[]) =>
      timedPart(
        index,
        start,
        start + 10,
        speakers.map((speaker, i) => ({ text: `line ${i}`, start: i * 2, end: i * 2 + 1, speaker })),
        { format: 'diarized_json' },
      );
    const speakersOf = (stitched: ReturnType<typeof stitchTranscripts>) =>
      stitched.segments.map((s) => s.speaker);

    it.each([
      ['letters', 'A', 'B'],
      ['numbered labels', 'speaker_0', 'speaker_1'],
      ['upper-case numbered labels', 'SPEAKER_00', 'SPEAKER_01'],
    ])(
      'labels %s per part, since every request names its speakers afresh, and says they are not matched',
      (_, first, second) => {
        const stitched = stitchTranscripts(
          [diarized(0, 0, [first, second]), diarized(1, 10, [first, second])],
          'diarized_json',
        );
        expect(speakersOf(stitched)).toEqual([
          `Part 1 · ${first}`,
          `Part 1 · ${second}`,
          `Part 2 · ${first}`,
          `Part 2 · ${second}`,
        ]);
        expect(stitched.speakersMatched).toBe(false);
      },
    );

    it('keeps the known speaker names the request passed, the same person in every part', () => {
      const parts = [diarized(0, 0, ['Agent', 'Customer']), diarized(1, 10, ['Customer', 'Agent'])];
      const named = stitchTranscripts(parts, 'diarized_json', { knownSpeakerNames: ['Agent', 'Customer'] });
      expect(speakersOf(named)).toEqual(['Agent', 'Customer', 'Customer', 'Agent']);
      expect(named.speakersMatched).toBe(true);

      // A label that only looks like a name, with no names passed, is still the request's own.
      const unnamed = stitchTranscripts(parts, 'diarized_json');
      expect(speakersOf(unnamed)).toEqual([
        'Part 1 · Agent',
        'Part 1 · Customer',
        'Part 2 · Customer',
        'Part 2 · Agent',
      ]);
      expect(unnamed.speakersMatched).toBe(false);

      // Names passed, but the model also gave a speaker it was not told of: that one stays per part.
      const mixed = stitchTranscripts(
        [diarized(0, 0, ['Agent', 'A']), diarized(1, 10, ['A', 'Agent'])],
        'diarized_json',
        { knownSpeakerNames: ['Agent'] },
      );
      expect(speakersOf(mixed)).toEqual(['Agent', 'Part 1 · A', 'Part 2 · A', 'Agent']);
      expect(mixed.speakersMatched).toBe(false);
    });

    it('needs no part label for a recording sent whole', () => {
      const single = stitchTranscripts([diarized(0, 0, ['A', 'B'])], 'diarized_json');
      expect(speakersOf(single)).toEqual(['A', 'B']);
      expect(single.speakersMatched).toBe(true);
    });
  });

  it('takes the first language given, sums usage of one kind, and keeps every raw answer', () => {
    const parts = [
      timedPart(0, 0, 10, [{ text: 'a', start: 0, end: 1 }], { usage: { type: 'duration', seconds: 10 } }),
      timedPart(1, 10, 20, [{ text: 'b', start: 0, end: 1 }], {
        language: 'german',
        usage: { type: 'duration', seconds: 11 },
      }),
      timedPart(2, 20, 30, [{ text: 'c', start: 0, end: 1 }], {
        language: 'english',
        usage: { type: 'duration', seconds: 10 },
      }),
    ];
    const stitched = stitchTranscripts(parts, 'verbose_json');
    expect(stitched.language).toBe('german');
    expect(stitched.usage).toEqual({ type: 'duration', seconds: 31 });
    expect(JSON.parse(stitched.raw)).toEqual({
      parts: parts.map((p) => ({
        index: p.index,
        startSec: p.startSec,
        endSec: p.endSec,
        format: 'verbose_json',
        raw: p.transcript.raw,
      })),
    });

    const tokens = (input: number | null) => ({
      type: 'tokens' as const,
      inputTokens: input,
      audioTokens: 5,
      outputTokens: 2,
      totalTokens: 9,
    });
    const summed = stitchTranscripts(
      [
        {
          ...jsonPart(0, 0, 10, 'x'),
          transcript: { ...jsonPart(0, 0, 10, 'x').transcript, usage: tokens(7) },
        },
        {
          ...jsonPart(1, 10, 20, 'y'),
          transcript: { ...jsonPart(1, 10, 20, 'y').transcript, usage: tokens(null) },
        },
      ],
      'json',
    );
    expect(summed.usage).toEqual({
      type: 'tokens',
      inputTokens: null,
      audioTokens: 10,
      outputTokens: 4,
      totalTokens: 18,
    });
    const mixed = stitchTranscripts(
      [parts[0]!, { ...parts[1]!, transcript: { ...parts[1]!.transcript, usage: tokens(1) } }],
      'verbose_json',
    );
    expect(mixed.usage).toBeUndefined();
  });

  // ─── Properties ────────────────────────────────────────────────────────────────────────────────

  const word = fc.stringMatching(/^[a-z]{1,8}$/);
  /** Parts of random words at random times; consecutive parts never share their boundary word. */
  const partsArbitrary = fc
    .array(
      fc.record({
        length: fc.double({ min: 1, max: 900, noNaN: true }),
        segments: fc.array(fc.array(word, { minLength: 1, maxLength: 6 }), { minLength: 0, maxLength: 5 }),
        timed: fc.boolean(),
      }),
      { minLength: 1, maxLength: 8 },
    )
    .map((raw) => {
      let start = 0;
      return raw.map((part, index) => {
        const startSec = start;
        const endSec = start + part.length;
        start = endSec;
        const span = part.length / Math.max(1, part.segments.length);
        const segments = part.segments.map((words, i) => ({
          text: words.join(' '),
          start: i * span,
          end: (i + 1) * span,
        }));
        return part.timed
          ? timedPart(index, startSec, endSec, segments)
          : jsonPart(index, startSec, endSec, segments.map((s) => s.text).join(' '));
      });
    })
    // No part may end with words the next one begins with: then nothing at a cut is a duplicate.
    .filter((parts) =>
      parts.every((part, i) => {
        const next = parts[i + 1];
        if (!next) return true;
        const before = wordsOf(part.transcript.text);
        const after = wordsOf(next.transcript.text);
        for (let n = 1; n <= Math.min(before.length, after.length); n += 1) {
          if (before.slice(-n).join(' ') === after.slice(0, n).join(' ')) return false;
        }
        return true;
      }),
    );

  it('loses no word and adds none when there are no duplicates at the cuts (property)', () => {
    fc.assert(
      fc.property(partsArbitrary, (parts) => {
        const stitched = stitchTranscripts(parts, 'verbose_json');
        const expected = parts.flatMap((p) => wordsOf(p.transcript.text));
        expect(wordsOf(stitched.text)).toEqual(expected);
        expect(stitched.segments.flatMap((s) => wordsOf(s.text))).toEqual(expected);
        expect(stitched.segments.map((s) => s.id)).toEqual(stitched.segments.map((_, i) => i));
        for (const segment of stitched.segments) {
          expect(segment.start).toBeGreaterThanOrEqual(0);
          expect(segment.end).toBeLessThanOrEqual(parts.at(-1)!.endSec);
          expect(segment.end).toBeGreaterThanOrEqual(segment.start);
        }
      }),
    );
  });

  it('keeps exactly one copy of a word that straddles a cut (property)', () => {
    fc.assert(
      fc.property(
        fc.array(word, { minLength: 1, maxLength: 5 }),
        word,
        fc.array(word, { minLength: 1, maxLength: 5 }),
        fc.double({ min: 5, max: 600, noNaN: true }),
        (before, shared, after, cut) => {
          fc.pre(before.at(-1) !== shared && after[0] !== shared);
          // The shared word straddles the cut: each part hears the half on its side (0.2 s), words 0.4 s each.
          const stitched = stitchTranscripts(
            [
              timedPart(0, 0, cut, [
                { text: before.join(' '), start: cut - 0.2 - 0.4 * before.length, end: cut - 0.2 },
                { text: shared, start: cut - 0.2, end: cut },
              ]),
              timedPart(1, cut, cut + 30, [
                { text: shared, start: 0, end: 0.2 },
                { text: after.join(' '), start: 0.2, end: 0.2 + 0.4 * after.length },
              ]),
            ],
            'verbose_json',
          );
          expect(wordsOf(stitched.text)).toEqual([...before, shared, ...after]);
          expect(stitched.words.map((w) => w.word)).toEqual([...before, shared, ...after]);
        },
      ),
    );
  });
});
