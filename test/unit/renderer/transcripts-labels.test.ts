import { describe, expect, it } from 'vitest';
import {
  EXPORT_FORMATS,
  formatSavedAt,
  formatSavedDay,
  languageLabel,
  MODE_LABELS,
} from '../../../src-renderer/src/panels/transcribe/transcript-labels.ts';
import { fileNameOf, folderOf } from '../../../src-renderer/src/util/paths.ts';

describe('a transcript’s facts as people read them', () => {
  it('names a language whether the gateway sent a code or whisper’s lower-case name', () => {
    expect(languageLabel('en')).toBe('English');
    expect(languageLabel('de')).toBe('German');
    expect(languageLabel('pt-BR')).toBe('Brazilian Portuguese');
    expect(languageLabel('english')).toBe('English');
    expect(languageLabel('japanese')).toBe('Japanese');
    expect(languageLabel('  ')).toBeNull();
    expect(languageLabel(null)).toBeNull();
    expect(languageLabel(undefined)).toBeNull();
  });

  it('keeps a code Intl does not know as written rather than inventing a name', () => {
    expect(languageLabel('qq')).toBe('Qq');
  });

  it('says which mode made the text', () => {
    expect(MODE_LABELS.transcribe).toBe('Transcript');
    expect(MODE_LABELS.translate).toBe('English translation');
  });

  it('offers every export format the contract has, txt first', () => {
    expect(EXPORT_FORMATS.map((f) => f.format)).toEqual(['txt', 'srt', 'vtt', 'json']);
  });

  it('dates a transcript in full for its header', () => {
    const local = new Date(2025, 2, 12, 14, 2).toISOString();
    expect(formatSavedAt(local, 'en-GB')).toBe('12 Mar 2025, 14:02');
    expect(formatSavedAt('not a date', 'en-GB')).toBe('');
  });

  it('dates a transcript briefly for the list: time today, Yesterday, day and month, then the year', () => {
    const now = new Date(2025, 2, 12, 18, 30);
    const at = (...parts: [number, number, number, number, number]) => new Date(...parts).toISOString();
    expect(formatSavedDay(at(2025, 2, 12, 9, 5), now, 'en-GB')).toBe('09:05');
    expect(formatSavedDay(at(2025, 2, 11, 23, 59), now, 'en-GB')).toBe('Yesterday');
    expect(formatSavedDay(at(2025, 0, 3, 10, 0), now, 'en-GB')).toBe('3 Jan');
    expect(formatSavedDay(at(2024, 11, 31, 10, 0), now, 'en-GB')).toBe('31 Dec 2024');
    expect(formatSavedDay('garbage', now, 'en-GB')).toBe('');
  });

  it('takes the file name from a path on any platform', () => {
    expect(fileNameOf('/home/ana/Exports/meeting.srt')).toBe('meeting.srt');
    expect(fileNameOf('C:\\Users\\ana\\meeting.vtt')).toBe('meeting.vtt');
    expect(fileNameOf('notes.txt')).toBe('notes.txt');
    expect(folderOf('/home/ana/Exports/meeting.srt')).toBe('/home/ana/Exports');
    expect(folderOf('C:\\Users\\ana\\meeting.vtt')).toBe('C:\\Users\\ana');
  });
});
