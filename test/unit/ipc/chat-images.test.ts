// The Playground's image methods through the real IPC layer (issue 15, item 4): a dropped path counts only
// when this window was handed it (issue 14, item 16); the pick dialog offers images; pasted bytes are
// bounded by the schema, in words the user can read.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OpenDialogRequest, SenderInfo } from '../../../src-main/ipc/types.ts';
import { MAX_IMAGE_BYTES } from '../../../src-preload/contract.ts';
import { pngImage } from '../../support/test-images.ts';
import { APP_URL, createTestLayer, type TestLayer, TRUSTED_SENDER } from '../../support/test-layer.ts';

let t: TestLayer;
let home: string;
let openAnswer: string[] | null;
const opened: OpenDialogRequest[] = [];
const WINDOW_B: SenderInfo = { ownerId: 2, knownWindow: true, topFrame: true, url: APP_URL };

beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'gs-images-'));
  openAnswer = null;
  opened.length = 0;
  t = createTestLayer({
    overrides: {
      dialogs: {
        open: async (request) => {
          opened.push(request);
          return openAnswer;
        },
        save: async () => null,
      },
    },
  });
});
afterEach(async () => {
  await t.close();
  rmSync(home, { recursive: true, force: true });
});

function imageFile(name: string, bytes: Uint8Array | string = pngImage()): string {
  const path = join(home, name);
  writeFileSync(path, bytes);
  return path;
}

describe('chat.addImages', () => {
  it('refuses a path this window was not handed, as a whole and without naming it', async () => {
    const path = imageFile('shot.png');
    const dropped = imageFile('dropped.png');
    t.layer.registerDroppedPath(TRUSTED_SENDER, dropped);
    // Handed to another window only: still not this one's.
    t.layer.registerDroppedPath(WINDOW_B, path);
    const result = await t.call('chat.addImages', { paths: [dropped, path] });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('invalid_input');
    expect(result.error.message).toBe('Gateway Studio was not given this file in this window.');
    expect(result.error.message).not.toContain('shot.png');
  });

  it('takes dropped images and names the refused ones', async () => {
    const good = imageFile('shot.png');
    const text = imageFile('notes.png', 'not an image');
    for (const path of [good, text]) t.layer.registerDroppedPath(TRUSTED_SENDER, path);
    const added = await t.ok('chat.addImages', { paths: [good, text] });
    expect(added.images).toEqual([
      {
        id: expect.stringMatching(/^[A-Za-z0-9_-]+$/),
        name: 'shot.png',
        mimeType: 'image/png',
        bytes: pngImage().byteLength,
      },
    ]);
    expect(added.refused).toEqual([
      {
        name: 'notes.png',
        message: 'notes.png is not an image this app can send: use PNG, JPEG, WEBP or GIF.',
      },
    ]);
    // What the page gets back holds no path.
    expect(JSON.stringify(added)).not.toContain(home);
  });
});

describe('chat.pickImages', () => {
  it('asks the native dialog for several images and takes what the user chose', async () => {
    openAnswer = [imageFile('a.png'), imageFile('b.png')];
    const added = await t.ok('chat.pickImages', undefined);
    expect(added.images.map((image) => image.name)).toEqual(['a.png', 'b.png']);
    expect(opened).toEqual([
      {
        title: 'Add image',
        filters: [{ name: 'Images', extensions: expect.arrayContaining(['png', 'jpg', 'webp', 'gif']) }],
        multiple: true,
      },
    ]);
  });

  it('answers no images when the user cancels', async () => {
    openAnswer = null;
    expect(await t.ok('chat.pickImages', undefined)).toEqual({ images: [], refused: [] });
  });
});

describe('chat.pasteImage', () => {
  it('keeps pasted bytes; the type comes from the bytes, not the clipboard’s word', async () => {
    const added = await t.ok('chat.pasteImage', { name: '', mimeType: 'image/jpeg', data: pngImage() });
    expect(added.images).toEqual([expect.objectContaining({ name: 'Pasted image', mimeType: 'image/png' })]);
  });

  it('refuses bytes over the limit before the handler runs, naming the size and the limit', async () => {
    const data = new Uint8Array(MAX_IMAGE_BYTES + 1);
    data.set(pngImage().subarray(0, 8));
    const result = await t.call('chat.pasteImage', { name: 'clip.png', mimeType: 'image/png', data });
    expect(result).toEqual({
      ok: false,
      error: { code: 'invalid_input', message: 'clip.png is over 15 MB; an image can be at most 15 MB.' },
    });
    // At the limit it is taken.
    const edge = await t.call('chat.pasteImage', {
      name: 'edge.png',
      mimeType: 'image/png',
      data: data.subarray(0, MAX_IMAGE_BYTES),
    });
    expect(edge.ok).toBe(true);
  });

  it('refuses what is not bytes, and a name past its bound', async () => {
    for (const input of [
      { name: 'a.png', mimeType: 'image/png', data: [0x89, 0x50] },
      { name: 'x'.repeat(501), mimeType: 'image/png', data: pngImage() },
    ]) {
      const result = await t.layer.dispatch(TRUSTED_SENDER, 'chat.pasteImage', input);
      expect(result.ok ? 'ok' : result.error.code).toBe('invalid_input');
    }
  });
});
