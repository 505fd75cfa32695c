// The answers Electron's session.resolveProxy gives (Chromium's PAC-style list, see system-proxy.ts).
import { describe, expect, it } from 'vitest';
import { routeFromPacString, UnusableSystemProxy } from '../../../src-main/network/system-proxy.ts';

describe('reading a resolveProxy answer', () => {
  it.each([
    ['DIRECT', { kind: 'direct' }],
    ['', { kind: 'direct' }],
    ['PROXY proxy.corp:8080', { kind: 'proxy', url: 'http://proxy.corp:8080' }],
    ['PROXY proxy.corp:8080;DIRECT', { kind: 'proxy', url: 'http://proxy.corp:8080' }],
    ['HTTPS secure.corp:443; DIRECT', { kind: 'proxy', url: 'https://secure.corp:443' }],
    ['SOCKS5 socks.corp:1080', { kind: 'proxy', url: 'socks5://socks.corp:1080' }],
    // SOCKS version 4 and QUIC are skipped for the next usable entry.
    ['SOCKS old.corp:1080; PROXY proxy.corp:3128', { kind: 'proxy', url: 'http://proxy.corp:3128' }],
    ['QUIC q.corp:443; DIRECT', { kind: 'direct' }],
  ])('%j', (answer, route) => {
    expect(routeFromPacString(answer)).toEqual(route);
  });

  it('a list with nothing usable says which proxies it named', () => {
    expect(() => routeFromPacString('SOCKS old.corp:1080')).toThrow(UnusableSystemProxy);
    expect(() => routeFromPacString('SOCKS old.corp:1080')).toThrow(/SOCKS old\.corp:1080/);
  });
});
