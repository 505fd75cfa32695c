// Item 12 made extra-header values secrets; but many extra headers carry ordinary, public text that also
// appears in replies and files (OpenRouter's `HTTP-Referer` and `X-Title`, `Accept`, `anthropic-beta`).
// Scrubbing those corrupted replies ("https://" hidden), stored transcripts (the data folder
// ".../Gateway Studio/media/..." rewritten: the audio was lost) and files. Only values that are credentials
// (by their header's name, or by their look) are scrubbed; every value is still stored sealed.
// Through the real settings service, gateway access, transcript history and atomic write.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../../../src-main/services/atomic-file.ts';
import { createGatewayAccess } from '../../../src-main/services/gateway-access.ts';
import { setKnownSecretsProvider } from '../../../src-main/services/known-secrets.ts';
import { isScrubbedHeader } from '../../../src-main/services/sealed-headers.ts';
import { createSettingsService } from '../../../src-main/services/settings.ts';
import { createTranscriptHistory } from '../../../src-main/services/transcript-history.ts';
import { createConfSettingsStore } from '../../support/conf-store.ts';
import { createTestSecretBox } from '../../support/test-secret-box.ts';
import { collect, encoder, sseResponse, stubFetch, textOf } from '../gateway/helpers.ts';

const KEY = 'sk-proj-Q7v2Lm9XcT4rWb8Nz1Kd6Hs3Jf0Pa5Ye';
/** A Cloudflare Access client secret: random, 40 characters here. */
const ACCESS_SECRET = 'e1Xq9Zr4Tb7Vn2Mc8Lk5Jh3Gf6Ds0Ap1Wo4Ei7U';
const ORDINARY = {
  // OpenRouter's attribution headers (openrouter.ai/docs/api-reference/overview#headers).
  'HTTP-Referer': 'https://myapp.example.com',
  'X-Title': 'Gateway Studio',
  Accept: 'application/json',
  // Anthropic's beta flags (docs.anthropic.com, "Beta headers").
  'anthropic-beta': 'prompt-caching-2024-07-31',
};

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gs-ordinary-headers-'));
});
afterEach(() => {
  setKnownSecretsProvider(null);
  rmSync(dir, { recursive: true, force: true });
});

function settingsWithHeaders() {
  const settings = createSettingsService({
    directory: join(dir, 'settings'),
    secretBox: createTestSecretBox('os'),
    createStore: createConfSettingsStore,
  });
  settings.createProfile({
    name: 'Work',
    baseUrl: 'https://gw.example.com',
    apiKey: KEY,
    extraHeaders: { ...ORDINARY, 'CF-Access-Client-Secret': ACCESS_SECRET },
  });
  setKnownSecretsProvider(() => settings.secretValues());
  return settings;
}

/** A reply that quotes every ordinary header value, and echoes the access secret. */
const REPLY =
  'See https://myapp.example.com/docs, send Accept: application/json, enable prompt-caching-2024-07-31 ' +
  `in Gateway Studio. Echo: ${ACCESS_SECRET}.`;
const EXPECTED =
  'See https://myapp.example.com/docs, send Accept: application/json, enable prompt-caching-2024-07-31 ' +
  'in Gateway Studio. Echo: [key hidden].';

