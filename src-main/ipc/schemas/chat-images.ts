// Input schemas of the Playground's image methods (issue 15, item 4).
import { isAbsolute } from 'node:path';
import { z } from 'zod';
import { MAX_IMAGE_BYTES } from '../../../src-preload/contract.ts';
import { t } from '../../i18n/index.ts';
import { imageTooLarge } from '../../services/image-attachments.ts';
import type { SchemaGroup } from './index.ts';

/** The most images one drop may name (a turn takes at most 16; the rest are refused by the composer). */
export const MAX_IMAGE_PATHS_PER_CALL = 64;

const absolutePath = z
  .string()
  .max(4_096)
  .refine(isAbsolute, { error: () => t('errors.input.pathAbsolute') });

/**
 * Pasted bytes, copied into a plain `Uint8Array`: the constructor reads the source's internal slots, so an
 * array carrying own properties (a forged `byteLength`, `constructor`) cannot answer for its real size.
 * At most `MAX_IMAGE_BYTES`, refused in the same words as a file of that size, naming it. The declared
 * type is only the clipboard's word: main decides the type from the bytes.
 */
// The length as the array's internal slot holds it (the shared prototype's getter), not an own property.
const byteLengthOf = Object.getOwnPropertyDescriptor(
  Object.getPrototypeOf(Uint8Array.prototype),
  'byteLength',
)?.get as (this: Uint8Array) => number;

const pastedImage = z
  .object({
    name: z.string().trim().max(500),
    mimeType: z.string().max(200),
    data: z.instanceof(Uint8Array),
  })
  // Checked before anything is copied: a huge paste is refused without another copy of it being made.
  .superRefine(({ name, data }, context) => {
    const size = byteLengthOf.call(data);
    if (size > MAX_IMAGE_BYTES) {
      context.addIssue({
        code: 'custom',
        message: imageTooLarge(name || t('errors.images.pastedImage'), size),
      });
    }
  })
  .transform(({ name, mimeType, data }) => ({ name, mimeType, data: new Uint8Array(data) }));

export const chatImagesSchemas = {
  'chat.pickImages': z.undefined(),
  // Whether the window was handed each path is the handler's first question (as for `audio.open`).
  'chat.addImages': z.object({ paths: z.array(absolutePath).min(1).max(MAX_IMAGE_PATHS_PER_CALL) }),
  'chat.pasteImage': pastedImage,
} satisfies SchemaGroup;
