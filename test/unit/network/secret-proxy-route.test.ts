// A proxy named by the environment may carry its sign-in in the URL (`HTTP_PROXY=http://user:pass@host`,
// as curl and undici's EnvHttpProxyAgent read it). The route shown by Test connection and the proxy's
// refusals name the proxy, never its user name and password.
import { once } from 'node:events';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppFailure } from '../../../src-main/app-failure.ts';
import { createAppFetch } from '../../../src-main/app-fetch.ts';
import { type LocalProxy, startLocalProxy } from './local-proxy.ts';

const PASSWORD = 'env-pass-7Qm2xK9p';
let gateway: http.Server;
let gatewayUrl: string;
let proxy: LocalProxy;

beforeAll(async () => {
  gateway = http.createServer((_request, response) => response.writeHead(200).end('{}'));
  gateway.listen(0, '127.0.0.1');
  await once(gateway, 'listening');
  gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
});
afterAll(() => {
  gateway.closeAllConnections();
  gateway.close();
});
afterEach(async () => {
  await proxy?.close();
});

/** The proxy's address with a sign-in written into it. */
const withSignIn = (url: string, password: string) => url.replace('://', `://ana:${password}@`);

describe('an environment proxy with a sign-in in its URL', () => {
  it('is shown by Test connection without the user name and password', async () => {
    proxy = await startLocalProxy(`Basic ${Buffer.from(`ana:${PASSWORD}`).toString('base64')}`);
    const fetch = createAppFetch({ env: { HTTP_PROXY: withSignIn(proxy.url, PASSWORD) } });
    expect((await fetch(`${gatewayUrl}/v1/models`)).status).toBe(200);
    const route = await fetch.via({ mode: 'system' }).route(gatewayUrl);
    expect(route).toEqual({ kind: 'proxy', proxy: proxy.url, source: 'environment' });
  });

  it('is named without them when it refuses the sign-in', async () => {
    proxy = await startLocalProxy(`Basic ${Buffer.from('ana:right-password').toString('base64')}`);
    const fetch = createAppFetch({ env: { HTTP_PROXY: withSignIn(proxy.url, PASSWORD) } });
    const failure = await fetch(`${gatewayUrl}/v1/models`).then(
      (response) => response,
      (error: unknown) => error,
    );
    // A refusal arrives as a failure (CONNECT-less http proxying answers 407 as the response).
    const text =
      failure instanceof AppFailure
        ? `${failure.message} ${failure.hint}`
        : String((failure as Response).status);
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain('ana:');
  });
});
