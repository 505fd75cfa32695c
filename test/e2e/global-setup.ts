// Builds the renderer once per run, with the renderer section of electron.vite.config.ts (same root,
// plugins and entry as the app), into the harness's own folder. Set GS_E2E_SKIP_BUILD=1 to reuse the
// last build while iterating on tests only.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';
import electronViteConfig from '../../electron.vite.config.ts';
import { RENDERER_BUILD_DIR } from './paths.ts';

export default async function globalSetup(): Promise<void> {
  if (process.env.GS_E2E_SKIP_BUILD === '1' && existsSync(join(RENDERER_BUILD_DIR, 'index.html'))) return;
  // The config may be an object or (electron-vite allows it) a function of the command and mode.
  const exported = electronViteConfig as unknown;
  const config = (
    typeof exported === 'function' ? await exported({ command: 'build', mode: 'production' }) : exported
  ) as { renderer?: Record<string, unknown> };
  const renderer = config.renderer;
  if (!renderer) throw new Error('electron.vite.config.ts has no renderer section');
  const rendererBuild = (renderer.build ?? {}) as Record<string, unknown>;
  await build({
    ...renderer,
    configFile: false,
    // electron-vite loads the page from its own protocol with relative asset paths; so does the harness.
    base: './',
    logLevel: 'warn',
    build: { ...rendererBuild, outDir: RENDERER_BUILD_DIR, emptyOutDir: true },
  });
}
