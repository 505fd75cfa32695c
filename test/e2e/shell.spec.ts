// The app's frame: navigation, shortcuts, themes, empty states, the profile switcher and the page's policy.
import type { Page } from '@playwright/test';
import { CONTENT_SECURITY_POLICY_META } from '../../src-main/csp.ts';
import { expect, test } from './harness.ts';

const KEY = 'sk-e2e-shell-key-4d2e8b10';
const GATEWAY = { baseUrl: 'https://gw.example.com', apiKey: KEY };
const PANEL_IDS = ['transcribe', 'speak', 'playground', 'settings'] as const;

const modifier = process.platform === 'darwin' ? 'Meta' : 'Control';
const currentPanel = (page: Page) => page.locator('main[data-testid^="panel-"]');
/** Two frames: a focus wait that can act does so in the first (util/focus.ts). */
const nextFrames = (page: Page) =>
  page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );

test('Ctrl+1…4 switch panels and arrow keys move within the navigation', async ({ startApp }) => {
  const app = await startApp({ gateway: GATEWAY });
  const { page } = app;
  await expect(currentPanel(page)).toHaveAttribute('data-testid', 'panel-transcribe');

  for (const [index, id] of [...PANEL_IDS.entries()].reverse()) {
    await page.keyboard.press(`${modifier}+${index + 1}`);
    await expect(currentPanel(page)).toHaveAttribute('data-testid', `panel-${id}`);
    await expect(page.getByTestId(`nav-${id}`)).toHaveAttribute('aria-current', 'page');
  }

  // The navigation is one tab stop: the current panel's button.
  await page.getByTestId('nav-transcribe').focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('nav-speak')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('nav-settings')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('nav-transcribe')).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByTestId('nav-settings')).toBeFocused();
  await page.keyboard.press('Home');
  await expect(page.getByTestId('nav-transcribe')).toBeFocused();
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowUp');
  await expect(page.getByTestId('nav-playground')).toBeFocused();
  // Moving focus does not switch panels; Enter does.
  await expect(currentPanel(page)).toHaveAttribute('data-testid', 'panel-transcribe');
  await page.keyboard.press('Enter');
  await expect(currentPanel(page)).toHaveAttribute('data-testid', 'panel-playground');
  await expect(page.getByTestId('nav-playground')).toHaveAttribute('tabindex', '0');
  await expect(page.getByTestId('nav-transcribe')).toHaveAttribute('tabindex', '-1');

  // A visible focus ring on the focused item.
  const ring = await page.getByTestId('nav-playground').evaluate((el) => getComputedStyle(el).boxShadow);
  expect(ring).not.toBe('none');
  await app.screenshot('shell-keyboard-focus');
  await app.expectNoKeyLeak(KEY);
});

test('Tab order runs from the navigation into the panel, and shortcuts wait while a dialog is open', async ({
  startApp,
}) => {
  const app = await startApp({ gateway: GATEWAY });
  const { page } = app;
  await page.keyboard.press(`${modifier}+4`);
  // The panel is drawn in a background render after the key (Shell), and focus follows into it in the
  // frame after its heading is on screen: focus is put back on the navigation only after that (before,
  // the heading would take it back, and a Tab would go into a panel still being drawn).
  await expect(currentPanel(page)).toHaveAttribute('data-testid', 'panel-settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await nextFrames(page);
  await page.getByTestId('nav-settings').focus();
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('profile-switcher')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'New profile' })).toBeFocused();

  await page.getByTestId('delete-profile').click();
  await expect(page.getByTestId('confirm-delete')).toBeVisible();
  await page.keyboard.press(`${modifier}+1`);
  await expect(currentPanel(page)).toHaveAttribute('data-testid', 'panel-settings');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('confirm-delete')).toBeHidden();
  await page.keyboard.press(`${modifier}+1`);
  await expect(currentPanel(page)).toHaveAttribute('data-testid', 'panel-transcribe');
});

test('a key pressed before the shown panel is drawn keeps the focus it moved (the heading does not take it back)', async ({
  startApp,
}) => {
  const app = await startApp({ gateway: GATEWAY });
  const { page } = app;
  await expect(currentPanel(page)).toHaveAttribute('data-testid', 'panel-transcribe');
  // In one task, so the panel cannot be drawn in between: the shortcut, then the user moves focus on
  // (as a Tab would) before the panel's heading is on screen.
  await page.evaluate((ctrlKey) => {
    const key = (init: KeyboardEventInit, target: EventTarget) =>
      target.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init }));
    key({ key: '4', ctrlKey, metaKey: !ctrlKey }, document.body);
    const navigation = document.querySelector<HTMLElement>('[data-testid="nav-playground"]')!;
    navigation.focus();
    key({ key: 'Tab' }, navigation);
  }, modifier === 'Control');
  await expect(currentPanel(page)).toHaveAttribute('data-testid', 'panel-settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  // The heading would have been focused by the frame after it shows, were the wait still on: two frames.
  await nextFrames(page);
  await expect(page.getByTestId('nav-playground')).toBeFocused();
});

