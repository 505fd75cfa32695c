// The one way every browser end-to-end spec starts Gateway Studio.
//
//   import { expect, test } from './harness.ts';
//   test('…', async ({ startApp }) => {
//     const app = await startApp({ gateway: { baseUrl: fake.url, apiKey: KEY } });
//     await app.page.getByRole(…)…;
//     await app.expectNoKeyLeak(KEY);
//   });
//
// What a start does (real IPC layer, temp data folder, built renderer, test bridge) is in app-launch.ts;
// this file turns it into Playwright fixtures, one fresh app and gateway per test.

import { test as base, expect } from '@playwright/test';
import { type FakeGateway, type FakeGatewayOptions, startFakeGateway } from '../fake-gateway/server.ts';
import { launchApp, type RunningApp, type StartOptions } from './app-launch.ts';

export type { Crossing, LaunchedApp, RecordedDialogs, RunningApp, StartOptions } from './app-launch.ts';
export type { FakeGateway };
export { expect };

export type StartApp = (options?: StartOptions) => Promise<RunningApp>;

export const test = base.extend<{
  startApp: StartApp;
  fakeGateway: Required<FakeGateway>;
  /** Options for the `fakeGateway` fixture: `test.use({ fakeGatewayOptions: { eventDelayMs: 50 } })`. */
  fakeGatewayOptions: FakeGatewayOptions;
}>({
  fakeGatewayOptions: [{}, { option: true }],
  // Started only for tests that ask for it; a fresh gateway (random key, no faults) per test.
  fakeGateway: async ({ fakeGatewayOptions }, use) => {
    const gateway = await startFakeGateway(fakeGatewayOptions);
    await use(gateway);
    await gateway.close();
  },
  startApp: async ({ page }, use) => {
    const running: Array<() => Promise<void>> = [];
    await use(async (options = {}) => {
      const { app, stop } = await launchApp(page, options);
      running.push(stop);
      return app;
    });
    // Newest first: a restart (`restartOf`) scans the data folder its first app deletes when it stops.
    for (const stop of running.reverse()) await stop();
  },
});
