// Electron smoke test: launches the real, built app with a throwaway data folder and checks the security
// baseline from inside. Where no Electron binary is installed (machines that cannot reach its download
// host), it skips itself and says why; everything it would check is also unit-tested without Electron.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { _electron, type ElectronApplication, expect, type Page, test } from '@playwright/test';
import { APP_ORIGIN } from '../../src-main/app-origin.ts';
import { CONTENT_SECURITY_POLICY } from '../../src-main/csp.ts';
import type { Bridge } from '../../src-preload/contract.ts';

const ROOT = resolve(import.meta.dirname, '../..');

/** The installed Electron binary, found without `require('electron')`, which would try to download it. */
function findElectronBinary(): { path: string } | { reason: string } {
  let electronDir: string;
  try {
    electronDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  } catch {
    return { reason: 'the electron package is not installed (run npm install).' };
  }
  const pathFile = join(electronDir, 'path.txt');
  const executable = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : null;
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  const candidate = override
    ? join(override, executable ?? 'electron')
    : executable
      ? join(electronDir, 'dist', executable)
      : null;
  if (candidate && existsSync(candidate)) return { path: candidate };
  return {
    reason:
      'no Electron binary is installed (node_modules/electron has no dist/). Its download host could not be ' +
      'reached when the project was installed. On a machine with internet access run `npm run postinstall` ' +
      'and then this test again. Unit and browser tests cover the same ground meanwhile.',
  };
}

/** Builds main, preload and renderer into out/, so the test always runs the current sources. */
function buildApp(): void {
  const pkg = createRequire(import.meta.url).resolve('electron-vite/package.json');
  const bin = join(dirname(pkg), JSON.parse(readFileSync(pkg, 'utf8')).bin['electron-vite']);
  const result = spawnSync(process.execPath, [bin, 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0)
    throw new Error('electron-vite build failed; the smoke test needs the built app in out/.');
}

function cleanEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    // A dev-server URL would make the app load Vite instead of its build; RUN_AS_NODE would start plain Node.
    if (value !== undefined && key !== 'ELECTRON_RENDERER_URL' && key !== 'ELECTRON_RUN_AS_NODE')
      env[key] = value;
  }
  return env;
}

const binary = findElectronBinary();

test.describe('the desktop app (Electron smoke test)', () => {
  test.describe.configure({ mode: 'serial' });
  if ('reason' in binary) console.warn(`[electron smoke] skipped: ${binary.reason}`);
  test.skip('reason' in binary, 'reason' in binary ? binary.reason : '');

  let app: ElectronApplication;
  let page: Page;
  let userData: string;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    if (!('path' in binary)) return;
    buildApp();
    userData = mkdtempSync(join(tmpdir(), 'gs-electron-smoke-'));
    // Running as root (containers) needs Chromium's OS sandbox off; the page's sandbox is unaffected.
    const noSandbox = process.platform === 'linux' && process.getuid?.() === 0 ? ['--no-sandbox'] : [];
    app = await _electron.launch({
      executablePath: binary.path,
      args: [ROOT, `--user-data-dir=${userData}`, ...noSandbox],
      cwd: ROOT,
      env: cleanEnv(),
    });
    page = await app.firstWindow();
    await page.waitForLoadState('domcontentloaded');
  });

  test.afterAll(async () => {
    await app?.close();
    if (userData) rmSync(userData, { recursive: true, force: true });
  });

  test('opens one window titled Gateway Studio, on the app protocol', async () => {
    await expect(page).toHaveTitle('Gateway Studio');
    expect(page.url().startsWith(`${APP_ORIGIN}/`)).toBe(true);
    expect(app.windows()).toHaveLength(1);
  });

  test('gives the page the bridge and nothing of Node', async () => {
    const globals = await page.evaluate(() => {
      const scope = window as unknown as Record<string, unknown>;
      return {
        bridge: typeof scope.gatewayStudio,
        methods: Object.keys((scope.gatewayStudio as object) ?? {}).sort(),
        require: typeof scope.require,
        process: typeof scope.process,
        module: typeof scope.module,
      };
    });
    expect(globals).toEqual({
      bridge: 'object',
      methods: ['invoke', 'on', 'pathForFile'],
      require: 'undefined',
      process: 'undefined',
      module: 'undefined',
    });
  });

  test('serves the page with the CSP header and carries it in a meta tag', async () => {
    const csp = await page.evaluate(async () => {
      const response = await fetch('/index.html');
      return {
        header: response.headers.get('content-security-policy'),
        meta:
          document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content') ??
          null,
      };
    });
    expect(csp.header).toBe(CONTENT_SECURITY_POLICY);
    expect(csp.meta).toContain("default-src 'self'");
  });

  test('answers app.info through the bridge', async () => {
    const result = await page.evaluate(() =>
      (window as unknown as { gatewayStudio: Bridge }).gatewayStudio.invoke('app.info', undefined),
    );
    expect(result).toMatchObject({ ok: true, data: { name: 'Gateway Studio' } });
  });

  test('refuses new windows', async () => {
    // Not https, so nothing is handed to the system browser either.
    const opened = await page.evaluate(() => window.open('http://example.invalid/') !== null);
    expect(opened).toBe(false);
    expect(app.windows()).toHaveLength(1);
  });
});
