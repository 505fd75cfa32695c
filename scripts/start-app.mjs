// `npm start`: builds the app with electron-vite, then launches Electron on it.
// Where the Electron binary cannot be had (no route to its download host), it explains why and exits 0:
// the build still succeeded, and everything but the desktop window works without the binary.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const require = createRequire(import.meta.url);
// Looking the binary up may download it (~100 MB) the first time; give a slow line time, not forever.
const LOOKUP_TIME_LIMIT_MS = 10 * 60_000;

function say(message) {
  console.log(`[gateway-studio] ${message}`);
}

/** Runs a child process; resolves with its exit code (or null when it was killed). */
function run(command, args, options) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, options);
    child.on('error', reject);
    child.on('exit', (code) => resolve(code));
  });
}

async function build() {
  const pkgPath = require.resolve('electron-vite/package.json');
  const bin = JSON.parse(readFileSync(pkgPath, 'utf8')).bin['electron-vite'];
  const code = await run(process.execPath, [path.join(path.dirname(pkgPath), bin), 'build'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (code !== 0) {
    console.error('[gateway-studio] The build failed (see above); not starting the app.');
    process.exit(code ?? 1);
  }
}

/**
 * Resolves the Electron binary the way `require('electron')` does (which downloads it when missing), in
 * a child process so a hanging download can be timed out. The path comes back on an extra pipe (fd 3),
 * so the downloader's own output stays separate.
 */
function lookUpElectron() {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['-e', "require('node:fs').writeSync(3, String(require('electron')))"],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe', 'pipe'] },
    );
    let resolved = '';
    let output = '';
    child.stdio[3].on('data', (chunk) => {
      resolved += chunk;
    });
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    const timer = setTimeout(() => child.kill(), LOOKUP_TIME_LIMIT_MS);
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ path: null, output: `${output}\n${error.message}` });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      const found = code === 0 && resolved !== '' && existsSync(resolved);
      resolve({ path: found ? resolved : null, output });
    });
  });
}

/** The most telling line of the downloader's output, e.g. "TypeError: fetch failed". */
function firstErrorLine(output) {
  const lines = output
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  return (
    lines.find((line) => /error|fail|ENOTFOUND|ECONN|ETIMEDOUT|ENETUNREACH/i.test(line)) ?? lines[0] ?? ''
  );
}

function explainMissingBinary(output) {
  const reason = firstErrorLine(output);
  console.log(`
[gateway-studio] The app was built into out/ — but it cannot be launched on this machine.

  The Electron binary is not installed, and downloading it failed${reason ? `:\n    ${reason}` : '.'}
  Electron fetches its binary from GitHub (or from $ELECTRON_MIRROR), which could not be reached from here.

  On a machine with internet access:
    npm install        # fetches the binary after installing
    npm start
  (in a checkout that is already installed: npm run postinstall)

  Everything else works here without the binary: npm run build, npm run typecheck,
  npm run test:unit and the browser end-to-end tests (npm run test:e2e).
`);
}

await build();

say('Looking for the Electron binary (the first run downloads it)…');
const electron = await lookUpElectron();
if (!electron.path) {
  explainMissingBinary(electron.output);
  process.exit(0);
}

// An inherited ELECTRON_RUN_AS_NODE would start a plain Node instead of the app.
const env = { ...process.env };
delete env.ELECTRON_RUN_AS_NODE;
const code = await run(electron.path, [root, ...process.argv.slice(2)], { cwd: root, stdio: 'inherit', env });
process.exit(code ?? 0);
