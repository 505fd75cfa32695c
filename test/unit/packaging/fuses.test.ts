// Issue 18, item 2: the fuses the packaged app ships with. The packaging configuration's afterPack hook is
// run as electron-builder runs it, on a stand-in Electron executable carrying the fuse wire as Electron
// lays it out (@electron/fuses: a sentinel, the wire version, its length, one byte per fuse, '0'/'1'),
// with Electron's own defaults; the wire is then read back with @electron/fuses.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { FuseState, FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PackContext } from '../../../scripts/packaging/after-pack.mjs';
import { PROJECT_DIR } from '../../../scripts/packaging/check-config.mjs';
import config from '../../../scripts/packaging/electron-builder.config.mjs';
import { fuseConfigFor } from '../../../scripts/packaging/fuses.mjs';

/** The sentinel @electron/fuses looks for in the binary (its constants.js). */
const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
/**
 * Electron's defaults, in FuseV1Options order (docs/tutorial/fuses.md): RunAsNode on, cookie encryption
 * off, NODE_OPTIONS on, --inspect on, asar integrity off, only-asar off, browser V8 snapshot off,
 * file:// privileges on, wasm trap handlers on.
 */
const ELECTRON_DEFAULT_WIRE = '101100011';

function fakeElectron(path: string): void {
  const wire = Buffer.from(ELECTRON_DEFAULT_WIRE, 'latin1');
  writeFileSync(
    path,
    Buffer.concat([
      Buffer.from('\x7fELF stand-in code before the wire '),
      Buffer.from(SENTINEL, 'latin1'),
      Buffer.from([1, wire.length]),
      wire,
      Buffer.from(' and after it'),
    ]),
  );
}

/** The hook the configuration names, loaded as electron-builder loads it (a module path under the project). */
async function configuredAfterPack(): Promise<(context: PackContext) => Promise<void>> {
  expect(typeof config.afterPack).toBe('string');
  const module = await import(resolve(PROJECT_DIR, config.afterPack as string));
  return module.afterPack ?? module.default;
}

/** electron-builder's Arch.x64 (builder-util arch.ts). */
const X64 = 1;

describe('the packaged app’s fuses (issue 18, item 2)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'gs-fuses-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('the configuration’s afterPack hook flips each fuse the issue names, and leaves the others alone', async () => {
    const executable = join(dir, 'gateway-studio');
    fakeElectron(executable);
    const afterPack = await configuredAfterPack();
    await afterPack({
      appOutDir: dir,
      electronPlatformName: 'linux',
      arch: X64,
      packager: { appInfo: { productFilename: 'Gateway Studio' }, executableName: 'gateway-studio' },
    });

    const wire = await getCurrentFuseWire(executable);
    const state = (option: FuseV1Options) => wire[option];
    expect(state(FuseV1Options.RunAsNode)).toBe(FuseState.DISABLE);
    expect(state(FuseV1Options.EnableCookieEncryption)).toBe(FuseState.ENABLE);
    expect(state(FuseV1Options.EnableNodeOptionsEnvironmentVariable)).toBe(FuseState.DISABLE);
    expect(state(FuseV1Options.EnableNodeCliInspectArguments)).toBe(FuseState.DISABLE);
    expect(state(FuseV1Options.EnableEmbeddedAsarIntegrityValidation)).toBe(FuseState.ENABLE);
    expect(state(FuseV1Options.OnlyLoadAppFromAsar)).toBe(FuseState.ENABLE);
    expect(state(FuseV1Options.GrantFileProtocolExtraPrivileges)).toBe(FuseState.DISABLE);
    // Not named by the issue: as Electron ships them.
    expect(state(FuseV1Options.LoadBrowserProcessSpecificV8Snapshot)).toBe(FuseState.DISABLE);
    expect(state(FuseV1Options.WasmTrapHandlers)).toBe(FuseState.ENABLE);
  });

  it('finds the Windows executable by the product’s file name', async () => {
    const executable = join(dir, 'Gateway Studio.exe');
    fakeElectron(executable);
    const afterPack = await configuredAfterPack();
    await afterPack({
      appOutDir: dir,
      electronPlatformName: 'win32',
      arch: X64,
      packager: { appInfo: { productFilename: 'Gateway Studio' } },
    });
    expect((await getCurrentFuseWire(executable))[FuseV1Options.RunAsNode]).toBe(FuseState.DISABLE);
  });

  it('stops the build when the binary has no fuse wire to flip', async () => {
    writeFileSync(join(dir, 'gateway-studio'), 'not an Electron binary');
    const afterPack = await configuredAfterPack();
    await expect(
      afterPack({
        appOutDir: dir,
        electronPlatformName: 'linux',
        arch: X64,
        packager: { appInfo: { productFilename: 'Gateway Studio' }, executableName: 'gateway-studio' },
      }),
    ).rejects.toThrow(/sentinel/);
  });

  it('re-signs the macOS app ad hoc after flipping (a changed arm64 binary would not launch), nothing else', () => {
    expect(fuseConfigFor('darwin').resetAdHocDarwinSignature).toBe(true);
    expect(fuseConfigFor('win32').resetAdHocDarwinSignature).toBe(false);
    expect(fuseConfigFor('linux').resetAdHocDarwinSignature).toBe(false);
  });
});
