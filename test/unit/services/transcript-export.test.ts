import { describe, expect, it } from 'vitest';
import {
  buildExport,
  type ExportSource,
  exportFileName,
  formatTimestamp,
  millisecondsOf,
} from '../../../src-main/services/transcript-export.ts';
import type { Transcript, TranscriptSegment } from '../../../src-preload/contract.ts';

function source(transcript: Partial<Transcript>, extra: Partial<ExportSource> = {}): ExportSource {
  return {
    name: 'interview.mp3',
    createdAt: '2025-03-01T10:00:00.000Z',
    mode: 'transcribe',
    model: 'whisper-1',
    language: 'en',
    durationSec: null,
    transcript: { text: '', segments: [], words: [], raw: '', format: 'verbose_json', ...transcript },
    ...extra,
  };
}

const segment = (id: number, start: number, end: number, text: string): TranscriptSegment => ({
  id,
  start,
  end,
  text,
});

const twoSegments = source({
  text: ' Hello there. General Kenobi! ',
  segments: [segment(0, 0, 2.5, ' Hello there. '), segment(1, 2.5, 4.25, 'General Kenobi!')],
  duration: 4.25,
});

const srtTime = (seconds: number) => formatTimestamp(millisecondsOf(seconds), ',');

describe('subtitle files', () => {
  it('writes SubRip: numbered cues, comma milliseconds, a blank line between cues, trimmed text', () => {
    expect(buildExport('srt', twoSegments)).toBe(
      '1\n00:00:00,000 --> 00:00:02,500\nHello there.\n\n2\n00:00:02,500 --> 00:00:04,250\nGeneral Kenobi!\n',
    );
  });

  it('writes WebVTT: the header, a blank line, then cues with dot milliseconds', () => {
    expect(buildExport('vtt', twoSegments)).toBe(
      'WEBVTT\n\n00:00:00.000 --> 00:00:02.500\nHello there.\n\n00:00:02.500 --> 00:00:04.250\nGeneral Kenobi!\n',
    );
  });

  it('skips segments without words and keeps the numbering consecutive', () => {
    const file = buildExport(
      'srt',
      source({
        text: 'One. Two.',
        segments: [
          segment(0, 0, 1, 'One.'),
          segment(1, 1, 2, '   '),
          segment(2, 2, 3, ''),
          segment(3, 3, 4, 'Two.'),
        ],
      }),
    );
    expect(file).toBe('1\n00:00:00,000 --> 00:00:01,000\nOne.\n\n2\n00:00:03,000 --> 00:00:04,000\nTwo.\n');
  });

  it('never ends a cue before it starts, and never starts one before zero', () => {
    const file = buildExport(
      'srt',
      source({ text: 'x', segments: [segment(0, 5, 4, 'Backwards.'), segment(1, -1, 0.5, 'Early.')] }),
    );
    expect(file).toContain('00:00:05,000 --> 00:00:05,000\nBackwards.');
    expect(file).toContain('00:00:00,000 --> 00:00:00,500\nEarly.');
  });

  it('does not let text pose as a timing line or end a cue with a blank line', () => {
    const file = buildExport(
      'srt',
      source({ text: 'x', segments: [segment(0, 0, 1, 'A --> B\n\nthen ---> C')] }),
    );
    expect(file).toBe('1\n00:00:00,000 --> 00:00:01,000\nA -> B\nthen -> C\n');
    expect(file.split('\n').filter((line) => line.includes('-->'))).toHaveLength(1);
  });

  it('escapes markup characters in WebVTT text, where < starts a tag', () => {
    const file = buildExport('vtt', source({ text: 'x', segments: [segment(0, 0, 1, 'Tom & <Jerry>')] }));
    expect(file).toContain('\nTom &amp; &lt;Jerry&gt;\n');
  });

  it('names speakers of a diarized transcript in both formats', () => {
    const spoken = source({ text: 'Hi.', segments: [{ ...segment(0, 0, 1, 'Hi.'), speaker: 'A' }] });
    expect(buildExport('srt', spoken)).toContain('\nA: Hi.\n');
    expect(buildExport('vtt', spoken)).toContain('\n<v A>Hi.\n');
  });

  it('gives a transcript without timings one cue over the whole audio', () => {
    const plain = source({ text: 'All of it.', format: 'json' }, { durationSec: 65.5 });
    expect(buildExport('srt', plain)).toBe('1\n00:00:00,000 --> 00:01:05,500\nAll of it.\n');
    expect(buildExport('vtt', plain)).toBe('WEBVTT\n\n00:00:00.000 --> 00:01:05.500\nAll of it.\n');
  });

  it('without timings or a duration, sizes the one cue from the words (150 a minute)', () => {
    const words = Array.from({ length: 10 }, (_, i) => `w${i}`).join(' ');
    expect(buildExport('srt', source({ text: words, format: 'text' }))).toBe(
      `1\n00:00:00,000 --> 00:00:04,000\n${words}\n`,
    );
    expect(buildExport('srt', source({ text: 'Hi.', format: 'text' }))).toContain('--> 00:00:01,000\n');
  });

  it('an empty transcript is still a valid file, with no cues', () => {
    const empty = source({ text: '  ', segments: [segment(0, 0, 1, ' ')] });
    expect(buildExport('srt', empty)).toBe('');
    expect(buildExport('vtt', empty)).toBe('WEBVTT\n');
    expect(buildExport('txt', empty)).toBe('');
  });
});

