import { defineConfig } from '@playwright/test';

// Debian's Chromium, with the flags that work in this project's sandboxed build machines.
// (Never `npx playwright install`: the browser download is not reachable here.)
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: 'test',
  globalSetup: './test/e2e/global-setup.ts',
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  forbidOnly: !!process.env.CI,
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.GS_PLAYWRIGHT_JSON ?? 'test-results/playwright.json' }],
  ],
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'e2e',
      testMatch: 'e2e/**/*.spec.ts',
      // One output folder per project: Playwright empties a project's folder when it starts, and a run
      // of one project must not delete another's traces (or test-results/screenshots) mid-run.
      outputDir: 'test-results/e2e',
      use: {
        browserName: 'chromium',
        viewport: { width: 1200, height: 800 },
        launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS },
      },
    },
    {
      name: 'electron',
      testMatch: 'electron/**/*.spec.ts',
      outputDir: 'test-results/electron',
    },
  ],
});
