import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { SCREENSHOT_DIR } from './paths.ts';

/** Saves a screenshot a person can look at: `test-results/screenshots/<name>.png`. */
export async function saveScreenshot(
  page: Page,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name.replace(/[^a-z0-9._-]+/gi, '-')}.png`);
  // Caret blink and toast timers would make screenshots differ run to run for no reason.
  await page.screenshot({ path, fullPage: options.fullPage ?? false, animations: 'disabled', caret: 'hide' });
  return path;
}
