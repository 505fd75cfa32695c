// Splitting compressed audio by copying its packets: MP3 frames, AAC (ADTS → M4A), Opus and Vorbis in Ogg,
// Opus in WebM, FLAC frames. MP3 and Opus are decoded here (wasm decoders) so their cuts listen for quiet; AAC and
// FLAC are not, so their cuts fall on the last packet that fits (quietSearch false). Every part must open as audio
// of the container upstream accepts, under both limits, with no packet lost or repeated.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  ALL_FORMATS,
  AudioSampleSink,
  EncodedAudioPacketSource,
  EncodedPacketSink,
  FilePathSource,
  FilePathTarget,
  Input,
  Output,
  WebMOutputFormat,
} from 'mediabunny';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeAudio, splitAudio } from '../../../src-main/services/audio-split/index.ts';
import { registerWasmDecoders } from '../../../src-main/services/audio-split/wasm-decoders.ts';
import { flacFile, silentAac, silentMp3, silentOpus } from '../../fake-gateway/encoders.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gs-split-packets-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

interface Track {
  container: string;
  codec: string | null;
  duration: number;
  packets: number;
  packetSeconds: number;
}

async function readTrack(path: string): Promise<Track> {
  const input = new Input({ source: new FilePathSource(path), formats: ALL_FORMATS });
  try {
    const track = (await input.getPrimaryAudioTrack())!;
    let packets = 0;
    let packetSeconds = 0;
    for await (const packet of new EncodedPacketSink(track).packets(undefined, undefined, {
      metadataOnly: true,
    })) {
      packets += 1;
      packetSeconds = Math.max(packetSeconds, packet.duration);
    }
    return {
      container: (await input.getFormat()).name,
      codec: track.codec,
      duration: await input.computeDuration([track]),
      packets,
      packetSeconds,
    };
  } finally {
    input.dispose();
  }
}

/** Opus packets from the Ogg fixture, remuxed into WebM by mediabunny (no WebM writer on this machine). */
async function webmFromOgg(ogg: string, webm: string): Promise<void> {
  const input = new Input({ source: new FilePathSource(ogg), formats: ALL_FORMATS });
  const track = (await input.getPrimaryAudioTrack())!;
  const output = new Output({ format: new WebMOutputFormat(), target: new FilePathTarget(webm) });
  const source = new EncodedAudioPacketSource('opus');
  output.addAudioTrack(source);
  await output.start();
  const decoderConfig = (await track.getDecoderConfig())!;
  let first = true;
  for await (const packet of new EncodedPacketSink(track).packets()) {
    await source.add(packet, first ? { decoderConfig } : undefined);
    first = false;
  }
  source.close();
  await output.finalize();
  input.dispose();
}

const SECONDS = 90;
interface Case {
  name: string;
  file: string;
  make: (path: string) => Promise<void>;
  ext: string;
  codec: string;
  /** Whether the codec is decoded here (mediabunny plus the wasm MP3/Opus decoders), so cuts listen for quiet. */
  quiet: boolean;
}
const cases: Case[] = [
  {
    name: 'MP3',
    file: 'talk.mp3',
    make: (p) => writeFile(p, silentMp3(SECONDS)),
    ext: '.mp3',
    codec: 'mp3',
    quiet: true,
  },
  {
    name: 'ADTS AAC',
    file: 'talk.aac',
    make: (p) => writeFile(p, silentAac(SECONDS)),
    ext: '.m4a',
    codec: 'aac',
    quiet: false,
  },
  {
    name: 'Ogg Opus',
    file: 'talk.ogg',
    make: (p) => writeFile(p, silentOpus(SECONDS, 48_000)),
    ext: '.ogg',
    codec: 'opus',
    quiet: true,
  },
  {
    name: 'WebM Opus',
    file: 'talk.webm',
    make: async (p) => {
      await writeFile(`${p}.ogg`, silentOpus(SECONDS, 48_000));
      await webmFromOgg(`${p}.ogg`, p);
    },
    ext: '.webm',
    codec: 'opus',
    quiet: true,
  },
  {
    name: 'FLAC',
    file: 'talk.flac',
    make: async (p) => {
      const pcm = Buffer.alloc(SECONDS * 24_000 * 2);
      for (let i = 0; i < pcm.length / 2; i += 1) pcm.writeInt16LE(Math.round(8000 * Math.sin(i / 7)), i * 2);
      await writeFile(p, flacFile(pcm, 24_000));
    },
    ext: '.flac',
    codec: 'flac',
    quiet: false,
  },
];

