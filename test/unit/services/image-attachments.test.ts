// The attachment store of the Playground's images (issue 15, item 4): what it takes (by the bytes, not the
// name), what it refuses (in words naming the file and the limit), how it keeps a copy (atomically, under a
// fresh id, so the original may go), and how a request's references become the images in each format.
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isFailure } from '../../../src-main/app-failure.ts';
import { attachmentsFolder, createImageAttachments } from '../../../src-main/services/image-attachments.ts';
import {
  ATTACHMENT_REF_PREFIX,
  type ImageAttachment,
  MAX_IMAGE_BYTES,
} from '../../../src-preload/contract.ts';
import { pngImage, signatureOnly } from '../../support/test-images.ts';

let dataDir: string;
let home: string;

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'gs-attach-data-'));
  home = await mkdtemp(join(tmpdir(), 'gs-attach-home-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
  await rm(home, { recursive: true, force: true });
});

async function fileAt(name: string, bytes: Uint8Array | string): Promise<string> {
  const path = join(home, name);
  await writeFile(path, bytes);
  return path;
}

async function added(result: Awaited<ReturnType<ReturnType<typeof createImageAttachments>['addFile']>>) {
  if (!result.ok) throw new Error(`refused: ${result.refused.message}`);
  return result.image;
}

describe('taking an image in', () => {
  it('decides the type from the bytes: PNG, JPEG, WEBP and GIF, whatever the file is called', async () => {
    const store = createImageAttachments(dataDir);
    const cases = [
      ['a.png', pngImage(), 'image/png'],
      // A JPEG saved with a .png name is sent as the JPEG it is.
      ['photo.png', signatureOnly('jpeg'), 'image/jpeg'],
      ['anim.gif', signatureOnly('gif'), 'image/gif'],
      ['pic.jpg', signatureOnly('webp'), 'image/webp'],
    ] as const;
    for (const [name, bytes, type] of cases) {
      const image = await added(await store.addFile(await fileAt(name, bytes)));
      expect(image).toMatchObject({ name, mimeType: type, bytes: bytes.byteLength });
      expect(image.id).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    }
  });

  it('refuses a file that is not one of the four types, in words naming it', async () => {
    const store = createImageAttachments(dataDir);
    // A HEIC photo (an ISO-BMFF `ftyp` box), and text that only calls itself a PNG.
    const heic = new Uint8Array([0, 0, 0, 24, ...Buffer.from('ftypheic'), 0, 0, 0, 0]);
    expect(await store.addFile(await fileAt('holiday.heic', heic))).toEqual({
      ok: false,
      refused: {
        name: 'holiday.heic',
        message: 'holiday.heic is not an image this app can send: use PNG, JPEG, WEBP or GIF.',
      },
    });
    const fake = await store.addFile(await fileAt('notes.png', 'just some text'));
    expect(fake).toMatchObject({ ok: false, refused: { name: 'notes.png' } });
    expect(await readdir(attachmentsFolder(dataDir)).catch(() => [])).toEqual([]);
  });

  it('refuses an image over the limit, naming its size and the limit, without keeping it', async () => {
    const store = createImageAttachments(dataDir);
    const big = new Uint8Array(Math.round(22.4 * 1024 * 1024));
    big.set(pngImage().subarray(0, 8));
    const result = await store.addFile(await fileAt('scan.png', big));
    expect(result).toEqual({
      ok: false,
      refused: { name: 'scan.png', message: 'scan.png is 22.4 MB; an image can be at most 15 MB.' },
    });
    // Exactly the limit is still taken.
    const edge = new Uint8Array(MAX_IMAGE_BYTES);
    edge.set(pngImage().subarray(0, 8));
    expect((await store.addFile(await fileAt('edge.png', edge))).ok).toBe(true);
    // Pasted bytes are held to the same limit and words.
    const pasted = await store.addBytes('clip.png', big);
    expect(pasted).toMatchObject({ ok: false, refused: { message: expect.stringContaining('22.4 MB') } });
  });

  it('refuses a missing file, a folder, and a link to something that is not an image', async () => {
    const store = createImageAttachments(dataDir);
    expect(await store.addFile(join(home, 'gone.png'))).toEqual({
      ok: false,
      refused: { name: 'gone.png', message: 'gone.png cannot be read.' },
    });
    await mkdir(join(home, 'folder.png'));
    expect((await store.addFile(join(home, 'folder.png'))).ok).toBe(false);
    const secret = await fileAt('id_rsa', 'PRIVATE KEY');
    await symlink(secret, join(home, 'cat.png'));
    expect(await store.addFile(join(home, 'cat.png'))).toMatchObject({
      ok: false,
      refused: { name: 'cat.png' },
    });
  });

  it('keeps an atomic copy under a fresh id: the image stays after the original is deleted', async () => {
    const store = createImageAttachments(dataDir);
    const bytes = pngImage();
    const path = await fileAt('shot.png', bytes);
    const first = await added(await store.addFile(path));
    const second = await added(await store.addFile(path));
    expect(second.id).not.toBe(first.id);
    await unlink(path);
    const stored = await store.find(first.id);
    expect(stored?.mimeType).toBe('image/png');
    expect(new Uint8Array(await readFile(stored?.path ?? ''))).toEqual(bytes);
    // Only the two copies, no temp file left beside them.
    expect((await readdir(attachmentsFolder(dataDir))).sort()).toEqual(
      [`${first.id}.png`, `${second.id}.png`].sort(),
    );
  });

  it('finds only ids it stored, and nothing a crafted id could point at', async () => {
    const store = createImageAttachments(dataDir);
    await writeFile(join(dataDir, 'settings.png'), pngImage());
    expect(await store.find('../settings')).toBeNull();
    expect(await store.find('nothing-here')).toBeNull();
    expect(await store.find('')).toBeNull();
  });
});

