// What every part of the Electron double shares: the link to the renderer host (the test process that
// drives Chromium), the records the test asserts on, and the rule that destroyed objects throw.
import type { DoubleRecord, HostQuestion, HostToMain, MainToHost } from '../link-messages.ts';

type Listener = (message: HostToMain) => void;
const listeners = new Set<Listener>();
const pendingAnswers = new Map<number, (value: unknown) => void>();
let nextRequestId = 1;

/** Wall-clock ms with sub-ms precision, comparable with the test process's own `Date.now()`. */
export const now = (): number => performance.timeOrigin + performance.now();

export function post(message: MainToHost): void {
  if (process.connected) process.send?.(message);
}

export function record(entry: DoubleRecord): void {
  post({ kind: 'record', entry });
}

export function lifecycle(event: string, detail?: unknown): void {
  record({ type: 'lifecycle', event, at: now(), ...(detail === undefined ? {} : { detail }) });
}

/** Asks the test a question a person would answer (a native dialog); resolves with its answer. */
export function ask(what: HostQuestion): Promise<unknown> {
  const requestId = nextRequestId++;
  return new Promise((resolve) => {
    pendingAnswers.set(requestId, resolve);
    post({ kind: 'request', requestId, what });
  });
}

export function onHostMessage(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

process.on('message', (raw) => {
  const message = raw as HostToMain;
  if (message.kind === 'answer') {
    pendingAnswers.get(message.requestId)?.(message.value);
    pendingAnswers.delete(message.requestId);
    return;
  }
  for (const listener of listeners) listener(message);
});

// The test that started this "app" is gone: nothing can show its windows any more.
process.on('disconnect', () => process.exit(0));

/**
 * Playwright's serialiser, which carries IPC payloads to and from the page, drops Map and Set (Electron's
 * structured clone keeps them). The contract has none; a payload with one fails loudly here rather than
 * arrive different.
 */
export function assertCarried(value: unknown, seen = new Set<unknown>()): void {
  if (value === null || typeof value !== 'object' || seen.has(value)) return;
  seen.add(value);
  if (value instanceof Map || value instanceof Set) {
    throw new Error('The Electron double cannot carry a Map or Set to the page (see page-runtime.ts).');
  }
  if (ArrayBuffer.isView(value)) return;
  for (const item of Object.values(value)) assertCarried(item, seen);
}

/** Electron's event object: `preventDefault()`, `defaultPrevented`, and the sender where there is one. */
export function electronEvent(sender?: unknown) {
  let prevented = false;
  return {
    sender,
    preventDefault() {
      prevented = true;
    },
    get defaultPrevented() {
      return prevented;
    },
  };
}

/** Electron's error for any method of a destroyed window or webContents (S gin_helper function_template.h). */
export function destroyedError(): TypeError {
  return new TypeError('Object has been destroyed');
}

let ready = false;
export const readiness = {
  get isReady(): boolean {
    return ready;
  },
  markReady(): void {
    ready = true;
  },
};

/** The platform the double plays; `process.platform` is set from it before the app loads (bootstrap.ts). */
export const platform = (): NodeJS.Platform => process.platform;
