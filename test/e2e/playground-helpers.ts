// What the Playground specs share: opening the panel, sending a message, waiting for a reply.
import type { Locator, Page } from '@playwright/test';
import { expect, type FakeGateway, type RunningApp, type StartApp, type StartOptions } from './harness.ts';

/** Starts the app with the gateway's profile (and any other start options) and opens the Playground. */
export async function openPlayground(
  startApp: StartApp,
  gateway: FakeGateway,
  options: Omit<StartOptions, 'gateway'> = {},
): Promise<RunningApp> {
  const app = await startApp({ ...options, gateway: { baseUrl: gateway.baseUrl, apiKey: gateway.apiKey } });
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

/**
 * Watches the reply that `ask` brings grow: two different non-empty lengths, the second longer, before it
 * ends. The watch starts in the page before `ask` runs and sees every change to the page from then on, so
 * it cannot miss a short reply however late the test gets to look (polling from the test missed streams:
 * each Playwright call on a traced run snapshots the whole page first, ~50 ms to 1 s here, and even one
 * look can come after most of a reply has arrived).
 */
export async function expectProgressive(page: Page, ask: () => Promise<unknown>): Promise<void> {
  await page.evaluate((limit) => {
    const before = new Set(document.querySelectorAll('[data-testid="reply"]'));
    (window as unknown as { __replyGrowth: unknown }).__replyGrowth = new Promise((resolve) => {
      const seen: number[] = [];
      let reply: Element | null = null;
      const look = (): boolean => {
        // The first reply that was not on the page before: the one asked for.
        reply ??= [...document.querySelectorAll('[data-testid="reply"]')].find((r) => !before.has(r)) ?? null;
        if (!reply) return false;
        // Re-rendered away (a remount): nothing more will be seen of this one.
        if (!reply.isConnected || reply.getAttribute('data-state') !== 'streaming') return true;
        const length = reply.querySelector('[data-testid="reply-text"]')?.textContent?.length ?? 0;
        if (length > 0 && length !== seen.at(-1)) seen.push(length);
        return seen.length === 2;
      };
      const finish = (): void => {
        observer.disconnect();
        clearTimeout(timer);
        resolve({ lengths: seen, removed: reply !== null && !reply.isConnected });
      };
      const observer = new MutationObserver(() => look() && finish());
      const timer = setTimeout(finish, limit);
      observer.observe(document.body, {
        subtree: true,
        childList: true,
        characterData: true,
        attributes: true,
      });
    });
  }, 15_000);
  await ask();
  const { lengths, removed } = await page.evaluate(
    () =>
      (window as unknown as { __replyGrowth: Promise<{ lengths: number[]; removed: boolean }> })
        .__replyGrowth,
  );
  expect(removed, 'the reply was rendered anew (removed from the page) while streaming').toBe(false);
  expect(lengths.length, `lengths seen while streaming: ${lengths.join(', ')}`).toBeGreaterThanOrEqual(2);
  expect(lengths[1]!).toBeGreaterThan(lengths[0]!);
}

/** Waits until the model field suggests the gateway's models: the catalogue has arrived. */
export async function catalogueLoaded(page: Page): Promise<void> {
  await expect(page.getByTestId('chat').locator('datalist option').first()).toBeAttached({ timeout: 10_000 });
}

/**
 * Picks a chat format the way a user does: a click on its option. A narrow toolbar shows the short name
 * ("Content"), so the option is found by its radio's accessible name, which is always the whole one.
 */
export async function pickFormat(page: Page, name: string): Promise<void> {
  // `has` looks inside each label: the inner locator starts from there, not from the page.
  const option = page.getByTestId('format').locator('label');
  await option.filter({ has: page.getByRole('radio', { name, exact: true }) }).click();
  await expect(page.getByTestId('format').getByRole('radio', { name, exact: true })).toBeChecked();
}
