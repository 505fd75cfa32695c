import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAudioFiles, slugOf, wavDurationSec } from '../../../src-main/services/audio-files.ts';
import { createMediaGrants } from '../../../src-main/services/media-grants.ts';

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gs-audio-files-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A PCM WAV header (16-bit mono at `rate`), optionally with a LIST chunk before `data`. */
function wavHeader(rate: number, dataBytes: number, list = 0): Buffer {
  const fmt = Buffer.alloc(24);
  fmt.write('fmt ', 0, 'latin1');
  fmt.writeUInt32LE(16, 4);
  fmt.writeUInt16LE(1, 8);
  fmt.writeUInt16LE(1, 10);
  fmt.writeUInt32LE(rate, 12);
  fmt.writeUInt32LE(rate * 2, 16);
  fmt.writeUInt16LE(2, 20);
  fmt.writeUInt16LE(16, 22);
  const extra = Buffer.alloc(list > 0 ? 8 + list + (list % 2) : 0);
  if (list > 0) {
    extra.write('LIST', 0, 'latin1');
    extra.writeUInt32LE(list, 4);
  }
  const data = Buffer.alloc(8);
  data.write('data', 0, 'latin1');
  data.writeUInt32LE(dataBytes, 4);
  const riff = Buffer.alloc(12);
  riff.write('RIFF', 0, 'latin1');
  riff.writeUInt32LE(0, 4);
  riff.write('WAVE', 8, 'latin1');
  return Buffer.concat([riff, fmt, extra, data]);
}

async function durationOf(bytes: Buffer): Promise<number | null> {
  const path = join(dir, 'a.wav');
  writeFileSync(path, bytes);
  return wavDurationSec(path, bytes.length);
}

describe('the length of a WAV file', () => {
  it('is read from its header', async () => {
    expect(await durationOf(Buffer.concat([wavHeader(16_000, 48_000), Buffer.alloc(48_000)]))).toBe(1.5);
  });

  it('is found past other chunks (an odd-sized LIST chunk is padded)', async () => {
    const bytes = Buffer.concat([wavHeader(8_000, 16_000, 33), Buffer.alloc(16_000)]);
    expect(await durationOf(bytes)).toBe(1);
  });

  it('comes from the file size when a streaming recorder left the data size open', async () => {
    for (const open of [0, 0xffffffff]) {
      expect(await durationOf(Buffer.concat([wavHeader(8_000, open), Buffer.alloc(8_000)]))).toBe(0.5);
    }
  });

  it('is unknown for a file that only claims to be WAV, or is cut short', async () => {
    expect(await durationOf(Buffer.from('ID3 this is an mp3'))).toBeNull();
    expect(await durationOf(wavHeader(8_000, 100).subarray(0, 30))).toBeNull();
  });
});

describe('recordings written from bytes', () => {
  it('get readable file names from any script, with the audio extension dropped', () => {
    expect(slugOf('Recording 1')).toBe('recording-1');
    expect(slugOf('Réunion d’équipe.MP3')).toBe('réunion-d-équipe');
    expect(slugOf('会议 记录.wav')).toBe('会议-记录');
    expect(slugOf('../../etc/passwd')).toBe('etc-passwd');
    expect(slugOf('???')).toBe('audio');
    expect(slugOf('x'.repeat(200)).length).toBe(60);
  });

  it('never overwrite one another, even when made in the same millisecond', async () => {
    const files = createAudioFiles({
      dataDir: dir,
      media: createMediaGrants(dir),
      now: () => new Date('2025-06-07T08:09:10.011Z'),
    });
    const take = (n: number) =>
      files.importBytes({ name: 'Take', type: 'audio/wav', bytes: new Uint8Array([n]), kind: 'recording' });
    const [a, b, c] = await Promise.all([take(1), take(2), take(3)]);
    expect(new Set([a!.path, b!.path, c!.path]).size).toBe(3);
    expect(readdirSync(join(dir, 'media', 'recordings')).sort()).toEqual([
      '2025-06-07T08-09-10-011Z-take-2.wav',
      '2025-06-07T08-09-10-011Z-take-3.wav',
      '2025-06-07T08-09-10-011Z-take.wav',
    ]);
  });

  it('are discarded only from the recordings folder, never elsewhere', async () => {
    const files = createAudioFiles({ dataDir: dir, media: createMediaGrants(dir) });
    const recording = await files.importBytes({
      name: 'memo.wav',
      type: 'audio/wav',
      bytes: new Uint8Array([1]),
      kind: 'recording',
    });
    const own = join(dir, 'own.wav');
    writeFileSync(own, 'RIFF');
    await files.discard(own);
    await files.discard(recording.path);
    expect(existsSync(own)).toBe(true);
    expect(existsSync(recording.path)).toBe(false);
  });
});
