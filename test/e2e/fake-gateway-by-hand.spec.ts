// The way a developer tries the app without a real key: start the fake gateway with its npm script,
// paste the printed base URL and key into a new profile, and test the connection.
import { startByHand } from '../support/fake-gateway-by-hand.ts';
import { expect, test } from './harness.ts';

test('Test connection against the fake gateway started by hand', async ({ startApp }) => {
  const gateway = await startByHand();
  try {
    const app = await startApp();
    const { page } = app;

    await page.getByRole('button', { name: 'Add your gateway' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Fake gateway');
    await page.getByLabel('Base URL').fill(gateway.baseUrl);
    await page.getByLabel('API key').fill(gateway.apiKey);
    await page.getByRole('button', { name: 'Create profile' }).click();
    await expect(page.getByTestId('panel-settings')).toBeVisible();

    await page.getByTestId('test-connection').click();
    const results = page.getByTestId('connection-results');
    await expect(results.getByTestId('connection-v1')).toContainText(/\d+ models · \d+ ms/);
    await expect(results.getByTestId('connection-v1beta')).toContainText(/\d+ models · \d+ ms/);
    await app.screenshot('fake-gateway-by-hand-connection');

    // The gateway saw one listing per family, each with its own auth (it logs a line per request).
    await expect.poll(() => gateway.output()).toMatch(/GET\s+\/v1\/models → 200/);
    expect(gateway.output()).toMatch(/GET\s+\/v1beta\/models → 200/);
    await app.expectNoKeyLeak(gateway.apiKey);
  } finally {
    await gateway.stop();
  }
});
