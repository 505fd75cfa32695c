// Launches a packaged Gateway Studio once and checks it is up: its window shows the app's own page
// (app://gateway-studio/, titled "Gateway Studio"), and the packaged binary's fuses are as configured.
// For the release workflow (.github/workflows/release.yml), after `npm run dist`, on each OS.
//
// Playwright's Electron launcher cannot attach here: it needs Node's --inspect, which the
// EnableNodeCliInspectArguments fuse turns off in the packaged app. Chromium's own
// --remote-debugging-port is not a Node switch, so the page is read through the DevTools HTTP endpoint.
//
// Usage: node scripts/packaging/smoke-packaged.mjs [executable]   (default: the app for this OS in out/installers)
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getCurrentFuseWire } from '@electron/fuses';
import { fusesNotAsConfigured } from './after-pack.mjs';
import { PROJECT_DIR } from './check-config.mjs';
import { OUTPUT_DIR } from './electron-builder.config.mjs';

const APP_PAGE = 'app://gateway-studio/';
const TITLE = 'Gateway Studio';
const TIME_LIMIT_MS = 90_000;

function fail(message) {
  console.error(`✖ smoke test: ${message}`);
  process.exit(1);
}

/**
 * What electron-builder leaves in out/installers: on Linux the AppImage (the file users run); on macOS
 * and Windows the unpacked app the dmg / installer carries, for the architecture of this machine.
 */
function defaultExecutable() {
  const out = join(PROJECT_DIR, OUTPUT_DIR);
  if (process.platform === 'linux') {
    if (!existsSync(out)) return null;
    const image = readdirSync(out).find((name) => name.endsWith('.AppImage'));
    return image ? join(out, image) : null;
  }
  if (process.platform === 'darwin') {
    const folder = process.arch === 'arm64' ? 'mac-arm64' : 'mac';
    return join(out, folder, `${TITLE}.app`, 'Contents', 'MacOS', TITLE);
  }
  return join(out, 'win-unpacked', `${TITLE}.exe`);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The app's page as DevTools lists it, once it has loaded (title set) — or null at the time limit. */
async function waitForAppPage(port, exited) {
  const deadline = Date.now() + TIME_LIMIT_MS;
  while (Date.now() < deadline && !exited()) {
    try {
      const targets = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json();
      const page = targets.find((target) => target.type === 'page' && target.url.startsWith(APP_PAGE));
      if (page && page.title === TITLE) return page;
    } catch {
      // Not listening yet.
    }
    await sleep(500);
  }
  return null;
}

function stopApp(child) {
  if (child.exitCode !== null) return;
  if (process.platform === 'win32') spawnSync('taskkill', ['/pid', String(child.pid), '/T', '/F']);
  else process.kill(-child.pid, 'SIGKILL');
}

const executable = process.argv[2] ?? defaultExecutable();
if (!executable || !existsSync(executable)) fail(`no packaged app at ${executable ?? OUTPUT_DIR}`);

// The fuses of the binary that ships (an AppImage keeps it inside its image: the unpacked twin is checked).
const binary = executable.endsWith('.AppImage')
  ? join(PROJECT_DIR, OUTPUT_DIR, 'linux-unpacked', 'gateway-studio')
  : executable;
const wrong = fusesNotAsConfigured(await getCurrentFuseWire(binary));
if (wrong.length > 0) fail(`fuses not as configured in ${binary}: ${wrong.join(', ')}`);
console.log(`fuses as configured in ${binary}`);

const userData = mkdtempSync(join(tmpdir(), 'gs-smoke-'));
const port = await freePort();
const args = [`--user-data-dir=${userData}`, `--remote-debugging-port=${port}`];
// Hosted Linux runners forbid the unprivileged user namespaces Chromium's sandbox needs (AppArmor);
// the OS sandbox is not what this launch checks.
if (process.platform === 'linux') args.push('--no-sandbox');
const child = spawn(executable, args, {
  detached: process.platform !== 'win32',
  stdio: ['ignore', 'inherit', 'inherit'],
  // An AppImage mounts itself with FUSE, which hosted runners lack; it can unpack and run instead.
  env: { ...process.env, APPIMAGE_EXTRACT_AND_RUN: '1' },
});
let exitCode = null;
child.on('exit', (code) => {
  exitCode = code ?? -1;
});

const page = await waitForAppPage(port, () => exitCode !== null);
stopApp(child);
await sleep(1_000);
rmSync(userData, { recursive: true, force: true, maxRetries: 5 });
if (!page) {
  fail(
    exitCode !== null
      ? `the app exited (code ${exitCode}) before its window showed ${APP_PAGE}`
      : `no window showed ${APP_PAGE} titled “${TITLE}” within ${TIME_LIMIT_MS / 1000} s`,
  );
}
console.log(`✔ ${executable} started and showed ${page.url} (“${page.title}”)`);