describe('timestamps', () => {
  it.each([
    [0, '00:00:00,000'],
    [59.999, '00:00:59,999'],
    [61.5, '00:01:01,500'],
    [6_000, '01:40:00,000'], // 100 minutes: hours, not 100 minutes
    [3_599.9996, '01:00:00,000'], // rounding carries into the hour
    [360_000, '100:00:00,000'], // past 99 hours the field grows
    [363_723.042, '101:02:03,042'],
  ])('%s s is %s', (seconds, expected) => {
    expect(srtTime(seconds)).toBe(expected);
  });

  it('rounds half up on the number as written, which binary multiplication would not', () => {
    // 0.5005 * 1000 === 500.49999999999994 and 4.0005 * 1000 === 4000.4999999999995.
    expect(srtTime(0.5005)).toBe('00:00:00,501');
    expect(srtTime(4.0005)).toBe('00:00:04,001');
    expect(srtTime(3.0005)).toBe('00:00:03,001');
    expect(srtTime(2.9994)).toBe('00:00:02,999');
    expect(srtTime(0.0004)).toBe('00:00:00,000');
  });

  it('counts negative and non-numbers as zero', () => {
    expect(srtTime(-3)).toBe('00:00:00,000');
    expect(srtTime(Number.NaN)).toBe('00:00:00,000');
  });
});

describe('plain text and JSON', () => {
  it('plain text is the transcript trimmed, ending with one newline', () => {
    expect(buildExport('txt', twoSegments)).toBe('Hello there. General Kenobi!\n');
  });

  it('plain text falls back to the segments when the gateway sent no text', () => {
    const onlySegments = source({
      text: '',
      segments: [segment(0, 0, 1, ' One.'), segment(1, 1, 2, 'Two. ')],
    });
    expect(buildExport('txt', onlySegments)).toBe('One. Two.\n');
  });

  it('JSON holds the entry’s facts, the text, segments and words, pretty-printed', () => {
    const words = [{ word: 'Hello', start: 0, end: 0.4 }];
    const entry = source(
      { ...twoSegments.transcript, words },
      { mode: 'translate', model: 'whisper-1', language: 'en', durationSec: 4.3 },
    );
    const file = buildExport('json', entry);
    expect(file.endsWith('}\n')).toBe(true);
    expect(file).toContain('\n  "name": "interview.mp3",\n');
    expect(JSON.parse(file)).toEqual({
      name: 'interview.mp3',
      createdAt: '2025-03-01T10:00:00.000Z',
      mode: 'translate',
      model: 'whisper-1',
      language: 'en',
      duration: 4.3,
      text: ' Hello there. General Kenobi! ',
      segments: twoSegments.transcript.segments,
      words,
    });
  });

  it('JSON takes the gateway’s duration when the entry has none, else null', () => {
    expect(JSON.parse(buildExport('json', twoSegments)).duration).toBe(4.25);
    expect(JSON.parse(buildExport('json', source({ text: 'x' }))).duration).toBeNull();
  });
});

describe('the suggested file name', () => {
  it('swaps the audio extension for the format’s, keeping other dots', () => {
    expect(exportFileName('interview.mp3', 'srt')).toBe('interview.srt');
    expect(exportFileName('talk v1.2', 'vtt')).toBe('talk v1.2.vtt');
  });

  it('replaces characters file systems refuse, and knows extensions in any case', () => {
    expect(exportFileName('Recording 12:04 a/b', 'txt')).toBe('Recording 12-04 a-b.txt');
    expect(exportFileName('MEMO.WAV', 'json')).toBe('MEMO.json');
  });
});
