// What the Transcribe specs share: finding a queue item by its name, waiting for it to be done, and the
// requests the fake gateway received for audio.
import type { Page } from '@playwright/test';
import { expect, type FakeGateway } from './harness.ts';

export const queueItems = (page: Page) => page.getByTestId('queue-item');
export const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

/** The queue item whose name is `name` (a string matches the whole name). */
export const queueItem = (page: Page, name: string | RegExp) =>
  queueItems(page).filter({
    has: page
      .getByTestId('queue-item-name')
      .filter({ hasText: typeof name === 'string' ? exactly(name) : name }),
  });

export async function expectDone(page: Page, name: string | RegExp, timeout = 20_000) {
  await expect(queueItem(page, name)).toHaveAttribute('data-status', 'done', { timeout });
}

export const transcriptionRequests = (gateway: FakeGateway) =>
  gateway.requests.filter((r) => r.path.startsWith('/v1/audio/'));
