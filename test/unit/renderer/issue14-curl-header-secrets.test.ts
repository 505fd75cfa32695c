// Issue 14, item 12: "Copy as curl" writes no extra-header value. Each one is read from a shell variable
// named after its header (`$CF_ACCESS_CLIENT_SECRET`), as the key is read from `$GATEWAY_API_KEY`.
import { spawn, spawnSync } from 'node:child_process';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEY_PLACEHOLDER, type SentRequest } from '../../../src-preload/contract.ts';
import { headerPlaceholder } from '../../../src-preload/secret-placeholders.ts';
import { curlCommand } from '../../../src-renderer/src/panels/playground/inspector/curl.ts';

const hasCurl = spawnSync('bash', ['-c', 'command -v curl']).status === 0;

const KEY = 'sk-test-key-0123456789';
// Shell-special characters, so expanding the variable must not re-interpret them.
const ACCESS_SECRET = `cf-secret-"$HOME'\`x!y-f3a9`;

let server: Server;
let base = '';
const received: IncomingHttpHeaders[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    received.push(req.headers);
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** What main records for a call with one secret extra header (see the http core's masking). */
const request = (): SentRequest => ({
  method: 'POST',
  url: `${base}/v1/responses`,
  headers: [
    ['cf-access-client-secret', headerPlaceholder('cf-access-client-secret')],
    ['accept', 'application/json'],
    ['authorization', `Bearer ${KEY_PLACEHOLDER}`],
  ],
  body: '{"model":"m","input":"hi"}',
});

/** Runs the command as a paste into bash (on stdin), with only the given variables set. */
function pasteIntoBash(command: string, env: Record<string, string>) {
  return new Promise<{ status: number | null; stderr: string }>((resolve, reject) => {
    const child = spawn('bash', ['-s'], { env: { PATH: process.env.PATH, HOME: '/nonexistent', ...env } });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    child.stdout.resume();
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stderr }));
    child.stdin.end(`${command}\n`);
  });
}

describe('item 12: Copy as curl with a secret extra header', () => {
  it('reads the value from a variable named after the header', () => {
    expect(curlCommand(request())).toContain(`-H "cf-access-client-secret: \${CF_ACCESS_CLIENT_SECRET:?`);
  });

  it.skipIf(!hasCurl)('sends the value from the environment, byte for byte', async () => {
    const before = received.length;
    const result = await pasteIntoBash(curlCommand(request()), {
      GATEWAY_API_KEY: KEY,
      CF_ACCESS_CLIENT_SECRET: ACCESS_SECRET,
    });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(received.length).toBe(before + 1);
    expect(received.at(-1)?.['cf-access-client-secret']).toBe(ACCESS_SECRET);
    expect(received.at(-1)?.authorization).toBe(`Bearer ${KEY}`);
  });

  it.skipIf(!hasCurl)('stops with the variable’s name when it is not set, sending nothing', async () => {
    const before = received.length;
    const result = await pasteIntoBash(curlCommand(request()), { GATEWAY_API_KEY: KEY });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toMatch(/CF_ACCESS_CLIENT_SECRET/);
    expect(received.length).toBe(before);
  });
});
