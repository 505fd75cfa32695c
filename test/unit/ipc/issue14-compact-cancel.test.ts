// Issue 14, item 25: a compaction could not be cancelled and outlived its window. It now runs owned by
// its window like a stream: the user can cancel it (`chat.cancelCompact`), and a window that navigates,
// crashes (`abortOwnerStreams`) or is destroyed (`closeOwner`) takes its compaction down with it: the
// upstream request is closed and the call answers `aborted` at once.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CompactRequest } from '../../../src-preload/contract.ts';
import { startFakeGateway } from '../../fake-gateway/server.ts';
import type { FakeGateway } from '../../fake-gateway/types.ts';
import { createTestLayer, type TestLayer, TRUSTED_SENDER } from '../../support/test-layer.ts';

let gateway: Required<FakeGateway>;
let t: TestLayer;

beforeAll(async () => {
  gateway = await startFakeGateway({ eventDelayMs: 2 });
});
afterAll(() => gateway.close());

beforeEach(async () => {
  gateway.reset();
  t = createTestLayer();
  await t.ok('profiles.create', { name: 'Fake', baseUrl: gateway.baseUrl, apiKey: gateway.apiKey });
});
afterEach(() => t.close());

const STALL_MS = 15_000;
const request = (callId?: string): CompactRequest => ({
  model: 'gpt-5-mini',
  input: [{ role: 'user', content: 'Remember the number 7.' }],
  ...(callId ? { callId } : {}),
});

/** Starts a compaction the gateway sits on, and waits until the gateway has it. */
async function stalledCompaction(callId?: string, sender = TRUSTED_SENDER) {
  gateway.inject({
    match: { path: '/v1/responses/compact' },
    fault: { kind: 'stall-headers', ms: STALL_MS },
  });
  const startedAt = performance.now();
  const pending = t.call('chat.compact', request(callId), sender);
  await expect
    .poll(() => gateway.requests.some((r) => r.path === '/v1/responses/compact'), { timeout: 5_000 })
    .toBe(true);
  return { pending, startedAt };
}

async function expectAbortedSoon(pending: ReturnType<typeof t.call<'chat.compact'>>, startedAt: number) {
  const result = await pending;
  expect(result.ok).toBe(false);
  if (!result.ok) expect(result.error.code).toBe('aborted');
  // Answered long before the gateway would have: the call did not wait out the stall.
  expect(performance.now() - startedAt).toBeLessThan(STALL_MS / 2);
  // And the gateway saw the request closed: nothing keeps running upstream.
  await expect.poll(() => gateway.closedByClient, { timeout: 5_000 }).toBeGreaterThanOrEqual(1);
}

describe('compaction is owned by its window', () => {
  it('the user can cancel it', async () => {
    const { pending, startedAt } = await stalledCompaction('conv-1');
    const cancel = await t.ok('chat.cancelCompact', { callId: 'conv-1' });
    expect(cancel).toEqual({ cancelled: true });
    await expectAbortedSoon(pending, startedAt);
    // Nothing left to cancel afterwards.
    expect(await t.ok('chat.cancelCompact', { callId: 'conv-1' })).toEqual({ cancelled: false });
  });

  it('another window cannot cancel it, and an unknown id cancels nothing', async () => {
    const { pending, startedAt } = await stalledCompaction('conv-1');
    const other = { ...TRUSTED_SENDER, ownerId: 2 };
    const fromOther = await t.call('chat.cancelCompact', { callId: 'conv-1' }, other);
    expect(fromOther).toEqual({ ok: true, data: { cancelled: false } });
    expect(await t.ok('chat.cancelCompact', { callId: 'conv-2' })).toEqual({ cancelled: false });
    expect(gateway.closedByClient).toBe(0);
    await t.ok('chat.cancelCompact', { callId: 'conv-1' });
    await expectAbortedSoon(pending, startedAt);
  });

  it('is aborted when its page goes away (navigation, reload, crash)', async () => {
    const { pending, startedAt } = await stalledCompaction();
    t.layer.abortOwnerStreams(TRUSTED_SENDER.ownerId);
    await expectAbortedSoon(pending, startedAt);
    // The window stays: its next page may compact again.
    const again = await t.call('chat.compact', request());
    expect(again.ok).toBe(true);
  });

  it('is aborted when its window is destroyed, and that window cannot start another', async () => {
    const { pending, startedAt } = await stalledCompaction();
    t.layer.closeOwner(TRUSTED_SENDER.ownerId);
    await expectAbortedSoon(pending, startedAt);
    const after = await t.call('chat.compact', request());
    expect(after.ok ? 'ok' : after.error.code).toBe('aborted');
  });

  it('a window going away leaves the compactions of other windows running', async () => {
    const other = { ...TRUSTED_SENDER, ownerId: 2 };
    gateway.inject({ match: { path: '/v1/responses/compact' }, fault: { kind: 'stall-headers', ms: 300 } });
    const pending = t.call('chat.compact', request(), other);
    await expect
      .poll(() => gateway.requests.some((r) => r.path === '/v1/responses/compact'), { timeout: 5_000 })
      .toBe(true);
    t.layer.abortOwnerStreams(TRUSTED_SENDER.ownerId);
    const result = await pending;
    expect(result.ok).toBe(true);
    expect(gateway.closedByClient).toBe(0);
  });
});
