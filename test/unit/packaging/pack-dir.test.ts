// Issue 18, item 1, as far as this machine allows: electron-builder itself packs the built app with the
// project's configuration — only the Electron binary is a stand-in (an unpacked "Electron distribution" whose
// executable carries Electron's fuse wire, passed as `electronDist`, an option electron-builder documents
// for custom Electron builds). So the real pipeline runs: file selection, production dependencies, app.asar,
// the afterPack hook flipping fuses, app-update.yml. The installers themselves (AppImage, deb, dmg, NSIS)
// need electron-builder's downloaded tools and the real binary: hosted CI builds those (release.yml).
// Needs the build in out/ (`npx electron-vite build`; `npm test` builds before the unit tests).
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FuseState, FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_DIR } from '../../../scripts/packaging/check-config.mjs';

const asar = createRequire(import.meta.url)('@electron/asar') as {
  listPackage(archive: string): string[];
  extractFile(archive: string, file: string): Buffer;
};

const MAIN_BUNDLE = join(PROJECT_DIR, 'out', 'main', 'index.js');
/** @electron/fuses' sentinel, then wire version 1, nine fuses as Electron ships them (see fuses.test.ts). */
const FUSE_WIRE = Buffer.concat([
  Buffer.from('dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX', 'latin1'),
  Buffer.from([1, 9]),
  Buffer.from('101100011', 'latin1'),
]);

describe.runIf(process.platform === 'linux')(
  'electron-builder packs the app (Linux, unpacked target)',
  () => {
    let dir: string;
    let appDir: string;
    let archive: string;
    let result: ReturnType<typeof spawnSync>;

    beforeAll(() => {
      if (!existsSync(MAIN_BUNDLE))
        throw new Error(`${MAIN_BUNDLE} is missing: run \`npx electron-vite build\` first`);
      dir = mkdtempSync(join(tmpdir(), 'gs-pack-'));
      const electronDist = join(dir, 'electron-dist');
      mkdirSync(join(electronDist, 'resources'), { recursive: true });
      writeFileSync(join(electronDist, 'electron'), Buffer.concat([Buffer.from('stand-in '), FUSE_WIRE]));
      chmodSync(join(electronDist, 'electron'), 0o755);
      writeFileSync(join(electronDist, 'version'), '45.4.1');
      result = spawnSync(
        process.execPath,
        [
          join(PROJECT_DIR, 'node_modules/electron-builder/cli.js'),
          '--config',
          'scripts/packaging/electron-builder.config.mjs',
          '--linux',
          'dir',
          '--publish',
          'never',
          `-c.electronDist=${electronDist}`,
          `-c.directories.output=${join(dir, 'out')}`,
        ],
        {
          cwd: PROJECT_DIR,
          encoding: 'utf8',
          // As in GitHub Actions, where the release is built: the repository electron-updater will ask.
          env: { ...process.env, GITHUB_REPOSITORY: 'example-owner/gateway-studio' },
          timeout: 180_000,
        },
      );
      appDir = join(dir, 'out', 'linux-unpacked');
      archive = join(appDir, 'resources', 'app.asar');
    }, 200_000);
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('packs without error', () => {
      expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
    });

    it('the packed executable has its fuses flipped by the configured hook', async () => {
      const wire = await getCurrentFuseWire(join(appDir, 'gateway-studio'));
      expect(wire[FuseV1Options.RunAsNode]).toBe(FuseState.DISABLE);
      expect(wire[FuseV1Options.OnlyLoadAppFromAsar]).toBe(FuseState.ENABLE);
      expect(wire[FuseV1Options.EnableNodeCliInspectArguments]).toBe(FuseState.DISABLE);
    });

    it('app.asar holds what the app loads, and none of the sources, tests or build tools', () => {
      const files = asar.listPackage(archive).map((path) => path.replace(/\\/g, '/'));
      const pkg = JSON.parse(asar.extractFile(archive, 'package.json').toString());
      expect(files).toContain(`/${pkg.main.replace(/^\.\//, '')}`);
      for (const file of ['/out/preload/index.cjs', '/out/renderer/index.html', '/resources/icon.png'])
        expect(files).toContain(file);
      expect(
        files.filter((path) => /^\/(src-main|src-renderer|src-preload|test|scripts)\//.test(path)),
      ).toEqual([]);
      for (const tool of ['vitest', 'electron-builder', 'electron', '@electron/fuses', '@resvg/resvg-js'])
        expect(files).not.toContain(`/node_modules/${tool}/package.json`);
    });

    it('every package main’s bundle imports is packed with it', () => {
      const bundle = readFileSync(MAIN_BUNDLE, 'utf8');
      const specifiers = [...bundle.matchAll(/(?:from |import\()"([^"./][^"]*)"/g)].map(
        (match) => match[1] as string,
      );
      const packages = [
        ...new Set(
          specifiers
            .filter((name) => !name.startsWith('node:') && name !== 'electron')
            .map((name) =>
              name
                .split('/')
                .slice(0, name.startsWith('@') ? 2 : 1)
                .join('/'),
            ),
        ),
      ];
      expect(packages).toEqual(expect.arrayContaining(['electron-store', 'electron-updater', 'zod']));
      const files = new Set(asar.listPackage(archive).map((path) => path.replace(/\\/g, '/')));
      const missing = packages.filter((name) => !files.has(`/node_modules/${name}/package.json`));
      expect(missing).toEqual([]);
    });

    it('writes app-update.yml for electron-updater: GitHub releases of the repository it was built in', () => {
      const yml = readFileSync(join(appDir, 'resources', 'app-update.yml'), 'utf8');
      expect(yml).toMatch(/^provider: github$/m);
      expect(yml).toMatch(/^owner: example-owner$/m);
      expect(yml).toMatch(/^repo: gateway-studio$/m);
    });
  },
);
