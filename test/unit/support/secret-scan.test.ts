// The secret scanner itself (test/support/secret-scan.ts): it must find every planted piece of a secret,
// in every form it claims to know, where it was planted — and flag nothing that is not such a piece.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type Finding, SecretScanner } from '../../support/secret-scan.ts';
import { seededRandom } from '../../support/seeded-random.ts';

const KEY = 'sk-live-7Qm2ZxV9pL4tR8wK3nB6yH1c';
const HEADER = 'cf-secret/Ab+9&"Zq=Tr0%Lw';
const scanner = new SecretScanner([
  { name: 'API key', value: KEY },
  { name: 'header CF-Access-Client-Secret', value: HEADER },
]);

const random = seededRandom(14);
/** Filler text that shares an alphabet with the secrets but, by construction, none of their pieces. */
function filler(length: number): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789 ';
  let out = '';
  for (let i = 0; i < length; i += 1) out += alphabet[Math.floor(random() * alphabet.length)];
  return out;
}

const forms = (findings: Finding[]) => findings.map((f) => `${f.secret}/${f.form}`);

describe('finds planted pieces', () => {
  it('an 8-character piece anywhere in a text, with its offset', () => {
    const before = filler(57);
    const findings = scanner.scanText(`${before}${KEY.slice(11, 19)}${filler(40)}`, 'a log line');
    expect(forms(findings)).toEqual(['API key/raw']);
    expect(findings[0]).toMatchObject({ where: 'a log line', offset: 57, hits: 1 });
  });

  it('the first 16 characters (as a gateway echoes in x-request-id) count 9 pieces', () => {
    const findings = scanner.scanText(`req-20250915-${KEY.slice(0, 16)}`, 'header');
    expect(findings).toEqual([expect.objectContaining({ secret: 'API key', form: 'raw', hits: 9 })]);
  });

  it('a piece inside a nested value, with the JSON path to it; object keys are scanned too', () => {
    const payload = {
      streamId: 's1',
      events: [
        { type: 'text-delta', text: 'ok' },
        { type: 'error', error: { message: `bad ${KEY}` } },
      ],
      headers: { [HEADER.slice(2, 12)]: 'x' },
    };
    const findings = scanner.scanValue(payload, 'ipc #3');
    expect(findings.map((f) => `${f.secret} ${f.path}`)).toEqual([
      'API key $.events[1].error.message',
      'header CF-Access-Client-Secret $.headers.<key <10 chars>>',
    ]);
  });

  it('JSON-escaped, whole or in part, once or twice (JSON in JSON)', () => {
    const unicode = [...KEY].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
    expect(forms(scanner.scanText(`{"message":"${unicode}"}`, 'body'))).toEqual(['API key/json-escaped']);
    // The header value has a `"`: each JSON level escapes it again. The piece around it is still found.
    const twice = JSON.stringify(JSON.stringify({ secret: HEADER.slice(12, 20) }));
    expect(forms(scanner.scanText(twice, 'file'))).toEqual(['header CF-Access-Client-Secret/json-escaped']);
    const slashEscaped = HEADER.slice(4, 14).replace('/', '\\/');
    expect(forms(scanner.scanText(slashEscaped, 'body'))).toEqual([
      'header CF-Access-Client-Secret/json-escaped',
    ]);
  });

  it('URL-encoded and HTML-escaped', () => {
    const encoded = [...Buffer.from(KEY.slice(8, 16))].map((b) => `%${b.toString(16)}`).join('');
    expect(forms(scanner.scanText(`?k=${encoded}`, 'url'))).toEqual(['API key/url-encoded']);
    expect(forms(scanner.scanText(`?h=${encodeURIComponent(HEADER.slice(12, 22))}`, 'url'))).toEqual([
      'header CF-Access-Client-Secret/url-encoded',
    ]);
    const html = HEADER.slice(11, 21).replaceAll('&', '&amp;').replaceAll('"', '&quot;');
    expect(forms(scanner.scanText(`<p title="${html}">`, 'DOM'))).toEqual([
      'header CF-Access-Client-Secret/html-entity',
    ]);
  });

  it('base64 at each of the 3 alignments, inside a longer encoded text', () => {
    for (const prefix of ['Bearer ', 'Bearer  ', 'Basic x:', 'k=']) {
      const encoded = Buffer.from(`${prefix}${KEY} and more`).toString('base64');
      expect(forms(scanner.scanText(`{"echo":"${encoded}"}`, 'body')), prefix).toEqual(['API key/base64']);
    }
  });

  it('base64url, where its alphabet differs from base64', () => {
    // `~?>` encode to `+` and `/` in base64: the two alphabets give different texts.
    const token = new SecretScanner([{ name: 'token', value: 'a~?>b~?>c~?>d~?>e~?>' }]);
    for (const prefix of ['', 'x', 'xy']) {
      const bytes = Buffer.from(`${prefix}a~?>b~?>c~?>d~?>`);
      expect(forms(token.scanText(bytes.toString('base64url'), 'body')), prefix).toEqual(['token/base64url']);
      expect(forms(token.scanText(bytes.toString('base64'), 'body')), prefix).toEqual(['token/base64']);
    }
  });

  it('only 8 bytes of the secret base64-encoded inside other bytes', () => {
    for (let shift = 0; shift < 3; shift += 1) {
      const bytes = Buffer.concat([
        Buffer.from(filler(5 + shift)),
        Buffer.from(KEY.slice(20, 28)),
        Buffer.from(filler(4)),
      ]);
      expect(forms(scanner.scanText(bytes.toString('base64'), 'body')), `shift ${shift}`).toEqual([
        'API key/base64',
      ]);
    }
  });

  it('bytes of a binary file: raw, UTF-16LE and hex among random bytes', () => {
    const noise = (n: number) => Buffer.from(Array.from({ length: n }, () => Math.floor(random() * 256)));
    const file = Buffer.concat([
      noise(300),
      Buffer.from(KEY.slice(3, 12), 'utf16le'),
      noise(200),
      Buffer.from(Buffer.from(HEADER.slice(0, 8)).toString('hex')),
      noise(100),
    ]);
    expect(forms(scanner.scanBytes(file, 'file data.bin')).sort()).toEqual([
      'API key/utf16le',
      'header CF-Access-Client-Secret/hex',
    ]);
  });

  it('every file in a folder tree, named by its path', () => {
    const root = mkdtempSync(join(tmpdir(), 'secret-scan-'));
    afterAll(() => rmSync(root, { recursive: true, force: true }));
    mkdirSync(join(root, 'conversations', 'deep'), { recursive: true });
    writeFileSync(join(root, 'settings.json'), JSON.stringify({ apiKey: 'v1:AAAA', name: 'clean' }));
    writeFileSync(join(root, 'conversations', 'deep', 'c1.json'), JSON.stringify({ text: KEY }));
    writeFileSync(join(root, 'clip.wav'), Buffer.concat([Buffer.alloc(64), Buffer.from(HEADER)]));
    const findings = scanner.scanFolder(root, 'user-data/');
    expect(findings.map((f) => `${f.secret} in ${f.where}`).sort()).toEqual([
      'API key in file user-data/conversations/deep/c1.json',
      'header CF-Access-Client-Secret in file user-data/clip.wav',
    ]);
  });
});

