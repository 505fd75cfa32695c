// Where "Open with Gateway Studio" reaches the app (docs/api/app.md; ELECTRON.md §4):
// - first start on Windows and Linux: the file is on the command line (`process.argv`);
// - a second launch while the app runs: Windows/Linux start a new process, which loses the single-instance
//   lock and hands its argv to this one as `second-instance` (always after `ready`);
// - macOS: `open-file(event, path)`, which "should be listened to very early… even before the ready event"
//   and handled with `event.preventDefault()` — a file double-clicked to launch the app arrives before ready.
// Files are queued (src-main/opened-files.ts); the window is told, or opened if there is none (macOS keeps
// running without one), and comes to the front.
import { app, type BrowserWindow } from 'electron';
import { createLogger } from '../log.ts';
import { audioPathsInArgv, createOpenedFiles, type OpenedFiles } from '../opened-files.ts';
import { emitToOwner } from './ipc-main.ts';

export interface OpenedFilesHost {
  /** The main window, when one is open. */
  currentWindow(): BrowserWindow | null;
  /** Opens the main window when none is (it takes the queue as it starts); a no-op before the app is up. */
  openWindow(): void;
}

function bringForward(window: BrowserWindow): void {
  if (window.isMinimized()) window.restore();
  window.show();
  window.focus();
}

/** Must run before `ready` (macOS' early `open-file`). Returns the queue the IPC layer hands out. */
export function listenForOpenedFiles(host: OpenedFilesHost): OpenedFiles {
  const openedFiles = createOpenedFiles({
    log: createLogger('open-with'),
    onQueued() {
      const window = host.currentWindow();
      if (!window || window.isDestroyed()) {
        host.openWindow();
        return;
      }
      // A page still loading has not subscribed yet: it takes the queue once it has (see the renderer's
      // src-renderer/src/actions/opened-files.ts), so a message it misses loses nothing.
      emitToOwner(window.webContents.id, 'openedFiles.available', {});
      bringForward(window);
    },
  });

  app.on('open-file', (event, path) => {
    event.preventDefault();
    void openedFiles.offer([path]);
  });
  app.on('second-instance', (_event, argv, workingDirectory) => {
    void openedFiles.offer(audioPathsInArgv(argv, workingDirectory));
  });
  void openedFiles.offer(audioPathsInArgv(process.argv, process.cwd()));
  return openedFiles;
}
