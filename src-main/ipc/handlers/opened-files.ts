// "Open with Gateway Studio": the window takes the audio files the OS asked the app to open
// (src-main/opened-files.ts). Each path is handed to that window, as a file chosen in main's own dialog
// is, so its `audio.open` call may name it.
import type { openedFilesSchemas } from '../schemas/opened-files.ts';
import type { HandlerGroup, HandlerServices } from './index.ts';

export function createOpenedFilesHandlers({
  openedFiles,
  media,
}: HandlerServices): HandlerGroup<keyof typeof openedFilesSchemas> {
  return {
    'openedFiles.take': (_input, { ownerId }) => {
      // A host without "Open with" (the browser harness, unit tests) has nothing to hand over.
      const paths = openedFiles?.take() ?? [];
      for (const path of paths) media.admit(ownerId, path);
      return { paths };
    },
  };
}