describe.each(cases)('splitAudio on $name', ({ file, make, ext, codec, quiet }) => {
  it('copies packets into parts under both limits that open as the same codec and cover the recording', async () => {
    const path = join(dir, file);
    await make(path);
    const original = await readTrack(path);
    const limits = { maxBytes: 10_000_000, maxSeconds: 25 };
    const result = await splitAudio(path, { limits, outDir: join(dir, `${file}-parts`) });

    expect(result.method).toBe('copy');
    expect(result.parts.length).toBeGreaterThanOrEqual(4);
    expect(result.parts[0]!.startSec).toBe(0);
    // Within a packet: WebM reports its last block with no duration, its header says the full length.
    expect(result.parts.at(-1)!.endSec).toBeCloseTo(original.duration, 1);
    let packets = 0;
    for (const [i, part] of result.parts.entries()) {
      if (i > 0) expect(part.startSec).toBe(result.parts[i - 1]!.endSec);
      expect(part.filename).toBe(`part-${String(i + 1).padStart(3, '0')}${ext}`);
      expect(part.size).toBeLessThan(limits.maxBytes);
      expect(part.endSec - part.startSec).toBeLessThan(limits.maxSeconds);
      const written = await readTrack(part.path);
      expect(written.codec).toBe(codec);
      expect(written.duration).toBeCloseTo(part.endSec - part.startSec, 1);
      packets += written.packets;
    }
    expect(packets).toBe(original.packets);
    expect(result.quietSearch).toBe(quiet);
    for (const part of result.parts.slice(0, -1)) {
      const length = part.endSec - part.startSec;
      if (quiet) {
        // All silent: the whole window is one quiet run, so the cut falls at its middle, 7.5 % before the limit.
        expect(length).toBeGreaterThan(limits.maxSeconds * 0.925 - 0.1);
        expect(length).toBeLessThan(limits.maxSeconds * 0.925 + 0.1);
      } else {
        // Without a decoder here the cut falls on the last packet that fits.
        expect(length).toBeGreaterThan(limits.maxSeconds - 2 * original.packetSeconds - 1e-6);
      }
    }
  });
});

describe('splitAudio on a long MP3 and a small upload limit', () => {
  it('keeps every part file under the byte limit, headers included', async () => {
    const path = join(dir, 'lecture.mp3');
    await writeFile(path, silentMp3(240)); // 32 kbit/s: 4,000 bytes a second, 960 kB
    const limits = { maxBytes: 200_000, maxSeconds: 600 };
    const result = await splitAudio(path, { limits, outDir: join(dir, 'lecture') });
    expect(result.parts.length).toBeGreaterThanOrEqual(5);
    for (const part of result.parts) {
      expect(part.size).toBeLessThan(limits.maxBytes);
      expect((await stat(part.path)).size).toBe(part.size);
    }
    expect(result.parts.at(-1)!.endSec).toBeCloseTo(240, 1);
  });
});

describe('wasm decoders for the quiet search', () => {
  it.each([
    ['MP3', 'decode.mp3', () => silentMp3(10), 24_000],
    ['Ogg Opus', 'decode.ogg', () => silentOpus(10, 48_000), 48_000],
  ])('decode %s in Node into samples covering the window asked for', async (_name, file, bytes, rate) => {
    const path = join(dir, file);
    await writeFile(path, bytes());
    registerWasmDecoders();
    const input = new Input({ source: new FilePathSource(path), formats: ALL_FORMATS });
    try {
      const track = (await input.getPrimaryAudioTrack())!;
      expect(await track.canDecode()).toBe(true);
      let frames = 0;
      for await (const sample of new AudioSampleSink(track).samples(4, 6)) {
        expect(sample.sampleRate).toBe(rate);
        frames += sample.numberOfFrames;
        sample.close();
      }
      expect(frames / rate).toBeGreaterThan(1.9);
      expect(frames / rate).toBeLessThan(2.2);
    } finally {
      input.dispose();
    }
  });
});

describe('probeAudio on compressed audio', () => {
  it('reads an MP3 duration and codec', async () => {
    const path = join(dir, 'probe.mp3');
    await writeFile(path, silentMp3(12));
    const probe = await probeAudio(path);
    expect(probe).toMatchObject({ container: 'MP3', codec: 'mp3' });
    expect(probe!.durationSec).toBeCloseTo(12, 1);
  });
});

describe('Ogg Vorbis (made with sox)', () => {
  it('is split into .ogg parts of Vorbis', async (context) => {
    const sox = await promisify(execFile)('sox', ['--version']).catch(() => null);
    if (!sox) context.skip('sox is not installed: no Vorbis encoder to make the fixture');
    const path = join(dir, 'talk-vorbis.ogg');
    await promisify(execFile)('sox', ['-n', '-r', '16000', '-c', '1', path, 'synth', '60', 'sine', '440']);
    const result = await splitAudio(path, {
      limits: { maxBytes: 10_000_000, maxSeconds: 20 },
      outDir: join(dir, 'vorbis'),
    });
    expect(result.parts.length).toBeGreaterThanOrEqual(3);
    for (const part of result.parts) {
      expect(part.filename.endsWith('.ogg')).toBe(true);
      expect((await readTrack(part.path)).codec).toBe('vorbis');
      expect(part.endSec - part.startSec).toBeLessThan(20);
    }
    expect(result.parts.at(-1)!.endSec).toBeCloseTo(60, 1);
  });
});
