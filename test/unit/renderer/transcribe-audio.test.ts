// The Transcribe panel's audio helpers: the WAV of the shorter-clip check, cutting and mixing samples,
// which dropped files are taken, microphone problems, and the language field.
import { describe, expect, it } from 'vitest';
import { ACCEPTED_AUDIO_EXTENSIONS } from '../../../src-preload/contract.ts';
import {
  ACCEPTED_FORMATS_TEXT,
  extensionOf,
  isAcceptedAudioName,
  partitionByName,
} from '../../../src-renderer/src/audio/accepted-files.ts';
import { firstSeconds, mixToMono } from '../../../src-renderer/src/audio/clip.ts';
import { describeMicrophoneError } from '../../../src-renderer/src/audio/microphone.ts';
import { clipName, recordingName } from '../../../src-renderer/src/audio/names.ts';
import { encodeWav, toInt16 } from '../../../src-renderer/src/audio/wav.ts';
import {
  LANGUAGES,
  languageFromInput,
  languageInputLabel,
} from '../../../src-renderer/src/panels/transcribe/languages.ts';

const text = (bytes: Uint8Array, start: number, length: number) =>
  String.fromCharCode(...bytes.subarray(start, start + length));

describe('encoding a 16-bit PCM WAV', () => {
  const samples = new Float32Array([0, 0.5, -0.5, 1, -1]);
  const wav = encodeWav(samples, 16_000);
  const view = new DataView(wav.buffer);

  it('writes a 44-byte RIFF/WAVE header with the right fields', () => {
    expect(text(wav, 0, 4)).toBe('RIFF');
    expect(view.getUint32(4, true)).toBe(36 + samples.length * 2);
    expect(text(wav, 8, 4)).toBe('WAVE');
    expect(text(wav, 12, 4)).toBe('fmt ');
    expect(view.getUint32(16, true)).toBe(16);
    expect(view.getUint16(20, true)).toBe(1); // PCM
    expect(view.getUint16(22, true)).toBe(1); // mono
    expect(view.getUint32(24, true)).toBe(16_000);
    expect(view.getUint32(28, true)).toBe(32_000); // byte rate
    expect(view.getUint16(32, true)).toBe(2); // block align
    expect(view.getUint16(34, true)).toBe(16); // bits
    expect(text(wav, 36, 4)).toBe('data');
    expect(view.getUint32(40, true)).toBe(samples.length * 2);
  });

  it('is exactly header plus two bytes a sample', () => {
    expect(wav.byteLength).toBe(44 + samples.length * 2);
    expect(encodeWav(new Float32Array(0), 8_000).byteLength).toBe(44);
    expect(encodeWav(new Float32Array(16_000 * 30), 16_000).byteLength).toBe(44 + 16_000 * 30 * 2);
  });

  it('writes samples little-endian, scaled to the full 16-bit range', () => {
    const read = (i: number) => view.getInt16(44 + i * 2, true);
    expect([read(0), read(1), read(2), read(3), read(4)]).toEqual([0, 16384, -16384, 32767, -32768]);
  });

  it('clips samples outside -1..1 and turns NaN into silence', () => {
    expect(toInt16(1.7)).toBe(32767);
    expect(toInt16(-3)).toBe(-32768);
    expect(toInt16(Number.NaN)).toBe(0);
    expect(toInt16(Number.POSITIVE_INFINITY)).toBe(32767);
    expect(toInt16(Number.NEGATIVE_INFINITY)).toBe(-32768);
    const loud = new DataView(encodeWav(new Float32Array([2, -2]), 8_000).buffer);
    expect([loud.getInt16(44, true), loud.getInt16(46, true)]).toEqual([32767, -32768]);
  });

  it('refuses a sample rate that is not a positive whole number', () => {
    expect(() => encodeWav(samples, 0)).toThrow(RangeError);
    expect(() => encodeWav(samples, 44_100.5)).toThrow(RangeError);
  });
});

describe('cutting the first seconds', () => {
  it('keeps at most the first n seconds, without copying', () => {
    const samples = new Float32Array(16_000 * 45);
    const clip = firstSeconds(samples, 16_000, 30);
    expect(clip.length).toBe(16_000 * 30);
    expect(clip.buffer).toBe(samples.buffer);
  });

  it('keeps all of a shorter clip', () => {
    expect(firstSeconds(new Float32Array(100), 16_000, 30).length).toBe(100);
  });

  it('averages channels into one, over the shortest channel', () => {
    const mono = mixToMono([new Float32Array([1, 0, 0.5]), new Float32Array([0, 0, -0.5, 9])]);
    expect(Array.from(mono)).toEqual([0.5, 0, 0]);
    const single = new Float32Array([0.1]);
    expect(mixToMono([single])).toBe(single);
    expect(mixToMono([]).length).toBe(0);
  });

  it('names a recording by its local start time, with no dots', () => {
    expect(recordingName(new Date(2025, 2, 5, 9, 7, 3))).toBe('Recording 2025-03-05 09:07:03');
  });

  it('names the clip after its source', () => {
    expect(clipName('meeting.mp3')).toBe('meeting (first 30 s).wav');
    expect(clipName('Recording 12 Mar 2025, 14:02:09')).toBe(
      'Recording 12 Mar 2025, 14:02:09 (first 30 s).wav',
    );
    expect(clipName('.wav')).toBe('audio (first 30 s).wav');
  });
});

