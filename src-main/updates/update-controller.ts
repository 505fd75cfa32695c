// The update controller: turns electron-updater's events into the one `UpdateState` the window shows, and
// makes sure nothing is downloaded unless the user asked (autoDownload off; `download` only after an update
// was offered). The updater is injected: the app hands it electron-updater's `autoUpdater`
// (./electron-updater.ts), the tests a stand-in emitting the documented events.
//
// electron-updater's documented API (electron-builder docs/auto-update.md, "Events" and "API"; the
// AppUpdater class in packages/electron-updater/src/AppUpdater.ts):
//   `checkForUpdates()` emits `checking-for-update`, then `update-available` (UpdateInfo) or
//   `update-not-available` (UpdateInfo); `downloadUpdate()` emits `download-progress` (ProgressInfo:
//   percent, bytesPerSecond, total, transferred, delta) any number of times, then `update-downloaded`
//   (UpdateInfo & { downloadedFile }); a failure emits `error` (Error) AND rejects the promise.
//   `quitAndInstall()` closes the windows, quits and installs.
import type { UpdateState } from '../../src-preload/contract.ts';
import { t } from '../i18n/index.ts';
import type { Logger } from '../log.ts';

/** The parts of electron-updater's `AppUpdater` the controller uses. */
export interface Updater {
  autoDownload: boolean;
  checkForUpdates(): Promise<unknown>;
  downloadUpdate(): Promise<unknown>;
  quitAndInstall(): void;
  on(event: 'checking-for-update', listener: () => void): unknown;
  on(
    event: 'update-available' | 'update-not-available',
    listener: (info: { version: string }) => void,
  ): unknown;
  on(event: 'download-progress', listener: (progress: { percent: number }) => void): unknown;
  on(event: 'update-downloaded', listener: (info: { version: string }) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

export interface UpdateController {
  state(): UpdateState;
  /** Checks for a newer release. `userInitiated`: the outcome is shown even if nothing new or it failed. */
  check(options: { userInitiated: boolean }): Promise<UpdateState>;
  /** Downloads the update offered; does nothing unless one was offered and is not already coming. */
  download(): Promise<UpdateState>;
  /** Quits and installs the downloaded update; `false` (and nothing happens) when none is downloaded. */
  restart(): boolean;
  /** Hears every change of state; returns the function that stops listening. */
  subscribe(listener: (state: UpdateState) => void): () => void;
}

export interface UpdateControllerOptions {
  /** `null`: this build cannot update itself (./update-support.ts); every request answers `unsupported`. */
  updater: Updater | null;
  currentVersion: string;
  log: Logger;
}

/** The ProgressInfo percent is a float (e.g. 73.32491979950667); the window shows whole numbers. */
function wholePercent(percent: unknown): number {
  const value = typeof percent === 'number' && Number.isFinite(percent) ? percent : 0;
  return Math.min(100, Math.max(0, Math.floor(value)));
}

export function createUpdateController({
  updater,
  currentVersion,
  log,
}: UpdateControllerOptions): UpdateController {
  let current: UpdateState = {
    status: updater ? 'idle' : 'unsupported',
    currentVersion,
    version: null,
    percent: null,
    userInitiated: false,
    message: null,
  };
  const listeners = new Set<(state: UpdateState) => void>();
  const set = (next: Partial<UpdateState>) => {
    current = { ...current, ...next };
    for (const listener of listeners) listener(current);
  };

  const failed = (error: unknown) => {
    log.error('update failed', error);
    if (current.status === 'downloading') {
      // The user started the download: they hear it failed, and the offer stays so they can try again.
      set({ status: 'error', percent: null, message: t('updates.downloadFailed') });
    } else if (current.userInitiated) {
      set({ status: 'error', message: t('updates.checkFailed') });
    } else if (current.status === 'checking') {
      // A check at start that fails (offline, GitHub down) stays quiet apart from the log.
      set({ status: 'idle', message: null });
    }
  };

  if (updater) {
    // Nothing is downloaded without the user seeing it: electron-updater downloads on its own by default.
    updater.autoDownload = false;
    updater.on('checking-for-update', () => set({ status: 'checking', message: null }));
    updater.on('update-available', (info) =>
      set({ status: 'available', version: String(info?.version ?? ''), message: null }),
    );
    updater.on('update-not-available', () =>
      // Quiet after a check at start: `idle` shows nothing; a check the user asked for says "up to date".
      set({ status: current.userInitiated ? 'not-available' : 'idle', version: null, message: null }),
    );
    updater.on('download-progress', (progress) =>
      set({ status: 'downloading', percent: wholePercent(progress?.percent) }),
    );
    updater.on('update-downloaded', (info) =>
      set({
        status: 'downloaded',
        version: String(info?.version ?? current.version ?? ''),
        percent: 100,
        message: null,
      }),
    );
    updater.on('error', failed);
  }

  // Read through a function: the status changes in the updater's event handlers while a call awaits.
  const statusIs = (status: UpdateState['status']) => current.status === status;
  const busy = () =>
    current.status === 'checking' || current.status === 'downloading' || current.status === 'downloaded';

  return {
    state: () => current,
    async check({ userInitiated }) {
      if (!updater) return current;
      // A check while one runs, or after the download, would only undo what the user sees.
      if (busy()) {
        // Asked from the menu: the window hears where it stands again, so a banner put away ("Later")
        // comes back rather than the menu item seeming to do nothing.
        if (userInitiated) set({ userInitiated: true });
        return current;
      }
      set({ status: 'checking', userInitiated, version: null, percent: null, message: null });
      try {
        const result = await updater.checkForUpdates();
        // `null` and no event at all: the updater is inactive (AppUpdater.isUpdaterActive(), e.g. an AppImage
        // updater that finds no APPIMAGE). Left as it is, the state would say "checking" for good.
        if (result === null && statusIs('checking')) failed(new Error('the updater is not active'));
      } catch (error) {
        // electron-updater emitted `error` already (handled above); this only covers a rejection without it.
        if (statusIs('checking')) failed(error);
      }
      return current;
    },
    async download() {
      if (!updater || current.version === null) return current;
      if (current.status !== 'available' && current.status !== 'error') return current;
      set({ status: 'downloading', percent: 0, message: null, userInitiated: true });
      try {
        await updater.downloadUpdate();
      } catch (error) {
        if (statusIs('downloading')) failed(error);
      }
      return current;
    },
    restart() {
      if (!updater || current.status !== 'downloaded') return false;
      updater.quitAndInstall();
      return true;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
