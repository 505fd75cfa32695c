// What the Playground specs share: opening the panel, sending a message, waiting for a reply.
import type { Locator, Page } from '@playwright/test';
import { expect, type FakeGateway, type RunningApp, type StartApp } from './harness.ts';

export async function openPlayground(startApp: StartApp, gateway: FakeGateway): Promise<RunningApp> {
  const app = await startApp({ gateway: { baseUrl: gateway.baseUrl, apiKey: gateway.apiKey } });
  await app.page.getByTestId('nav-playground').click();
  await expect(app.page.getByTestId('empty-playground')).toBeVisible();
  // The saved conversations have been listed (none yet), so nothing arrives later and moves things.
  await expect(app.page.getByTestId('conversations-empty')).toBeVisible();
  return app;
}

export async function send(page: Page, text: string): Promise<void> {
  await page.getByTestId('composer-input').fill(text);
  await page.getByTestId('composer-input').press('Enter');
}

export const replies = (page: Page) => page.getByTestId('reply');

/** Waits for the reply to end and returns it. */
export async function settled(reply: Locator, state = 'done'): Promise<Locator> {
  await expect(reply).toHaveAttribute('data-state', state, { timeout: 15_000 });
  return reply;
}

export const chatRequests = (gateway: FakeGateway, path: RegExp | string) =>
  gateway.requests.filter((r) => (typeof path === 'string' ? r.path === path : path.test(r.path)));
