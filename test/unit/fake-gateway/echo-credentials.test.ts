// The fake gateway's echo-credentials mode (test/fake-gateway/echo-credentials.ts), checked from the
// client's side of the wire: each place it promises to echo a credential does, in the promised form,
// and the streamed replies split them so that no single delta holds 8 characters of one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faults, startFakeGateway } from '../../fake-gateway/server.ts';
import type { FakeGateway } from '../../fake-gateway/types.ts';
import { SecretScanner } from '../../support/secret-scan.ts';
import {
  audioForm,
  chatBody,
  contentBody,
  parseSse,
  responsesBody,
  v1,
  v1beta,
  v1betaJson,
  v1Json,
  wavBytes,
} from './helpers.ts';

const KEY = 'sk-echo-Zr7Qm2xV9pL4tR8wK3nB6yH1';
const HEADER = 'cf-access-client-secret';
const HEADER_VALUE = 'cfs.Pq9Wd3Lk7Jt2Vx5Nb8Hc4Mz6';
const scanner = new SecretScanner([
  { name: 'key', value: KEY },
  { name: 'header', value: HEADER_VALUE },
]);
const secretHeaders = { [HEADER]: HEADER_VALUE };

let gw: Required<FakeGateway>;
beforeAll(async () => {
  gw = await startFakeGateway({ apiKey: KEY, echoCredentials: { headers: [HEADER] }, eventDelayMs: 0 });
});
afterAll(() => gw.close());

const found = (text: string) =>
  scanner
    .scanText(text, 'x')
    .map((f) => `${f.secret}/${f.form}`)
    .sort();

describe('echo credentials', () => {
  it('an error quotes the whole key, its first 16 characters and the header value; x-request-id ends in the key', async () => {
    gw.inject({ fault: faults.invalidKey });
    const res = await v1Json(gw, '/v1/responses', responsesBody(), { headers: secretHeaders });
    expect(res.status).toBe(401);
    const body = (await res.json()) as { error: { message: string }; echo: string };
    expect(body.error.message).toContain(`key ${KEY}, which begins ${KEY.slice(0, 16)}`);
    expect(body.error.message).toContain(HEADER_VALUE);
    expect(res.headers.get('x-request-id')).toMatch(new RegExp(`-${KEY.slice(0, 16)}$`));
    expect(res.headers.get(`x-echo-${HEADER}`)).toBe(HEADER_VALUE);
    expect(res.headers.get('x-echo-authorization')).toBe(KEY);
  });

  it('the gateway’s own errors echo too, even for a wrong key', async () => {
    const res = await fetch(`${gw.baseUrl}/v1/models`, {
      headers: { authorization: 'Bearer sk-wrong-key-1234' },
    });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { message: string } }).error.message).toContain(
      'sk-wrong-key-1234',
    );
  });

  it('a JSON body holds the key \\u-escaped (never as it is in the raw bytes) and base64 of Bearer <key>', async () => {
    const res = await v1Json(gw, '/v1/responses', responsesBody(), { headers: secretHeaders });
    const raw = await res.text();
    const parsed = JSON.parse(raw) as { echo: string; echo_base64: string[] };
    expect(parsed.echo).toBe(KEY);
    expect(raw).toContain('\\u0073\\u006b');
    expect(parsed.echo_base64).toEqual([
      Buffer.from(`Bearer ${KEY}`).toString('base64'),
      Buffer.from(HEADER_VALUE).toString('base64'),
    ]);
  });

  it('a streamed Responses reply splits key and header value over deltas of fewer than 8 characters', async () => {
    const res = await v1Json(gw, '/v1/responses', responsesBody({ stream: true }), {
      headers: secretHeaders,
    });
    const events = parseSse(await res.text()).map(
      (event) => JSON.parse(event.data) as { type: string; delta?: string },
    );
    const deltasOf = (type: string) =>
      events.filter((event) => event.type === type).map((event) => event.delta ?? '');
    const deltas = deltasOf('response.output_text.delta');
    const reasoning = deltasOf('response.reasoning_summary_text.delta');
    for (const delta of reasoning) expect(found(delta)).toEqual([]);
    expect(reasoning.join('')).toContain(KEY);
    expect(deltas.length).toBeGreaterThan(10);
    for (const delta of deltas) expect(found(delta)).toEqual([]);
    const joined = deltas.join('');
    expect(joined).toContain(KEY);
    expect(joined).toContain(HEADER_VALUE);
    expect(joined).toContain(Buffer.from(`Bearer ${KEY}`).toString('base64'));
  });

  it('a streamed Chat Completions reply splits them over content and reasoning_content deltas too', async () => {
    const res = await v1Json(gw, '/v1/chat/completions', chatBody({ stream: true }), {
      headers: secretHeaders,
    });
    const deltas = parseSse(await res.text())
      .filter((event) => event.data !== '[DONE]')
      .map(
        (event) =>
          (JSON.parse(event.data) as { choices: Array<{ delta: Record<string, string | null> }> }).choices[0]!
            .delta,
      );
    const pieces = (field: string) => deltas.map((delta) => delta[field] ?? '');
    for (const piece of [...pieces('content'), ...pieces('reasoning_content')]) {
      expect(found(piece)).toEqual([]);
    }
    expect(pieces('content').join('')).toContain(KEY);
    expect(pieces('content').join('')).toContain(HEADER_VALUE);
    expect(pieces('reasoning_content').join('')).toContain(KEY);
  });

  it('a streamed content-generation reply (vendor header) does the same', async () => {
    const res = await v1betaJson(
      gw,
      '/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse',
      contentBody,
      {
        headers: secretHeaders,
      },
    );
    const deltas = parseSse(await res.text()).map(
      (event) =>
        (JSON.parse(event.data) as { candidates: Array<{ content: { parts: Array<{ text: string }> } }> })
          .candidates[0]!.content.parts[0]!.text,
    );
    for (const delta of deltas) expect(found(delta)).toEqual([]);
    expect(deltas.join('')).toContain(KEY);
  });

  it('a transcript holds the key’s first 16 characters and the header value in base64', async () => {
    const form = audioForm({ model: 'whisper-1' }, wavBytes(2), 'clip.wav');
    const res = await v1(gw, '/v1/audio/transcriptions', {
      method: 'POST',
      body: form,
      headers: secretHeaders,
    });
    const { text } = (await res.json()) as { text: string };
    expect(text).toContain(`begins ${KEY.slice(0, 16)}`);
    expect(text).toContain(Buffer.from(HEADER_VALUE).toString('base64'));
  });

  it('both model lists hold a model named after the key', async () => {
    const v1List = (await (await v1(gw, '/v1/models')).json()) as { data: Array<{ id: string }> };
    expect(v1List.data.map((m) => m.id)).toContain(`echo-${KEY.slice(0, 16)}`);
    const betaList = (await (await v1beta(gw, '/v1beta/models')).json()) as {
      models: Array<{ name: string }>;
    };
    expect(betaList.models.map((m) => m.name)).toContain(`models/echo-${KEY.slice(0, 16)}`);
  });

  it('is off unless asked for, and `setEchoCredentials(null)` turns it off', async () => {
    gw.setEchoCredentials(null);
    try {
      const res = await v1Json(gw, '/v1/responses', responsesBody(), { headers: secretHeaders });
      const raw = await res.text();
      expect(found(raw)).toEqual([]);
      expect(found(JSON.stringify([...res.headers]))).toEqual([]);
    } finally {
      gw.setEchoCredentials({ headers: [HEADER] });
    }
  });
});
