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
 * Watches a reply's text grow: two different non-empty lengths, the second longer, before the end; returns
 * as soon as it has seen them. It watches from inside the page (every change to the reply): polling
 * from the test instead misses the stream, because each Playwright call on a traced run snapshots the whole
 * page first (~50 ms to 1 s here), which can outlast a short reply.
 */
export async function expectProgressive(reply: Locator): Promise<void> {
  const lengths = await reply.evaluate(
    (element, limit) =>
      new Promise<number[]>((resolve) => {
        const seen: number[] = [];
        const look = (): boolean => {
          // Re-rendered away (a remount): nothing more will be seen of this one.
          if (!element.isConnected) return true;
          const text = element.querySelector('[data-testid="reply-text"]')?.textContent ?? '';
          if (element.getAttribute('data-state') !== 'streaming') return true;
          if (text.length > 0 && text.length !== seen.at(-1)) seen.push(text.length);
          return seen.length === 2;
        };
        const finish = (): void => {
          observer.disconnect();
          clearTimeout(timer);
          resolve(seen);
        };
        const observer = new MutationObserver(() => look() && finish());
        const timer = setTimeout(finish, limit);
        // The whole page, not only the reply: its removal is a change to an ancestor.
        observer.observe(document.body, {
          subtree: true,
          childList: true,
          characterData: true,
          attributes: true,
        });
        if (look()) finish();
      }),
    15_000,
  );
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
