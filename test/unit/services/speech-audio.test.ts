// The audio side of long texts: pcm wrapped as WAV, parts joined into one file where the format allows,
// and how long a clip lasts.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PCM_SAMPLE_RATE, wavHeader } from '../../../src-main/gateway/speech.ts';
import { wavHeaderWith } from '../../../src-main/gateway/wav.ts';
import {
  audioSeconds,
  frameStream,
  id3v2Length,
  looksLikeFrames,
  readWav,
} from '../../../src-main/services/speech-audio.ts';
import { JoinRefused, joinAudioFiles, joinKindFor } from '../../../src-main/services/speech-join.ts';
import { synthesizeSpeech, wavFile } from '../../fake-gateway/audio.ts';
import { flacFile, silentAac, silentMp3, silentOpus } from '../../fake-gateway/encoders.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gs-speech-audio-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function write(name: string, bytes: Uint8Array): string {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
}

const pcm = (text: string) => synthesizeSpeech(text);
const u8 = (buffer: Buffer) => new Uint8Array(buffer);

function id3v2(bodyBytes: number): Buffer {
  const tag = Buffer.alloc(10 + bodyBytes, 0x41);
  tag.write('ID3', 0, 'latin1');
  tag.set([4, 0, 0, 0, 0, (bodyBytes >> 7) & 0x7f, bodyBytes & 0x7f], 3);
  return tag;
}

function id3v1(): Buffer {
  const tag = Buffer.alloc(128, 0x20);
  tag.write('TAG', 0, 'latin1');
  return tag;
}

/** A LAME-style "Info" frame: an MPEG-2 layer III mono frame whose body is a VBR summary, not sound. */
function infoFrame(): Buffer {
  const frame = Buffer.alloc(96);
  frame.set([0xff, 0xf3, 0x44, 0xc0]);
  frame.write('Info', 4 + 9, 'latin1');
  return frame;
}

describe('pcm wrapped as WAV', () => {
  it('reads back as 24 kHz, 16-bit mono with exactly the samples that were sent', () => {
    const samples = pcm('Hello there');
    const file = u8(Buffer.concat([Buffer.from(wavHeader(samples.length)), samples]));
    const wav = readWav(file)!;
    expect(wav).toMatchObject({
      formatTag: 1,
      channels: 1,
      sampleRate: PCM_SAMPLE_RATE,
      bitsPerSample: 16,
      blockAlign: 2,
      byteRate: 48_000,
      dataOffset: 44,
      dataBytes: samples.length,
    });
    expect(Buffer.from(file.subarray(44))).toEqual(samples);
    expect(new DataView(file.buffer).getUint32(4, true)).toBe(file.byteLength - 8);
    expect(audioSeconds(file, 'wav')).toBeCloseTo(samples.length / 48_000, 6);
  });

  it('pads an odd data chunk, counting the pad in the RIFF size only', () => {
    const header = new DataView(wavHeader(3).buffer);
    expect(header.getUint32(40, true)).toBe(3);
    expect(header.getUint32(4, true)).toBe(36 + 4);
  });

  it('reads a streamed WAV whose header does not know its length', () => {
    const samples = pcm('Streamed');
    const file = Buffer.concat([Buffer.from(wavHeader(0xffffffff)), samples, Buffer.from([7])]);
    const wav = readWav(u8(file))!;
    // To the end of the file, without the stray half sample.
    expect(wav.dataBytes).toBe(samples.length);
  });

  it('finds the data after other chunks and keeps a longer fmt chunk as it was', () => {
    const fmt = new Uint8Array(18);
    const view = new DataView(fmt.buffer);
    view.setUint16(0, 1, true);
    view.setUint16(2, 1, true);
    view.setUint32(4, 16_000, true);
    view.setUint32(8, 32_000, true);
    view.setUint16(12, 2, true);
    view.setUint16(14, 16, true);
    const header = wavHeaderWith(fmt, 4);
    const list = Buffer.concat([
      Buffer.from('LIST', 'latin1'),
      Buffer.from([5, 0, 0, 0]),
      Buffer.from('INFOx'),
      Buffer.from([0]),
    ]);
    // RIFF + WAVE, a LIST chunk (odd size, padded), then fmt and data.
    const file = Buffer.concat([
      Buffer.from(header.subarray(0, 12)),
      list,
      Buffer.from(header.subarray(12)),
      Buffer.from([1, 2, 3, 4]),
    ]);
    const wav = readWav(u8(file))!;
    expect(wav).toMatchObject({ sampleRate: 16_000, dataBytes: 4 });
    expect(Array.from(wav.fmt)).toEqual(Array.from(fmt));
    expect(Array.from(file.subarray(wav.dataOffset))).toEqual([1, 2, 3, 4]);
  });

  it('is not fooled by something that is not a WAV file', () => {
    expect(readWav(new TextEncoder().encode('RIFF....AVI LIST'))).toBeNull();
    expect(readWav(new Uint8Array(0))).toBeNull();
  });
});

