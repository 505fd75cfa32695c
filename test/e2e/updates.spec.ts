// The update banner in the window (issue 18, item 3), with main's real update controller driving a
// stand-in for electron-updater (test/support/updater-stand-in.ts, documented events and payloads): a
// release found at start is offered, downloaded only when the user clicks Download, then "Restart now"
// quits and installs; "Later" puts the banner away. Screenshots: test-results/screenshots/updates-*.png.
import { createLogger } from '../../src-main/log.ts';
import { setUpdateController } from '../../src-main/updates/current.ts';
import { createUpdateController } from '../../src-main/updates/update-controller.ts';
import { UpdaterStandIn } from '../support/updater-stand-in.ts';
import { expect, test } from './harness.ts';

test.afterEach(() => setUpdateController(null));

async function releaseFoundAtStart(version: string) {
  const updater = new UpdaterStandIn({ version });
  const controller = createUpdateController({
    updater,
    currentVersion: '1.0.0',
    log: createLogger('updates'),
  });
  setUpdateController(controller);
  await controller.check({ userInitiated: false });
  return updater;
}

test('a release found at start is offered; it downloads only on Download, and Restart now installs it', async ({
  startApp,
  fakeGateway,
}) => {
  const updater = await releaseFoundAtStart('1.2.0');
  const app = await startApp({ gateway: { baseUrl: fakeGateway.baseUrl, apiKey: fakeGateway.apiKey } });
  const banner = app.page.getByTestId('update-banner');
  await expect(banner).toContainText('Gateway Studio 1.2.0 is available.');
  await app.screenshot('updates-available');
  expect(updater.downloads).toBe(0);

  await banner.getByRole('button', { name: 'Download' }).click();
  await expect(banner).toContainText('Gateway Studio 1.2.0 is ready to install.');
  expect(updater.downloads).toBe(1);
  await app.screenshot('updates-downloaded');

  await banner.getByRole('button', { name: 'Restart now' }).click();
  await expect.poll(() => updater.installs).toBe(1);
});

test('"Later" puts the offer away without downloading anything', async ({ startApp, fakeGateway }) => {
  const updater = await releaseFoundAtStart('1.3.0');
  const app = await startApp({ gateway: { baseUrl: fakeGateway.baseUrl, apiKey: fakeGateway.apiKey } });
  const banner = app.page.getByTestId('update-banner');
  await banner.getByRole('button', { name: 'Later' }).click();
  await expect(banner).toHaveCount(0);
  expect(updater.downloads).toBe(0);
});

test('a build that cannot update itself shows no banner', async ({ startApp, fakeGateway }) => {
  const app = await startApp({ gateway: { baseUrl: fakeGateway.baseUrl, apiKey: fakeGateway.apiKey } });
  await expect(app.page.getByTestId('panel-transcribe')).toBeVisible();
  expect((await app.ok('updates.get', undefined)).status).toBe('unsupported');
  await expect(app.page.getByTestId('update-banner')).toHaveCount(0);
});
