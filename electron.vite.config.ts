import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';

/**
 * Under `electron-vite dev` the page comes from Vite, whose React Refresh preamble is an inline script
 * that index.html's strict meta policy would block. There main sends the dev policy as a header instead
 * (src-main/electron/security.ts), so the meta tag is dropped in dev only; builds keep it.
 */
const devPolicyFromHeaderOnly: Plugin = {
  name: 'gateway-studio:dev-csp-header-only',
  apply: 'serve',
  transformIndexHtml: (html) => html.replace(/<meta\s+http-equiv="Content-Security-Policy"[^>]*>\s*/i, ''),
};

const root = import.meta.dirname;

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      // Maps the bundle back to src-main/ for stack traces and for the desktop run's coverage report.
      sourcemap: true,
      // Dependencies stay in node_modules (electron-store and friends are ESM packages Node loads itself).
      externalizeDeps: true,
      rollupOptions: { input: { index: resolve(root, 'src-main/index.ts') } },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload can neither load ESM nor require npm packages: one self-contained CommonJS file.
      externalizeDeps: false,
      isolatedEntries: true,
      rollupOptions: {
        input: { index: resolve(root, 'src-preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(root, 'src-renderer'),
    plugins: [react(), devPolicyFromHeaderOnly],
    build: {
      outDir: resolve(root, 'out/renderer'),
      // electron-vite leaves renderer builds unminified; the window parses and runs all of it on every start.
      // GS_NO_MINIFY=1 keeps names readable for a profile (bench traces: bench/support/main-thread-trace.ts).
      minify: process.env.GS_NO_MINIFY !== '1',
      rollupOptions: { input: { index: resolve(root, 'src-renderer/index.html') } },
    },
  },
});
