// A turn's images as each chat format takes them (issue 15, item 4). The parts name each image by
// reference (`ATTACHMENT_REF_PREFIX + id`); main puts the image's bytes in its place just before the
// request goes out (and leaves them out of the inspector's copy), so the renderer never reads a file.
//   Responses:         {type: "input_image", image_url}                   (WIRE.md Part 2, Responses)
//   Chat Completions:  {type: "image_url", image_url: {url}}              (WIRE.md Part 2, Chat Completions)
//   Content generation: {inlineData: {mimeType, data}}                    (WIRE.md Part 2, Content generation)
import {
  ATTACHMENT_REF_PREFIX,
  type ChatFormat,
  type ImageAttachment,
} from '../../../../src-preload/contract.ts';

export const imageRef = (image: Pick<ImageAttachment, 'id'>): string => `${ATTACHMENT_REF_PREFIX}${image.id}`;

/** The parts carrying `images`, in the order the user added them, in `format`'s shape. */
export function imagePartsFor(
  format: ChatFormat,
  images: readonly ImageAttachment[],
): Array<Record<string, unknown>> {
  switch (format) {
    case 'responses':
      return images.map((image) => ({ type: 'input_image', image_url: imageRef(image) }));
    case 'chat':
      return images.map((image) => ({ type: 'image_url', image_url: { url: imageRef(image) } }));
    case 'content':
      return images.map((image) => ({ inlineData: { mimeType: image.mimeType, data: imageRef(image) } }));
  }
}
