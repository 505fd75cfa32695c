// Native save/open dialogs, parented to the focused window so they are sheets on macOS and modal elsewhere.
import { basename, join } from 'node:path';
import { app, BrowserWindow, dialog, type OpenDialogOptions, type SaveDialogOptions } from 'electron';
import type { Dialogs } from '../ipc/types.ts';

export function createNativeDialogs(): Dialogs {
  return {
    async save(request) {
      const options: SaveDialogOptions = {
        title: request.title,
        // Only a file name is taken from the page; the folder is the user's Documents.
        defaultPath: join(app.getPath('documents'), basename(request.defaultName)),
        filters: request.filters,
        properties: ['createDirectory', 'showOverwriteConfirmation'],
      };
      const parent = BrowserWindow.getFocusedWindow();
      const result = parent
        ? await dialog.showSaveDialog(parent, options)
        : await dialog.showSaveDialog(options);
      return result.canceled || !result.filePath ? null : result.filePath;
    },
    async open(request) {
      const options: OpenDialogOptions = {
        title: request.title,
        filters: request.filters,
        properties: request.multiple ? ['openFile', 'multiSelections'] : ['openFile'],
      };
      const parent = BrowserWindow.getFocusedWindow();
      const result = parent
        ? await dialog.showOpenDialog(parent, options)
        : await dialog.showOpenDialog(options);
      return result.canceled || result.filePaths.length === 0 ? null : result.filePaths;
    },
  };
}
