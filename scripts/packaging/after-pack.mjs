// electron-builder's afterPack hook: the app is laid out (app.asar and the Electron binary in place) and
// not yet signed or packed into an installer. Fuses are flipped here because signing must come after
// them (a flipped binary has a new hash), and read back so a wire that did not take stops the build.
import { join } from 'node:path';
import { FuseState, flipFuses, getCurrentFuseWire } from '@electron/fuses';
import { FUSES, fuseConfigFor, fuseName } from './fuses.mjs';

/**
 * The Electron executable in a packed app folder, as electron-builder names it: `<productFilename>.app`
 * on macOS (@electron/fuses finds the framework inside), `<productFilename>.exe` on Windows, and the
 * Linux packager's `executableName`.
 */
export function executableIn(context) {
  const { appOutDir, electronPlatformName, packager } = context;
  if (electronPlatformName === 'darwin' || electronPlatformName === 'mas')
    return join(appOutDir, `${packager.appInfo.productFilename}.app`);
  if (electronPlatformName === 'win32') return join(appOutDir, `${packager.appInfo.productFilename}.exe`);
  return join(appOutDir, packager.executableName);
}

/** Which fuses in `wire` (from getCurrentFuseWire) are not in the state FUSES asks for. */
export function fusesNotAsConfigured(wire) {
  return Object.entries(FUSES)
    .filter(([option, on]) => wire[option] !== (on ? FuseState.ENABLE : FuseState.DISABLE))
    .map(([option]) => fuseName(Number(option)));
}

export async function afterPack(context) {
  const executable = executableIn(context);
  await flipFuses(executable, fuseConfigFor(context.electronPlatformName));
  const wrong = fusesNotAsConfigured(await getCurrentFuseWire(executable));
  if (wrong.length > 0) throw new Error(`Fuses not set in ${executable}: ${wrong.join(', ')}`);
  console.log(`  • fuses set in ${executable}`);
}

export default afterPack;
