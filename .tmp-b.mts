import { build } from 'vite';
import cfg from './electron.vite.config.ts';
import { RENDERER_BUILD_DIR } from './test/e2e/paths.ts';
async function main() {
  const c: any = typeof cfg === 'function' ? await (cfg as any)({ command: 'build', mode: 'production' }) : cfg;
  const r = c.renderer;
  await build({ ...r, configFile: false, base: './', logLevel: 'warn', build: { ...(r.build ?? {}), minify: false, outDir: RENDERER_BUILD_DIR, emptyOutDir: true } });
}
main();
