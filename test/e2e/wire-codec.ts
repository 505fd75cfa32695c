// The Node half of the byte wrapping described in page-bridge.ts.

export function wrapBytes(value: unknown): unknown {
  if (value instanceof Uint8Array) return { __gsBytes: Buffer.from(value).toString('base64') };
  if (Array.isArray(value)) return value.map(wrapBytes);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) if (item !== undefined) out[key] = wrapBytes(item);
    return out;
  }
  return value;
}

export function unwrapBytes(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(unwrapBytes);
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record.__gsBytes === 'string' && Object.keys(record).length === 1) {
      // A plain Uint8Array, as structured clone would deliver it in Electron (not a Buffer).
      return new Uint8Array(Buffer.from(record.__gsBytes, 'base64'));
    }
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(record)) out[key] = unwrapBytes(item);
    return out;
  }
  return value;
}

/** Replaces every occurrence of `from` at the start of a string anywhere in a value. */
export function rewriteStrings(value: unknown, from: string, to: string): unknown {
  if (typeof value === 'string') return value.startsWith(from) ? to + value.slice(from.length) : value;
  if (Array.isArray(value)) return value.map((item) => rewriteStrings(item, from, to));
  if (value && typeof value === 'object' && !(value instanceof Uint8Array)) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = rewriteStrings(item, from, to);
    return out;
  }
  return value;
}