describe('resolving a request’s references', () => {
  async function stored() {
    const store = createImageAttachments(dataDir);
    const bytes = pngImage();
    const image = (await store.addBytes('shot.png', bytes)) as { ok: true; image: ImageAttachment };
    return { store, image: image.image, base64: Buffer.from(bytes).toString('base64') };
  }

  it('walks a request nested far deeper than the stack allows (items are checked loosely), and sparse arrays', async () => {
    const { store, image } = await stored();
    let deep: unknown = { type: 'input_image', image_url: `${ATTACHMENT_REF_PREFIX}${image.id}` };
    for (let level = 0; level < 200_000; level++) deep = [deep];
    // biome-ignore lint/suspicious/noSparseArray: a hole is what a hostile renderer may send.
    const request = { input: [deep, , 'text'] };
    await expect(store.resolveImageRefs(request)).resolves.toBe(request);
    let inner: unknown = request.input[0];
    while (Array.isArray(inner)) inner = inner[0];
    expect((inner as { image_url: string }).image_url).toMatch(/^data:image\/png;base64,/);
  });

  it('gives each format its image: data URL for Responses and Chat Completions, bare base64 for content', async () => {
    const { store, image, base64 } = await stored();
    const ref = `${ATTACHMENT_REF_PREFIX}${image.id}`;
    const request = {
      responses: [{ role: 'user', content: [{ type: 'input_image', image_url: ref }] }],
      chat: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: ref } }] }],
      content: [{ role: 'user', parts: [{ inlineData: { mimeType: 'image/png', data: ref } }] }],
    };
    const resolved = await store.resolveImageRefs(request);
    const dataUrl = `data:image/png;base64,${base64}`;
    expect(resolved.responses[0]?.content[0]?.image_url).toBe(dataUrl);
    expect(resolved.chat[0]?.content[0]?.image_url.url).toBe(dataUrl);
    expect(resolved.content[0]?.parts[0]?.inlineData).toEqual({ mimeType: 'image/png', data: base64 });
    // Filled in place: the request is the call's own (structured-cloned through IPC), so no copy is made.
    expect(resolved).toBe(request);
  });

  it('leaves the user’s text alone even when it reads like a reference', async () => {
    const { store, image } = await stored();
    const text = `${ATTACHMENT_REF_PREFIX}${image.id}`;
    const request = { input: [{ role: 'user', content: [{ type: 'input_text', text }] }], model: text };
    expect(await store.resolveImageRefs(request)).toEqual(request);
  });

  it('fails with invalid_input naming the image when it is no longer on disk', async () => {
    const { store, image } = await stored();
    await rm(attachmentsFolder(dataDir), { recursive: true });
    const request = {
      contents: [{ parts: [{ inlineData: { data: `${ATTACHMENT_REF_PREFIX}${image.id}` } }] }],
    };
    const error = await store.resolveImageRefs(request).catch((e: unknown) => e);
    expect(isFailure(error)).toBe(true);
    expect(isFailure(error) && error.toAppError()).toMatchObject({
      code: 'invalid_input',
      message: `An image of this conversation is no longer on disk: ${image.id}. Remove it and add it again.`,
    });
    const forged = { image_url: `${ATTACHMENT_REF_PREFIX}../../settings` };
    await expect(store.resolveImageRefs(forged)).rejects.toMatchObject({ code: 'invalid_input' });
  });
});
