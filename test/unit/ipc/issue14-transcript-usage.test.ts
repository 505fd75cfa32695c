// Issue 14, item 23: what the gateway says a transcription was billed reaches the page, both in the
// result of the call and in the transcript reopened from the history (also one saved before usage was
// read: its raw answer still holds it). Through the real IPC layer against the fake gateway, whose JSON
// transcription answers carry OpenAI's `usage: {type: "duration", seconds}`.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StreamBatch, StreamEvent, TranscriptionDone } from '../../../src-preload/contract.ts';
import { wavFile } from '../../fake-gateway/audio.ts';
import { startFakeGateway } from '../../fake-gateway/server.ts';
import type { FakeGateway } from '../../fake-gateway/types.ts';
import { createTestLayer, type TestLayer } from '../../support/test-layer.ts';

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

async function transcribeSeconds(seconds: number): Promise<TranscriptionDone> {
  const { streamId } = await t.ok('audio.transcribe', {
    source: {
      name: 'talk.wav',
      type: 'audio/wav',
      bytes: new Uint8Array(wavFile(Buffer.alloc(24_000 * 2 * seconds))),
    },
    options: { model: 'whisper-1', responseFormat: 'json' },
    mode: 'transcribe',
  });
  const batches = () =>
    t.events
      .filter((e) => e.event === 'stream.batch' && (e.payload as StreamBatch).streamId === streamId)
      .map((e) => e.payload as StreamBatch);
  await expect.poll(() => batches().some((b) => b.final), { timeout: 10_000 }).toBe(true);
  const events: StreamEvent[] = batches().flatMap((b) => b.events);
  const result = events.find((e) => e.type === 'result');
  if (result?.type !== 'result') throw new Error(`no result: ${JSON.stringify(events.at(-1))}`);
  return result.data as TranscriptionDone;
}

describe('a transcription’s usage', () => {
  it('comes with the result and with the transcript reopened from the history', async () => {
    const { transcript, entry } = await transcribeSeconds(5);
    expect(transcript.usage).toEqual({ type: 'duration', seconds: 5 });
    expect((await t.ok('transcripts.get', { id: entry.id })).transcript.usage).toEqual({
      type: 'duration',
      seconds: 5,
    });
  });

  it('is shown for a transcript saved before usage was read, from its raw answer', async () => {
    const { entry } = await transcribeSeconds(3);
    // The file as an earlier build wrote it: the transcript without `usage`, the raw answer as it came.
    const folder = join(t.dataDir, 'history', 'transcripts');
    const [file] = readdirSync(folder).filter((name) => name.startsWith(entry.id));
    const path = join(folder, file!);
    const stored = JSON.parse(readFileSync(path, 'utf8'));
    delete stored.transcript.usage;
    writeFileSync(path, JSON.stringify(stored));

    expect((await t.ok('transcripts.get', { id: entry.id })).transcript.usage).toEqual({
      type: 'duration',
      seconds: 3,
    });
  });
});
