// The real IPC layer with test dependencies (temp data folder, test secret box, conf store), for unit
// tests. The browser harness builds the same layer with a page on the other end.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAppFetch } from '../../src-main/app-fetch.ts';
import { createIpcLayer } from '../../src-main/ipc/index.ts';
import type { IpcHostDeps, IpcLayer, SenderInfo } from '../../src-main/ipc/types.ts';
import { createMediaGrants } from '../../src-main/services/media-grants.ts';
import type { SecretBackend } from '../../src-main/services/secret-box.ts';
import type {
  EventName,
  Events,
  MethodInput,
  MethodName,
  MethodOutput,
  Result,
} from '../../src-preload/contract.ts';
import { createConfSettingsStore } from './conf-store.ts';
import { createTestSecretBox, type TestSecretBox } from './test-secret-box.ts';

export const APP_URL = 'http://127.0.0.1:5199/index.html';
export const TRUSTED_SENDER: SenderInfo = { ownerId: 1, knownWindow: true, topFrame: true, url: APP_URL };

export interface TestLayer {
  layer: IpcLayer;
  dataDir: string;
  secretBox: TestSecretBox;
  /** Every event the layer emitted, in order. */
  events: Array<{ ownerId: number; event: EventName; payload: Events[EventName] }>;
  /** Every result `call` returned, for leak scans. */
  results: Array<Result<unknown>>;
  call<M extends MethodName>(
    method: M,
    input: MethodInput<M>,
    sender?: SenderInfo,
  ): Promise<Result<MethodOutput<M>>>;
  /** `call`, expecting success. */
  ok<M extends MethodName>(method: M, input: MethodInput<M>): Promise<MethodOutput<M>>;
  /** Ends the layer, waits for its stores' background writes, and deletes the data folder. */
  close(): Promise<void>;
}

export function createTestLayer(
  options: { secretBackend?: SecretBackend; overrides?: Partial<IpcHostDeps> } = {},
): TestLayer {
  const dataDir = mkdtempSync(join(tmpdir(), 'gs-layer-'));
  const secretBox = createTestSecretBox(options.secretBackend ?? 'os');
  const events: TestLayer['events'] = [];
  const results: TestLayer['results'] = [];
  const layer = createIpcLayer({
    dataDir,
    secretBox,
    createSettingsStore: createConfSettingsStore,
    fetch: createAppFetch(),
    dialogs: { save: async () => null, open: async () => null },
    mediaGrants: createMediaGrants(dataDir),
    openExternal: async () => {},
    emit: (ownerId, event, payload) => events.push({ ownerId, event, payload }),
    isAppUrl: (url) => url.startsWith('http://127.0.0.1:5199/'),
    appInfo: {
      name: 'Gateway Studio',
      version: '0.0.0-test',
      platform: process.platform,
      systemLanguages: ['en-US'],
    },
    batchIntervalMs: 10,
    ...options.overrides,
  });
  const call: TestLayer['call'] = async (method, input, sender = TRUSTED_SENDER) => {
    const result = (await layer.dispatch(sender, method, input)) as Result<MethodOutput<typeof method>>;
    results.push(result);
    return result;
  };
  return {
    layer,
    dataDir,
    secretBox,
    events,
    results,
    call,
    async ok(method, input) {
      const result = await call(method, input);
      if (!result.ok) throw new Error(`${method} failed: ${result.error.code} ${result.error.message}`);
      return result.data;
    },
    async close() {
      layer.dispose();
      // The stores' indexes may still be writing (a start warms all three): a file appearing while the
      // folder is removed fails the removal with ENOTEMPTY.
      await layer.settled();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
