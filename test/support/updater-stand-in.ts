// A stand-in for electron-updater's `autoUpdater` that behaves as its documentation says (electron-builder
// docs/auto-update.md, "Events"; packages/electron-updater/src/AppUpdater.ts): `checkForUpdates()` emits
// `checking-for-update`, then `update-available` or `update-not-available` with an UpdateInfo
// ({ version, files, releaseDate, … }); `downloadUpdate()` emits `download-progress` with a ProgressInfo
// ({ percent, bytesPerSecond, total, transferred, delta }) and then `update-downloaded` (UpdateInfo &
// { downloadedFile }); a failure emits `error` with an Error AND rejects the call's promise.
// With `autoDownload` on (electron-updater's default) a check that finds a release starts downloading it
// right after `update-available` (AppUpdater.doCheckForUpdates: `downloadPromise`, not awaited by the check).
// An inactive updater (not packaged; an AppImage updater without APPIMAGE) answers a check with `null`
// and emits nothing (AppUpdater.checkForUpdates: "null if the updater is disabled").
import { EventEmitter } from 'node:events';
import type { Updater } from '../../src-main/updates/update-controller.ts';

/** What the next check finds: a newer release, nothing, or a failure. */
export type NextRelease = { version: string } | null | Error;

export class UpdaterStandIn extends EventEmitter implements Updater {
  autoDownload = true;
  checks = 0;
  downloads = 0;
  installs = 0;
  /** electron-updater's `isUpdaterActive()`. */
  active = true;

  constructor(
    public next: NextRelease,
    public downloadFails: Error | null = null,
  ) {
    super();
  }

  private info(version: string) {
    return {
      version,
      files: [{ url: `Gateway-Studio-${version}.AppImage`, sha512: 'x', size: 100 }],
      releaseDate: '2026-11-27T00:00:00.000Z',
    };
  }

  async checkForUpdates() {
    if (!this.active) return null;
    this.checks += 1;
    this.emit('checking-for-update');
    await Promise.resolve();
    if (this.next instanceof Error) {
      this.emit('error', this.next);
      throw this.next;
    }
    if (this.next === null) {
      this.emit('update-not-available', this.info('1.0.0'));
      return { isUpdateAvailable: false };
    }
    this.emit('update-available', this.info(this.next.version));
    const downloadPromise = this.autoDownload ? this.downloadUpdate() : null;
    return { isUpdateAvailable: true, downloadPromise };
  }

  async downloadUpdate() {
    this.downloads += 1;
    for (const percent of [12.5, 73.32491979950667]) {
      await Promise.resolve();
      this.emit('download-progress', {
        percent,
        bytesPerSecond: 1000,
        total: 800,
        transferred: percent * 8,
        delta: 100,
      });
    }
    if (this.downloadFails) {
      this.emit('error', this.downloadFails);
      throw this.downloadFails;
    }
    const version = this.next instanceof Error || this.next === null ? '0' : this.next.version;
    this.emit('update-downloaded', { ...this.info(version), downloadedFile: '/tmp/update' });
    return ['/tmp/update'];
  }

  quitAndInstall() {
    this.installs += 1;
  }
}
