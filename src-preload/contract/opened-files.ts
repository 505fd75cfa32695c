// "Open with Gateway Studio" (issue 18, item 1): audio files the OS asked the app to open wait in main until
// the window takes them, then go to the Transcribe queue as dropped files do (`audio.open`). The area of
// src-main/ipc/schemas/opened-files.ts and src-main/ipc/handlers/opened-files.ts.

/** Main → window: files the OS asked the app to open are waiting; take them with `openedFiles.take`. */
export type OpenedFilesAvailable = Record<string, never>;

/** Opened files handed to the calling window: it may now name these paths to `audio.open`. */
export interface OpenedFilesTaken {
  paths: string[];
}

export interface OpenedFilesMethods {
  /** The files waiting (at most one `audio.open` call's worth; call again until none are left). */
  'openedFiles.take': { input: undefined; output: OpenedFilesTaken };
}

// The runtime list of these methods; the `satisfies` makes it complete and exact.
export const OPENED_FILES_METHODS = {
  'openedFiles.take': true,
} satisfies Record<keyof OpenedFilesMethods, true>;
