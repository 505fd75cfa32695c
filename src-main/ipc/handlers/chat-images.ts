// The Playground's images (issue 15, item 4): picked, dropped or pasted, copied into the attachment store,
// and named to the page by id only. A dropped path must be one this window was handed, as for audio.
import type { ImagesAdded } from '../../../src-preload/contract.ts';
import { AppFailure } from '../../app-failure.ts';
import { t } from '../../i18n/index.ts';
// What the system dialog offers is what the store opens; the bytes still decide the type.
import { IMAGE_EXTENSIONS, type ImageAdded } from '../../services/image-attachments.ts';
import type { chatImagesSchemas } from '../schemas/chat-images.ts';
import type { HandlerGroup, HandlerServices } from './index.ts';

type ChatImagesMethods = keyof typeof chatImagesSchemas;

/** The name a pasted image is shown under when the clipboard gave none. */
const PASTED_IMAGE_NAME = 'Pasted image';

/**
 * The answer for a path this window was never handed, whatever is at it: the same words as for audio
 * (handlers/audio.ts), naming no file, given before anything looks at the path.
 */
function notHandedOver(): AppFailure {
  return new AppFailure('invalid_input', t('errors.files.notHandedOver'), {
    hint: t('errors.files.imageNotHandedOverHint'),
  });
}

function collect(results: readonly ImageAdded[]): ImagesAdded {
  const added: ImagesAdded = { images: [], refused: [] };
  for (const result of results) {
    if (result.ok) added.images.push(result.image);
    else added.refused.push(result.refused);
  }
  return added;
}

export function createChatImagesHandlers({
  attachments,
  media,
  dialogs,
}: HandlerServices): HandlerGroup<ChatImagesMethods> {
  /** One after another: a drop of many large images does not hold them all in memory at once. */
  const addFiles = async (paths: readonly string[]) => {
    const results: ImageAdded[] = [];
    for (const path of paths) results.push(await attachments.addFile(path));
    return collect(results);
  };

  return {
    'chat.pickImages': async () => {
      const paths = await dialogs.open({
        title: t('dialogs.addImage'),
        filters: [{ name: t('dialogs.imageFiles'), extensions: [...IMAGE_EXTENSIONS] }],
        multiple: true,
      });
      // Chosen in main's own dialog: no grant is needed, and none is kept (the copy is what is sent).
      return paths === null ? { images: [], refused: [] } : addFiles(paths);
    },

    'chat.addImages': ({ paths }, { ownerId }) => {
      // All or nothing, as `audio.open`: a drop's paths were all registered by the preload, so a call
      // naming any other path is not the user's doing.
      for (const path of paths) if (!media.admits(ownerId, path)) throw notHandedOver();
      return addFiles(paths);
    },

    'chat.pasteImage': async ({ name, data }) =>
      collect([await attachments.addBytes(name || PASTED_IMAGE_NAME, data)]),
  };
}
