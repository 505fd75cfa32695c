// A new manual proxy in front of a plain-http gateway reads every request in clear: the stored key is
// dropped (the key was entered for a route without that proxy), and so must be the stored header values
// that are secrets like it (item 12), with the same kind of warning. Values typed in the same edit stay.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSettingsService } from '../../../src-main/services/settings.ts';
import { createConfSettingsStore } from '../../support/conf-store.ts';
import { createTestSecretBox } from '../../support/test-secret-box.ts';

const KEY = 'sk-test-1234567890abcdefWXYZ';
const ACCESS_SECRET = 'e1Xq9Zr4Tb7Vn2Mc8Lk5Jh3Gf6Ds0Ap1Wo4Ei7U';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gs-header-proxy-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const open = () =>
  createSettingsService({
    directory: dir,
    secretBox: createTestSecretBox('os'),
    createStore: createConfSettingsStore,
  });

describe('a new manual proxy in front of an http:// gateway', () => {
  it('drops the stored header values with the key, and says so; a value typed in the same edit stays', () => {
    const settings = open();
    const { profile } = settings.createProfile({
      name: 'Local',
      baseUrl: 'http://gw.internal:8080',
      apiKey: KEY,
      extraHeaders: { 'CF-Access-Client-Secret': ACCESS_SECRET, 'X-Team': 'blue' },
    });
    const moved = settings.updateProfile(profile.id, {
      name: 'Local',
      baseUrl: 'http://gw.internal:8080',
      extraHeaders: {
        'CF-Access-Client-Secret': { keep: 'CF-Access-Client-Secret' },
        'X-Team': { keep: 'X-Team' },
        'X-New': 'typed-now',
      },
      proxy: { mode: 'manual', url: 'http://proxy.example.com:3128' },
    });
    expect(moved.profile.hasKey).toBe(false);
    expect(moved.profile.extraHeaders).toEqual([{ name: 'X-New', hasValue: true, valueTail: null }]);
    expect(moved.warnings.filter((w) => /removed/.test(w))).toEqual([
      expect.stringMatching(/key was removed .* new proxy/),
      expect.stringMatching(/“CF-Access-Client-Secret”, “X-Team” were removed .* new proxy/),
    ]);
  });

  it('keeps them behind the same proxy, and in front of an https:// gateway', () => {
    const settings = open();
    for (const baseUrl of ['https://gw.example.com', 'http://gw.internal:8080']) {
      const proxy = { mode: 'manual' as const, url: 'http://proxy.example.com:3128' };
      const { profile } = settings.createProfile({
        name: baseUrl,
        baseUrl,
        apiKey: KEY,
        extraHeaders: { 'CF-Access-Client-Secret': ACCESS_SECRET },
        ...(baseUrl.startsWith('http:') ? { proxy } : {}),
      });
      const kept = settings.updateProfile(profile.id, {
        name: baseUrl,
        baseUrl,
        extraHeaders: { 'CF-Access-Client-Secret': { keep: 'CF-Access-Client-Secret' } },
        proxy,
      });
      expect(kept.profile.hasKey, baseUrl).toBe(true);
      expect(
        kept.profile.extraHeaders.map((h) => h.name),
        baseUrl,
      ).toEqual(['CF-Access-Client-Secret']);
      // (A plain-http gateway is still warned about as such; nothing is removed.)
      expect(
        kept.warnings.filter((w) => /removed/.test(w)),
        baseUrl,
      ).toEqual([]);
    }
  });
});

describe('the proxy password', () => {
  it('is hidden from what a gateway (or proxy) echoes back, like the key', async () => {
    const { createGatewayAccess } = await import('../../../src-main/services/gateway-access.ts');
    const password = 'pr0xy-Pa55-w0rd-Zq81';
    const settings = open();
    settings.createProfile({
      name: 'Work',
      baseUrl: 'https://gw.example.com',
      apiKey: KEY,
      proxy: {
        mode: 'manual',
        url: 'http://proxy.example.com:3128',
        credentials: { username: 'ana', password },
      },
    });
    // A relay that quotes the Proxy-Authorization it was sent in its refusal (a plain fetch: no proxy).
    const echo = async () =>
      new Response(
        JSON.stringify({ error: { message: `Bad sign-in ana:${password} (${password.slice(0, 10)}…)` } }),
        { status: 407, headers: { 'content-type': 'application/json' } },
      );
    const { client } = createGatewayAccess(settings, echo)();
    const failure = await client.listModelsV1().then(
      () => null,
      (error: unknown) => error,
    );
    const shown = JSON.stringify({ message: (failure as Error).message, failure });
    expect(shown).toMatch(/Bad sign-in/);
    expect(shown).not.toContain(password.slice(0, 8));
  });
});
