// Inspector records kept the only way there is (issue 17): main keeps one as a reply or a compaction ends,
// where the call's `keepDetailAs` says; the page has no call to write one. Tests of the conversation calls
// get their records so, from a reply and a compaction the fake gateway answers.
import type { StreamBatch } from '../../src-preload/contract.ts';
import type { FakeGateway } from '../fake-gateway/types.ts';
import type { TestLayer } from './test-layer.ts';

/** Layers given a profile on the fake gateway already. */
const connected = new WeakSet<TestLayer>();

async function connect(t: TestLayer, gateway: FakeGateway): Promise<void> {
  if (connected.has(t)) return;
  await t.ok('profiles.create', { name: 'Fake', baseUrl: gateway.baseUrl, apiKey: gateway.apiKey });
  connected.add(t);
}

/**
 * A streamed reply whose record main keeps under `id` (a conversation's or a comparison's) as
 * `messageId`; resolves once the stream's last batch has come, with what main said of the record.
 */
export async function keepReplyRecord(
  t: TestLayer,
  gateway: FakeGateway,
  id: string,
  messageId: string,
): Promise<{ kept: boolean; detailBytes: number }> {
  await connect(t, gateway);
  const { streamId } = await t.ok('chat.responses', {
    request: { model: 'gpt-5-mini', input: 'Explain SSE in one line' },
    stream: true,
    keepDetailAs: { id, messageId },
  });
  const batches = () =>
    t.events
      .filter((e) => e.event === 'stream.batch')
      .map((e) => e.payload as StreamBatch)
      .filter((batch) => batch.streamId === streamId);
  for (let waited = 0; waited < 10_000; waited += 10) {
    if (batches().some((batch) => batch.final)) {
      const outcome = batches()
        .flatMap((batch) => batch.events)
        .find((e) => e.type === 'detail-kept' || e.type === 'detail-failed');
      return outcome?.type === 'detail-kept'
        ? { kept: true, detailBytes: outcome.detailBytes }
        : { kept: false, detailBytes: 0 };
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the reply did not end within 10 s');
}

/** A compaction whose record main keeps under `id` as `messageId` (its marker's id). */
export async function keepCompactionRecord(
  t: TestLayer,
  gateway: FakeGateway,
  id: string,
  messageId: string,
): Promise<void> {
  await connect(t, gateway);
  await t.ok('chat.compact', {
    model: 'gpt-5-mini',
    input: [{ role: 'user', content: 'Old question' }],
    keepDetailAs: { id, messageId },
  });
}
