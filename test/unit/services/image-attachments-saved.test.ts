// A turn's images as a saved conversation holds them (issue 15, item 4): `conversations.save` takes them
// and `conversations.get` gives them back (so a saved conversation shows its thumbnails again), within the
// rule's bounds: at most 16 per turn, an id that is a plain name in the attachment folder, a known type.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ImageAttachment, UserMessage } from '../../../src-preload/contract.ts';
import { conversation } from '../../support/conversation-fixtures.ts';
import { createTestLayer, type TestLayer } from '../../support/test-layer.ts';

let t: TestLayer;
beforeEach(() => {
  t = createTestLayer();
});
afterEach(() => t.close());

const image = (n: number, extra: Partial<ImageAttachment> = {}): ImageAttachment => ({
  id: `img-${n}`,
  name: `shot ${n}.png`,
  mimeType: 'image/png',
  bytes: 1_000 + n,
  ...extra,
});

const turn = (images: ImageAttachment[]): UserMessage => ({
  id: 'u-1',
  role: 'user',
  text: 'What is this?',
  createdAt: '2025-06-01T09:00:00.000Z',
  images,
});

describe('a saved turn’s images', () => {
  it('are kept with the conversation and come back as they were', async () => {
    const images = Array.from({ length: 16 }, (_, n) => image(n));
    const saved = conversation({ id: 'conv-images', messages: [turn(images)] });
    await t.ok('conversations.save', { conversation: saved });
    const opened = await t.ok('conversations.get', { id: 'conv-images' });
    expect(opened.messages[0]).toEqual(turn(images));
  });

  it.each([
    ['a 17th image', Array.from({ length: 17 }, (_, n) => image(n)), 'at most 16 images'],
    ['an id that names a path', [image(1, { id: '../settings' })], 'not the id of an image'],
    ['a type no format takes', [image(1, { mimeType: 'image/heic' as never })], ''],
  ])('refuses %s', async (_what, images, words) => {
    const result = await t.call('conversations.save', {
      conversation: conversation({ id: 'conv-bad', messages: [turn(images)] }),
    });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('invalid_input');
      expect(result.error.message).toContain(words);
    }
  });
});
