import { describe, expect, it } from 'vitest';
import { updateSupport } from '../../../src-main/updates/update-support.ts';

describe('whether a build can update itself', () => {
  it('is off in development on every OS', () => {
    for (const platform of ['linux', 'darwin', 'win32'] as const) {
      expect(updateSupport({ isPackaged: false, platform, env: { APPIMAGE: '/a.AppImage' } })).toEqual({
        supported: false,
        reason: 'development',
      });
    }
  });

  it('is on for the packaged Windows and macOS apps', () => {
    expect(updateSupport({ isPackaged: true, platform: 'win32', env: {} }).supported).toBe(true);
    expect(updateSupport({ isPackaged: true, platform: 'darwin', env: {} }).supported).toBe(true);
  });

  it('on Linux only for an AppImage (its runtime sets APPIMAGE); a deb or unpacked folder is off', () => {
    expect(
      updateSupport({ isPackaged: true, platform: 'linux', env: { APPIMAGE: '/home/u/GS.AppImage' } }),
    ).toEqual({
      supported: true,
    });
    expect(updateSupport({ isPackaged: true, platform: 'linux', env: {} })).toEqual({
      supported: false,
      reason: 'package-manager',
    });
  });
});
