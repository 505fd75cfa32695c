// Speech in the compressed formats, written by hand without an encoder library:
// - flac: real and lossless (verbatim subframes), so it carries the same tone as wav/pcm;
// - mp3, opus (Ogg), aac (ADTS): real, decodable streams of the right duration, but silent, because
//   encoding a tone would need a real psychoacoustic encoder. Players and waveforms see valid files.

/** FLAC, 16-bit mono, one verbatim subframe per block of 4096 samples. */
export function flacFile(pcm: Buffer, sampleRate: number): Buffer {
  const samples = pcm.length / 2;
  const blockSize = 4096;
  const info = Buffer.alloc(34);
  info.writeUInt16BE(blockSize, 0);
  info.writeUInt16BE(blockSize, 2);
  // bytes 4..9: min/max frame size unknown (0). Then 20 bits rate, 3 bits channels-1, 5 bits bps-1, 36 bits samples.
  const packed = (BigInt(sampleRate) << 44n) | (0n << 41n) | (15n << 36n) | BigInt(samples);
  info.writeBigUInt64BE(packed, 10);
  // bytes 18..33: MD5 of the audio, zero meaning "not computed" (allowed by the format).
  const header = Buffer.concat([Buffer.from('fLaC', 'latin1'), Buffer.from([0x80, 0x00, 0x00, 34]), info]);
  const frames: Buffer[] = [header];
  for (let first = 0, number = 0; first < samples; first += blockSize, number += 1) {
    const count = Math.min(blockSize, samples - first);
    const head = [0xff, 0xf8];
    // Block size: code 12 = 4096, else code 7 = "16-bit (size-1) follows". Rate code 7 = 24 kHz (else from STREAMINFO).
    const sizeCode = count === blockSize ? 0x0c : 0x07;
    head.push((sizeCode << 4) | (sampleRate === 24_000 ? 0x07 : 0x00));
    head.push(0x08); // mono, 16 bits per sample
    head.push(...utf8Number(number));
    if (sizeCode === 0x07) head.push(((count - 1) >> 8) & 0xff, (count - 1) & 0xff);
    head.push(crc8(head));
    const body = Buffer.alloc(1 + count * 2);
    body[0] = 0x02; // verbatim subframe, no wasted bits
    for (let i = 0; i < count; i += 1) body.writeInt16BE(pcm.readInt16LE((first + i) * 2), 1 + i * 2);
    const frame = Buffer.concat([Buffer.from(head), body, Buffer.alloc(2)]);
    frame.writeUInt16BE(crc16(frame.subarray(0, frame.length - 2)), frame.length - 2);
    frames.push(frame);
  }
  return Buffer.concat(frames);
}

/** FLAC frame numbers use UTF-8's variable-length coding. */
function utf8Number(n: number): number[] {
  if (n < 0x80) return [n];
  if (n < 0x800) return [0xc0 | (n >> 6), 0x80 | (n & 0x3f)];
  if (n < 0x10000) return [0xe0 | (n >> 12), 0x80 | ((n >> 6) & 0x3f), 0x80 | (n & 0x3f)];
  return [0xf0 | (n >> 18), 0x80 | ((n >> 12) & 0x3f), 0x80 | ((n >> 6) & 0x3f), 0x80 | (n & 0x3f)];
}

function crc8(bytes: number[]): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
  }
  return crc;
}

function crc16(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x8005) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

/** MPEG-2 Layer III, 24 kHz mono, 32 kbit/s: 96-byte frames of 576 samples whose zero side info decodes to silence. */
export function silentMp3(seconds: number): Buffer {
  const frames = Math.max(1, Math.ceil((seconds * 24_000) / 576));
  const frame = Buffer.alloc(96);
  frame.set([0xff, 0xf3, 0x44, 0xc0]);
  return Buffer.concat(Array.from({ length: frames }, () => frame));
}

/** ADTS AAC-LC, 24 kHz mono: frames of 1024 samples holding an empty channel element (silence). */
export function silentAac(seconds: number): Buffer {
  const frames = Math.max(1, Math.ceil((seconds * 24_000) / 1024));
  // SCE (tag 0), global gain 0, long window, max_sfb 0, no tools, then END.
  const payload = [0x00, 0x00, 0x00, 0x07];
  const length = 7 + payload.length;
  const frame = Buffer.from([
    0xff,
    0xf1, // MPEG-4, no CRC
    (1 << 6) | (6 << 2) | 0, // AAC LC, 24 kHz, channel config high bit 0
    (1 << 6) | ((length >> 11) & 0x03), // mono
    (length >> 3) & 0xff,
    ((length & 0x07) << 5) | 0x1f, // buffer fullness 0x7ff (variable rate)
    0xfc,
    ...payload,
  ]);
  return Buffer.concat(Array.from({ length: frames }, () => frame));
}

/** Ogg Opus, mono: 20 ms CELT packets that decode to silence (the well-known F8 FF FE frame). */
export function silentOpus(seconds: number, inputRate: number): Buffer {
  const serial = 0x46414b45;
  const head = Buffer.alloc(19);
  head.write('OpusHead', 0, 'latin1');
  head[8] = 1; // version
  head[9] = 1; // channels
  head.writeUInt16LE(312, 10); // pre-skip
  head.writeUInt32LE(inputRate, 12);
  const vendor = Buffer.from('gateway-studio fake gateway', 'utf8');
  const tags = Buffer.alloc(8 + 4 + vendor.length + 4);
  tags.write('OpusTags', 0, 'latin1');
  tags.writeUInt32LE(vendor.length, 8);
  vendor.copy(tags, 12);
  const pages = [oggPage(serial, 0, 0n, 0x02, [head]), oggPage(serial, 1, 0n, 0x00, [tags])];
  const packets = Math.max(1, Math.ceil(seconds / 0.02));
  const silence = Buffer.from([0xf8, 0xff, 0xfe]);
  const perPage = 50;
  for (let done = 0, sequence = 2; done < packets; done += perPage, sequence += 1) {
    const count = Math.min(perPage, packets - done);
    const last = done + count >= packets;
    const granule = BigInt(312 + (done + count) * 960);
    pages.push(oggPage(serial, sequence, granule, last ? 0x04 : 0x00, Array(count).fill(silence)));
  }
  return Buffer.concat(pages);
}

function oggPage(
  serial: number,
  sequence: number,
  granule: bigint,
  flags: number,
  packets: Buffer[],
): Buffer {
  const lacing: number[] = [];
  for (const packet of packets) {
    let left = packet.length;
    while (left >= 255) {
      lacing.push(255);
      left -= 255;
    }
    lacing.push(left);
  }
  const header = Buffer.alloc(27 + lacing.length);
  header.write('OggS', 0, 'latin1');
  header[5] = flags;
  header.writeBigUInt64LE(granule, 6);
  header.writeUInt32LE(serial, 14);
  header.writeUInt32LE(sequence, 18);
  header[26] = lacing.length;
  header.set(lacing, 27);
  const page = Buffer.concat([header, ...packets]);
  page.writeUInt32LE(oggCrc(page), 22);
  return page;
}

let oggTable: Uint32Array | null = null;

function oggCrc(bytes: Uint8Array): number {
  if (!oggTable) {
    oggTable = new Uint32Array(256);
    for (let i = 0; i < 256; i += 1) {
      let r = i << 24;
      for (let bit = 0; bit < 8; bit += 1) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1;
      oggTable[i] = r >>> 0;
    }
  }
  let crc = 0;
  for (const byte of bytes) crc = ((crc << 8) ^ oggTable[((crc >>> 24) ^ byte) & 0xff]!) >>> 0;
  return crc;
}
