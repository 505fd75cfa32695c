// Gateway Studio in a browser page for a bench: the same start as the end-to-end harness (real main-side
// IPC layer in this process, built renderer, test bridge), in Debian's Chromium, outside the test runner.
//   const { app, page, close } = await openApp({ gateway: { baseUrl, apiKey } });
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from '@playwright/test';
import { launchApp, type RunningApp, type StartOptions } from '../../test/e2e/app-launch.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../test/e2e/chromium.ts';
import { RENDERER_BUILD_DIR } from '../../test/e2e/paths.ts';

export interface OpenApp {
  app: RunningApp;
  page: Page;
  /** Stops the app and closes the browser. */
  close(): Promise<void>;
}

const KEEP_NAMES_HELPER = 'globalThis.__name ??= (fn) => fn;';

/** Builds the renderer when there is no build yet, or when `GS_BENCH_BUILD=1` asks for a fresh one. */
async function ensureRendererBuild(): Promise<void> {
  if (process.env.GS_BENCH_BUILD !== '1' && existsSync(join(RENDERER_BUILD_DIR, 'index.html'))) return;
  // The e2e global setup is the one renderer build for tests and benches; loaded only when needed (vite).
  const { default: buildRenderer } = await import('../../test/e2e/global-setup.ts');
  await buildRenderer();
}

export async function openApp(options: StartOptions = {}): Promise<OpenApp> {
  await ensureRendererBuild();
  const browser: Browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1200, height: 800 } });
    // Benches run under tsx, whose esbuild keeps function names by wrapping them in `__name(…)`; functions
    // serialised into the page (the test bridge, a bench's own `evaluate`) then need that helper there.
    await page.addInitScript(KEEP_NAMES_HELPER);
    const { app, stop } = await launchApp(page, options);
    return {
      app,
      page,
      async close() {
        try {
          await stop();
        } finally {
          await browser.close();
        }
      },
    };
  } catch (error) {
    await browser.close();
    throw error;
  }
}
