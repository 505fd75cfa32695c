// Settings and profiles, driven through the UI against the real main-side settings service.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './harness.ts';

const KEY = 'sk-e2e-first-key-9f3a7c21';
const SECOND_KEY = 'sk-e2e-second-key-51be';
/** An extra header's value: a secret like the key (issue 14, item 12). */
const ORG_TOKEN = 'org-token-research-b5e8';

const editor = (page: Page) => page.getByTestId('profile-editor');
const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });

type Box = { x: number; y: number; width: number; height: number };

/** The input shows its whole text: nothing scrolled out of view. */
async function expectWholeTextShown(input: Locator) {
  const { scrollWidth, clientWidth } = await input.evaluate((element) => ({
    scrollWidth: element.scrollWidth,
    clientWidth: element.clientWidth,
  }));
  expect(scrollWidth, 'the text is cut off').toBeLessThanOrEqual(clientWidth);
}

async function openSettings(page: Page) {
  await page.getByTestId('nav-settings').click();
  await expect(page.getByTestId('panel-settings')).toBeVisible();
}

test('first run welcomes the user and leads to a profile whose key shows only masked', async ({
  startApp,
}) => {
  const app = await startApp();
  const { page } = app;

  await expect(page.getByRole('heading', { name: 'Welcome to Gateway Studio' })).toBeVisible();
  await app.screenshot('first-run');

  await page.getByRole('button', { name: 'Add your gateway' }).click();
  await expect(page.getByRole('heading', { name: 'Add your gateway' })).toBeVisible();
  await app.screenshot('first-run-form');

  await page.getByLabel('Name', { exact: true }).fill('Home gateway');
  await page.getByLabel('Base URL').fill('https://gw.example.com/v1/');
  await page.getByLabel('API key').fill(KEY);
  await page.getByRole('button', { name: 'Create profile' }).click();

  // Lands in Settings on the new profile, normalised by main, the key masked.
  await expect(page.getByTestId('panel-settings')).toBeVisible();
  await expect(toast(page, 'Profile saved')).toBeVisible();
  await expect(editor(page).getByTestId('editor-title')).toHaveText('Home gateway');
  await expect(editor(page).getByLabel('Base URL')).toHaveValue('https://gw.example.com');
  await expect(page.getByTestId('key-masked')).toHaveText(`•••• ${KEY.slice(-4)}`);
  await expect(page.getByTestId('active-badge')).toHaveCount(1);
  await expect(page.getByTestId('profile-switcher')).toContainText('Home gateway');
  await expect(page.getByTestId('profile-switcher')).toContainText('gw.example.com');

  // Main stored exactly that.
  const state = await app.ok('settings.get', undefined);
  expect(state.profiles).toHaveLength(1);
  expect(state.profiles[0]).toMatchObject({
    baseUrl: 'https://gw.example.com',
    hasKey: true,
    keyTail: KEY.slice(-4),
  });

  await app.screenshot('settings-one-profile');
  await app.expectNoKeyLeak(KEY);
  expect(app.consoleErrors).toEqual([]);
});

test('the profile form checks its fields before anything is sent', async ({ startApp }) => {
  const app = await startApp();
  const { page } = app;
  await page.getByRole('button', { name: 'Add your gateway' }).click();
  await page.getByRole('button', { name: 'Create profile' }).click();
  await expect(page.getByText('Give the profile a name.')).toBeVisible();
  await expect(page.getByText('Enter the address of your gateway.')).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toBeFocused();

  await page.getByLabel('Name', { exact: true }).fill('Typo');
  await page.getByLabel('Base URL').fill('gw.example.com');
  await expect(page.getByText('Enter a full address, such as https://gateway.example.com.')).toBeVisible();
  await page.getByLabel('Base URL').fill('ftp://gw.example.com');
  await expect(page.getByText('The address must start with https:// or http://.')).toBeVisible();
  await app.screenshot('first-run-form-errors');

  // Nothing reached main.
  expect((await app.ok('settings.get', undefined)).profiles).toHaveLength(0);
});

