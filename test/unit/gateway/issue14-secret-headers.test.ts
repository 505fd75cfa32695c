// Issue 14, item 12: an extra-header value reaches the gateway and nothing else. The request the inspector
// records (and every reply stores) carries a `$HEADER_NAME` placeholder in its place, as it does for the key.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createExchangeRecorder } from '../../../src-main/gateway/exchange-log.ts';
import { createGatewayAccess } from '../../../src-main/services/gateway-access.ts';
import { createSettingsService } from '../../../src-main/services/settings.ts';
import { KEY_PLACEHOLDER } from '../../../src-preload/contract.ts';
import { headerPlaceholder } from '../../../src-preload/secret-placeholders.ts';
import { createConfSettingsStore } from '../../support/conf-store.ts';
import { createTestSecretBox } from '../../support/test-secret-box.ts';
import { collect, fakeGateway, lastRequest, type StartedGateway } from './helpers.ts';

const ACCESS_SECRET = '5d1c9e0b7a4f42e8b1c3d6e9f0a2b4c6d8e0f1a3b5c7d9e1f2a4b6c8d0e2f3a9';

let gateway: StartedGateway;
let dir: string;

beforeAll(async () => {
  ({ gateway } = await fakeGateway());
});
afterAll(() => gateway.close());
beforeEach(() => {
  gateway.reset();
  dir = mkdtempSync(join(tmpdir(), 'gs-header-wire-'));
  return () => rmSync(dir, { recursive: true, force: true });
});

/** The app's own path from a profile to a call: settings → gateway access (which shields the client). */
function accessWithSecretHeader() {
  const settings = createSettingsService({
    directory: dir,
    secretBox: createTestSecretBox('os'),
    createStore: createConfSettingsStore,
  });
  settings.createProfile({
    name: 'Work',
    baseUrl: gateway.baseUrl,
    vendorKeyHeader: gateway.vendorKeyHeader,
    apiKey: gateway.apiKey,
    extraHeaders: { 'CF-Access-Client-Secret': ACCESS_SECRET, 'X-Team': 'blue' },
  });
  return createGatewayAccess(settings, (input, init) => fetch(input, init));
}

describe('item 12: the recorded request', () => {
  it('has a placeholder named after each extra header, while the gateway gets the real values', async () => {
    gateway.setChatReply({ text: 'Hello.' });
    const recorder = createExchangeRecorder();
    const { client } = accessWithSecretHeader()();
    await collect(
      client.streamResponses({ model: 'gpt-5-mini', input: 'Hi' }, { observer: recorder.observer }),
    );

    const received = lastRequest(gateway);
    expect(received.headers['cf-access-client-secret']).toBe(ACCESS_SECRET);
    expect(received.headers['x-team']).toBe('blue');

    const sent = recorder.request;
    expect(sent?.headers).toEqual([
      ['cf-access-client-secret', '$CF_ACCESS_CLIENT_SECRET'],
      ['x-team', '$X_TEAM'],
      ['accept', 'text/event-stream'],
      ['content-type', 'application/json'],
      ['authorization', `Bearer ${KEY_PLACEHOLDER}`],
    ]);
    const recorded = JSON.stringify({ sent, log: recorder.log() });
    expect(recorded).not.toContain(ACCESS_SECRET.slice(0, 8));
    expect(recorded).not.toMatch(/"blue"/);
  });
});

describe('item 12: a gateway that echoes the header back', () => {
  it('gets no piece of the value into an error message', async () => {
    // A proxy in front of the gateway that quotes the request's headers in its refusal, as some do.
    const echo = async (_input: string | URL, init?: RequestInit) => {
      const value = new Headers(init?.headers).get('cf-access-client-secret') ?? '';
      const message = `Access denied for client secret ${value} (starts ${value.slice(0, 16)})`;
      return new Response(JSON.stringify({ error: { message, type: 'invalid_request_error' } }), {
        status: 403,
        headers: { 'content-type': 'application/json' },
      });
    };
    const settings = createSettingsService({
      directory: dir,
      secretBox: createTestSecretBox('os'),
      createStore: createConfSettingsStore,
    });
    settings.createProfile({
      name: 'Work',
      baseUrl: 'https://gw.example.com',
      apiKey: 'sk-test-key-0123456789',
      extraHeaders: { 'CF-Access-Client-Secret': ACCESS_SECRET },
    });
    const { client } = createGatewayAccess(settings, echo)();
    const error = await client.listModelsV1().then(
      () => null,
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(Error);
    const shown = JSON.stringify({ message: (error as Error).message, error });
    expect(shown).toMatch(/Access denied/);
    expect(shown).not.toContain(ACCESS_SECRET.slice(0, 8));
    expect(shown).not.toContain(ACCESS_SECRET.slice(-8));
  });
});

describe('item 12: header placeholders', () => {
  it('are shell variable names that never collide with the key’s', () => {
    expect(headerPlaceholder('CF-Access-Client-Secret')).toBe('$CF_ACCESS_CLIENT_SECRET');
    expect(headerPlaceholder('x.proxy~token')).toBe('$X_PROXY_TOKEN');
    expect(headerPlaceholder('1st-token')).toBe('$_1ST_TOKEN');
    expect(headerPlaceholder('Gateway-Api-Key')).not.toBe(KEY_PLACEHOLDER);
    expect(headerPlaceholder('Gateway-Api-Key')).toMatch(/^\$[A-Z_][A-Z0-9_]*$/);
  });
});
