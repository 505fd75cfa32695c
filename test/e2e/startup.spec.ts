// Startup as shipped: the first screen (the welcome, or the shell's frame) comes up having loaded a small
// part of the app's script, and every panel still opens afterwards, its code loaded when first needed.
import type { Page, TestInfo } from '@playwright/test';
import { measureFirstScreenScripts, type ScriptBudget } from '../support/script-budget.ts';
import { expect, test } from './harness.ts';

/**
 * KB (1024 bytes) of JavaScript loaded before the first screen shows; see test/support/script-budget.ts.
 * 255 since transcripts open in pages and chats route by their own profile (250.4 KB measured); 310 since
 * the interface speaks two languages (306.1 KB measured): i18next and react-i18next, which issue 18 item 5
 * names, and the English catalogue are needed by the first screen itself, ~56 KB of it; 315 with the
 * accessibility of issue 18 item 8 (313 KB measured): the focus keeper and the status region are the
 * shell's own; 320 once every word comes from a catalogue (318.2 KB measured): the first screen's own words
 * (toasts, notices, the settings-failure screen) and the one module that formats figures in the language.
 */
const FIRST_SCREEN_BUDGET_KB = 320;

/** Chunks named after the panels and the heavy libraries, which no first screen needs. */
const LATER_CODE = /(Transcribe|Speak|Playground|Settings)Panel|Markdown|wavesurfer|record\.esm|highlight/;

const KEY = 'sk-e2e-startup-key-7a41c9e2';
const modifier = process.platform === 'darwin' ? 'Meta' : 'Control';

/** Each panel by its shortcut digit, and what shows it is drawn: its heading, or the Playground's chat. */
const PANELS = [
  { id: 'speak', digit: '2', drawn: (page: Page) => page.getByRole('heading', { name: 'Speak', level: 1 }) },
  {
    id: 'playground',
    digit: '3',
    drawn: (page: Page) => page.getByRole('region', { name: 'Conversation' }),
  },
  {
    id: 'settings',
    digit: '4',
    drawn: (page: Page) => page.getByRole('heading', { name: 'Settings', level: 1 }),
  },
  {
    id: 'transcribe',
    digit: '1',
    drawn: (page: Page) => page.getByRole('heading', { name: 'Transcribe', level: 1 }),
  },
] as const;

async function report(testInfo: TestInfo, screen: string, budget: ScriptBudget): Promise<void> {
  const files = budget.files.map((file) => `${file.name} ${file.kb} KB`).join(', ');
  testInfo.annotations.push({
    type: `${screen} first-screen script`,
    description: `${budget.totalKb} KB: ${files}`,
  });
  await testInfo.attach(`${screen}-first-screen-scripts.json`, {
    body: JSON.stringify(budget, null, 2),
    contentType: 'application/json',
  });
}

test('the welcome screen comes up within the script budget', async ({ startApp }, testInfo) => {
  const app = await startApp();
  await expect(app.page.getByRole('heading', { name: 'Welcome to Gateway Studio' })).toBeVisible();

  const budget = await measureFirstScreenScripts(app.page);
  await report(testInfo, 'welcome', budget);
  expect(budget.totalKb, JSON.stringify(budget.files)).toBeLessThanOrEqual(FIRST_SCREEN_BUDGET_KB);
  // Nothing of the panels or their libraries came before it.
  expect(budget.files.map((file) => file.name).join(' ')).not.toMatch(
    /Panel|Markdown|wavesurfer|ProfileForm/,
  );

  // The form, loaded on the way, is there when asked for.
  await app.page.getByRole('button', { name: 'Add your gateway' }).click();
  await expect(app.page.getByRole('heading', { name: 'Add your gateway' })).toBeVisible();
  await expect(app.page.getByLabel('Base URL')).toBeVisible();
  expect(app.consoleErrors).toEqual([]);
});

test('the shell comes up within the script budget, then every panel opens and keeps its state', async ({
  startApp,
}, testInfo) => {
  const app = await startApp({ gateway: { baseUrl: 'https://gw.example.com', apiKey: KEY } });
  const { page } = app;
  await expect(page.getByRole('heading', { name: 'Transcribe', level: 1 })).toBeVisible();

  const budget = await measureFirstScreenScripts(page);
  await report(testInfo, 'shell', budget);
  expect(budget.totalKb, JSON.stringify(budget.files)).toBeLessThanOrEqual(FIRST_SCREEN_BUDGET_KB);
  expect(budget.files.map((file) => file.name).join(' ')).not.toMatch(LATER_CODE);
  expect(budget.files.map((file) => file.name).join(' ')).not.toMatch(/Welcome/);

  // By shortcut, then by the navigation: each panel is drawn, with nothing still loading.
  for (const panel of PANELS) {
    await page.keyboard.press(`${modifier}+${panel.digit}`);
    await expect(page.getByTestId(`panel-${panel.id}`)).toBeVisible();
    await expect(panel.drawn(page)).toBeVisible();
    await expect(page.getByTestId('panel-loading')).toHaveCount(0);
  }
  for (const panel of PANELS) {
    await page.getByTestId(`nav-${panel.id}`).click();
    await expect(panel.drawn(page)).toBeVisible();
  }

  // What was typed in a panel is still there after visiting the others.
  await page.getByTestId('nav-speak').click();
  await page.getByTestId('speak-text').fill('Kept while away.');
  await page.keyboard.press(`${modifier}+3`);
  await expect(page.getByRole('region', { name: 'Conversation' })).toBeVisible();
  await page.keyboard.press(`${modifier}+2`);
  await expect(page.getByTestId('speak-text')).toHaveValue('Kept while away.');

  expect(app.consoleErrors).toEqual([]);
  await app.expectNoKeyLeak(KEY);
});
