// Issue 18 item 5: the interface follows the OS's language on a first start and switches in Settings at
// once, without a restart; the choice is remembered. (Which strings are translated grows panel by panel:
// this spec checks the mechanism on the language card itself.)
import { expect, test } from './harness.ts';

test('the language follows the OS at first, switches in Settings without a restart, and is remembered', async ({
  startApp,
  fakeGateway,
}) => {
  const first = await startApp({
    gateway: { baseUrl: fakeGateway.baseUrl },
    systemLanguages: ['zh-Hans-CN', 'en-US'],
  });
  const { page } = first;
  await page.getByTestId('nav-settings').click();
  const card = page.getByTestId('language-card');
  // A Chinese OS: Chinese from the first frame.
  await expect(card.getByText('界面语言')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(card.getByRole('combobox')).toHaveValue('system');
  await first.screenshot('language-system-chinese');

  // English, chosen: switched at once.
  await card.getByRole('combobox').selectOption('en');
  await expect(card.getByText('Interface language')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await first.screenshot('language-english');

  // Remembered over a restart, though the OS still prefers Chinese.
  await first.quit();
  const again = await startApp({ restartOf: first, systemLanguages: ['zh-Hans-CN'] });
  await again.page.getByTestId('nav-settings').click();
  await expect(again.page.getByTestId('language-card').getByRole('combobox')).toHaveValue('en');
  await expect(again.page.getByText('Interface language')).toBeVisible();
});