test('plain http to a remote host is saved with a warning shown beside the address', async ({ startApp }) => {
  const app = await startApp({ gateway: { baseUrl: 'https://gw.example.com', apiKey: KEY } });
  const { page } = app;
  await openSettings(page);

  await editor(page).getByLabel('Base URL').fill('http://gw.example.com/v1');
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await page.getByRole('button', { name: 'Save changes' }).click();

  await expect(toast(page, 'Profile saved')).toBeVisible();
  await expect(editor(page).getByLabel('Base URL')).toHaveValue('http://gw.example.com');
  const warning = page.getByText(/Plain http to gw\.example\.com sends your API key unencrypted/).first();
  await expect(warning).toBeVisible();
  await expect(page.getByText('Unsaved changes')).toHaveCount(0);
  await app.screenshot('settings-http-warning');

  // Local addresses are fine over http: no warning.
  await editor(page).getByLabel('Base URL').fill('http://127.0.0.1:8080');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(editor(page).getByLabel('Base URL')).toHaveValue('http://127.0.0.1:8080');
  await expect(editor(page).getByTestId(/-warning$/)).toHaveCount(0);
  await app.expectNoKeyLeak(KEY);
});

test('moving a profile to another host drops its key and says so', async ({ startApp }) => {
  const app = await startApp({ gateway: { baseUrl: 'https://gw.example.com', apiKey: KEY } });
  const { page } = app;
  await openSettings(page);
  await expect(page.getByTestId('key-masked')).toHaveText(`•••• ${KEY.slice(-4)}`);

  await editor(page).getByLabel('Base URL').fill('https://other.example.net');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(/key was removed because the gateway address changed/).first()).toBeVisible();
  await expect(page.getByTestId('key-masked')).toHaveCount(0);
  expect((await app.ok('settings.get', undefined)).profiles[0]).toMatchObject({ hasKey: false });
  await app.screenshot('settings-key-dropped-on-move');
  await app.expectNoKeyLeak(KEY);
});

test('editing name, key header, extra headers and upload limit persists', async ({ startApp }) => {
  const app = await startApp({ gateway: { baseUrl: 'https://gw.example.com', apiKey: KEY } });
  const { page } = app;
  await openSettings(page);

  await editor(page).getByLabel('Name', { exact: true }).fill('Work gateway');
  // Advanced fields are folded while a profile uses the defaults; the fold says what they are.
  const advanced = editor(page).getByRole('button', { name: /Advanced options/ });
  await expect(advanced).toHaveAttribute('aria-expanded', 'false');
  await expect(advanced).toContainText('x-vendor-api-key · no extra headers · 25 MB uploads');
  await advanced.click();
  await editor(page).getByText('x-goog-api-key').click();
  await editor(page).getByRole('button', { name: 'Add header' }).click();
  await editor(page).getByLabel('Header 1 name').fill('x-org');
  await editor(page).getByLabel('Header 1 value').fill(ORG_TOKEN);
  await editor(page).getByRole('button', { name: 'Add header' }).click();
  await editor(page).getByLabel('Header 2 name').fill('bad header');
  await editor(page).getByLabel('Audio upload limit').fill('100');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('“bad header” is not a valid header name.')).toBeVisible();

  await editor(page).getByRole('button', { name: 'Remove header 2' }).click();
  // A long header name fits its field (issue 14, item 24: `x-strict-framing` was cut off).
  await editor(page).getByRole('button', { name: 'Add header' }).click();
  await editor(page).getByLabel('Header 2 name').fill('x-strict-framing');
  await editor(page).getByLabel('Header 2 value').fill('1');
  await expectWholeTextShown(editor(page).getByLabel('Header 2 name'));
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, 'Profile saved')).toBeVisible();
  await expect(editor(page).getByTestId('editor-title')).toHaveText('Work gateway');

  const saved = (await app.ok('settings.get', undefined)).profiles[0];
  expect(saved).toMatchObject({
    name: 'Work gateway',
    vendorKeyHeader: 'x-goog-api-key',
    // Names and a tail only: the window never gets a header value back.
    extraHeaders: [
      { name: 'x-org', hasValue: true, valueTail: 'b5e8' },
      { name: 'x-strict-framing', hasValue: true, valueTail: null },
    ],
    uploadLimitMb: 100,
  });

  // A custom key header, and a reload shows what main stored.
  await editor(page).getByText('Custom…').click();
  await editor(page).getByLabel('Custom header name').fill('x-relay-key');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Unsaved changes')).toHaveCount(0);
  await expect
    .poll(async () => (await app.ok('settings.get', undefined)).profiles[0]?.vendorKeyHeader)
    .toBe('x-relay-key');

  await app.reload();
  await openSettings(page);
  await expect(editor(page).getByRole('button', { name: /Advanced options/ })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expect(editor(page).getByLabel('Name', { exact: true })).toHaveValue('Work gateway');
  await expect(editor(page).getByLabel('Custom header name')).toHaveValue('x-relay-key');
  await expect(editor(page).getByLabel('Header 1 name')).toHaveValue('x-org');
  // The stored value is kept, shown by its tail only; the field holds nothing.
  await expect(editor(page).getByLabel('Header 1 value')).toHaveValue('');
  await expect(editor(page).getByLabel('Header 1 value')).toHaveAttribute('placeholder', '••••b5e8 (kept)');
  await expect(editor(page).getByLabel('Header 1 value')).toHaveAttribute('type', 'password');
  await expectWholeTextShown(editor(page).getByLabel('Header 2 name'));
  // Each value sits beside its name, and the values line up as a column.
  const boxes = await Promise.all(
    ['Header 1 name', 'Header 1 value', 'Header 2 name', 'Header 2 value'].map(
      async (label) => (await editor(page).getByLabel(label).boundingBox())!,
    ),
  );
  const [name1, value1, name2, value2] = boxes as [Box, Box, Box, Box];
  expect(Math.abs(name1.y - value1.y), 'header 1 value beside its name').toBeLessThan(1);
  expect(Math.abs(name2.y - value2.y), 'header 2 value beside its name').toBeLessThan(1);
  expect(Math.abs(value1.x - value2.x), 'header values in one column').toBeLessThan(1);
  await expect(editor(page).getByLabel('Audio upload limit')).toHaveValue('100');
  await app.screenshot('settings-edited');
  await app.expectNoKeyLeak(KEY);
  await app.expectNoKeyLeak(ORG_TOKEN);
});

