// Issue 18, item 1: the installers' configuration, checked as far as a machine without the Electron binary
// can: against electron-builder's own schema (the validation it runs before building), and for what each
// OS's installer must carry (macOS: hardened runtime, microphone entitlement and usage text, dmg + zip for
// both architectures; Windows: a per-user NSIS; Linux: AppImage and deb; audio file associations).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  entitlements,
  missingSourceFiles,
  PROJECT_DIR,
  validateWithElectronBuilder,
} from '../../../scripts/packaging/check-config.mjs';
import config, {
  ASSOCIATED_AUDIO,
  MICROPHONE_USAGE,
} from '../../../scripts/packaging/electron-builder.config.mjs';
import { ACCEPTED_AUDIO_EXTENSIONS } from '../../../src-preload/contract.ts';

type TargetList = Array<{ target: string; arch: string[] }>;
const targets = (list: unknown) => list as TargetList;

describe('packaging configuration (issue 18, item 1)', () => {
  it('passes electron-builder’s own validation, which does reject a misspelt option', async () => {
    await expect(validateWithElectronBuilder()).resolves.toBeUndefined();
    await expect(
      validateWithElectronBuilder({ ...config, mac: { ...config.mac, hardenedRuntme: true } as never }),
    ).rejects.toThrow(/does not match the API schema/);
  });

  it('names only files that exist (entitlements, the afterPack hook)', () => {
    expect(missingSourceFiles()).toEqual([]);
  });

  it('macOS: hardened runtime, signed with the JIT and microphone entitlements, and says why it asks', () => {
    expect(config.mac?.hardenedRuntime).toBe(true);
    expect(config.mac?.entitlementsInherit).toBe(config.mac?.entitlements);
    expect(entitlements()).toEqual(
      expect.arrayContaining(['com.apple.security.cs.allow-jit', 'com.apple.security.device.audio-input']),
    );
    expect(config.mac?.extendInfo).toMatchObject({ NSMicrophoneUsageDescription: MICROPHONE_USAGE });
    expect(MICROPHONE_USAGE).toMatch(/microphone/i);
  });

  it('macOS: a dmg and the zip electron-updater needs, each for Intel and Apple silicon', () => {
    const mac = targets(config.mac?.target);
    for (const kind of ['dmg', 'zip']) {
      expect(mac.find((entry) => entry.target === kind)?.arch.sort()).toEqual(['arm64', 'x64']);
    }
  });

  it('Windows: an NSIS installer for the current user, no administrator', () => {
    expect(targets(config.win?.target).map((entry) => entry.target)).toEqual(['nsis']);
    expect(config.nsis?.perMachine).toBe(false);
    expect(config.nsis?.oneClick).toBe(true);
  });

  it('Linux: an AppImage and a deb', () => {
    expect(targets(config.linux?.target).map((entry) => entry.target)).toEqual(['AppImage', 'deb']);
  });

  it('names installers without spaces, which GitHub would rename under electron-updater', () => {
    const names = [config.artifactName, config.nsis?.artifactName, config.deb?.artifactName];
    expect(names.every((name) => typeof name === 'string')).toBe(true);
    for (const name of names) {
      expect(name).not.toMatch(/\s|\$\{productName\}/);
      // biome-ignore lint/suspicious/noTemplateCurlyInString: electron-builder's file macro, not a template.
      expect(name).toContain('${version}');
    }
  });

  it('uses the app id main gives Windows as its AppUserModelId (taskbar, notifications)', () => {
    const entry = readFileSync(join(PROJECT_DIR, 'src-main/index.ts'), 'utf8');
    expect(entry).toContain(`app.setAppUserModelId('${config.appId}')`);
  });

  it('publishes to GitHub releases, where electron-updater looks for updates', () => {
    expect(config.publish).toMatchObject({ provider: 'github' });
  });

  it('associates audio files the app accepts, and no video container', () => {
    const associated = (config.fileAssociations as Array<{ ext: string[]; mimeType: string }>).flatMap(
      (association) => association.ext,
    );
    expect(associated).toEqual(ASSOCIATED_AUDIO.flatMap((entry) => entry.ext));
    for (const ext of associated) expect(ACCEPTED_AUDIO_EXTENSIONS).toContain(ext);
    expect(associated).toEqual(expect.arrayContaining(['wav', 'mp3', 'm4a', 'flac', 'ogg', 'opus']));
    expect(associated).not.toEqual(expect.arrayContaining(['mp4']));
    for (const association of config.fileAssociations as Array<{ mimeType: string }>)
      expect(association.mimeType).toMatch(/^audio\//);
  });

  it('packs what the app loads: main’s entry from package.json, the preload, the page and the window icon', () => {
    const pkg = JSON.parse(readFileSync(join(PROJECT_DIR, 'package.json'), 'utf8'));
    const files = config.files as string[];
    const covered = (path: string) =>
      files.some(
        (pattern) => pattern === path || (pattern.endsWith('/**') && path.startsWith(pattern.slice(0, -2))),
      );
    expect(covered(pkg.main.replace(/^\.\//, ''))).toBe(true);
    expect(covered('out/preload/index.cjs')).toBe(true);
    expect(covered('out/renderer/index.html')).toBe(true);
    // src-main/electron/window.ts: ICON_PATH, two folders up from out/main.
    expect(covered('resources/icon.png')).toBe(true);
  });
});
