// Help → Copy Diagnostics and the log file (issue 18, item 7), in the desktop app as a user meets them: the
// window's own errors reach `<data folder>/logs/main.log`; the menu item puts a report on the clipboard
// (Electron's clipboard, recorded by the double) and the window confirms it; the key is in neither.
// Screenshot: test-results/screenshots/desktop-diagnostics-copied.png.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { type FakeGateway, startFakeGateway } from '../fake-gateway/server.ts';
import { addProfile, shot, windowReady, withDesktop } from './steps.ts';

let gateway: Required<FakeGateway>;
test.beforeAll(async () => {
  gateway = await startFakeGateway();
});
test.afterAll(() => gateway.close());

test('window errors go to the log file; Help → Copy Diagnostics copies a report without the key', async ({
  browser,
}) => {
  await withDesktop({ browser }, async (app, dirs) => {
    const page = (await windowReady(app)).page;
    await addProfile(page, gateway);
    const key = gateway.apiKey;

    // An error and a rejection nothing handles, each quoting the key (as a careless message might).
    await page.evaluate((secret) => {
      setTimeout(() => {
        throw new Error(`render failed near ${secret}`);
      });
      void Promise.reject(new Error(`late failure with Authorization: Bearer ${secret}`));
    }, key);
    const logPath = join(dirs.userData, 'logs', 'main.log');
    const logText = () => {
      try {
        return readFileSync(logPath, 'utf8');
      } catch {
        return '';
      }
    };
    // Both reach the log, in whichever order the page reported them.
    await expect.poll(logText).toContain('[renderer] window error: Error: render failed near');
    await expect.poll(logText).toContain('[renderer] window unhandled rejection: Error: late failure with');

    app.menuItem('copy-diagnostics');
    const toast = page.getByTestId('toast').filter({ hasText: 'Diagnostics copied to the clipboard' });
    await expect(toast).toBeVisible();
    await shot(page, 'diagnostics-copied');

    const copied = app.records.flatMap((entry) => (entry.type === 'clipboard' ? [entry.text] : []));
    expect(copied).toHaveLength(1);
    const report = copied[0] ?? '';
    expect(report).toContain('## Versions');
    expect(report).toContain(`Node: ${process.versions.node}`);
    expect(report).toContain('- Fake gateway (active)');
    expect(report).toContain('API key saved: yes');
    expect(report).toContain('[renderer] window error: Error: render failed near');
    expect(report).toContain('[renderer] window unhandled rejection');
    expect(report).not.toContain(key);
    expect(readFileSync(logPath, 'utf8')).not.toContain(key);
  });
});
