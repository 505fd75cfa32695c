// Node's half of the page wire (page-runtime.ts has the page's): Playwright bindings and evaluate()
// carry JSON text, which has no bytes and no `undefined`; structured clone, which Electron's IPC uses,
// keeps both. So both sides mark them: `{ __gsBytes: base64 }` and `{ __gsUndefined: 1 }`.

export function toWire(value: unknown): unknown {
  if (value === undefined) return { __gsUndefined: 1 };
  if (value instanceof Uint8Array) return { __gsBytes: Buffer.from(value).toString('base64') };
  if (Array.isArray(value)) return value.map(toWire);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = toWire(item);
    return out;
  }
  return value;
}

export function fromWire(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(fromWire);
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record);
    if (keys.length === 1 && record.__gsUndefined === 1) return undefined;
    // A plain Uint8Array, as structured clone delivers a Buffer (ELECTRON.md §9).
    if (keys.length === 1 && typeof record.__gsBytes === 'string')
      return new Uint8Array(Buffer.from(record.__gsBytes, 'base64'));
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(record)) out[key] = fromWire(item);
    return out;
  }
  return value;
}