test('an error from main is shown in the form and as a toast, and nothing is saved', async ({ startApp }) => {
  const app = await startApp({ gateway: { baseUrl: 'https://gw.example.com', apiKey: KEY } });
  const { page } = app;
  await openSettings(page);
  await editor(page)
    .getByRole('button', { name: /Advanced options/ })
    .click();
  await editor(page).getByRole('button', { name: 'Add header' }).click();
  await editor(page).getByLabel('Header 1 name').fill('Authorization');
  await editor(page).getByLabel('Header 1 value').fill('Bearer something-else');
  await page.getByRole('button', { name: 'Save changes' }).click();

  const message = 'The header “Authorization” is set by Gateway Studio itself and cannot be overridden.';
  await expect(page.getByTestId('profile-form-error')).toContainText(message);
  await expect(page.getByTestId('toast').filter({ hasText: message })).toBeVisible();
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  expect((await app.ok('settings.get', undefined)).profiles[0]?.extraHeaders).toEqual([]);
  await app.screenshot('settings-save-error');

  // Fixing the field clears the error.
  await editor(page).getByLabel('Header 1 name').fill('x-team');
  await expect(page.getByTestId('profile-form-error')).toHaveCount(0);
  await app.expectNoKeyLeak(KEY);
});

test('a key can be replaced and removed, and is never shown in clear', async ({ startApp }) => {
  const app = await startApp({ gateway: { baseUrl: 'https://gw.example.com', apiKey: KEY } });
  const { page } = app;
  await openSettings(page);
  await expect(page.getByTestId('key-masked')).toHaveText(`•••• ${KEY.slice(-4)}`);

  await page.getByTestId('key-replace').click();
  await expect(page.getByTestId('key-input')).toBeFocused();
  await expect(page.getByTestId('key-input')).toHaveValue('');
  // Esc backs out of replacing without touching the stored key.
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('key-masked')).toHaveText(`•••• ${KEY.slice(-4)}`);

  await page.getByTestId('key-replace').click();
  await page.getByTestId('key-input').fill(SECOND_KEY);
  await page.getByTestId('key-save').click();
  await expect(toast(page, 'Key replaced')).toBeVisible();
  await expect(page.getByTestId('key-masked')).toHaveText(`•••• ${SECOND_KEY.slice(-4)}`);
  await app.expectNoKeyLeak(SECOND_KEY);

  await page.getByTestId('key-remove').click();
  const confirm = page.getByTestId('confirm-remove-key');
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Remove key' }).click();
  await expect(confirm).toBeHidden();
  await expect(toast(page, 'Key removed')).toBeVisible();
  await expect(page.getByTestId('key-masked')).toHaveCount(0);
  await expect(page.getByTestId('key-input')).toBeVisible();
  expect((await app.ok('settings.get', undefined)).profiles[0]).toMatchObject({
    hasKey: false,
    keyTail: null,
  });

  // And a key can be added back.
  await page.getByTestId('key-input').fill(KEY);
  await page.getByTestId('key-input').press('Enter');
  await expect(toast(page, 'Key saved')).toBeVisible();
  await expect(page.getByTestId('key-masked')).toHaveText(`•••• ${KEY.slice(-4)}`);

  await app.expectNoKeyLeak(KEY);
  await app.expectNoKeyLeak(SECOND_KEY);
});

