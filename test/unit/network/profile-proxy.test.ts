// Issue 14, item 21, through the real IPC layer: a profile's proxy setting is saved, its sign-in is sealed
// like the key and never reaches the window, its calls take that proxy, and Test connection says so.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAppFetch } from '../../../src-main/app-fetch.ts';
import { startFakeGateway } from '../../fake-gateway/server.ts';
import type { FakeGateway } from '../../fake-gateway/types.ts';
import { createTestLayer, type TestLayer } from '../../support/test-layer.ts';
import { type LocalProxy, startLocalProxy } from './local-proxy.ts';

const PASSWORD = 'proxy-pass-9f3a7c21';

let gateway: Required<FakeGateway>;
let proxy: LocalProxy;
let t: TestLayer;
let systemAnswer = 'DIRECT';

beforeAll(async () => {
  gateway = await startFakeGateway();
});
afterAll(() => gateway.close());

beforeEach(async () => {
  gateway.reset();
  proxy = await startLocalProxy(`Basic ${Buffer.from(`ana:${PASSWORD}`).toString('base64')}`);
  systemAnswer = 'DIRECT';
  // The app's fetch as the Electron entry builds it, with the session's answer injected.
  t = createTestLayer({
    overrides: { fetch: createAppFetch({ env: {}, resolveProxy: async () => systemAnswer }) },
  });
});
afterEach(async () => {
  await t.close();
  await proxy.close();
});

async function createProfile(fields: Record<string, unknown> = {}) {
  const saved = await t.ok('profiles.create', {
    name: 'Fake',
    baseUrl: gateway.baseUrl,
    apiKey: gateway.apiKey,
    ...fields,
  });
  return saved.profile;
}

describe('a profile’s proxy', () => {
  it('is the system’s by default, and Test connection says how it went', async () => {
    const profile = await createProfile();
    expect(profile.proxy).toEqual({ mode: 'system', url: null, hasCredentials: false });
    let report = await t.ok('gateway.testConnection', { profileId: profile.id });
    expect(report.v1.ok).toBe(true);
    expect(report.route).toEqual({ kind: 'direct', source: 'system' });
    expect(proxy.passed).toBe(0);

    // The system now names a proxy (with no sign-in, the test proxy refuses: the call shows it went there).
    systemAnswer = `PROXY 127.0.0.1:${proxy.port}`;
    report = await t.ok('gateway.testConnection', { profileId: profile.id });
    expect(report.route).toEqual({ kind: 'proxy', proxy: proxy.url, source: 'system' });
    expect(report.v1).toMatchObject({
      ok: false,
      error: {
        message: `The proxy ${proxy.url} (the system’s proxy) asks for a user name and password.`,
        hint: expect.stringMatching(/choose “Manual proxy”/),
      },
    });
  });

  it('a manual proxy with a sign-in carries every call; the password is sealed and never sent to the window', async () => {
    const profile = await createProfile({
      proxy: { mode: 'manual', url: proxy.url, credentials: { username: 'ana', password: PASSWORD } },
    });
    expect(profile.proxy).toEqual({ mode: 'manual', url: proxy.url, hasCredentials: true });
    const report = await t.ok('gateway.testConnection', { profileId: profile.id });
    expect(report.v1).toMatchObject({ ok: true });
    expect(report.v1beta).toMatchObject({ ok: true });
    expect(report.route).toEqual({ kind: 'proxy', proxy: proxy.url, source: 'manual' });
    expect(proxy.passed).toBeGreaterThanOrEqual(2);

    const settingsFile = readFileSync(join(t.dataDir, 'settings.json'), 'utf8');
    expect(settingsFile).not.toContain(PASSWORD);
    expect(settingsFile).not.toContain('"ana"');
    expect(JSON.stringify([t.results, t.events])).not.toContain(PASSWORD);
  });

  it('“No proxy” bypasses the system’s proxy', async () => {
    systemAnswer = `PROXY 127.0.0.1:${proxy.port}`;
    const profile = await createProfile({ proxy: { mode: 'none' } });
    const report = await t.ok('gateway.testConnection', { profileId: profile.id });
    expect(report.v1.ok).toBe(true);
    expect(report.route).toEqual({ kind: 'direct', source: 'none' });
    expect(proxy.passed).toBe(0);
  });

  it('an edit that keeps the proxy keeps its sign-in; pointing it elsewhere drops it', async () => {
    const profile = await createProfile({
      proxy: { mode: 'manual', url: proxy.url, credentials: { username: 'ana', password: PASSWORD } },
    });
    const kept = await t.ok('profiles.update', {
      id: profile.id,
      fields: { name: 'Renamed', baseUrl: gateway.baseUrl, proxy: { mode: 'manual', url: proxy.url } },
    });
    expect(kept.profile.proxy.hasCredentials).toBe(true);
    expect((await t.ok('gateway.testConnection', { profileId: profile.id })).v1.ok).toBe(true);

    const moved = await t.ok('profiles.update', {
      id: profile.id,
      fields: {
        name: 'Renamed',
        baseUrl: gateway.baseUrl,
        proxy: { mode: 'manual', url: 'http://127.0.0.2:3128' },
      },
    });
    expect(moved.profile.proxy).toEqual({
      mode: 'manual',
      url: 'http://127.0.0.2:3128',
      hasCredentials: false,
    });
    // The gateway is plain http: a proxy the key was not entered for would read it, so the key goes too.
    expect(moved.profile.hasKey).toBe(false);
    expect(moved.warnings).toEqual([expect.stringMatching(/key was removed .* new proxy/)]);
  });

  it('a proxy address that is not one is refused with the reason', async () => {
    const result = await t.call('profiles.create', {
      name: 'Fake',
      baseUrl: gateway.baseUrl,
      proxy: { mode: 'manual', url: 'ftp://proxy.example.com' },
    });
    expect(result).toMatchObject({
      ok: false,
      error: {
        code: 'invalid_input',
        message: expect.stringMatching(/http:\/\/, https:\/\/ or socks5:\/\//),
      },
    });
    const withSignIn = await t.call('profiles.create', {
      name: 'Fake',
      baseUrl: gateway.baseUrl,
      proxy: { mode: 'manual', url: `http://ana:${PASSWORD}@proxy.example.com:8080` },
    });
    expect(withSignIn).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/sign-in fields/) },
    });
  });
});
