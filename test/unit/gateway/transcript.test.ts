// Every response_format normalised to one Transcript, the way the transcript view and exports need it.
import { describe, expect, it } from 'vitest';
import { normaliseTranscript, parseSrt, parseVtt } from '../../../src-main/gateway/transcript.ts';

const SRT = `1
00:00:00,000 --> 00:00:02,500
Hello there.

2
00:00:02,500 --> 00:01:04,250
Zweite Zeile,
über zwei Zeilen.
`;

const VTT = `WEBVTT

NOTE produced by a test

intro
00:00.000 --> 00:02.500 align:start
<v Alice>Hello there.</v>

01:00:02.500 --> 01:00:04.000
<i>Second</i> cue
`;

describe('normaliseTranscript', () => {
  it('reads json (text only)', () => {
    const raw = JSON.stringify({ text: ' Just text. ', usage: { type: 'duration', seconds: 3 } });
    expect(normaliseTranscript(raw, 'json', 'application/json')).toEqual({
      text: 'Just text.',
      segments: [],
      words: [],
      raw,
      format: 'json',
      // What the gateway billed (issue 14, item 23): read, so the transcript view can show it.
      usage: { type: 'duration', seconds: 3 },
    });
  });

  it('reads verbose_json with segments, words, language and duration', () => {
    const raw = JSON.stringify({
      task: 'transcribe',
      language: 'english',
      duration: 4.2,
      text: 'Hello world. Bye.',
      segments: [
        { id: 0, start: 0, end: 2.1, text: ' Hello world.', tokens: [] },
        { id: 1, start: 2.1, end: 4.2, text: ' Bye.' },
      ],
      words: [
        { word: 'Hello', start: 0, end: 0.5 },
        { word: 'world', start: 0.5, end: 1 },
      ],
    });
    const transcript = normaliseTranscript(raw, 'verbose_json', 'application/json');
    expect(transcript).toMatchObject({
      text: 'Hello world. Bye.',
      language: 'english',
      duration: 4.2,
      format: 'verbose_json',
    });
    expect(transcript.segments).toEqual([
      { id: 0, start: 0, end: 2.1, text: 'Hello world.' },
      { id: 1, start: 2.1, end: 4.2, text: 'Bye.' },
    ]);
    expect(transcript.words).toHaveLength(2);
  });

  it('reads diarized_json, numbering string ids and keeping speakers', () => {
    const raw = JSON.stringify({
      text: 'Hi. Hello.',
      duration: 3,
      segments: [
        { type: 'transcript.text.segment', id: 'seg_001', start: 0, end: 1, text: 'Hi.', speaker: 'A' },
        { type: 'transcript.text.segment', id: 'seg_002', start: 1, end: 3, text: 'Hello.', speaker: 'B' },
      ],
    });
    const transcript = normaliseTranscript(raw, 'diarized_json', 'application/json');
    expect(transcript.segments).toEqual([
      { id: 0, start: 0, end: 1, text: 'Hi.', speaker: 'A' },
      { id: 1, start: 1, end: 3, text: 'Hello.', speaker: 'B' },
    ]);
    expect(transcript.format).toBe('diarized_json');
  });

  it('reads text bodies as they are', () => {
    const transcript = normaliseTranscript('Plain words.\n', 'text', 'text/plain; charset=utf-8');
    expect(transcript).toEqual({
      text: 'Plain words.',
      segments: [],
      words: [],
      raw: 'Plain words.\n',
      format: 'text',
    });
  });

  it('parses SRT bodies into segments', () => {
    const transcript = normaliseTranscript(SRT, 'srt', 'text/plain');
    expect(transcript.format).toBe('srt');
    expect(transcript.segments).toEqual([
      { id: 0, start: 0, end: 2.5, text: 'Hello there.' },
      { id: 1, start: 2.5, end: 64.25, text: 'Zweite Zeile,\nüber zwei Zeilen.' },
    ]);
    expect(transcript.text).toBe('Hello there. Zweite Zeile,\nüber zwei Zeilen.');
    expect(transcript.raw).toBe(SRT);
  });

  it('parses VTT bodies into segments, with hours optional, markup removed and voices as speakers', () => {
    const transcript = normaliseTranscript(VTT, 'vtt', 'text/vtt');
    expect(transcript.format).toBe('vtt');
    expect(transcript.segments).toEqual([
      { id: 0, start: 0, end: 2.5, text: 'Hello there.', speaker: 'Alice' },
      { id: 1, start: 3602.5, end: 3604, text: 'Second cue' },
    ]);
  });

  it('reads SRT and VTT with CRLF line endings', () => {
    expect(parseSrt(SRT.replace(/\n/g, '\r\n'))).toHaveLength(2);
    expect(parseVtt(VTT.replace(/\n/g, '\r\n'))).toHaveLength(2);
  });

  it('goes by the body when a gateway ignored the requested format', () => {
    expect(normaliseTranscript('{"text":"json anyway"}', 'srt', 'application/json')).toMatchObject({
      text: 'json anyway',
      format: 'json',
    });
    expect(normaliseTranscript(SRT, 'json', 'text/plain').format).toBe('srt');
  });

  it('reports JSON that does not parse as malformed_response', () => {
    expect(() => normaliseTranscript('{"text": ', 'json', 'application/json')).toThrow(
      expect.objectContaining({ code: 'malformed_response' }),
    );
  });
});
