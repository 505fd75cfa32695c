// The layer at shutdown: `dispose` aborts every stream at once, and `writesDone` waits for what the stopped
// streams still write (a stopped reply's inspector record), so a quitting app (quit-after-work.ts) exits
// with nothing half-written. Real IPC layer, real temp data folder, the fake gateway streaming slowly.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordName } from '../../../src-main/services/inspector-detail-store.ts';
import type { StreamBatch } from '../../../src-preload/contract.ts';
import { startFakeGateway } from '../../fake-gateway/server.ts';
import type { FakeGateway } from '../../fake-gateway/types.ts';
import { createTestLayer } from '../../support/test-layer.ts';

let gateway: FakeGateway;

beforeAll(async () => {
  gateway = await startFakeGateway({ eventDelayMs: 20 });
});
afterAll(() => gateway.close());

describe('a layer disposed mid-reply', () => {
  it('aborts the upstream request, and its writes are done only once the stopped reply’s record is on disk', async () => {
    const t = createTestLayer();
    await t.ok('profiles.create', { name: 'Fake', baseUrl: gateway.baseUrl, apiKey: gateway.apiKey });
    gateway.setChatReply({ text: 'word '.repeat(400), chunkSize: 2 });
    const { streamId } = await t.ok('chat.responses', {
      request: { model: 'gpt-5-mini', input: 'A long one, please' },
      stream: true,
      keepDetailAs: { id: 'conv-quit', messageId: 'a-quit' },
    });
    const delivered = () =>
      t.events.filter((e) => e.event === 'stream.batch' && (e.payload as StreamBatch).streamId === streamId);
    await expect.poll(() => delivered().length).toBeGreaterThan(0);

    t.layer.dispose();
    await t.layer.writesDone();

    const folder = join(t.dataDir, 'inspector', 'conv-quit');
    expect(readdirSync(folder)).toEqual([recordName('a-quit')]);
    const record = JSON.parse(readFileSync(join(folder, recordName('a-quit')), 'utf8'));
    expect(record).toMatchObject({ messageId: 'a-quit', detail: { request: { method: 'POST' } } });
    await expect.poll(() => gateway.activeRequests).toBe(0);
    await t.close();
    expect(existsSync(t.dataDir)).toBe(false);
  });
});
