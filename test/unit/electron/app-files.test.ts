import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contentTypeFor,
  createAppRequestHandler,
  parseRange,
  resolveInside,
} from '../../../src-main/app-files.ts';
import { CONTENT_SECURITY_POLICY } from '../../../src-main/csp.ts';

let base: string;
let rendererDir: string;
let dataDir: string;
let serve: (request: Request) => Promise<Response>;

const AUDIO = Buffer.from('0123456789abcdef');

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'gs-app-files-'));
  rendererDir = join(base, 'out', 'renderer');
  dataDir = join(base, 'data');
  await mkdir(join(rendererDir, 'assets'), { recursive: true });
  await mkdir(join(dataDir, 'media', 'speech'), { recursive: true });
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>Gateway Studio</title>');
  await writeFile(join(rendererDir, 'assets', 'main-1a2b.js'), 'console.log(1)');
  await writeFile(join(rendererDir, 'assets', 'main-1a2b.css'), 'body{}');
  await writeFile(join(dataDir, 'settings.json'), '{"secret":"ciphertext"}');
  await writeFile(join(dataDir, 'media', 'speech', 'clip one.mp3'), AUDIO);
  await writeFile(join(dataDir, 'media', 'speech', '.clip.mp3.tmp'), AUDIO);
  await writeFile(join(dataDir, 'media', 'empty.wav'), '');
  await writeFile(join(dataDir, 'media', 'page.html'), '<script>parent.gatewayStudio</script>');
  await symlink(join(dataDir, 'settings.json'), join(dataDir, 'media', 'escape.mp3'));
  serve = createAppRequestHandler({
    rendererDir,
    mediaDir: join(dataDir, 'media'),
    contentSecurityPolicy: CONTENT_SECURITY_POLICY,
  });
});

afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}) =>
  serve(new Request(`app://gateway-studio${path}`, { headers }));