describe('joining parts', () => {
  it('knows which formats join', () => {
    expect(['wav', 'mp3', 'aac', 'opus', 'flac'].map(joinKindFor)).toEqual([
      'wav',
      'mp3',
      'adts',
      null,
      null,
    ]);
  });

  it('joins WAV parts under one header, samples in order, nothing added or lost', async () => {
    const texts = ['First part.', 'Second, a little longer part.', 'Third'];
    const parts = texts.map((text, i) => write(`p${i}.wav`, wavFile(pcm(text))));
    const joined = await joinAudioFiles('wav', parts, join(dir, 'joined.wav'));
    const bytes = u8(readFileSync(join(dir, 'joined.wav')));
    const wav = readWav(bytes)!;
    const expected = Buffer.concat(texts.map(pcm));
    expect(Buffer.from(bytes.subarray(wav.dataOffset))).toEqual(expected);
    expect(wav.dataBytes).toBe(expected.length);
    expect(new DataView(bytes.buffer).getUint32(4, true)).toBe(bytes.byteLength - 8);
    expect(joined).toEqual({ bytes: bytes.byteLength, durationSec: expected.length / 48_000 });
    // Only the result is left: the temp file was renamed.
    expect(readdirSync(dir).sort()).toEqual(['joined.wav', 'p0.wav', 'p1.wav', 'p2.wav']);
  });

  it('refuses WAV parts of different sample rates, and leaves no file behind', async () => {
    const parts = [write('a.wav', wavFile(pcm('one'))), write('b.wav', wavFile(pcm('two'), 16_000))];
    await expect(joinAudioFiles('wav', parts, join(dir, 'joined.wav'))).rejects.toBeInstanceOf(JoinRefused);
    expect(readdirSync(dir).sort()).toEqual(['a.wav', 'b.wav']);
  });

  it('joins MP3 parts frame after frame, dropping ID3 tags and the VBR header frames', async () => {
    const sound = [silentMp3(1), silentMp3(2)];
    const parts = [
      write('a.mp3', Buffer.concat([id3v2(300), infoFrame(), sound[0]!, id3v1()])),
      write('b.mp3', Buffer.concat([id3v2(20), infoFrame(), sound[1]!])),
    ];
    const joined = await joinAudioFiles('mp3', parts, join(dir, 'joined.mp3'));
    const bytes = readFileSync(join(dir, 'joined.mp3'));
    expect(bytes).toEqual(Buffer.concat(sound));
    // 576 samples per MPEG-2 layer III frame at 24 kHz.
    const frames = bytes.length / 96;
    expect(joined.durationSec).toBeCloseTo((frames * 576) / 24_000, 6);
    expect(audioSeconds(u8(bytes), 'mp3')).toBeCloseTo(joined.durationSec!, 6);
  });

  it('joins ADTS AAC parts, and refuses AAC in another container', async () => {
    const sound = [silentAac(1), silentAac(1.5)];
    const parts = sound.map((bytes, i) => write(`p${i}.aac`, bytes));
    await joinAudioFiles('adts', parts, join(dir, 'joined.aac'));
    expect(readFileSync(join(dir, 'joined.aac'))).toEqual(Buffer.concat(sound));

    const mp4 = write(
      'boxed.aac',
      Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypM4A ', 'latin1'), Buffer.alloc(64)]),
    );
    await expect(joinAudioFiles('adts', [parts[0]!, mp4], join(dir, 'nope.aac'))).rejects.toBeInstanceOf(
      JoinRefused,
    );
    expect(readdirSync(dir)).not.toContain('nope.aac');
  });

  it('finds the frames of a stream behind its tags', () => {
    const sound = silentMp3(0.5);
    const file = u8(Buffer.concat([id3v2(50), infoFrame(), sound, id3v1()]));
    expect(id3v2Length(file)).toBe(60);
    expect(looksLikeFrames(file, 'mp3')).toBe(true);
    expect(frameStream(file, 'mp3')).toEqual({ start: 60 + 96, end: file.length - 128 });
    expect(looksLikeFrames(u8(Buffer.from('not audio at all')), 'mp3')).toBe(false);
  });
});

describe('how long a clip lasts', () => {
  it('reads it from FLAC, Ogg Opus and ADTS headers and frames', () => {
    const samples = pcm('A short sentence for the clip.');
    const seconds = samples.length / 2 / 24_000;
    expect(audioSeconds(u8(flacFile(samples, 24_000)), 'flac')).toBeCloseTo(seconds, 3);
    expect(audioSeconds(u8(silentOpus(2, 24_000)), 'opus')).toBeCloseTo(2, 1);
    expect(audioSeconds(u8(silentAac(2)), 'aac')).toBeCloseTo(2, 1);
  });

  it('says it does not know rather than guess', () => {
    expect(audioSeconds(new Uint8Array(10), 'flac')).toBeNull();
    expect(audioSeconds(new Uint8Array(10), 'opus')).toBeNull();
    expect(audioSeconds(new Uint8Array(10), 'mp3')).toBeNull();
    expect(audioSeconds(new Uint8Array(10), 'pcm')).toBeNull();
  });
});
