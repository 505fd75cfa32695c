// The page half of the test bridge: installed with `addInitScript` before any app script runs, it puts a
// `Bridge` (src-preload/contract.ts) on `window.gatewayStudio`, as the preload does in Electron.
//
// Playwright carries values between Node and the page as JSON, which cannot hold a Uint8Array (recorded
// audio), so both directions wrap bytes as `{ __gsBytes: <base64> }` and unwrap them on arrival.
// This function is serialised into the page: it may use nothing from outside its own body.

export const INVOKE_BINDING = '__gsInvoke';
export const DELIVER_FUNCTION = '__gsDeliver';

export function installPageBridge(names: { bridgeKey: string; invoke: string; deliver: string }): void {
  type Listener = (payload: unknown) => void;
  const listeners = new Map<string, Set<Listener>>();

  const toBase64 = (bytes: Uint8Array): string => {
    let text = '';
    for (let i = 0; i < bytes.length; i += 0x8000) {
      text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    }
    return btoa(text);
  };
  // A plain loop: `Uint8Array.from(text, map)` makes a one-character string per byte (~35× slower).
  const fromBase64 = (text: string): Uint8Array => {
    const binary = atob(text);
    const bytes = new Uint8Array(binary.length);
    for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
    return bytes;
  };

  const wrap = (value: unknown): unknown => {
    if (value instanceof Uint8Array) return { __gsBytes: toBase64(value) };
    if (value instanceof ArrayBuffer) return { __gsBytes: toBase64(new Uint8Array(value)) };
    if (Array.isArray(value)) return value.map(wrap);
    if (value && typeof value === 'object') {
      const out: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(value)) if (item !== undefined) out[key] = wrap(item);
      return out;
    }
    return value;
  };
  const unwrap = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(unwrap);
    if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      if (typeof record.__gsBytes === 'string' && Object.keys(record).length === 1)
        return fromBase64(record.__gsBytes);
      const out: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(record)) out[key] = unwrap(item);
      return out;
    }
    return value;
  };

  const invokeNode = (window as unknown as Record<string, (json: string) => Promise<string>>)[names.invoke];
  let crossings = 0;
  const bridge = {
    async invoke(method: string, input: unknown) {
      // What Electron's IPC does in the calling task: the arguments are serialized with the Structured
      // Clone Algorithm (docs/api/ipc-renderer.md, `ipcRenderer.invoke`); what cannot be cloned throws.
      structuredClone(input);
      // The rest is this harness's own way across (JSON, a Playwright binding): 50 ms and more for a
      // comparison of four 200 KB replies, where Electron's copy is the clone above. Marked, so that a
      // bench leaves it out of the app's time (bench/support/main-thread-trace.ts).
      const crossing = ++crossings;
      performance.mark(`gs-bridge-start:${crossing}`);
      const message = input === undefined ? { method } : { method, input: wrap(input) };
      const sent = invokeNode!(JSON.stringify(message));
      performance.mark(`gs-bridge-end:${crossing}`);
      return unwrap(JSON.parse(await sent));
    },
    on(event: string, listener: Listener) {
      let set = listeners.get(event);
      if (!set) {
        set = new Set();
        listeners.set(event, set);
      }
      set.add(listener);
      return () => {
        set.delete(listener);
      };
    },
    // A browser page has no file paths; dropped files travel as bytes instead.
    pathForFile: () => '',
  };
  Object.defineProperty(window, names.bridgeKey, { value: Object.freeze(bridge), enumerable: true });
  Object.defineProperty(window, names.deliver, {
    value: (event: string, json: string) => {
      // Most events carry no bytes: their parsed JSON is used as is, without a second walk over it (a
      // reply's last batch is hundreds of KB; Electron's IPC makes one pass, not two).
      const parsed: unknown = JSON.parse(json);
      const payload = json.includes('"__gsBytes"') ? unwrap(parsed) : parsed;
      for (const listener of [...(listeners.get(event) ?? [])]) {
        try {
          listener(payload);
        } catch (error) {
          console.error(error);
        }
      }
    },
  });
}