describe('the app protocol: renderer files', () => {
  it('serves index.html for / with the CSP header and an HTML type', async () => {
    const response = await get('/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.text()).toContain('Gateway Studio');
  });

  it('serves built assets with their MIME types', async () => {
    const script = await get('/assets/main-1a2b.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await script.text()).toBe('console.log(1)');
    expect((await get('/assets/main-1a2b.css')).headers.get('content-type')).toBe('text/css; charset=utf-8');
  });

  it('answers 404 for a missing file and for a folder', async () => {
    expect((await get('/nope.js')).status).toBe(404);
    expect((await get('/assets')).status).toBe(404);
  });

  it.each([
    '/..%2f..%2fdata%2fsettings.json',
    '/assets/..%2f..%2f..%2fdata/settings.json',
    '/assets/%2e%2e%2f%2e%2e%2f..%2fdata%2fsettings.json',
    '/assets/..%5c..%5c..%5cdata%5csettings.json',
    '/%00index.html',
    '/C:%5cWindows%5cwin.ini',
    '/%E0%A4%A',
  ])('never leaves out/renderer: %s', async (path) => {
    const response = await get(path);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('ciphertext');
  });

  it('cannot reach the media folder or the data folder from the renderer route', async () => {
    expect((await get('/../data/settings.json')).status).toBe(404);
    expect((await get('/speech/clip%20one.mp3')).status).toBe(404);
  });

  it('refuses other methods and other hosts', async () => {
    const post = await serve(new Request('app://gateway-studio/index.html', { method: 'POST', body: 'x' }));
    expect(post.status).toBe(405);
    expect((await serve(new Request('app://elsewhere/index.html'))).status).toBe(404);
  });
});

describe('the app protocol: media', () => {
  it('serves only audio from the media folder, never a document that would run as our page', async () => {
    expect((await get('/media/page.html')).status).toBe(404);
  });

  it('serves a file under <dataDir>/media with its audio type and byte ranges advertised', async () => {
    const response = await get('/media/speech/clip%20one.mp3');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('audio/mpeg');
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(response.headers.get('content-length')).toBe(String(AUDIO.length));
    expect(Buffer.from(await response.arrayBuffer())).toEqual(AUDIO);
  });

  it.each([
    '/media/../settings.json',
    '/media/%2e%2e/settings.json',
    '/media/..%2fsettings.json',
    '/media/speech/..%2f..%2fsettings.json',
    '/media/speech%2f..%2f..%2fsettings.json',
    '/media/..%5csettings.json',
  ])('never serves anything outside <dataDir>/media: %s', async (path) => {
    const response = await get(path);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('ciphertext');
  });

  it('does not follow a symlink out of the media folder', async () => {
    const response = await get('/media/escape.mp3');
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('ciphertext');
  });

  it('does not serve dot-files (temp files of atomic writes)', async () => {
    expect((await get('/media/speech/.clip.mp3.tmp')).status).toBe(404);
  });

  it('answers a Range request with 206 and exactly those bytes, so <audio> can seek', async () => {
    const response = await get('/media/speech/clip%20one.mp3', { range: 'bytes=2-5' });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe(`bytes 2-5/${AUDIO.length}`);
    expect(response.headers.get('content-length')).toBe('4');
    expect(await response.text()).toBe('2345');
  });

  it('handles open-ended and suffix ranges', async () => {
    expect(await (await get('/media/speech/clip%20one.mp3', { range: 'bytes=12-' })).text()).toBe('cdef');
    expect(await (await get('/media/speech/clip%20one.mp3', { range: 'bytes=-3' })).text()).toBe('def');
  });

  it('answers 416 for a range past the end', async () => {
    const response = await get('/media/speech/clip%20one.mp3', { range: 'bytes=99-' });
    expect(response.status).toBe(416);
    expect(response.headers.get('content-range')).toBe(`bytes */${AUDIO.length}`);
  });

  it('answers HEAD with headers only', async () => {
    const response = await serve(
      new Request('app://gateway-studio/media/speech/clip%20one.mp3', { method: 'HEAD' }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe(String(AUDIO.length));
    expect(await response.text()).toBe('');
  });

  it('serves an empty file', async () => {
    const response = await get('/media/empty.wav');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe('0');
  });

  it('lets the dev-server origin read media when one is configured', async () => {
    const devServe = createAppRequestHandler({
      rendererDir,
      mediaDir: join(dataDir, 'media'),
      contentSecurityPolicy: CONTENT_SECURITY_POLICY,
      mediaCorsOrigin: 'http://localhost:5173',
    });
    const media = await devServe(new Request('app://gateway-studio/media/speech/clip%20one.mp3'));
    expect(media.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    const page = await devServe(new Request('app://gateway-studio/index.html'));
    expect(page.headers.get('access-control-allow-origin')).toBeNull();
    // Without a dev server nothing is shared cross-origin.
    expect((await get('/media/speech/clip%20one.mp3')).headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('resolveInside', () => {
  const root = join(tmpdir(), 'root');
  it('resolves plain and percent-encoded names inside the root', () => {
    expect(resolveInside(root, 'a/b.txt')).toBe(join(root, 'a', 'b.txt'));
    expect(resolveInside(root, 'clip%20one.mp3')).toBe(join(root, 'clip one.mp3'));
  });
  it.each(['', '..', 'a/../..', 'a//b', './a', '%2e%2e', 'a%2fb', 'a%5cb', '%00', 'c:x', '%zz'])(
    'refuses %j',
    (path) => {
      expect(resolveInside(root, path)).toBeNull();
    },
  );
});

describe('parseRange', () => {
  it.each([
    [null, null],
    ['bytes=0-3', { start: 0, end: 3 }],
    ['bytes=5-', { start: 5, end: 9 }],
    ['bytes=-4', { start: 6, end: 9 }],
    ['bytes=-40', { start: 0, end: 9 }],
    ['bytes=8-100', { start: 8, end: 9 }],
    ['bytes=10-', 'unsatisfiable'],
    ['bytes=5-2', 'unsatisfiable'],
    ['bytes=-0', 'unsatisfiable'],
    ['bytes=0-1,4-5', null],
    ['items=0-1', null],
    ['bytes=-', null],
  ] as const)('%j of 10 bytes → %j', (header, expected) => {
    expect(parseRange(header, 10)).toEqual(expected);
  });
});

describe('contentTypeFor', () => {
  it.each([
    ['index.html', 'text/html; charset=utf-8'],
    ['a.MJS', 'text/javascript; charset=utf-8'],
    ['font.woff2', 'font/woff2'],
    ['icon.svg', 'image/svg+xml'],
    ['clip.wav', 'audio/wav'],
    ['clip.opus', 'audio/ogg'],
    ['clip.flac', 'audio/flac'],
    ['rec.webm', 'audio/webm'],
    ['weird.xyz', 'application/octet-stream'],
    ['noext', 'application/octet-stream'],
  ])('%s → %s', (name, type) => {
    expect(contentTypeFor(name)).toBe(type);
  });
});
