// Issue 14, item 22: a gateway behind a company's TLS inspection presents a certificate from the company's
// own root, installed in the operating system's store. The app trusts that store as the browser does, and
// a refused certificate is explained: which one, and why.
import { once } from 'node:events';
import * as https from 'node:https';
import type { AddressInfo } from 'node:net';
import * as tls from 'node:tls';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAppFetch } from '../../../src-main/app-fetch.ts';
import type { GatewayError } from '../../../src-main/gateway/gateway-error.ts';
import { createGatewayClient } from '../../../src-main/gateway/index.ts';
import { describeTlsFailure } from '../../../src-main/gateway/tls-failure.ts';
import type { ProxyRoute } from '../../../src-main/network/proxy-setting.ts';
import {
  type CertificateSource,
  nodeCertificateSource,
  trustOptions,
} from '../../../src-main/network/trusted-roots.ts';
import { type LocalProxy, startLocalProxy } from './local-proxy.ts';
import { hasOpenssl, makeTestCertificates, type TestCertificates } from './test-certificates.ts';

const servers: https.Server[] = [];
let certs: TestCertificates;
let proxy: LocalProxy | undefined;

async function startGateway(identity: { key: string; cert: string }): Promise<string> {
  const server = https.createServer(identity, (_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[{"id":"m1"}]}');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  servers.push(server);
  return `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Node's bundled roots, and an OS store that holds the company root or not. */
const store = (withCompanyRoot: boolean): CertificateSource => ({
  bundled: () => tls.rootCertificates,
  system: () => (withCompanyRoot ? [certs.caPem] : []),
});

/** Lists models as the app does; with no proxy given, by the app's fetch as it is (here: direct). */
async function listModels(baseUrl: string, certificates: CertificateSource, proxyRoute?: ProxyRoute) {
  const fetch = createAppFetch({ env: {}, certificates });
  const client = createGatewayClient({
    baseUrl,
    apiKey: 'sk-test-key-0001',
    fetch: proxyRoute ? fetch.via(proxyRoute) : fetch,
    retry: { maxRetries: 0 },
  });
  return client.listModelsV1();
}

async function failureOf(promise: Promise<unknown>): Promise<GatewayError> {
  try {
    await promise;
  } catch (error) {
    return error as GatewayError;
  }
  throw new Error('the call succeeded');
}

describe.skipIf(!hasOpenssl())('trusting the operating system’s certificates', () => {
  beforeAll(() => {
    certs = makeTestCertificates();
  });
  afterEach(async () => {
    await proxy?.close();
    proxy = undefined;
  });
  afterAll(() => {
    for (const server of servers) {
      server.closeAllConnections();
      server.close();
    }
  });

  it('a gateway whose certificate chains to a root in the system store is reached', async () => {
    const baseUrl = await startGateway(certs.server);
    expect(await listModels(baseUrl, store(true))).toEqual([expect.objectContaining({ id: 'm1' })]);
  });

  it('…also through a proxy (the tunnel is TLS to the gateway, checked against the same roots)', async () => {
    const baseUrl = await startGateway(certs.server);
    proxy = await startLocalProxy();
    expect(await listModels(baseUrl, store(true), { mode: 'manual', url: proxy.url })).toHaveLength(1);
    expect(proxy.passed).toBe(1);
  });

  it('without that root, the error names the certificate’s issuer and says it is not trusted', async () => {
    const baseUrl = await startGateway(certs.server);
    const failure = await failureOf(listModels(baseUrl, store(false)));
    expect(failure.code).toBe('network');
    expect(failure.message).toBe(
      'The gateway’s certificate for 127.0.0.1 was issued by “Test Corp Root CA”, which this computer does not trust.',
    );
    expect(failure.hint).toMatch(/certificate store/);
  });

  it('…also when the certificate is presented through a proxy', async () => {
    const baseUrl = await startGateway(certs.server);
    proxy = await startLocalProxy();
    const failure = await failureOf(listModels(baseUrl, store(false), { mode: 'manual', url: proxy.url }));
    expect(failure.message).toMatch(/issued by “Test Corp Root CA”, which this computer does not trust/);
  });

  it('a self-signed certificate is called so', async () => {
    const baseUrl = await startGateway(certs.selfSigned);
    const failure = await failureOf(listModels(baseUrl, store(true)));
    expect(failure.message).toBe(
      'The gateway’s certificate for 127.0.0.1 is self-signed (“Lonely Gateway”), and this computer does not trust it.',
    );
  });

  it('a certificate for another host says which names it is valid for', async () => {
    const baseUrl = await startGateway(certs.otherHost);
    const failure = await failureOf(listModels(baseUrl, store(true)));
    expect(failure.message).toBe(
      'The gateway’s certificate for 127.0.0.1 does not name that host: it is valid for gateway.example.',
    );
  });
});

describe('where the roots come from', () => {
  const canReadSystemStore = 'getCACertificates' in tls;

  it.skipIf(canReadSystemStore)(
    'a Node that cannot read the OS store (before 22.15) keeps its own defaults',
    () => {
      expect(nodeCertificateSource.system()).toEqual([]);
      // No TLS option at all: Node's defaults stay in force, NODE_EXTRA_CA_CERTS included.
      expect(trustOptions(nodeCertificateSource)).toEqual({});
    },
  );

  it('a root only in the OS store adds a context; none added leaves Node’s defaults', () => {
    const bundled = [...tls.rootCertificates];
    expect(trustOptions({ bundled: () => bundled, system: () => [bundled[0] ?? ''] })).toEqual({});
    if (hasOpenssl()) {
      certs ??= makeTestCertificates();
      const options = trustOptions({ bundled: () => bundled, system: () => [certs.caPem] });
      expect(options.secureContext).toBeDefined();
    }
  });
});

describe('explaining certificate errors Node reports', () => {
  // Shapes as Node gives them: OpenSSL's verification result as `code` (docs/api/tls.md § X509 certificate
  // error codes), wrapped by undici's fetch in a TypeError's `cause`.
  const fetchError = (cause: object) => new TypeError('fetch failed', { cause });

  it('an expired certificate', () => {
    const error = fetchError(
      Object.assign(new Error('certificate has expired'), { code: 'CERT_HAS_EXPIRED' }),
    );
    expect(describeTlsFailure(error)?.message).toBe('The gateway’s certificate has expired.');
  });

  it('a server that does not speak TLS at all', () => {
    const error = fetchError(
      Object.assign(new Error('wrong version number'), { code: 'ERR_SSL_WRONG_VERSION_NUMBER' }),
    );
    expect(describeTlsFailure(error)?.hint).toMatch(/http:\/\/ rather than https:\/\//);
  });

  it('anything else is not a certificate problem', () => {
    expect(
      describeTlsFailure(fetchError(Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }))),
    ).toBeNull();
  });
});
