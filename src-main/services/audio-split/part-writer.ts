// Writes one part file through mediabunny's FilePathTarget: packets go to disk as they come (no part is
// assembled in memory), with timestamps shifted so the part starts at 0.
import { rm } from 'node:fs/promises';
import {
  type AudioCodec,
  EncodedAudioPacketSource,
  type EncodedPacket,
  FilePathTarget,
  Output,
} from 'mediabunny';
import type { PartFormat } from './formats.ts';

/** The codec header (decoder config) a part's first packet carries. */
export type PacketMeta = NonNullable<Parameters<EncodedAudioPacketSource['add']>[1]>;

/** Bytes buffered before a write to disk: mediabunny's default (16 MiB) would dominate the process's memory. */
const TARGET_CHUNK_BYTES = 1024 * 1024;

export class PartWriter {
  private readonly output: Output;
  private readonly source: EncodedAudioPacketSource;
  private started = false;
  private metaSent = false;
  /** Packet bytes written so far. */
  bytes = 0;
  packets = 0;

  constructor(
    readonly path: string,
    format: PartFormat,
    codec: AudioCodec,
    /** Original time of the part's first sample: subtracted from every timestamp. */
    readonly startSec: number,
    private readonly meta: PacketMeta,
  ) {
    this.output = new Output({
      format: format.create(),
      target: new FilePathTarget(path, { chunked: true, chunkSize: TARGET_CHUNK_BYTES }),
    });
    this.source = new EncodedAudioPacketSource(codec);
    this.output.addAudioTrack(this.source);
  }

  /** Adds a packet whose timestamp is on the original timeline. */
  async add(packet: EncodedPacket, originalTimestamp: number): Promise<void> {
    if (!this.started) {
      await this.output.start();
      this.started = true;
    }
    const shifted = packet.clone({ timestamp: Math.max(0, originalTimestamp - this.startSec) });
    await this.source.add(shifted, this.metaSent ? undefined : this.meta);
    this.metaSent = true;
    this.bytes += packet.byteLength;
    this.packets += 1;
  }

  async finish(): Promise<void> {
    this.source.close();
    await this.output.finalize();
  }

  /** Stops writing and removes whatever reached the disk. */
  async discard(): Promise<void> {
    if (this.output.state !== 'finalized' && this.output.state !== 'canceled')
      await this.output.cancel().catch(() => undefined);
    await rm(this.path, { force: true });
  }
}
