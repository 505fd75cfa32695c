import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGateway } from '../../fake-gateway/server.ts';
import type { FakeGateway } from '../../fake-gateway/types.ts';
import { contentBody, v1, v1beta, v1betaJson } from './helpers.ts';

let gw: FakeGateway;
beforeAll(async () => {
  gw = await startFakeGateway({ apiKey: 'sk-test-key' });
});
afterAll(() => gw.close());

async function expectRefused(res: Response, code: string) {
  expect(res.status).toBe(401);
  const body = (await res.json()) as { error: { message: string; type: string; code: string } };
  expect(body.error.type).toBe('new_api_error');
  expect(body.error.code).toBe(code);
  const requestId = res.headers.get('x-request-id');
  expect(requestId).toBeTruthy();
  expect(body.error.message).toMatch(new RegExp(`\\(request id: ${requestId}\\)$`));
}

describe('auth on /v1 (Bearer)', () => {
  it('accepts the right Bearer key', async () => {
    expect((await v1(gw, '/v1/models')).status).toBe(200);
  });

  it('refuses a missing or wrong key', async () => {
    await expectRefused(await fetch(`${gw.baseUrl}/v1/models`), 'missing_api_key');
    await expectRefused(
      await v1(gw, '/v1/models', { headers: { authorization: 'Bearer sk-wrong' } }),
      'invalid_api_key',
    );
  });

  it('refuses the vendor header on /v1, even beside a right Bearer', async () => {
    await expectRefused(
      await fetch(`${gw.baseUrl}/v1/models`, { headers: { 'x-vendor-api-key': 'sk-test-key' } }),
      'invalid_auth_header',
    );
    await expectRefused(
      await v1(gw, '/v1/models', { headers: { 'x-vendor-api-key': 'sk-test-key' } }),
      'invalid_auth_header',
    );
  });
});

describe('auth on /v1beta (vendor header)', () => {
  it('accepts the vendor header', async () => {
    expect((await v1beta(gw, '/v1beta/models')).status).toBe(200);
    expect(
      (await v1betaJson(gw, '/v1beta/models/gemini-2.5-flash:generateContent', contentBody)).status,
    ).toBe(200);
  });

  it('refuses Bearer on /v1beta, alone or beside the vendor header', async () => {
    const bearer = { authorization: 'Bearer sk-test-key' };
    await expectRefused(
      await fetch(`${gw.baseUrl}/v1beta/models`, { headers: bearer }),
      'invalid_auth_header',
    );
    await expectRefused(await v1beta(gw, '/v1beta/models', { headers: bearer }), 'invalid_auth_header');
  });

  it('refuses a missing or wrong key, and a key in the URL', async () => {
    await expectRefused(await fetch(`${gw.baseUrl}/v1beta/models`), 'missing_api_key');
    await expectRefused(
      await v1beta(gw, '/v1beta/models', { headers: { 'x-vendor-api-key': 'nope' } }),
      'invalid_api_key',
    );
    await expectRefused(await fetch(`${gw.baseUrl}/v1beta/models?key=sk-test-key`), 'invalid_auth_header');
  });

  it('uses the configured header name', async () => {
    const goog = await startFakeGateway({ vendorKeyHeader: 'x-goog-api-key' });
    try {
      expect(goog.apiKey).toMatch(/^sk-fake-/);
      const ok = await fetch(`${goog.baseUrl}/v1beta/models`, { headers: { 'x-goog-api-key': goog.apiKey } });
      expect(ok.status).toBe(200);
      const other = await fetch(`${goog.baseUrl}/v1beta/models`, {
        headers: { 'x-vendor-api-key': goog.apiKey },
      });
      expect(other.status).toBe(401);
    } finally {
      await goog.close();
    }
  });
});

describe('routing', () => {
  it('answers an unknown path with an OpenAI-shaped 404', async () => {
    const res = await v1(gw, '/v1/chat/nothing', { method: 'POST' });
    expect(res.status).toBe(404);
    const body = (await res.json()) as { error: { message: string; type: string } };
    expect(body.error.message).toMatch(/^Invalid URL \(POST \/v1\/chat\/nothing\)/);
    expect(body.error.type).toBe('invalid_request_error');
  });

  it('checks the path before the key, and records every request', async () => {
    gw.reset();
    const res = await fetch(`${gw.baseUrl}/elsewhere?x=1`, { headers: { 'X-Custom': 'Yes' } });
    expect(res.status).toBe(404);
    expect(gw.requests).toHaveLength(1);
    expect(gw.requests[0]).toMatchObject({
      method: 'GET',
      path: '/elsewhere',
      query: { x: '1' },
      status: 404,
    });
    expect(gw.requests[0]!.headers['x-custom']).toBe('Yes');
  });
});