describe('which dropped files are taken', () => {
  it('takes every accepted extension, in any case', () => {
    for (const extension of ACCEPTED_AUDIO_EXTENSIONS) {
      expect(isAcceptedAudioName(`a.${extension}`)).toBe(true);
      expect(isAcceptedAudioName(`A.${extension.toUpperCase()}`)).toBe(true);
    }
  });

  it('refuses other files with a reason, keeping the order of the rest', () => {
    const { accepted, refused } = partitionByName([
      { name: 'one.wav' },
      { name: 'notes.txt' },
      { name: 'two.MP3' },
      { name: 'README' },
      { name: '.wav' },
    ]);
    expect(accepted.map((f) => f.name)).toEqual(['one.wav', 'two.MP3']);
    expect(refused).toEqual([
      { name: 'notes.txt', reason: '.txt files are not audio the gateway takes.' },
      { name: 'README', reason: 'The file has no extension, so its format is unknown.' },
      { name: '.wav', reason: 'The file has no extension, so its format is unknown.' },
    ]);
  });

  it('reads extensions as the last dot says', () => {
    expect(extensionOf('a.b.FLAC')).toBe('flac');
    expect(extensionOf('noext')).toBe('');
  });

  it('lists the gateway’s formats for people', () => {
    expect(ACCEPTED_FORMATS_TEXT).toBe('flac, mp3, mp4, mpeg, mpga, m4a, ogg, wav, webm');
  });
});

describe('microphone problems', () => {
  const wrapped = (message: string) => new Error(`Error accessing the microphone: ${message}`);

  it('a denied permission says where to allow it', () => {
    for (const error of [
      new DOMException('Permission denied', 'NotAllowedError'),
      wrapped('Permission denied'),
      wrapped('Permission denied by system'),
      wrapped('Permission dismissed'),
    ]) {
      const problem = describeMicrophoneError(error);
      expect(problem.kind).toBe('denied');
      expect(problem.hint).toMatch(/Allow microphone access for Gateway Studio in your system settings/);
    }
  });

  it('no device says to connect or choose one', () => {
    for (const error of [new DOMException('x', 'NotFoundError'), wrapped('Requested device not found')]) {
      const problem = describeMicrophoneError(error);
      expect(problem.kind).toBe('no-device');
      expect(problem.title).toBe('No microphone was found.');
    }
  });

  it('a busy device says another app may hold it', () => {
    expect(describeMicrophoneError(wrapped('Could not start audio source')).kind).toBe('busy');
    expect(describeMicrophoneError(new DOMException('x', 'NotReadableError')).kind).toBe('busy');
  });

  it('anything else keeps its message, once punctuated', () => {
    const problem = describeMicrophoneError(new Error('Something odd happened.'));
    expect(problem.kind).toBe('other');
    expect(problem.hint).toBe('Something odd happened. Try again, or choose another input.');
  });
});

describe('the language field', () => {
  it('lists about sixty languages, each code once', () => {
    expect(LANGUAGES.length).toBeGreaterThanOrEqual(55);
    expect(new Set(LANGUAGES.map((l) => l.code)).size).toBe(LANGUAGES.length);
    for (const language of LANGUAGES) expect(language.code).toMatch(/^[a-z]{2}$/);
  });

  it('reads a suggestion, a name or a code as the code', () => {
    expect(languageFromInput('German (de)')).toBe('de');
    expect(languageFromInput('  german ')).toBe('de');
    expect(languageFromInput('DE')).toBe('de');
    expect(languageFromInput('xh')).toBe('xh');
  });

  it('reads empty as automatic detection and anything else as not a language', () => {
    expect(languageFromInput('')).toBe('');
    expect(languageFromInput('   ')).toBe('');
    expect(languageFromInput('Germ')).toBeNull();
    expect(languageFromInput('deu')).toBeNull();
  });

  it('shows a code as its suggestion', () => {
    expect(languageInputLabel('de')).toBe('German (de)');
    expect(languageInputLabel('xh')).toBe('xh');
    expect(languageInputLabel('')).toBe('');
  });
});
