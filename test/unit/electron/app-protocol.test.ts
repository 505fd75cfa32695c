import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { APP_SCHEME } from '../../../src-main/app-origin.ts';
import { CONTENT_SECURITY_POLICY } from '../../../src-main/csp.ts';
import {
  handleAppProtocol,
  isAppUrl,
  registerAppScheme,
  resolveDevServerUrl,
} from '../../../src-main/electron/app-protocol.ts';
import { createMediaGrants } from '../../../src-main/services/media-grants.ts';

const protocol = vi.hoisted(() => ({
  registerSchemesAsPrivileged: vi.fn(),
  handle: vi.fn(),
}));
vi.mock('electron', () => ({ app: { isPackaged: false }, protocol }));

const base = await mkdtemp(join(tmpdir(), 'gs-app-protocol-'));
afterAll(() => rm(base, { recursive: true, force: true }));

describe('the app scheme', () => {
  it('is registered as a privileged, standard, secure, fetchable, streaming scheme', () => {
    registerAppScheme();
    expect(protocol.registerSchemesAsPrivileged).toHaveBeenCalledWith([
      {
        scheme: 'app',
        privileges: expect.objectContaining({
          standard: true,
          secure: true,
          supportFetchAPI: true,
          stream: true,
        }),
      },
    ]);
    const [[schemes]] = protocol.registerSchemesAsPrivileged.mock.calls as [[Array<{ privileges: object }>]];
    expect(schemes[0]?.privileges).not.toHaveProperty('bypassCSP');
  });

  it('serves the renderer and <dataDir>/media through protocol.handle, with the CSP header', async () => {
    const rendererDir = join(base, 'renderer');
    const dataDir = join(base, 'data');
    await mkdir(rendererDir, { recursive: true });
    await mkdir(join(dataDir, 'media'), { recursive: true });
    await writeFile(join(rendererDir, 'index.html'), '<title>Gateway Studio</title>');
    await writeFile(join(dataDir, 'media', 'a.wav'), 'RIFF');
    const elsewhere = join(base, 'elsewhere.mp3');
    await writeFile(elsewhere, 'ID3');
    const grants = createMediaGrants(dataDir);
    const grantedUrl = grants.urlFor(elsewhere);

    handleAppProtocol({ dataDir, grants, rendererDir });
    const [scheme, handler] = protocol.handle.mock.calls.at(-1) as [
      string,
      (r: Request) => Promise<Response>,
    ];
    expect(scheme).toBe(APP_SCHEME);
    const page = await handler(new Request('app://gateway-studio/index.html'));
    expect(page.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(await page.text()).toContain('Gateway Studio');
    const media = await handler(new Request('app://gateway-studio/media/a.wav'));
    expect(media.headers.get('content-type')).toBe('audio/wav');
    expect((await handler(new Request('app://gateway-studio/media/../data/media/a.wav'))).status).toBe(404);
    // A dropped file elsewhere on disk plays through its grant, and only through it.
    const granted = await handler(new Request(grantedUrl));
    expect(granted.headers.get('content-type')).toBe('audio/mpeg');
    expect(await granted.text()).toBe('ID3');
    const forged = grantedUrl.replace(/@file\/[0-9a-f]{32}/, `@file/${'0'.repeat(32)}`);
    expect((await handler(new Request(forged))).status).toBe(404);
    // A granted file swapped for a link to something that is not audio is not served through the grant.
    const secret = join(base, 'id_rsa');
    await writeFile(secret, 'PRIVATE KEY');
    await rm(elsewhere);
    await symlink(secret, elsewhere);
    expect((await handler(new Request(grantedUrl))).status).toBe(404);
  });

  it('exports isAppUrl for the IPC layer', () => {
    expect(isAppUrl('app://gateway-studio/index.html')).toBe(true);
    expect(isAppUrl('https://example.com/')).toBe(false);
  });
});

describe('resolveDevServerUrl', () => {
  it('uses ELECTRON_RENDERER_URL only in an unpackaged app and only for loopback', () => {
    expect(resolveDevServerUrl({ ELECTRON_RENDERER_URL: 'http://localhost:5173' }, false)).toBe(
      'http://localhost:5173',
    );
    expect(resolveDevServerUrl({ ELECTRON_RENDERER_URL: 'http://localhost:5173' }, true)).toBeUndefined();
    expect(resolveDevServerUrl({ ELECTRON_RENDERER_URL: 'https://evil.example.com' }, false)).toBeUndefined();
    expect(resolveDevServerUrl({}, false)).toBeUndefined();
  });
});
