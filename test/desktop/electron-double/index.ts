// The Electron double: what `import … from 'electron'` gives the app's main process when the desktop
// tests run it in plain Node (bootstrap.ts points the specifier here). Each module behaves as Electron's
// documentation and sources say (facts and citations: shared/ELECTRON.md and the comments beside each
// behaviour); the pages are real Chromium pages driven by the test's renderer host.
// Test-only: nothing under src-* imports it, and it never ships.
import * as electron from './modules.ts';

export * from './modules.ts';
export default electron;