test('profiles can be added, switched, duplicated and deleted', async ({ startApp }) => {
  const app = await startApp({
    gateway: { baseUrl: 'https://gw.example.com', apiKey: KEY },
    profile: { name: 'Production' },
  });
  const { page } = app;
  await openSettings(page);

  // Add a second profile from the list.
  await page.getByTestId('new-profile').click();
  await expect(editor(page).getByTestId('editor-title')).toHaveText('New profile');
  await editor(page).getByLabel('Name', { exact: true }).fill('Staging');
  await editor(page).getByLabel('Base URL').fill('https://staging.gw.example.com');
  await editor(page).getByLabel('API key').fill(SECOND_KEY);
  await editor(page).getByRole('button', { name: 'Create profile' }).click();
  await expect(editor(page).getByTestId('editor-title')).toHaveText('Staging');
  const items = page.getByTestId('profile-item');
  await expect(items).toHaveCount(2);
  // The first profile stays active.
  await expect(items.filter({ hasText: 'Production' }).getByTestId('active-badge')).toBeVisible();
  await app.screenshot('settings-two-profiles');

  // Switch from the editor…
  await page.getByTestId('set-active').click();
  await expect(toast(page, 'Active profile changed')).toBeVisible();
  await expect(items.filter({ hasText: 'Staging' }).getByTestId('active-badge')).toBeVisible();
  await expect(page.getByTestId('profile-switcher')).toContainText('Staging');

  // …and from the sidebar.
  await page.getByTestId('profile-switcher').click();
  const menu = page.getByTestId('profile-menu');
  await menu.getByRole('menuitemradio', { name: /Production/ }).click();
  await expect(menu).toBeHidden();
  await expect(page.getByTestId('profile-switcher')).toContainText('Production');
  expect((await app.ok('settings.get', undefined)).activeProfileId).toBe(app.profile?.id);

  // Duplicate: a copy, selected, with the key carried over (still masked).
  await items.filter({ hasText: 'Production' }).click();
  await page.getByTestId('duplicate-profile').click();
  await expect(toast(page, 'Profile duplicated')).toBeVisible();
  await expect(editor(page).getByTestId('editor-title')).toHaveText('Production copy');
  await expect(items).toHaveCount(3);
  await expect(page.getByTestId('key-masked')).toHaveText(`•••• ${KEY.slice(-4)}`);

  // Delete asks first; Esc and Cancel keep the profile.
  await page.getByTestId('delete-profile').click();
  const confirm = page.getByTestId('confirm-delete');
  await expect(confirm).toBeVisible();
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await app.screenshot('settings-delete-confirm');
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(items).toHaveCount(3);

  await page.getByTestId('delete-profile').click();
  await confirm.getByRole('button', { name: 'Delete profile' }).click();
  await expect(toast(page, 'Profile deleted')).toBeVisible();
  await expect(items).toHaveCount(2);
  await expect(items.filter({ hasText: 'Production copy' })).toHaveCount(0);

  // Deleting the active profile hands "active" to another one.
  await items.filter({ hasText: 'Production' }).click();
  await page.getByTestId('delete-profile').click();
  await confirm.getByRole('button', { name: 'Delete profile' }).click();
  await expect(items).toHaveCount(1);
  await expect(items.first().getByTestId('active-badge')).toBeVisible();
  await expect(editor(page).getByTestId('editor-title')).toHaveText('Staging');

  await app.expectNoKeyLeak(KEY);
  await app.expectNoKeyLeak(SECOND_KEY);
});

