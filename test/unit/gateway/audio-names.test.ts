// The upload's filename extension and part type: gateways may forward the file as octet-stream,
// so the name is what upstream goes by.
import { describe, expect, it } from 'vitest';
import { sniffAudioFamily, transcriptionFields, uploadNameFor } from '../../../src-main/gateway/audio.ts';

const bytes = (...values: Array<number | string>): Uint8Array =>
  Uint8Array.from(
    values.flatMap((v) => (typeof v === 'string' ? Array.from(v, (c) => c.charCodeAt(0)) : [v])),
  );

const WAV = bytes('RIFF', 0, 0, 0, 0, 'WAVE', 'fmt ');
const WEBM = bytes(0x1a, 0x45, 0xdf, 0xa3, 0, 0, 0, 0);
const MP4 = bytes(0, 0, 0, 0x20, 'ftyp', 'M4A ');
const OGG = bytes('OggS', 0, 2);
const MP3 = bytes(0xff, 0xfb, 0x90, 0x64);
const ID3 = bytes('ID3', 4, 0);
const FLAC = bytes('fLaC', 0, 0, 0, 0x22);
const ADTS = bytes(0xff, 0xf1, 0x50, 0x80);

describe('sniffAudioFamily', () => {
  it('recognises the accepted containers by their signature', () => {
    expect([WAV, WEBM, MP4, OGG, MP3, ID3, FLAC].map(sniffAudioFamily)).toEqual([
      'wav',
      'webm',
      'mp4',
      'ogg',
      'mp3',
      'mp3',
      'flac',
    ]);
    expect(sniffAudioFamily(ADTS)).toBeUndefined();
    expect(sniffAudioFamily(bytes('hello world'))).toBeUndefined();
  });
});

describe('uploadNameFor', () => {
  it('keeps a right extension and sends the matching type', () => {
    expect(uploadNameFor('/home/me/talk.mp3', undefined, MP3)).toEqual({
      filename: 'talk.mp3',
      contentType: 'audio/mpeg',
    });
    expect(uploadNameFor('C:\\Users\\me\\memo.M4A', undefined, MP4)).toEqual({
      filename: 'memo.m4a',
      contentType: 'audio/mp4',
    });
    expect(uploadNameFor('clip.mp4', undefined, MP4)).toEqual({
      filename: 'clip.mp4',
      contentType: 'audio/mp4',
    });
  });

  it('adds the extension a recording lacks, from its MIME type or its bytes', () => {
    expect(uploadNameFor('recording', 'audio/webm;codecs=opus', WEBM)).toEqual({
      filename: 'recording.webm',
      contentType: 'audio/webm',
    });
    expect(uploadNameFor('recording', 'audio/ogg', undefined)).toEqual({
      filename: 'recording.ogg',
      contentType: 'audio/ogg',
    });
    expect(uploadNameFor('voice', '', WAV)).toEqual({ filename: 'voice.wav', contentType: 'audio/wav' });
  });

  it('corrects an extension that contradicts the bytes', () => {
    expect(uploadNameFor('actually-wav.mp3', 'audio/mpeg', WAV)).toEqual({
      filename: 'actually-wav.wav',
      contentType: 'audio/wav',
    });
  });

  it('renames aliases to a name upstream accepts', () => {
    expect(uploadNameFor('note.opus', undefined, OGG)).toEqual({
      filename: 'note.ogg',
      contentType: 'audio/ogg',
    });
    expect(uploadNameFor('note.oga', undefined, undefined)).toEqual({
      filename: 'note.ogg',
      contentType: 'audio/ogg',
    });
  });

  it('leaves an unknown file as it is, for upstream to judge', () => {
    expect(uploadNameFor('song.aac', 'audio/aac', ADTS)).toEqual({
      filename: 'song.aac',
      contentType: 'audio/aac',
    });
    expect(uploadNameFor('blob', '', bytes('????'))).toEqual({
      filename: 'blob',
      contentType: 'application/octet-stream',
    });
  });
});

describe('transcriptionFields', () => {
  it('sends chunking_strategy when asked (a diarize model over 30 s needs it), never with a translation', () => {
    const options = { model: 'gpt-4o-transcribe-diarize', chunkingStrategy: 'auto' as const };
    expect(transcriptionFields(options, 'transcribe')).toContainEqual({
      name: 'chunking_strategy',
      value: 'auto',
    });
    expect(transcriptionFields(options, 'translate').map((field) => field.name)).not.toContain(
      'chunking_strategy',
    );
  });

  it('sends only what is set, model first', () => {
    expect(transcriptionFields({ model: 'gpt-4o-transcribe' }, 'transcribe')).toEqual([
      { name: 'model', value: 'gpt-4o-transcribe' },
    ]);
  });

  it('repeats timestamp_granularities[] with verbose_json', () => {
    const fields = transcriptionFields(
      {
        model: 'whisper-1',
        language: 'de',
        prompt: 'Namen: Jürgen',
        responseFormat: 'verbose_json',
        temperature: 0.2,
        timestampGranularities: ['segment', 'word'],
      },
      'transcribe',
    );
    expect(fields).toEqual([
      { name: 'model', value: 'whisper-1' },
      { name: 'language', value: 'de' },
      { name: 'prompt', value: 'Namen: Jürgen' },
      { name: 'response_format', value: 'verbose_json' },
      { name: 'temperature', value: '0.2' },
      { name: 'timestamp_granularities[]', value: 'segment' },
      { name: 'timestamp_granularities[]', value: 'word' },
    ]);
  });

  it('leaves out what a translation or a non-verbose format does not take', () => {
    const fields = transcriptionFields(
      { model: 'whisper-1', language: 'de', responseFormat: 'srt', timestampGranularities: ['word'] },
      'translate',
    );
    expect(fields.map((field) => field.name)).toEqual(['model', 'response_format']);
  });
});
