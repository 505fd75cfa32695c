// Connection handling against a tiny local server: a finished stream is drained (not cut) so the
// connection can be reused, without making the user wait for the server's last bytes.
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createGatewayClient } from '../../../src-main/gateway/index.ts';
import type { StreamEvent } from '../../../src-preload/contract.ts';

let server: Server | undefined;

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

async function serve(handler: (res: ServerResponse) => void): Promise<string> {
  server = createServer((_req, res) => handler(res));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('after the terminal event', () => {
  it('delivers done at once, then reads the rest instead of cutting the connection', async () => {
    let serverFinished: Promise<boolean> = Promise.resolve(false);
    let serverEndedAt = Number.POSITIVE_INFINITY;
    const baseUrl = await serve((res) => {
      serverFinished = new Promise((resolve) => res.on('close', () => resolve(res.writableFinished)));
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: {"type":"response.output_text.delta","delta":"Hi"}\n\n');
      res.write('data: {"type":"response.completed","response":{"id":"r","status":"completed"}}\n\n');
      // A gateway that lingers before closing its answer (e.g. a late `[DONE]`), within the grace period.
      setTimeout(() => {
        serverEndedAt = performance.now();
        res.write('data: [DONE]\n\n');
        res.end();
      }, 600);
    });
    const client = createGatewayClient({ baseUrl, apiKey: 'k' });
    const events: StreamEvent[] = [];
    for await (const event of client.streamResponses({ model: 'm', input: 'x' })) events.push(event);
    const consumerDoneAt = performance.now();
    expect(events.at(-1)).toEqual({ type: 'done', status: 'completed', responseId: 'r' });
    // The user was not kept waiting for the lingering bytes...
    expect(consumerDoneAt).toBeLessThan(serverEndedAt);
    // ...and the server could still finish its answer: the client did not tear the connection down.
    expect(await serverFinished).toBe(true);
  });

  it('cuts a connection that lingers past the grace period', async () => {
    let closedEarly: Promise<boolean> = Promise.resolve(false);
    const baseUrl = await serve((res) => {
      closedEarly = new Promise((resolve) => res.on('close', () => resolve(!res.writableFinished)));
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: {"type":"response.completed","response":{"status":"completed"}}\n\n');
    });
    const client = createGatewayClient({ baseUrl, apiKey: 'k' });
    for await (const _event of client.streamResponses({ model: 'm', input: 'x' })) {
      // read to the end
    }
    expect(await closedEarly).toBe(true);
  });
});

describe('redirects', () => {
  it('does not follow a redirect with an upload, and says which address to use', async () => {
    let requests = 0;
    const baseUrl = await serve((res) => {
      requests++;
      res.writeHead(308, { location: 'https://gateway.example/v1/audio/transcriptions' });
      res.end();
    });
    const client = createGatewayClient({ baseUrl, apiKey: 'k', sleep: async () => undefined });
    await expect(
      client.transcribe(
        { name: 'a.wav', type: 'audio/wav', bytes: new Uint8Array(100) },
        { model: 'whisper-1' },
      ),
    ).rejects.toMatchObject({
      code: 'network',
      message: expect.stringMatching(/redirect/),
      hint: expect.stringMatching(/base URL.*shorter audio file/s),
    });
    expect(requests).toBe(1);
  });
});

describe('a redirect to another host', () => {
  it('never carries the /v1beta key (or any key) to the host it names', async () => {
    const seenElsewhere: Array<Record<string, unknown>> = [];
    const elsewhere = createServer((req, res) => {
      seenElsewhere.push(req.headers);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"models":[]}');
    });
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
    const target = `http://localhost:${(elsewhere.address() as AddressInfo).port}/v1beta/models`;
    try {
      const baseUrl = await serve((res) => {
        res.writeHead(307, { location: target });
        res.end();
      });
      const client = createGatewayClient({
        baseUrl,
        apiKey: 'sk-redirect-secret',
        sleep: async () => undefined,
      });
      await expect(client.listModelsV1beta()).rejects.toMatchObject({
        message: expect.stringMatching(/redirect/),
      });
      await expect(client.listModelsV1()).rejects.toMatchObject({
        message: expect.stringMatching(/redirect/),
      });
      expect(seenElsewhere).toEqual([]);
    } finally {
      elsewhere.closeAllConnections();
      await new Promise((resolve) => elsewhere.close(resolve));
    }
  });
});
