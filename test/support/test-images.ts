// Small images made in the test, so no binary fixture is committed: a real PNG (a browser shows it) and
// the signatures of the other types main accepts (enough for main, which looks only at the first bytes).
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** CRC-32 as PNG chunks use it (ISO 3309; PNG spec §5.5). */
function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A `width`×`height` RGB PNG: a diagonal blend from `from` to `to` (so two images look different on a
 * screenshot). PNG spec: IHDR (8-bit, colour type 2), one filter byte (0) per row, zlib-deflated IDAT.
 */
export function pngImage(
  width = 48,
  height = 32,
  from: [number, number, number] = [37, 99, 235],
  to: [number, number, number] = [16, 185, 129],
): Uint8Array {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) {
      const t = (x + y) / Math.max(1, width + height - 2);
      for (let c = 0; c < 3; c++) {
        rows[row + 1 + x * 3 + c] = Math.round((from[c] as number) * (1 - t) + (to[c] as number) * t);
      }
    }
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new Uint8Array(
    Buffer.concat([
      signature,
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(rows)),
      chunk('IEND', new Uint8Array()),
    ]),
  );
}

/** The start of a JPEG (SOI + APP0 "JFIF"), a GIF89a and a RIFF/WEBP file, padded to `size` bytes. */
export function signatureOnly(type: 'jpeg' | 'gif' | 'webp', size = 64): Uint8Array {
  const start: Record<typeof type, number[]> = {
    jpeg: [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, ...Buffer.from('JFIF\0')],
    gif: [...Buffer.from('GIF89a'), 1, 0, 1, 0],
    webp: [...Buffer.from('RIFF'), 0x24, 0, 0, 0, ...Buffer.from('WEBPVP8 ')],
  };
  const bytes = new Uint8Array(Math.max(size, start[type].length));
  bytes.set(start[type]);
  return bytes;
}
