import { spawn, spawnSync } from 'node:child_process';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEY_PLACEHOLDER, type SentRequest } from '../../../src-preload/contract.ts';
import { curlCommand } from '../../../src-renderer/src/panels/playground/inspector/curl.ts';

// The copied command is checked the way a user would use it: pasted into a shell (fed on stdin, as a
// paste is) with the key exported, against a real HTTP server on loopback that records what arrived.

const hasBash = spawnSync('bash', ['-c', 'true']).status === 0;
const hasCurl = hasBash && spawnSync('bash', ['-c', 'command -v curl']).status === 0;
const hasDash = spawnSync('dash', ['-c', 'true']).status === 0;

// A key with shell-special characters: expanding it must not re-interpret them.
const KEY = `sk-test-"$HOME'\`x!y 42`;

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  rawHeaders: string[];
  body: Buffer;
}

let server: Server;
let base = '';
const received: Received[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        rawHeaders: req.rawHeaders,
        body: Buffer.concat(chunks),
      });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

/** Runs the command as if pasted into `shell`; async, so the server in this process can answer meanwhile. */
function runPasted(
  command: string,
  env: Record<string, string | undefined>,
  shell = 'bash',
  shellArgs = ['-s'],
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(shell, shellArgs, { env: { PATH: process.env.PATH, HOME: '/nonexistent', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
    child.stdin.end(`${command}\n`);
  });
}

async function sendThroughShell(request: SentRequest, shell = 'bash'): Promise<Received> {
  const before = received.length;
  const result = await runPasted(curlCommand(request), { GATEWAY_API_KEY: KEY }, shell);
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  expect(result.stdout).toBe('{"ok":true}');
  expect(received.length).toBe(before + 1);
  return received[received.length - 1] as Received;
}

function syntaxOk(command: string): boolean {
  return spawnSync('bash', ['-n'], { input: command }).status === 0;
}

// A body with everything that breaks naive quoting: quotes of both kinds, `$`, backticks, `!`, escaped
// newlines and non-ASCII text.
const TRICKY_TEXT = `It's "quoted", costs $5 ($HOME), \`uname\`, wow!! \\ back\\slash\nnew line — café 🚀 '' end'`;

function responsesRequest(overrides: Partial<SentRequest> = {}): SentRequest {
  const body = JSON.stringify({
    model: 'gpt-5-mini',
    input: [{ role: 'user', content: TRICKY_TEXT }],
    stream: true,
    store: false,
  });
  return {
    method: 'POST',
    url: `${base}/v1/responses`,
    headers: [
      ['x-team', `o'brien "$USER"`],
      ['accept', 'text/event-stream'],
      ['content-type', 'application/json'],
      ['authorization', `Bearer ${KEY_PLACEHOLDER}`],
      ['content-length', '99999'],
      ['host', 'gateway.example'],
    ],
    body,
    ...overrides,
  };
}

describe('Copy as curl: the command text', () => {
  it('starts with curl, the method and the quoted URL, with one -H per header and the body last', () => {
    const command = curlCommand(responsesRequest());
    const lines = command.split('\n');
    expect(lines[0]).toBe(`curl -sS -N -X POST '${base}/v1/responses' \\`);
    expect(lines.filter((l) => l.trimStart().startsWith('-H ')).length).toBe(4);
    expect(lines.at(-1)).toMatch(/^ {2}--data-raw '/);
    expect(syntaxOk(command)).toBe(true);
  });

  it('drops content-length and host, which curl works out itself', () => {
    const command = curlCommand(responsesRequest());
    expect(command).not.toMatch(/content-length/i);
    expect(command).not.toMatch(/host:/i);
    expect(command).toContain(`-H 'accept: text/event-stream'`);
    expect(command).toContain(`-H 'content-type: application/json'`);
  });

  it('reads the key from the environment in a double-quoted header, never writing one in', () => {
    const command = curlCommand(responsesRequest());
    expect(command).toContain(`-H "authorization: Bearer \${GATEWAY_API_KEY:?`);
  });

  it('asks curl not to buffer (-N) only when the request asked for a stream', () => {
    const plain = responsesRequest({
      headers: [
        ['accept', 'application/json'],
        ['authorization', `Bearer ${KEY_PLACEHOLDER}`],
      ],
      body: '{"model":"m","input":"hi","stream":false}',
    });
    expect(curlCommand(plain).split('\n')[0]).toBe(`curl -sS -X POST '${base}/v1/responses' \\`);

    const byBody = { ...plain, body: '{"model":"m","input":"hi","stream":true}' };
    expect(curlCommand(byBody).split('\n')[0]).toContain('-N');

    const byQuery = { ...plain, url: `${base}/v1beta/models/g:streamGenerateContent?alt=sse`, body: '{}' };
    expect(curlCommand(byQuery).split('\n')[0]).toContain('-N');

    // Text that merely mentions streaming does not count.
    const mention = { ...plain, body: JSON.stringify({ input: '"stream":true' }) };
    expect(curlCommand(mention).split('\n')[0]).not.toContain('-N');
  });

  it('sends no body option for a request without a body', () => {
    const command = curlCommand({ method: 'get', url: `${base}/v1beta/models`, headers: [], body: null });
    expect(command).toBe(`curl -sS -X GET '${base}/v1beta/models'`);
  });

  it('is valid shell for bodies full of quotes, dollars, backticks and bangs', () => {
    expect(syntaxOk(curlCommand(responsesRequest()))).toBe(true);
    const nasty = `'; rm -rf / #'\n"$(echo pwned)"\`id\`${'\\'.repeat(3)}'`;
    expect(syntaxOk(curlCommand(responsesRequest({ body: nasty })))).toBe(true);
  });
});

describe.skipIf(!hasCurl)('Copy as curl: pasted into bash with the key exported', () => {
  it('sends a streamed Responses request byte for byte, with the key from GATEWAY_API_KEY', async () => {
    const request = responsesRequest();
    const got = await sendThroughShell(request);
    expect(got.method).toBe('POST');
    expect(got.url).toBe('/v1/responses');
    expect(got.body.equals(Buffer.from(request.body ?? '', 'utf8'))).toBe(true);
    expect(got.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(got.headers.accept).toBe('text/event-stream');
    expect(got.headers['content-type']).toBe('application/json');
    // Other headers go through untouched, their `$` and quotes included.
    expect(got.headers['x-team']).toBe(`o'brien "$USER"`);
    // curl's own, correct length and host, not the recorded ones.
    expect(got.headers['content-length']).toBe(String(Buffer.byteLength(request.body ?? '')));
    expect(got.headers.host).toBe(new URL(base).host);
  });

  it('sends a content-generation request with the vendor key header and the query intact', async () => {
    const body = JSON.stringify({
      contents: [{ role: 'user', parts: [{ text: TRICKY_TEXT }] }],
      generationConfig: { temperature: 0.2, stopSequences: ["'END'"] },
    });
    const got = await sendThroughShell({
      method: 'POST',
      url: `${base}/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse`,
      headers: [
        ['accept', 'text/event-stream'],
        ['content-type', 'application/json'],
        ['x-vendor-api-key', KEY_PLACEHOLDER],
      ],
      body,
    });
    expect(got.url).toBe('/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse');
    expect(got.headers['x-vendor-api-key']).toBe(KEY);
    expect(got.body.toString('utf8')).toBe(body);
  });

  it('keeps the literal text around the key in that header, special characters and all', async () => {
    const got = await sendThroughShell(
      responsesRequest({
        headers: [['x-odd-auth', `k="$1" \`v\` \\ ! ${KEY_PLACEHOLDER}!tail`]],
      }),
    );
    expect(got.headers['x-odd-auth']).toBe(`k="$1" \`v\` \\ ! ${KEY}!tail`);
  });

  it('sends a header with an empty value as an empty header rather than dropping it', async () => {
    const got = await sendThroughShell(
      responsesRequest({
        headers: [
          ['x-empty', ''],
          ['authorization', `Bearer ${KEY_PLACEHOLDER}`],
        ],
      }),
    );
    expect(got.rawHeaders).toContain('x-empty');
    expect(got.headers['x-empty']).toBe('');
  });

  it('sends a body of hundreds of KB exactly, though it is too big to be one argument', async () => {
    const long = `${TRICKY_TEXT} ${'lorem ipsum ☃ '.repeat(30_000)}`;
    const body = JSON.stringify({ model: 'gpt-5-mini', input: long, stream: true });
    expect(Buffer.byteLength(body)).toBeGreaterThan(300_000);
    const command = curlCommand(responsesRequest({ body }));
    expect(syntaxOk(command)).toBe(true);
    const got = await sendThroughShell(responsesRequest({ body }));
    expect(got.body.length).toBe(Buffer.byteLength(body));
    expect(got.body.toString('utf8')).toBe(body);
  });

  it('stops with a message naming the variable, sending nothing, when the key is not exported', async () => {
    const before = received.length;
    const result = await runPasted(curlCommand(responsesRequest()), { GATEWAY_API_KEY: undefined });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('GATEWAY_API_KEY');
    expect(received.length).toBe(before);
  });

  it('survives the history expansion of an interactive bash, where `!` is special', async () => {
    const request = responsesRequest({
      headers: [['x-odd-auth', `wow!! ${KEY_PLACEHOLDER}`]],
    });
    const before = received.length;
    const result = await runPasted(curlCommand(request), { GATEWAY_API_KEY: KEY }, 'bash', [
      '--norc',
      '--noprofile',
      '-i',
    ]);
    expect(result.stderr).not.toContain('event not found');
    expect(result.stdout).toContain('{"ok":true}');
    const got = received[before] as Received;
    expect(got.body.toString('utf8')).toBe(request.body);
    expect(got.headers['x-odd-auth']).toBe(`wow!! ${KEY}`);
  });

  it.skipIf(!hasDash)('runs the same in a plain POSIX sh (dash)', async () => {
    const request = responsesRequest();
    const got = await sendThroughShell(request, 'dash');
    expect(got.body.toString('utf8')).toBe(request.body);
    expect(got.headers.authorization).toBe(`Bearer ${KEY}`);
  });
});
