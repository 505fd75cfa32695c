// Thumbnails without paths (issue 15, item 4): the app protocol serves `/attachments/<id>` for the ids the
// store holds, as the type their bytes are, and nothing else; such a URL is never "our page".
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { APP_ORIGIN, createAppUrlMatcher } from '../../../src-main/app-origin.ts';
import { CONTENT_SECURITY_POLICY } from '../../../src-main/csp.ts';
import { handleAppProtocol } from '../../../src-main/electron/app-protocol.ts';
import { createImageAttachments } from '../../../src-main/services/image-attachments.ts';
import { createMediaGrants } from '../../../src-main/services/media-grants.ts';
import { attachmentUrl } from '../../../src-preload/contract.ts';
import { pngImage, signatureOnly } from '../../support/test-images.ts';

const protocol = vi.hoisted(() => ({ registerSchemesAsPrivileged: vi.fn(), handle: vi.fn() }));
vi.mock('electron', () => ({ app: { isPackaged: false }, protocol }));

const base = await mkdtemp(join(tmpdir(), 'gs-attach-route-'));
afterAll(() => rm(base, { recursive: true, force: true }));

async function appProtocol() {
  const rendererDir = join(base, 'renderer');
  const dataDir = join(base, 'data');
  await mkdir(rendererDir, { recursive: true });
  await writeFile(join(rendererDir, 'index.html'), '<title>Gateway Studio</title>');
  handleAppProtocol({ dataDir, grants: createMediaGrants(dataDir), rendererDir });
  const handler = protocol.handle.mock.calls.at(-1)?.[1] as (r: Request) => Promise<Response>;
  return {
    dataDir,
    get: (path: string, init?: RequestInit) => handler(new Request(`${APP_ORIGIN}${path}`, init)),
  };
}

describe('the attachment route of the app protocol', () => {
  it('serves a stored image by id, as the type its bytes are, with the page’s headers', async () => {
    const { dataDir, get } = await appProtocol();
    const store = createImageAttachments(dataDir);
    const png = pngImage();
    const added = await store.addBytes('shot.png', png);
    const gif = await store.addBytes('anim.png', signatureOnly('gif'));
    if (!added.ok || !gif.ok) throw new Error('not stored');

    const response = await get(attachmentUrl(added.image.id));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(png);
    // Named .png by the user, a GIF by its bytes: served as what it is.
    expect((await get(attachmentUrl(gif.image.id))).headers.get('content-type')).toBe('image/gif');
    // The page itself is still served beside the route.
    expect(await (await get('/index.html')).text()).toContain('Gateway Studio');
  });

  it('answers 404 for ids it does not hold and for anything that tries to leave the folder', async () => {
    const { dataDir, get } = await appProtocol();
    await writeFile(join(dataDir, 'secret.png'), pngImage());
    for (const path of [
      attachmentUrl('0'.repeat(32)),
      '/attachments/../secret.png',
      '/attachments/..%2Fsecret',
      '/attachments/',
      '/attachments/a/b',
    ]) {
      expect((await get(path)).status, path).toBe(404);
    }
    expect((await get(attachmentUrl('x'), { method: 'POST' })).status).toBe(405);
  });

  it('is never the app’s page: no bridge for a document under the route', () => {
    const { isAppUrl } = createAppUrlMatcher();
    expect(isAppUrl(`${APP_ORIGIN}${attachmentUrl('abc')}`)).toBe(false);
    expect(isAppUrl(`${APP_ORIGIN}/index.html`)).toBe(true);
  });
});
