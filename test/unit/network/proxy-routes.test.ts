// Issue 14, item 21: calls reach the gateway through the proxy the profile asks for — the system's (as
// Electron's session.resolveProxy reports it), a manual one with its sign-in, or none — and the route is
// reported as it was taken.
import { once } from 'node:events';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppFailure } from '../../../src-main/app-failure.ts';
import { createAppFetch } from '../../../src-main/app-fetch.ts';
import { type LocalProxy, startLocalProxy } from './local-proxy.ts';
import { startLocalSocks } from './local-socks.ts';

let gateway: http.Server;
let gatewayUrl: string;
let gatewayHits = 0;
let proxy: LocalProxy;

beforeAll(async () => {
  gateway = http.createServer((_request, response) => {
    gatewayHits++;
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[{"id":"m1"}]}');
  });
  gateway.listen(0, '127.0.0.1');
  await once(gateway, 'listening');
  gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
});

afterAll(async () => {
  gateway.closeAllConnections();
  gateway.close();
});

afterEach(async () => {
  await proxy?.close();
});

const noEnvironment = { env: {} };

describe('the route a call takes', () => {
  it('a manual proxy carries the call, and Test connection names it', async () => {
    proxy = await startLocalProxy();
    const fetch = createAppFetch(noEnvironment).via({ mode: 'manual', url: proxy.url });
    const before = gatewayHits;
    const response = await fetch(`${gatewayUrl}/v1/models`);
    expect(await response.json()).toEqual({ data: [{ id: 'm1' }] });
    expect(proxy.passed).toBe(1);
    expect(gatewayHits).toBe(before + 1);
    expect(await fetch.route(`${gatewayUrl}/v1/models`)).toEqual({
      kind: 'proxy',
      proxy: proxy.url,
      source: 'manual',
    });
  });

  it('a manual proxy that asks for a sign-in gets the stored one', async () => {
    const expected = `Basic ${Buffer.from('ana:pa ss:word').toString('base64')}`;
    proxy = await startLocalProxy(expected);
    const fetch = createAppFetch(noEnvironment).via({
      mode: 'manual',
      url: proxy.url,
      username: 'ana',
      password: 'pa ss:word',
    });
    const response = await fetch(`${gatewayUrl}/v1/models`);
    expect(response.status).toBe(200);
    expect(proxy.passed).toBe(1);
    expect(proxy.authorizations).toContain(expected);
  });

  it('a manual proxy that refuses the stored sign-in says so, and is not tried again', async () => {
    proxy = await startLocalProxy(`Basic ${Buffer.from('ana:right').toString('base64')}`);
    const fetch = createAppFetch(noEnvironment).via({
      mode: 'manual',
      url: proxy.url,
      username: 'ana',
      password: 'wrong',
    });
    const failure = await fetch(`${gatewayUrl}/v1/models`).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppFailure);
    expect((failure as AppFailure).message).toBe(
      `The proxy ${proxy.url} refused the user name and password stored for it.`,
    );
    expect((failure as AppFailure).retryable).toBe(false);
    expect(proxy.passed).toBe(0);
  });

  it('a SOCKS5 proxy carries the call, with its user name and password (RFC 1929)', async () => {
    const socks = await startLocalSocks({ username: 'ana', password: 'socks-secret' });
    try {
      const fetch = createAppFetch(noEnvironment).via({
        mode: 'manual',
        url: socks.url,
        username: 'ana',
        password: 'socks-secret',
      });
      const before = gatewayHits;
      expect(await (await fetch(`${gatewayUrl}/v1/models`)).json()).toEqual({ data: [{ id: 'm1' }] });
      expect(socks.passed).toBe(1);
      expect(gatewayHits).toBe(before + 1);
      expect(await fetch.route(gatewayUrl)).toEqual({ kind: 'proxy', proxy: socks.url, source: 'manual' });
    } finally {
      await socks.close();
    }
  });

  it('the system proxy (as session.resolveProxy reports it) carries the call', async () => {
    proxy = await startLocalProxy();
    const asked: string[] = [];
    // Called as it is, the app's fetch takes the system's route.
    const fetch = createAppFetch({
      ...noEnvironment,
      resolveProxy: async (url) => {
        asked.push(url);
        return `PROXY 127.0.0.1:${proxy.port}; DIRECT`;
      },
    });
    const response = await fetch(`${gatewayUrl}/v1/models`);
    expect(response.status).toBe(200);
    expect(proxy.passed).toBe(1);
    expect(asked).toEqual([`${gatewayUrl}/v1/models`]);
    expect(await fetch.via({ mode: 'system' }).route(gatewayUrl)).toEqual({
      kind: 'proxy',
      proxy: `http://127.0.0.1:${proxy.port}`,
      source: 'system',
    });
  });

  it('a change of the system proxy applies to the next call, with no restart', async () => {
    proxy = await startLocalProxy();
    let answer = 'DIRECT';
    const fetch = createAppFetch({ ...noEnvironment, resolveProxy: async () => answer }).via({
      mode: 'system',
    });
    await (await fetch(`${gatewayUrl}/v1/models`)).text();
    expect(proxy.passed).toBe(0);
    expect(await fetch.route(gatewayUrl)).toEqual({ kind: 'direct', source: 'system' });
    answer = `PROXY 127.0.0.1:${proxy.port}`;
    await (await fetch(`${gatewayUrl}/v1/models`)).text();
    expect(proxy.passed).toBe(1);
  });

  it('“No proxy” goes direct even when the system and the environment name one', async () => {
    proxy = await startLocalProxy();
    const fetch = createAppFetch({
      env: { HTTP_PROXY: proxy.url, HTTPS_PROXY: proxy.url },
      resolveProxy: async () => `PROXY 127.0.0.1:${proxy.port}`,
    }).via({ mode: 'none' });
    const before = gatewayHits;
    expect((await fetch(`${gatewayUrl}/v1/models`)).status).toBe(200);
    expect(gatewayHits).toBe(before + 1);
    expect(proxy.passed).toBe(0);
    expect(await fetch.route(gatewayUrl)).toEqual({ kind: 'direct', source: 'none' });
  });

  it('with no Electron session, HTTP_PROXY from the environment carries the call', async () => {
    proxy = await startLocalProxy();
    const fetch = createAppFetch({ env: { HTTP_PROXY: proxy.url } });
    expect((await fetch(`${gatewayUrl}/v1/models`)).status).toBe(200);
    expect(proxy.passed).toBe(1);
    expect(await fetch.via({ mode: 'system' }).route(gatewayUrl)).toEqual({
      kind: 'proxy',
      proxy: proxy.url,
      source: 'environment',
    });
  });

  it('a system proxy this app cannot use is refused with a message that says what to do', async () => {
    const fetch = createAppFetch({ ...noEnvironment, resolveProxy: async () => 'SOCKS 10.0.0.1:1080' }).via({
      mode: 'system',
    });
    const failure = await fetch(`${gatewayUrl}/v1/models`).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppFailure);
    expect((failure as AppFailure).message).toMatch(/SOCKS 10\.0\.0\.1:1080.*only HTTP, HTTPS and SOCKS5/);
    expect((failure as AppFailure).hint).toMatch(/manual proxy .* or “No proxy”/);
  });
});