describe('flags nothing else', () => {
  it('7 characters of a secret, or the masked tail the app shows', () => {
    const text = `key ${KEY.slice(5, 12)} … •••• ${KEY.slice(-4)} ${HEADER.slice(-7)}`;
    expect(scanner.scanText(text, 'DOM')).toEqual([]);
  });

  it('the secret with every 7th character changed: no 8 characters in a row survive', () => {
    const near = [...KEY].map((c, i) => (i % 7 === 6 ? (c === 'x' ? 'y' : 'x') : c)).join('');
    expect(scanner.scanText(near, 'log')).toEqual([]);
    expect(scanner.scanText(Buffer.from(`Bearer ${near}`).toString('base64'), 'log')).toEqual([]);
    expect(scanner.scanText(JSON.stringify(JSON.stringify(near)), 'log')).toEqual([]);
  });

  it('7 bytes of the secret base64-encoded, and a long text of filler', () => {
    // The byte before differs from the secret's own in every low bit, so no bits beyond the 7 bytes
    // happen to continue the secret. (Where they do, 7 bytes and a few bits may count: the scan errs
    // on the side of a finding.)
    const unlike = KEY.charCodeAt(19) ^ 0x3f;
    for (let shift = 0; shift < 3; shift += 1) {
      const before = Buffer.alloc(shift, unlike);
      const bytes = Buffer.concat([before, Buffer.from(KEY.slice(20, 27)), Buffer.from([0])]);
      expect(scanner.scanText(bytes.toString('base64'), 'body')).toEqual([]);
    }
    expect(scanner.scanText(filler(200_000), 'big')).toEqual([]);
  });

  it('its own report holds no piece of a secret', () => {
    const findings = scanner.scanValue({ [KEY]: HEADER, list: [KEY] }, `ipc ${KEY.slice(0, 3)}`);
    expect(findings.length).toBeGreaterThan(0);
    expect(scanner.scanText(scanner.describe(findings), 'report')).toEqual([]);
  });
});
