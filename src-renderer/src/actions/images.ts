// Images waiting in the Playground's composer (issue 15, item 4), per conversation like its draft: added
// by the "Add image" dialog, a drop or a paste, each copied by main into its attachment store first (the
// page holds ids and names, never a path or the bytes). `sendDraft` takes them with the turn.
import {
  type ImageAttachment,
  type ImagesAdded,
  MAX_IMAGES_PER_TURN,
} from '../../../src-preload/contract.ts';
import { call, pathForFile } from '../api.ts';
import { parametersWords } from '../panels/playground/parameters-strings.ts';
import { useAppStore } from '../store/index.ts';
import type { PendingImages } from '../store/playground.ts';
import { toastError } from './feedback.ts';

const EMPTY: PendingImages = { images: [], refused: [], adding: 0 };

const pendingOf = (conversationId: string): PendingImages =>
  useAppStore.getState().playground.pendingImages[conversationId] ?? EMPTY;

function update(conversationId: string, change: (pending: PendingImages) => PendingImages): void {
  useAppStore.getState().setPendingImages(conversationId, change(pendingOf(conversationId)));
}

/** The composer's images of a conversation (for React). */
export function usePendingImages(conversationId: string): PendingImages {
  return useAppStore((state) => state.playground.pendingImages[conversationId] ?? EMPTY);
}

/** The images to send with the conversation's next turn, in the order the user added them. */
export function pendingImages(conversationId: string): ImageAttachment[] {
  return pendingOf(conversationId).images;
}

/** The turn went out with them (or the conversation is gone): the composer starts empty again. */
export function clearPendingImages(conversationId: string): void {
  useAppStore.getState().setPendingImages(conversationId, null);
}

export function removePendingImage(conversationId: string, imageId: string): void {
  update(conversationId, (pending) => ({
    ...pending,
    images: pending.images.filter((image) => image.id !== imageId),
  }));
}

export function dismissRefusedImages(conversationId: string): void {
  update(conversationId, (pending) => ({ ...pending, refused: [] }));
}

/** Takes what main added, up to the turn's bound; the rest is refused in words, as main's refusals are. */
function take(conversationId: string, added: ImagesAdded): void {
  update(conversationId, (pending) => {
    const room = Math.max(0, MAX_IMAGES_PER_TURN - pending.images.length);
    const over = added.images.slice(room).map((image) => ({
      name: image.name,
      message: parametersWords.t('images.tooMany', { name: image.name, max: MAX_IMAGES_PER_TURN }),
    }));
    return {
      ...pending,
      images: [...pending.images, ...added.images.slice(0, room)],
      refused: [...pending.refused, ...added.refused, ...over],
    };
  });
}

/** Runs one addition, counting it as under way, and takes its answer. */
async function adding(conversationId: string, run: () => Promise<ImagesAdded | null>): Promise<void> {
  update(conversationId, (pending) => ({ ...pending, adding: pending.adding + 1 }));
  try {
    const added = await run();
    if (added) take(conversationId, added);
  } finally {
    update(conversationId, (pending) => ({ ...pending, adding: Math.max(0, pending.adding - 1) }));
  }
}

/** "Add image": main's dialog, several at once. */
export function pickImages(conversationId: string): Promise<void> {
  return adding(conversationId, async () => {
    const result = await call('chat.pickImages');
    if (result.ok) return result.data;
    toastError(result.error);
    return null;
  });
}

/**
 * Files dropped on (or pasted into) the composer. A file with a path on disk goes to main as that path
 * (the preload registered it with main for this window); one without (a screenshot on the clipboard, a
 * drop in the browser harness) crosses once as bytes. Refusals stay beside the composer, each naming its
 * file: the message main or its input check gave.
 */
export function addImageFiles(conversationId: string, files: readonly File[]): Promise<void> {
  return adding(conversationId, async () => {
    const added: ImagesAdded = { images: [], refused: [] };
    const withPath = files.map((file) => ({ file, path: pathForFile(file) }));
    const paths = withPath.filter((entry) => entry.path).map((entry) => entry.path);
    if (paths.length > 0) {
      const result = await call('chat.addImages', { paths });
      if (result.ok) {
        added.images.push(...result.data.images);
        added.refused.push(...result.data.refused);
      } else toastError(result.error);
    }
    for (const { file } of withPath.filter((entry) => !entry.path)) {
      const data = new Uint8Array(await file.arrayBuffer());
      const result = await call('chat.pasteImage', { name: file.name, mimeType: file.type, data });
      if (result.ok) {
        added.images.push(...result.data.images);
        added.refused.push(...result.data.refused);
      } else
        added.refused.push({
          name: file.name || parametersWords.t('images.pasted'),
          message: result.error.message,
        });
    }
    return added;
  });
}

/** The clipboard's image files, if it holds any (a screenshot, an image copied in a browser). */
export function clipboardImages(data: DataTransfer): File[] {
  return Array.from(data.files).filter((file) => file.type.startsWith('image/'));
}