test('each panel shows what it will do, and which gateway it will use', async ({ startApp }) => {
  const app = await startApp({ gateway: GATEWAY, profile: { name: 'Home gateway' } });
  const { page } = app;
  const expectations = {
    transcribe: ['Turn speech into text', 'Export'],
    speak: ['Turn text into speech', 'Choose a voice'],
    playground: ['Try any model, see everything', 'Inspect'],
  } as const;
  for (const [panel, [title, step]] of Object.entries(expectations)) {
    await page.getByTestId(`nav-${panel}`).click();
    const empty = page.getByTestId(`empty-${panel}`);
    await expect(empty.getByRole('heading', { name: title })).toBeVisible();
    await expect(empty.getByRole('listitem').filter({ hasText: step })).toBeVisible();
    await expect(empty).toContainText('Uses Home gateway · gw.example.com');
    await app.screenshot(`panel-${panel}-empty`);
  }
  await app.expectNoKeyLeak(KEY);
  expect(app.consoleErrors).toEqual([]);
});

test('a profile without a key is pointed out from the panels', async ({ startApp }) => {
  const app = await startApp({ gateway: { baseUrl: 'https://gw.example.com' } });
  const { page } = app;
  await page.getByRole('button', { name: 'Add an API key' }).click();
  await expect(currentPanel(page)).toHaveAttribute('data-testid', 'panel-settings');
  await expect(page.getByTestId('key-input')).toBeVisible();
});

test('the profile switcher menu works with the keyboard', async ({ startApp }) => {
  const app = await startApp({ gateway: GATEWAY, profile: { name: 'Production' } });
  const { page } = app;
  await app.ok('profiles.create', { name: 'Staging', baseUrl: 'https://staging.example.com' });
  await app.reload();

  const trigger = page.getByTestId('profile-switcher');
  await trigger.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByTestId('profile-menu');
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitemradio', { name: /Production/ })).toBeFocused();
  await app.screenshot('shell-profile-menu');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(trigger).toBeFocused();

  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitemradio', { name: /Staging/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(trigger).toContainText('Staging');
  await expect(trigger).toContainText('staging.example.com');

  // "Manage profiles" opens Settings on the active profile.
  await trigger.click();
  await menu.getByRole('menuitem', { name: 'Manage profiles' }).click();
  await expect(currentPanel(page)).toHaveAttribute('data-testid', 'panel-settings');
  await expect(page.getByTestId('editor-title')).toHaveText('Staging');
  await app.expectNoKeyLeak(KEY);
});

test('the dark theme follows the system', async ({ startApp, fakeGateway }) => {
  const app = await startApp({
    gateway: { baseUrl: fakeGateway.baseUrl, apiKey: fakeGateway.apiKey },
    profile: { name: 'Production' },
  });
  const { page } = app;
  await app.ok('profiles.create', { name: 'Staging', baseUrl: 'http://staging.example.com' });
  await app.reload();
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const light = await background();

  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(background).not.toBe(light);
  const [r, g, b] = ((await background()).match(/\d+/g) ?? []).map(Number);
  expect((r ?? 255) + (g ?? 255) + (b ?? 255)).toBeLessThan(120);

  await app.screenshot('dark-panel-transcribe');
  await page.getByTestId('nav-settings').click();
  await page.getByTestId('test-connection').click();
  await expect(
    page.getByTestId('connection-failed').or(page.getByTestId('connection-results')),
  ).toBeVisible();
  await app.screenshot('dark-settings');
  await page.getByTestId('profile-item').filter({ hasText: 'Staging' }).click();
  await page.getByTestId('delete-profile').click();
  await app.screenshot('dark-delete-confirm');
  await page.keyboard.press('Escape');
  await app.expectNoKeyLeak(fakeGateway.apiKey);
});

test('the first-run screen in the dark theme', async ({ startApp }) => {
  const app = await startApp();
  await app.page.emulateMedia({ colorScheme: 'dark' });
  await app.screenshot('dark-first-run');
  await app.page.getByRole('button', { name: 'Add your gateway' }).click();
  await app.screenshot('dark-first-run-form');
});

test('nothing is clipped at the smallest supported window size', async ({ startApp }) => {
  const app = await startApp({ gateway: GATEWAY, profile: { name: 'A profile with quite a long name' } });
  const { page } = app;
  await page.setViewportSize({ width: 900, height: 640 });
  for (const panel of PANEL_IDS) {
    await page.getByTestId(`nav-${panel}`).click();
    // No horizontal scrolling anywhere in the frame.
    const overflow = await page.evaluate(() =>
      Array.from(document.querySelectorAll('.shell, .shell__content, .sidebar'))
        .filter((el) => el.scrollWidth > el.clientWidth + 1)
        .map((el) => el.className),
    );
    expect(overflow, `horizontal overflow on ${panel}`).toEqual([]);
    await app.screenshot(`small-${panel}`);
  }
  await page.getByTestId('nav-settings').click();
  await page.getByRole('button', { name: /Advanced options/ }).click();
  await page.getByRole('button', { name: 'Add header' }).click();
  await app.screenshot('small-settings-advanced', { fullPage: false });
  await app.expectNoKeyLeak(KEY);
});

test('the page carries the same Content-Security-Policy as the app', async ({ startApp }) => {
  const app = await startApp();
  const meta = await app.page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  expect(meta).toBe(CONTENT_SECURITY_POLICY_META);
  expect(app.consoleErrors).toEqual([]);
});
