import { defineConfig } from '@playwright/test';

import { CHROMIUM_ARGS, CHROMIUM_PATH } from './test/e2e/chromium.ts';

export default defineConfig({
  testDir: 'test',
  globalSetup: './test/e2e/global-setup.ts',
  workers: 2,
  // Twice Playwright's default: a fresh CI machine running two workers has taken 34 s over a test that
  // takes 11 s here alone (three transcriptions, a reload and a history walk), with nothing wrong in it.
  timeout: 60_000,
  // 10 s, twice the default, for the same reason: in a fresh CI run a dropped file's queue row (its bytes
  // cross to main first) took over 5 s to appear. A check that holds returns as soon as it does.
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.GS_PLAYWRIGHT_JSON ?? 'test-results/playwright.json' }],
  ],
  use: {
    // No DOM snapshots in the trace: taking one before every action walked the whole page (0.1–1 s on a
    // long reply), long enough to miss what a test watches for. A failure still keeps its screenshot, the
    // page's accessibility snapshot (error-context.md) and the trace's actions, console and network.
    trace: { mode: 'retain-on-failure', snapshots: false },
    screenshot: 'only-on-failure',
  },
  projects: [
    // Issue 14's secret scan over the whole e2e run: records cleared before, checked after (its teardown
    // runs whether the e2e tests passed or not). See test/e2e/secret-scan-record.ts. Each has its own
    // output folder, as every project does (see below): without one, a project gets all of test-results/,
    // which every run that includes e2e would empty.
    {
      name: 'e2e secret scan: clear',
      testMatch: 'e2e/secret-scan.setup.ts',
      teardown: 'e2e secret scan',
      outputDir: 'test-results/secret-scan/clear',
    },
    {
      name: 'e2e secret scan',
      testMatch: 'e2e/secret-scan.teardown.ts',
      outputDir: 'test-results/secret-scan/check',
    },
    {
      name: 'e2e',
      testMatch: 'e2e/**/*.spec.ts',
      dependencies: ['e2e secret scan: clear'],
      // One output folder per project: Playwright empties a project's folder when it starts, and a run
      // of one project must not delete another's traces (or test-results/screenshots) mid-run.
      outputDir: 'test-results/e2e',
      use: {
        browserName: 'chromium',
        viewport: { width: 1200, height: 800 },
        launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
      },
    },
    {
      // The desktop app itself: src-main/index.ts (built) under the Electron double, pages in Chromium.
      name: 'desktop',
      testMatch: 'desktop/**/*.spec.ts',
      outputDir: 'test-results/desktop',
      use: {
        browserName: 'chromium',
        launchOptions: {
          executablePath: CHROMIUM_PATH,
          args: [...CHROMIUM_ARGS, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
        },
      },
    },
    {
      name: 'electron',
      testMatch: 'electron/**/*.spec.ts',
      outputDir: 'test-results/electron',
    },
  ],
});
