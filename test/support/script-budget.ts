// How much JavaScript a Gateway Studio page loaded before its first screen (the welcome screen, or the
// shell's frame) appeared. Used by the startup e2e test and by benches; it needs a Playwright page only.
//
//   const budget = await measureFirstScreenScripts(page);  // after the first screen has shown
//   budget.totalKb  // e.g. 243.1
//   budget.files    // [{ name: 'index-CETkYiu4.js', kb: 228.3 }, …], largest first
//
// How it counts, and why it is deterministic:
// - The renderer marks the moment its first screen is committed (`performance.mark`, see
//   src-renderer/src/startup/first-screen.ts). Everything the app loads later (the current panel's code,
//   idle prefetches) is requested after that mark, by construction.
// - A file counts when its request started before the mark. That is independent of how fast the
//   server answered, so the same build gives the same list every run.
// - Script files are the Resource Timing entries whose URL path ends in `.js` or `.mjs`: the document's
//   entry module (`<script type="module">`), `modulepreload` links and dynamic imports alike, whatever
//   their initiator type. Workers are scripts too, but none starts before the first screen.
// - Size is `decodedBodySize`: the bytes the JavaScript engine received, after any content encoding.
// - KB are 1024 bytes. Sizes are rounded to 0.1 KB for reading; the total is summed from exact bytes.
import type { Page } from '@playwright/test';
import { FIRST_SCREEN_MARK } from '../../src-renderer/src/startup/first-screen-mark.ts';

export interface ScriptBudget {
  totalKb: number;
  files: Array<{ name: string; kb: number }>;
}

interface LoadedScript {
  url: string;
  bytes: number;
}

/**
 * Scripts loaded before the first screen of `page`. Waits (up to `timeoutMs`) for the first-screen mark,
 * and fails if the page never sets it (a page that is not Gateway Studio, or a build from before the mark).
 */
export async function measureFirstScreenScripts(
  page: Page,
  options: { timeoutMs?: number } = {},
): Promise<ScriptBudget> {
  await page.waitForFunction(
    (mark) => performance.getEntriesByName(mark, 'mark').length > 0,
    FIRST_SCREEN_MARK,
    {
      timeout: options.timeoutMs ?? 10_000,
    },
  );
  const scripts = await page.evaluate((mark): LoadedScript[] => {
    const shownAt = performance.getEntriesByName(mark, 'mark')[0]?.startTime ?? 0;
    return (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((entry) => entry.startTime < shownAt && /\.m?js$/.test(new URL(entry.name).pathname))
      .map((entry) => ({ url: entry.name, bytes: entry.decodedBodySize }));
  }, FIRST_SCREEN_MARK);
  return summarise(scripts);
}

function summarise(scripts: readonly LoadedScript[]): ScriptBudget {
  const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
  const files = [...scripts]
    .sort((a, b) => b.bytes - a.bytes)
    .map((script) => ({
      name: new URL(script.url).pathname.split('/').pop() ?? script.url,
      kb: kb(script.bytes),
    }));
  const totalBytes = scripts.reduce((sum, script) => sum + script.bytes, 0);
  return { totalKb: kb(totalBytes), files };
}
