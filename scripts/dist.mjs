// `npm run dist`: the installers for the OS it runs on (electron-builder, configured in
// scripts/packaging/electron-builder.config.mjs). Each step says what it did; a step that cannot run
// here stops the run with what is missing and how far it got. Extra arguments go to electron-builder
// (e.g. `npm run dist -- --publish always` in a release; the default publishes nothing).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import {
  missingIcons,
  missingSourceFiles,
  PROJECT_DIR,
  validateWithElectronBuilder,
} from './packaging/check-config.mjs';
import { ICONS_DIR } from './packaging/electron-builder.config.mjs';
import { writeIcons } from './packaging/icons.mjs';

const CONFIG = 'scripts/packaging/electron-builder.config.mjs';
const PLATFORM_FLAG = { linux: '--linux', darwin: '--mac', win32: '--win' };

const done = [];
let current = '';

function step(name, detail = '') {
  if (current) done.push(current);
  current = name;
  console.log(`\n▶ ${name}${detail ? ` (${detail})` : ''}`);
}

/** Ends the run at the current step, saying which steps are done and why this one cannot go on. */
function stop(why) {
  console.error(`\n✖ npm run dist stopped at: ${current}. Done: ${done.join(', ') || 'nothing'}.`);
  console.error(`  ${why.split('\n').join('\n  ')}`);
  process.exit(1);
}

function run(command, args) {
  const result = spawnSync(process.execPath, [command, ...args], { cwd: PROJECT_DIR, stdio: 'inherit' });
  return result.status === 0;
}

/** The Electron binary the electron package installs (what the smoke test and electron.yml look for too). */
function electronBinary() {
  const electronDir = join(PROJECT_DIR, 'node_modules', 'electron');
  const pathFile = join(electronDir, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const binary = join(electronDir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : null;
}

const platformFlag = PLATFORM_FLAG[process.platform];
step('build', 'electron-vite build');
if (!platformFlag) stop(`No installers are configured for ${process.platform}.`);
if (!run(join(PROJECT_DIR, 'node_modules/electron-vite/bin/electron-vite.js'), ['build']))
  stop('The build failed (see above).');

step('icons', `resources/icon.svg → ${ICONS_DIR}`);
const icons = writeIcons(join(PROJECT_DIR, ICONS_DIR));
const shown = (path) => relative(PROJECT_DIR, path);
console.log(`  ${shown(icons.pngDir)}/ (every size), ${shown(icons.ico)}, ${shown(icons.icns)}`);

step('configuration check', `${CONFIG} against electron-builder's schema`);
try {
  await validateWithElectronBuilder();
} catch (error) {
  stop(`The packaging configuration is not valid:\n${error.message}`);
}
const missing = [...missingSourceFiles(), ...missingIcons()];
if (missing.length > 0) stop(`Files the configuration names are missing: ${missing.join(', ')}`);
console.log('  valid; every file it names is there');

step('Electron binary');
const binary = electronBinary();
if (!binary) {
  stop(
    [
      'Packaging needs the Electron binary, and none is installed (node_modules/electron/path.txt is missing).',
      'electron-builder would now download the Electron zip for each target (and its NSIS / AppImage / dmg',
      'tools) from github.com, which this machine cannot reach.',
      'Where github.com is reachable: `node node_modules/electron/install.js`, then `npm run dist` again.',
    ].join('\n'),
  );
}
console.log(`  ${binary}`);

step('installers', `electron-builder ${platformFlag}`);
const extra = process.argv.slice(2);
const publish =
  extra.includes('--publish') || extra.some((arg) => arg.startsWith('--publish='))
    ? []
    : ['--publish', 'never'];
if (
  !run(join(PROJECT_DIR, 'node_modules/electron-builder/cli.js'), [
    '--config',
    CONFIG,
    platformFlag,
    ...publish,
    ...extra,
  ])
)
  stop('electron-builder failed (see above).');
console.log('\n✔ Installers are in out/installers/');
