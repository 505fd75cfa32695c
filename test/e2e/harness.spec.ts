// The harness itself: what later specs rely on (bytes across the bridge, stream events back, media with
// ranges, the sender check) is proven here once, through the real IPC layer and the fake gateway.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Result, StreamBatch, StreamStarted } from '../../src-preload/contract.ts';
import { expect, test } from './harness.ts';

/** A mono 16-bit WAV of (almost) silence. */
function silentWav(seconds: number): Uint8Array {
  const sampleRate = 16_000;
  const dataBytes = Math.round(seconds * sampleRate) * 2;
  const bytes = new Uint8Array(44 + dataBytes);
  const view = new DataView(bytes.buffer);
  const text = (offset: number, value: string) => {
    for (let i = 0; i < value.length; i++) bytes[offset + i] = value.charCodeAt(i);
  };
  text(0, 'RIFF');
  view.setUint32(4, 36 + dataBytes, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  text(36, 'data');
  view.setUint32(40, dataBytes, true);
  // A few non-zero bytes so a broken base64 round trip would show.
  bytes.set([1, 2, 3, 250, 251, 252], 44);
  return bytes;
}

test('recorded bytes reach main intact and stream events come back to the page', async ({
  startApp,
  fakeGateway,
}) => {
  const app = await startApp({ gateway: { baseUrl: fakeGateway.baseUrl, apiKey: fakeGateway.apiKey } });
  const outcome = await app.page.evaluate(
    async (numbers) => {
      // A Uint8Array made in the page, as a recording's bytes would be.
      const bytes = new Uint8Array(numbers);
      const bridge = (window as unknown as { gatewayStudio: import('../../src-preload/contract.ts').Bridge })
        .gatewayStudio;
      const batches: StreamBatch[] = [];
      let finish: () => void = () => {};
      const finished = new Promise<void>((resolve) => {
        finish = resolve;
      });
      const off = bridge.on('stream.batch', (batch) => {
        batches.push(batch);
        if (batch.final) finish();
      });
      const started = (await bridge.invoke('audio.transcribe', {
        source: { name: 'clip.wav', type: 'audio/wav', bytes },
        options: { model: 'whisper-1', responseFormat: 'verbose_json' },
        mode: 'transcribe',
      })) as Result<StreamStarted>;
      if (started.ok) await finished;
      off();
      return { started, batches, size: bytes.byteLength };
    },
    Array.from(silentWav(1.5)),
  );

  expect(outcome.started.ok).toBe(true);
  const streamId = outcome.started.ok ? outcome.started.data.streamId : '';
  const events = outcome.batches.filter((b) => b.streamId === streamId).flatMap((b) => b.events);
  expect(events.some((e) => e.type === 'result')).toBe(true);
  expect(events.at(-1)).toMatchObject({ type: 'done', status: 'completed' });

  const upload = fakeGateway.requests.find((r) => r.path === '/v1/audio/transcriptions');
  expect(upload?.multipart?.files[0]).toMatchObject({ filename: 'clip.wav', size: outcome.size });
  expect(app.crossings.some((c) => c.kind === 'event' && c.name === 'stream.batch')).toBe(true);
  await app.expectNoKeyLeak(fakeGateway.apiKey);
});

test('media files are served from the data folder with range requests', async ({ startApp }) => {
  const app = await startApp();
  writeFileSync(join(app.mediaDir, 'clip one.wav'), Buffer.from(silentWav(0.25)));
  const result = await app.page.evaluate(async (url) => {
    const whole = await fetch(url);
    const part = await fetch(url, { headers: { range: 'bytes=4-11' } });
    return {
      wholeStatus: whole.status,
      wholeType: whole.headers.get('content-type'),
      wholeLength: (await whole.arrayBuffer()).byteLength,
      partStatus: part.status,
      partRange: part.headers.get('content-range'),
      partText: new TextDecoder().decode((await part.arrayBuffer()).slice(4, 8)),
    };
  }, app.mediaUrl('clip one.wav'));
  expect(result).toMatchObject({
    wholeStatus: 200,
    wholeType: 'audio/wav',
    wholeLength: 44 + 8000,
    partStatus: 206,
    partRange: `bytes 4-11/${44 + 8000}`,
    partText: 'WAVE',
  });
});

test('calls from anything but the top-level app frame are refused by the real choke point', async ({
  startApp,
}) => {
  const app = await startApp();
  await app.page.evaluate(
    (src) =>
      new Promise<void>((resolve) => {
        const frame = document.createElement('iframe');
        frame.src = src;
        frame.onload = () => resolve();
        document.body.append(frame);
      }),
    `${app.origin}/index.html`,
  );
  const child = app.page.frames().find((frame) => frame !== app.page.mainFrame());
  const answer = await child?.evaluate(() =>
    (
      window as unknown as { gatewayStudio: import('../../src-preload/contract.ts').Bridge }
    ).gatewayStudio.invoke('settings.get', undefined),
  );
  expect(answer).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } });
});
