// Every app icon from one source, resources/icon.svg: PNGs in each size (Linux, and the pieces of the
// others), a Windows .ico and a macOS .icns. electron-builder would convert a single PNG itself, but only
// with an icon tool it downloads from GitHub at package time; made here, the icons can be checked on any
// machine (test/unit/packaging/icons.test.ts) and the build needs no such download.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';

export const ICON_SOURCE = join(import.meta.dirname, '../../resources/icon.svg');

/** Freedesktop's usual sizes up to 512, and 1024 for macOS' 512@2x. */
export const PNG_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024];

/** Windows shows 16–48 in lists and Explorer, 256 in large views; an .ico entry is at most 256. */
export const ICO_SIZES = [16, 24, 32, 48, 64, 128, 256];

/**
 * The .icns entries that hold PNG data, by type: each type is one pixel size (Apple's icns format;
 * `ic11`–`ic14` are the @2x variants of 16, 32, 128 and 256).
 */
export const ICNS_TYPES = {
  icp4: 16,
  icp5: 32,
  ic11: 32,
  icp6: 64,
  ic12: 64,
  ic07: 128,
  ic13: 256,
  ic08: 256,
  ic14: 512,
  ic09: 512,
  ic10: 1024,
};

export function renderPng(svg, size) {
  return Buffer.from(new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng());
}

/** An .ico whose entries are PNGs (Windows Vista and later read them): a directory, then the images. */
export function encodeIco(images) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // 1 = icon
  header.writeUInt16LE(images.length, 4);
  const directory = Buffer.alloc(16 * images.length);
  let offset = header.length + directory.length;
  images.forEach(({ size, png }, index) => {
    const at = index * 16;
    directory.writeUInt8(size >= 256 ? 0 : size, at); // 0 means 256
    directory.writeUInt8(size >= 256 ? 0 : size, at + 1);
    directory.writeUInt8(0, at + 2); // no palette
    directory.writeUInt8(0, at + 3);
    directory.writeUInt16LE(1, at + 4); // colour planes
    directory.writeUInt16LE(32, at + 6); // bits per pixel
    directory.writeUInt32LE(png.length, at + 8);
    directory.writeUInt32LE(offset, at + 12);
    offset += png.length;
  });
  return Buffer.concat([header, directory, ...images.map(({ png }) => png)]);
}

/** An .icns: `icns` and the total length, then each entry as its type, its length (header included), its PNG. */
export function encodeIcns(entries) {
  const parts = entries.map(({ type, png }) => {
    const head = Buffer.alloc(8);
    head.write(type, 0, 'latin1');
    head.writeUInt32BE(png.length + 8, 4);
    return Buffer.concat([head, png]);
  });
  const body = Buffer.concat(parts);
  const head = Buffer.alloc(8);
  head.write('icns', 0, 'latin1');
  head.writeUInt32BE(body.length + 8, 4);
  return Buffer.concat([head, body]);
}

/**
 * Writes `png/<N>x<N>.png` for each size (the folder electron-builder's Linux targets take), `icon.ico`
 * and `icon.icns` into `outDir`; returns their paths.
 */
export function writeIcons(outDir, source = ICON_SOURCE) {
  const svg = readFileSync(source);
  const pngs = new Map(PNG_SIZES.map((size) => [size, renderPng(svg, size)]));
  const pngDir = join(outDir, 'png');
  mkdirSync(pngDir, { recursive: true });
  for (const [size, png] of pngs) writeFileSync(join(pngDir, `${size}x${size}.png`), png);
  const ico = join(outDir, 'icon.ico');
  writeFileSync(ico, encodeIco(ICO_SIZES.map((size) => ({ size, png: pngs.get(size) }))));
  const icns = join(outDir, 'icon.icns');
  writeFileSync(
    icns,
    encodeIcns(Object.entries(ICNS_TYPES).map(([type, size]) => ({ type, png: pngs.get(size) }))),
  );
  return { pngDir, ico, icns };
}
