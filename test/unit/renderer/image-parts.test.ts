// A turn's images in each format's shape (issue 15, item 4): what the renderer builds with
// `imagePartsFor`, once main has put the images in place of the references, is what each format's
// documentation says an image part is (WIRE.md Part 2: Responses `input_image`, Chat Completions
// `image_url` content parts, content generation `inlineData`).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createImageAttachments } from '../../../src-main/services/image-attachments.ts';
import { ATTACHMENT_REF_PREFIX, type ImageAttachment } from '../../../src-preload/contract.ts';
import { imagePartsFor } from '../../../src-renderer/src/panels/playground/image-parts.ts';
import { pngImage, signatureOnly } from '../../support/test-images.ts';

const dataDir = await mkdtemp(join(tmpdir(), 'gs-image-parts-'));
afterAll(() => rm(dataDir, { recursive: true, force: true }));

const store = createImageAttachments(dataDir);
const png = pngImage();
const gif = signatureOnly('gif');

async function keep(name: string, bytes: Uint8Array): Promise<ImageAttachment> {
  const added = await store.addBytes(name, bytes);
  if (!added.ok) throw new Error(added.refused.message);
  return added.image;
}
const images = [await keep('a.png', png), await keep('b.gif', gif)];
const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

describe('imagePartsFor', () => {
  it('names each image by reference only (no bytes in the renderer), in the order added', () => {
    for (const format of ['responses', 'chat', 'content'] as const) {
      const parts = JSON.stringify(imagePartsFor(format, images));
      expect(parts.indexOf(`${ATTACHMENT_REF_PREFIX}${images[0]?.id}`)).toBeGreaterThan(-1);
      expect(parts.indexOf(`${ATTACHMENT_REF_PREFIX}${images[0]?.id}`)).toBeLessThan(
        parts.indexOf(`${ATTACHMENT_REF_PREFIX}${images[1]?.id}`),
      );
      expect(parts).not.toContain(base64(png));
    }
  });

  it('Responses: input_image parts whose image_url is a data URL', async () => {
    expect(await store.resolveImageRefs(imagePartsFor('responses', images))).toEqual([
      { type: 'input_image', image_url: `data:image/png;base64,${base64(png)}` },
      { type: 'input_image', image_url: `data:image/gif;base64,${base64(gif)}` },
    ]);
  });

  it('Chat Completions: image_url content parts with {url: data URL}', async () => {
    expect(await store.resolveImageRefs(imagePartsFor('chat', images))).toEqual([
      { type: 'image_url', image_url: { url: `data:image/png;base64,${base64(png)}` } },
      { type: 'image_url', image_url: { url: `data:image/gif;base64,${base64(gif)}` } },
    ]);
  });

  it('content generation: inlineData with the type and bare base64', async () => {
    expect(await store.resolveImageRefs(imagePartsFor('content', images))).toEqual([
      { inlineData: { mimeType: 'image/png', data: base64(png) } },
      { inlineData: { mimeType: 'image/gif', data: base64(gif) } },
    ]);
  });

  it('gives no parts for a turn without images', () => {
    expect(imagePartsFor('chat', [])).toEqual([]);
  });
});