test('without a keychain the user is asked before a key is stored', async ({ startApp }) => {
  const app = await startApp({ secretBackend: 'basic_text' });
  const { page } = app;
  await page.getByRole('button', { name: 'Add your gateway' }).click();
  await expect(
    page.getByText('This system has no keychain; you will be asked before the key is stored.'),
  ).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill('Laptop');
  await page.getByLabel('Base URL').fill('https://gw.example.com');
  await page.getByLabel('API key').fill(KEY);
  await page.getByRole('button', { name: 'Create profile' }).click();

  const dialog = page.getByTestId('consent-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('obfuscated, not encrypted');
  await app.screenshot('consent-dialog');

  // Saying no stores nothing and keeps the form as it was.
  await dialog.getByRole('button', { name: "Don't store" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('welcome')).toBeVisible();
  expect((await app.ok('settings.get', undefined)).profiles).toHaveLength(0);

  // Esc is a no as well.
  await page.getByRole('button', { name: 'Create profile' }).click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect((await app.ok('settings.get', undefined)).encryption.plaintextConsent).toBe(false);

  await page.getByRole('button', { name: 'Create profile' }).click();
  await dialog.getByTestId('consent-allow').click();
  await expect(page.getByTestId('panel-settings')).toBeVisible();
  await expect(page.getByTestId('key-masked')).toHaveText(`•••• ${KEY.slice(-4)}`);
  await expect(page.getByTestId('key-section')).toContainText('Obfuscated, not encrypted');
  await expect(page.getByTestId('encryption-status')).toContainText(
    'You allowed keys to be stored obfuscated',
  );
  const state = await app.ok('settings.get', undefined);
  expect(state.encryption.plaintextConsent).toBe(true);
  expect(state.profiles[0]?.keyStorage).toBe('basic_text');
  await app.screenshot('settings-basic-text');
  await app.expectNoKeyLeak(KEY);
});

test('when main still asks for consent (state moved on), the key is stored after agreeing', async ({
  startApp,
}) => {
  const app = await startApp({
    secretBackend: 'basic_text',
    plaintextConsent: true,
    gateway: { baseUrl: 'https://gw.example.com' },
  });
  const { page } = app;
  await openSettings(page);
  // Consent withdrawn behind the renderer's back: the renderer still believes it has it.
  await app.ok('settings.setPlaintextConsent', { allow: false });
  await page.getByTestId('key-input').fill(KEY);
  await page.getByTestId('key-save').click();
  const dialog = page.getByTestId('consent-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('consent-allow').click();
  await expect(toast(page, 'Key saved')).toBeVisible();
  await expect(page.getByTestId('key-masked')).toHaveText(`•••• ${KEY.slice(-4)}`);
  await app.expectNoKeyLeak(KEY);
});

test('with no secure storage at all the app explains that a key cannot be stored', async ({ startApp }) => {
  const app = await startApp({
    secretBackend: 'unavailable',
    gateway: { baseUrl: 'https://gw.example.com' },
  });
  const { page } = app;
  await openSettings(page);
  await expect(page.getByTestId('key-unavailable')).toContainText('A key cannot be stored on this system');
  await expect(page.getByTestId('key-input')).toHaveCount(0);
  await expect(page.getByTestId('encryption-status')).toContainText('Keys cannot be stored here.');
  await app.screenshot('settings-no-storage');
});

test('test connection reports each API family, and errors with their hint', async ({
  startApp,
  fakeGateway,
}) => {
  const app = await startApp({ gateway: { baseUrl: fakeGateway.baseUrl, apiKey: fakeGateway.apiKey } });
  const { page } = app;
  await openSettings(page);

  await page.getByTestId('test-connection').click();
  const results = page.getByTestId('connection-results');
  await expect(results).toBeVisible();
  await expect(results.getByTestId('connection-v1')).toContainText(/\d+ models? · \d+ ms/);
  await expect(results.getByTestId('connection-v1beta')).toContainText(/\d+ models? · \d+ ms/);
  await app.screenshot('settings-connection-ok');

  // A wrong key: both families fail, each with its message.
  await page.getByTestId('key-replace').click();
  await page.getByTestId('key-input').fill('sk-wrong-key-0000');
  await page.getByTestId('key-save').click();
  await expect(results).toHaveCount(0);
  await page.getByTestId('test-connection').click();
  await expect(results.getByTestId('connection-v1')).toHaveClass(/connection__row--failed/);
  await expect(results.getByTestId('connection-v1beta')).toHaveClass(/connection__row--failed/);
  await app.screenshot('settings-connection-failed');
  await app.expectNoKeyLeak(fakeGateway.apiKey);
  await app.expectNoKeyLeak('sk-wrong-key-0000');
});

test('a start-up notice is shown as a dismissible banner', async ({ startApp }) => {
  const app = await startApp({
    prepareDataDir: (dataDir) => writeFileSync(join(dataDir, 'settings.json'), '{ this is not json'),
  });
  const { page } = app;
  const notice = page.getByTestId('notice');
  await expect(notice).toContainText('could not be read');
  await app.screenshot('first-run-with-notice');
  await notice.getByRole('button', { name: 'Dismiss notice' }).click();
  await expect(notice).toHaveCount(0);
  expect((await app.ok('settings.get', undefined)).notices).toEqual([]);
});
