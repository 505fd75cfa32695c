// Whether this build can update itself. Plain data in, no Electron import, so the rule is tested directly.
//
// electron-updater replaces the file it was installed from: an NSIS install on Windows, the .app (from the
// release's zip) on macOS, and on Linux only an AppImage, whose path the AppImage runtime puts in
// `APPIMAGE` (electron-builder docs/auto-update.md: "Linux — AppImage"; AppImageUpdater reads the same
// variable). A deb belongs to the package manager, and an unpacked folder has nothing to replace; a
// development run (`app.isPackaged` false) has no release to compare with.

export type UpdateSupport =
  | { supported: true }
  | { supported: false; reason: 'development' | 'package-manager' | 'platform' };

export interface BuildFacts {
  isPackaged: boolean;
  platform: NodeJS.Platform;
  env: Readonly<Record<string, string | undefined>>;
}

export function updateSupport({ isPackaged, platform, env }: BuildFacts): UpdateSupport {
  if (!isPackaged) return { supported: false, reason: 'development' };
  if (platform === 'win32' || platform === 'darwin') return { supported: true };
  if (platform === 'linux') {
    return env.APPIMAGE ? { supported: true } : { supported: false, reason: 'package-manager' };
  }
  return { supported: false, reason: 'platform' };
}
