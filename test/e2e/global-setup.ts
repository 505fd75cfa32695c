// The harness serves the renderer the app ships: out/renderer, built by electron-vite from
// electron.vite.config.ts (main and preload come along, as in `npm run build`). Set GS_E2E_SKIP_BUILD=1
// to reuse an existing build: `npm test` (scripts/run-tests.mjs) does, having just built, and so can
// someone iterating on tests only. Without a build, it builds anyway.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'electron-vite';
import { RENDERER_BUILD_DIR, REPO_ROOT } from './paths.ts';

export default async function globalSetup(): Promise<void> {
  if (process.env.GS_E2E_SKIP_BUILD === '1' && existsSync(join(RENDERER_BUILD_DIR, 'index.html'))) return;
  await build({ root: REPO_ROOT, logLevel: 'warn' });
}
