// Fetches the Electron binary after `npm install`.
// Electron 42+ ships no install script of its own and npm 11 skips dependency scripts, so the project
// asks for the binary here. On machines that cannot reach Electron's download host (CI, sandboxes)
// this only warns: building, type-checking and every test except the Electron smoke test work without it.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const TIME_LIMIT_MS = 120_000;

function warn(message) {
  console.warn(`[gateway-studio] ${message}`);
}

if (process.env.GATEWAY_STUDIO_SKIP_ELECTRON_DOWNLOAD || process.env.ELECTRON_SKIP_BINARY_DOWNLOAD) {
  warn('Skipping the Electron binary download (asked to by the environment).');
  process.exit(0);
}

let electronDir;
try {
  const require = createRequire(import.meta.url);
  electronDir = path.dirname(require.resolve('electron/package.json'));
} catch {
  warn('The electron package is not installed; nothing to fetch.');
  process.exit(0);
}

if (existsSync(path.join(electronDir, 'path.txt'))) process.exit(0);

const installer = path.join(electronDir, 'install.js');
if (!existsSync(installer)) {
  warn('This electron package has no install.js; start the app once with `npx electron` to fetch it.');
  process.exit(0);
}

const child = spawn(process.execPath, [installer], { cwd: electronDir, stdio: 'inherit' });
const timer = setTimeout(() => child.kill('SIGTERM'), TIME_LIMIT_MS);
child.on('exit', (code) => {
  clearTimeout(timer);
  if (code !== 0) {
    warn(
      'Could not download the Electron binary (no route to its download host?). ' +
        'Everything but launching the desktop app still works; run `npm run postinstall` on a machine with internet to retry.',
    );
  }
  process.exit(0);
});
child.on('error', (error) => {
  clearTimeout(timer);
  warn(`Could not run Electron's installer: ${error.message}`);
  process.exit(0);
});
