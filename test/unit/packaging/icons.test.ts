// Issue 18, item 1: app icons in every size from the one source, resources/icon.svg. The files are made
// as `npm run dist` makes them, then read back as the OS would: PNG headers, the .ico directory, the
// .icns entries — each must hold a PNG of the size it claims.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import config, { ICONS_DIR } from '../../../scripts/packaging/electron-builder.config.mjs';
import { ICNS_TYPES, ICO_SIZES, PNG_SIZES, writeIcons } from '../../../scripts/packaging/icons.mjs';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from a PNG's IHDR chunk (right after the signature). */
function pngSize(png: Buffer): [number, number] {
  expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  return [png.readUInt32BE(16), png.readUInt32BE(20)];
}

/** The .ico directory: each entry's declared size and its image (Microsoft's ICONDIR / ICONDIRENTRY). */
function readIco(ico: Buffer): Array<{ size: number; png: Buffer }> {
  expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1]);
  return Array.from({ length: ico.readUInt16LE(4) }, (_, index) => {
    const at = 6 + index * 16;
    const size = ico.readUInt8(at) || 256;
    expect(ico.readUInt8(at + 1) || 256).toBe(size);
    const length = ico.readUInt32LE(at + 8);
    const offset = ico.readUInt32LE(at + 12);
    return { size, png: ico.subarray(offset, offset + length) };
  });
}

/** The .icns entries: a type and a big-endian length that includes its 8-byte header. */
function readIcns(icns: Buffer): Array<{ type: string; png: Buffer }> {
  expect(icns.toString('latin1', 0, 4)).toBe('icns');
  expect(icns.readUInt32BE(4)).toBe(icns.length);
  const entries: Array<{ type: string; png: Buffer }> = [];
  for (let at = 8; at < icns.length; ) {
    const length = icns.readUInt32BE(at + 4);
    entries.push({ type: icns.toString('latin1', at, at + 4), png: icns.subarray(at + 8, at + length) });
    at += length;
  }
  return entries;
}

describe('app icons from resources/icon.svg (issue 18, item 1)', () => {
  let dir: string;
  let made: ReturnType<typeof writeIcons>;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'gs-icons-'));
    made = writeIcons(dir);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a PNG in every size, 16 to 1024, each as large as its name says', () => {
    const names = readdirSync(made.pngDir).sort((a, b) => Number.parseInt(a, 10) - Number.parseInt(b, 10));
    expect(names).toEqual(PNG_SIZES.map((size) => `${size}x${size}.png`));
    expect(PNG_SIZES).toEqual(expect.arrayContaining([16, 32, 48, 128, 256, 512, 1024]));
    for (const size of PNG_SIZES) {
      expect(pngSize(readFileSync(join(made.pngDir, `${size}x${size}.png`)))).toEqual([size, size]);
    }
  });

  it('a Windows .ico holding 16 to 256, each entry a PNG of its size', () => {
    const entries = readIco(readFileSync(made.ico));
    expect(entries.map((entry) => entry.size)).toEqual(ICO_SIZES);
    expect(ICO_SIZES).toEqual(expect.arrayContaining([16, 32, 48, 256]));
    for (const { size, png } of entries) expect(pngSize(png)).toEqual([size, size]);
  });

  it('a macOS .icns with every size up to 512@2x, each entry a PNG of the size its type means', () => {
    const entries = readIcns(readFileSync(made.icns));
    expect(entries.map((entry) => entry.type)).toEqual(Object.keys(ICNS_TYPES));
    // Apple's types: ic07 128, ic08 256, ic09 512, ic10 1024 (512@2x), ic11–ic14 the @2x of 16/32/128/256.
    expect(ICNS_TYPES).toMatchObject({ ic07: 128, ic08: 256, ic09: 512, ic10: 1024, ic11: 32, ic14: 512 });
    for (const { type, png } of entries) {
      const size = ICNS_TYPES[type] as number;
      expect(pngSize(png)).toEqual([size, size]);
    }
  });

  it('the configuration points each OS at the icons made here', () => {
    expect(config.mac?.icon).toBe(`${ICONS_DIR}/icon.icns`);
    expect(config.win?.icon).toBe(`${ICONS_DIR}/icon.ico`);
    expect(config.linux?.icon).toBe(`${ICONS_DIR}/png`);
    expect(
      made.icns.endsWith('icon.icns') && made.ico.endsWith('icon.ico') && made.pngDir.endsWith('png'),
    ).toBe(true);
  });
});
