// Types for icons.mjs.
export declare const ICON_SOURCE: string;
export declare const PNG_SIZES: number[];
export declare const ICO_SIZES: number[];
export declare const ICNS_TYPES: Record<string, number>;
export declare function renderPng(svg: Buffer, size: number): Buffer;
export declare function encodeIco(images: Array<{ size: number; png: Buffer }>): Buffer;
export declare function encodeIcns(entries: Array<{ type: string; png: Buffer }>): Buffer;
export declare function writeIcons(
  outDir: string,
  source?: string,
): { pngDir: string; ico: string; icns: string };
