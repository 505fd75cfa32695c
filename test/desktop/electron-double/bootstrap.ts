// Loaded with `node --import tsx --import <this file> out/main/index.js` (see ../launch.ts): sets up the
// double before the app's main module loads. GS_DOUBLE_PLATFORM plays another OS's main process
// (`activate` and the dock exist only on macOS; the app branches on process.platform).
import { register } from 'node:module';
import { startSchemeServer } from './scheme-bridge.ts';

const emulated = process.env.GS_DOUBLE_PLATFORM;
if (emulated) Object.defineProperty(process, 'platform', { value: emulated, configurable: true });

await startSchemeServer();
register('./hooks.mjs', import.meta.url);
