// The Proxy field's draft (Settings) and the route line of Test connection: what the window sends to main
// for each choice — never a stored password, which it does not have — and how a route reads.
import { describe, expect, it } from 'vitest';
import { describeRoute } from '../../../src-renderer/src/panels/settings/connection-route.ts';
import {
  isProxyDraftChanged,
  proxyDraftFrom,
  proxyDraftProblem,
  proxyFieldsFrom,
} from '../../../src-renderer/src/panels/settings/proxy-draft.ts';

const savedManual = { mode: 'manual', url: 'http://proxy.corp:8080', hasCredentials: true } as const;

describe('the Proxy field', () => {
  it('keeps a stored sign-in by sending none', () => {
    const draft = proxyDraftFrom(savedManual);
    expect(isProxyDraftChanged(draft, savedManual)).toBe(false);
    expect(proxyFieldsFrom(draft)).toEqual({ mode: 'manual', url: 'http://proxy.corp:8080' });
  });

  it('replaces or removes the sign-in only when asked', () => {
    const draft = proxyDraftFrom(savedManual);
    const replaced = { ...draft, signIn: 'replace' as const, username: ' ana ', password: 'p w' };
    expect(isProxyDraftChanged(replaced, savedManual)).toBe(true);
    expect(proxyFieldsFrom(replaced)).toEqual({
      mode: 'manual',
      url: 'http://proxy.corp:8080',
      credentials: { username: 'ana', password: 'p w' },
    });
    expect(proxyFieldsFrom({ ...draft, signIn: 'remove' })).toMatchObject({ credentials: null });
  });

  it('explains an address before it is sent', () => {
    const draft = { ...proxyDraftFrom(undefined), mode: 'manual' as const, url: 'proxy.corp:8080' };
    expect(proxyDraftProblem(draft)).toMatch(/http:\/\/, https:\/\/ or socks5:\/\//);
    expect(proxyDraftProblem({ ...draft, url: 'socks5://proxy.corp:1080' })).toBeNull();
    expect(proxyDraftProblem({ ...draft, mode: 'system' })).toBeNull();
  });
});

describe('the route Test connection shows', () => {
  it.each([
    [
      { kind: 'proxy', proxy: 'http://proxy.corp:8080', source: 'system' },
      'via proxy http://proxy.corp:8080 (system)',
    ],
    [
      { kind: 'proxy', proxy: 'socks5://127.0.0.1:1080', source: 'manual' },
      'via proxy socks5://127.0.0.1:1080 (this profile)',
    ],
    [{ kind: 'direct', source: 'system' }, 'direct (system)'],
    [{ kind: 'direct', source: 'none' }, 'direct (no proxy)'],
  ] as const)('%j', (route, text) => {
    expect(describeRoute(route)).toBe(text);
  });
});