describe('ordinary extra-header values are not scrubbed; credentials still are', () => {
  it('a streamed reply quoting ordinary header values reads unchanged, the access secret hidden', async () => {
    const settings = settingsWithHeaders();
    // The reply in small deltas, as a gateway streams it (WIRE.md: Responses SSE output_text.delta).
    const deltas = REPLY.match(/.{1,5}/gs) ?? [];
    const body =
      deltas
        .map(
          (delta) =>
            `event: response.output_text.delta\ndata: ${JSON.stringify({ type: 'response.output_text.delta', output_index: 0, content_index: 0, delta })}\n\n`,
        )
        .join('') +
      `event: response.completed\ndata: ${JSON.stringify({ type: 'response.completed', response: { id: 'r', status: 'completed' } })}\n\n`;
    const { fetch } = stubFetch(() => sseResponse([encoder.encode(body)]));
    const { client } = createGatewayAccess(settings, fetch)();
    const events = await collect(client.streamResponses({ model: 'm', input: 'hi' }));
    expect(textOf(events)).toBe(EXPECTED);
  });

  it('a stored transcript keeps its audio path in ".../Gateway Studio/..." and its text', async () => {
    settingsWithHeaders();
    const directory = join(dir, 'Gateway Studio', 'history', 'transcripts');
    const recordingsDir = join(dir, 'Gateway Studio', 'media', 'recordings');
    mkdirSync(recordingsDir, { recursive: true });
    const history = createTranscriptHistory({ directory, recordingsDir });
    const audioPath = join(recordingsDir, 'meeting.wav');
    const saved = await history.save({
      name: 'meeting.wav',
      mode: 'transcribe',
      options: { model: 'whisper-1', responseFormat: 'json' },
      transcript: {
        text: REPLY,
        segments: [],
        words: [],
        raw: JSON.stringify({ text: REPLY }),
        format: 'json',
      },
      audioPath,
      kind: 'file',
      durationSec: 1,
    });
    const entry = await history.get(saved.id);
    expect(entry.audioPath).toBe(audioPath);
    expect(entry.transcript.text).toBe(EXPECTED);
    const [file] = readdirSync(directory);
    expect(readFileSync(join(directory, file!), 'utf8')).not.toContain(ACCESS_SECRET.slice(0, 8));
  });

  it('a JSON file keeps its object keys and ordinary values byte for byte', async () => {
    settingsWithHeaders();
    const path = join(dir, 'cache.json');
    const document = {
      [join(dir, 'Gateway Studio', 'media', 'a.wav')]: { type: 'application/json' },
      'https://myapp.example.com': 'prompt-caching-2024-07-31',
    };
    await writeFileAtomic(path, JSON.stringify(document));
    expect(readFileSync(path, 'utf8')).toBe(JSON.stringify(document));
  });

  it('every value is still stored sealed, and the key and access secret are still listed for scrubbing', () => {
    const settings = settingsWithHeaders();
    const file = readFileSync(join(dir, 'settings', 'settings.json'), 'utf8');
    for (const value of Object.values(ORDINARY)) expect(file).not.toContain(value);
    expect(settings.secretValues().sort()).toEqual([ACCESS_SECRET, KEY].sort());
  });
});

describe('which header values are credentials', () => {
  it('by the header name, whatever the value', () => {
    for (const name of [
      'CF-Access-Client-Secret',
      'X-Api-Key',
      'Authorization',
      'X-Auth-Token',
      'Cookie',
      'X-Session-Id',
      'X-Password',
      'X-Signature',
      'X-Credential',
      'X-Jwt',
    ])
      expect(isScrubbedHeader(name, 'Qx7-value'), name).toBe(true);
  });

  it('by the value: long, unbroken, letters and digits mixed, varied (a random token)', () => {
    expect(isScrubbedHeader('X-Relay', 'e1Xq9Zr4Tb7Vn2Mc8Lk5Jh3Gf6Ds0Ap1')).toBe(true);
    expect(isScrubbedHeader('X-Relay', '5d1c9e0b7a4f42e8b1c3d6e9f0a2b4c6')).toBe(true);
    // A JWT: base64url parts joined by dots.
    expect(
      isScrubbedHeader(
        'X-Relay',
        'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dBjftJeZ4CVPmB92K27uhbUJU1p1r',
      ),
    ).toBe(true);
  });

  it('not ordinary text: addresses, media types, names, dated flags, versions, short words', () => {
    for (const [name, value] of [
      ...Object.entries(ORDINARY),
      ['anthropic-version', '2023-06-01'],
      ['OpenAI-Beta', 'assistants=v2'],
      ['X-Team', 'blue'],
      ['X-Request-Date', '20240731T120000Z'],
      ['Cache-Control', 'no-cache'],
    ] as const)
      expect(isScrubbedHeader(name, value), `${name}: ${value}`).toBe(false);
  });
});
