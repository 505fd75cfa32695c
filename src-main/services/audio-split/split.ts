// Cuts a long recording into parts under the upload limit and the per-part duration, each cut in the quietest
// stretch of a window before the part's limit, copying packets (PCM samples, MP3 frames, AAC/Opus/Vorbis/FLAC
// packets) without re-encoding. One pass over the file; only the last search window's packets are held.
import { mkdir, rm, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { EncodedPacket, EncodedPacketSink } from 'mediabunny';
import { PartWriter } from './part-writer.ts';
import { quietestMiddle } from './quiet.ts';
import { describeSource, openInput, type SourceAudio } from './source.ts';
import type { AudioPart, SplitOptions, SplitResult } from './types.ts';
import { measureWindow } from './window-levels.ts';

/** The search window before a part's limit: its last 15 %, at most 30 s. */
const MAX_WINDOW_SECONDS = 30;
const WINDOW_SHARE = 0.15;
/** Container bytes outside the packets (RIFF/ID3/Xing/EBML/moov headers) the budget reserves per part. */
const FIXED_OVERHEAD_BYTES = 4096;
/** Margin under the byte limit: multipart framing, an estimate that is a little off. */
const MARGIN_SHARE = 0.005;
const MIN_MARGIN_BYTES = 16 * 1024;
const PROGRESS_INTERVAL_MS = 100;
const SECONDS_EPSILON = 1e-6;

interface Queued {
  packet: EncodedPacket;
  /** On the original timeline, in seconds. */
  timestamp: number;
}

export async function splitAudio(path: string, options: SplitOptions): Promise<SplitResult> {
  const { limits, outDir, signal } = options;
  if (!(limits.maxBytes > 0) || !(limits.maxSeconds > 0))
    throw new Error('The split limits must be positive (bytes and seconds).');
  signal?.throwIfAborted();
  await mkdir(outDir, { recursive: true });
  const input = openInput(path);
  const splitter = new Splitter(options);
  try {
    const source = await describeSource(input, path);
    const parts = await splitter.run(source);
    return { durationSec: parts.at(-1)!.endSec, parts, method: 'copy', quietSearch: source.decodable };
  } catch (error) {
    await splitter.discardAll();
    if (signal?.aborted) throw signal.reason;
    if (error instanceof Error && error.message.includes(basename(path))) throw error;
    throw new Error(
      `Could not split ${basename(path)}: ${error instanceof Error ? error.message : String(error)}`,
    );
  } finally {
    input.dispose();
  }
}

class Splitter {
  private source!: SourceAudio;
  private writer: PartWriter | null = null;
  private readonly files: string[] = [];
  private readonly parts: AudioPart[] = [];
  private queue: Queued[] = [];
  private queuedBytes = 0;
  private partStart = 0;
  private lastProgress = 0;
  private progressSec = 0;
  private readonly byteBudget: number;

  constructor(private readonly options: SplitOptions) {
    const margin = Math.max(MIN_MARGIN_BYTES, options.limits.maxBytes * MARGIN_SHARE);
    this.byteBudget = options.limits.maxBytes - margin - FIXED_OVERHEAD_BYTES;
  }

  async run(source: SourceAudio): Promise<AudioPart[]> {
    this.source = source;
    const signal = this.options.signal;
    // A packet's end is where the next one starts: some demuxers report a duration of 0 for the last block of
    // a WebM cluster, so each packet is placed once its successor is known.
    let pending: EncodedPacket | null = null;
    for await (const packet of new EncodedPacketSink(source.track).packets()) {
      signal?.throwIfAborted();
      if (pending)
        await this.place(pending, Math.max(pending.timestamp + pending.duration, packet.timestamp));
      pending = packet;
      this.progress(packet.timestamp, false);
    }
    if (!pending) throw new Error('it holds no audio.');
    const end = Math.max(pending.timestamp + pending.duration, source.durationSec);
    await this.place(pending, end);
    while (this.queue.length > 0) await this.writeHead();
    await this.finishPart(end);
    return this.parts;
  }

  /** Puts a packet (ending at `endSec` on the original timeline) into the current part, first cutting if needed. */
  private async place(packet: EncodedPacket, endSec: number): Promise<void> {
    const timestamp = packet.timestamp;
    if (!this.writer) this.beginPart(timestamp);
    while (!this.fits(packet, endSec)) {
      if (this.writer!.packets + this.queue.length === 0)
        throw new Error('one audio packet alone is larger than the upload limit.');
      await this.cutBefore(timestamp);
    }
    this.queue.push({ packet, timestamp });
    this.queuedBytes += packet.byteLength;
    // Packets older than the longest window can no longer be in a search window: write them out now.
    while (this.queue.length > 0 && this.queue[0]!.timestamp < timestamp - MAX_WINDOW_SECONDS - 1)
      await this.writeHead();
  }

  /** Removes every file this split wrote (after an abort or a failure nothing half-made is left). */
  async discardAll(): Promise<void> {
    await this.writer?.discard();
    await Promise.all(this.files.map((file) => rm(file, { force: true })));
  }

  /** Whether the current part, with `packet` added, stays under both limits. */
  private fits(packet: EncodedPacket, endSec: number): boolean {
    const writer = this.writer!;
    const packets = writer.packets + this.queue.length + 1;
    const bytes =
      writer.bytes + this.queuedBytes + packet.byteLength + packets * this.source.partFormat.bytesPerPacket;
    // The epsilon keeps "strictly under" true after floating-point sums of packet durations.
    const seconds = endSec - this.partStart;
    return bytes < this.byteBudget && seconds < this.options.limits.maxSeconds - SECONDS_EPSILON;
  }

  /** Ends the current part at the quietest point before `limitSec` (where the next packet would not fit). */
  private async cutBefore(limitSec: number): Promise<void> {
    const cut = await this.chooseCut(limitSec);
    const { frameBytes, sampleRate } = this.source;
    while (this.queue.length > 0) {
      const head = this.queue[0]!;
      if (frameBytes !== null) {
        const headFrame = Math.round(head.timestamp * sampleRate);
        const headFrames = head.packet.byteLength / frameBytes;
        const cutFrame = Math.round(cut * sampleRate);
        if (headFrame >= cutFrame) break;
        if (headFrame + headFrames > cutFrame) {
          // PCM is cut at the exact sample: the packet's first half ends this part, its rest starts the next.
          const split = (cutFrame - headFrame) * frameBytes;
          const data = head.packet.data;
          const firstFrames = cutFrame - headFrame;
          const first = new EncodedPacket(
            data.subarray(0, split),
            'key',
            head.timestamp,
            firstFrames / sampleRate,
          );
          const rest = new EncodedPacket(
            data.subarray(split),
            'key',
            cut,
            (headFrames - firstFrames) / sampleRate,
          );
          this.queue[0] = { packet: rest, timestamp: cut };
          this.queuedBytes -= split;
          await this.writer!.add(first, head.timestamp);
          break;
        }
      } else if (head.timestamp >= cut) break;
      await this.writeHead();
    }
    await this.finishPart(cut);
    this.beginPart(cut);
  }

  /**
   * The cut: the middle of the quietest run in the window before the limit, moved onto a sample (PCM) or the
   * nearest packet boundary (compressed). Without a decoder, the limit itself (the last packet that fits).
   */
  private async chooseCut(limitSec: number): Promise<number> {
    const windowSec = Math.min(MAX_WINDOW_SECONDS, WINDOW_SHARE * (limitSec - this.partStart));
    if (!this.source.decodable || windowSec <= 0) return limitSec;
    const windowStart = limitSec - windowSec;
    const { levels, frameSec } = await measureWindow(
      this.source.track,
      windowStart,
      limitSec,
      this.options.signal,
    );
    const quiet = Math.min(limitSec, windowStart + quietestMiddle(levels) * frameSec);
    if (this.source.frameBytes !== null) {
      const frame = Math.round(quiet * this.source.sampleRate);
      const startFrame = Math.round(this.partStart * this.source.sampleRate);
      return Math.max(startFrame + 1, frame) / this.source.sampleRate;
    }
    let best = limitSec;
    for (const { timestamp } of this.queue)
      if (timestamp > this.partStart && Math.abs(timestamp - quiet) < Math.abs(best - quiet))
        best = timestamp;
    return best;
  }

  private beginPart(startSec: number): void {
    const index = this.parts.length;
    const filename = `part-${String(index + 1).padStart(3, '0')}${this.source.partFormat.extension}`;
    const path = join(this.options.outDir, filename);
    this.files.push(path);
    this.partStart = startSec;
    this.writer = new PartWriter(path, this.source.partFormat, this.source.codec, startSec, this.source.meta);
  }

  private async finishPart(endSec: number): Promise<void> {
    const writer = this.writer!;
    await writer.finish();
    const { size } = await stat(writer.path);
    if (size >= this.options.limits.maxBytes)
      throw new Error(
        `part ${this.parts.length + 1} came out at ${size} bytes, over the ${this.options.limits.maxBytes}-byte limit.`,
      );
    this.parts.push({
      index: this.parts.length,
      startSec: this.partStart,
      endSec,
      path: writer.path,
      filename: basename(writer.path),
      size,
    });
    this.writer = null;
    this.progress(endSec, true);
  }

  private async writeHead(): Promise<void> {
    const head = this.queue.shift()!;
    this.queuedBytes -= head.packet.byteLength;
    await this.writer!.add(head.packet, head.timestamp);
  }

  private progress(doneSec: number, force: boolean): void {
    const onProgress = this.options.onProgress;
    if (!onProgress) return;
    // Never backwards: a cut lands a little before the packet last reported.
    this.progressSec = Math.min(Math.max(this.progressSec, doneSec), this.source.durationSec);
    const now = performance.now();
    if (!force && now - this.lastProgress < PROGRESS_INTERVAL_MS) return;
    this.lastProgress = now;
    onProgress(this.progressSec, this.source.durationSec);
  }
}
