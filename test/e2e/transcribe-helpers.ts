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

/** What the fake gateway answers for the planning call: four segments, a pause before the last. */
export const PLANNING_SEGMENTS = [
  { text: 'Welcome to the weekly planning call.', start: 0.4, end: 1.5 },
  { text: 'Today we look at the budget,', start: 1.5, end: 3.2 },
  { text: 'the release date,', start: 3.2, end: 4.85 },
  { text: 'and the new recording screen.', start: 5.5, end: 7.25 },
];
/** What is spoken in the planning call's audio (the fixture is synthesised from it). */
export const PLANNING_SPEECH =
  'Welcome to the weekly planning call. Today we look at the budget, the release date, and the new recording screen.';
