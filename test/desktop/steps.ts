// What a user does in the desktop scenarios, step by step, and where the evidence lands.
import { execFileSync } from 'node:child_process';
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { saveScreenshot } from '../e2e/screenshots.ts';
import type { FakeGateway } from '../fake-gateway/server.ts';
import { type DesktopApp, type DesktopWindow, type LaunchOptions, launchDesktop } from './launch.ts';

export interface Scratch {
  root: string;
  userData: string;
  keyring: string;
  remove(): void;
}

/** A scratch folder per test: the user-data folder, the keychain's stand-in, audio fixtures. */
export function scratch(): Scratch {
  const root = mkdtempSync(join(tmpdir(), 'gs-desktop-'));
  return {
    root,
    userData: join(root, 'user-data'),
    keyring: join(root, 'os-keychain', 'key'),
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}

/** Starts the app on a fresh user-data folder for `run`; quits it and removes the folder afterwards. */
export async function withDesktop(
  options: Omit<LaunchOptions, 'userDataDir' | 'keyringFile'>,
  run: (app: DesktopApp, dirs: Scratch) => Promise<void>,
): Promise<void> {
  const dirs = scratch();
  const app = await launchDesktop({ ...options, userDataDir: dirs.userData, keyringFile: dirs.keyring });
  try {
    await run(app, dirs);
  } finally {
    await app.close();
    dirs.remove();
  }
}

/** A few seconds of speech, made with espeak-ng (and sox, to a 16 kHz mono WAV). */
export function speechWav(folder: string, name: string, text: string): string {
  mkdirSync(folder, { recursive: true });
  const path = join(folder, name);
  execFileSync('espeak-ng', ['-w', `${path}.raw.wav`, text]);
  execFileSync('sox', [`${path}.raw.wav`, '-r', '16000', '-c', '1', path]);
  return path;
}

export const shot = (page: Page, name: string) => saveScreenshot(page, `desktop-${name}`);

export async function firstScreen(page: Page): Promise<void> {
  await expect(page.locator('[data-testid="welcome"], .shell').first()).toBeVisible({ timeout: 15_000 });
}

/** From the welcome screen: the form a new user fills in and sends. */
export async function submitProfileForm(page: Page, gateway: FakeGateway): Promise<void> {
  await page.getByRole('button', { name: 'Add your gateway' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Fake gateway');
  await page.getByLabel('Base URL').fill(gateway.baseUrl);
  await page.getByLabel('API key').fill(gateway.apiKey);
  await page.getByRole('button', { name: 'Create profile' }).click();
}

/** A profile for the fake gateway, added from the welcome screen, its key stored. */
export async function addProfile(page: Page, gateway: FakeGateway): Promise<void> {
  await submitProfileForm(page, gateway);
  await expect(page.getByTestId('panel-settings')).toBeVisible();
  await expect(page.getByTestId('key-masked')).toHaveText(`•••• ${gateway.apiKey.slice(-4)}`);
}

export async function openPlayground(page: Page): Promise<void> {
  await page.getByTestId('nav-playground').click();
  await expect(page.getByTestId('composer-input')).toBeVisible();
}

/** Sends a message and waits for its reply to end; returns the reply's text. */
export async function chat(page: Page, text: string, options: { wait?: boolean } = {}): Promise<string> {
  // A person types into the window in front of them; Chromium paints (and lays out content-visibility
  // blocks of) only a page it shows, and another window of the session may have been brought up last.
  await page.bringToFront();
  const before = await page.getByTestId('reply').count();
  await page.getByTestId('composer-input').fill(text);
  await page.getByTestId('composer-input').press('Enter');
  const reply = page.getByTestId('reply').nth(before);
  await expect(reply).toHaveAttribute('data-state', /streaming|done/, { timeout: 15_000 });
  if (options.wait === false) return '';
  await expect(reply).toHaveAttribute('data-state', 'done', { timeout: 15_000 });
  // What a user reads once it is done, as painted: a reply is never blank (its text shows even before the
  // markdown renderer loads). innerText, not textContent: replies are laid out with content-visibility:
  // auto, and a reply Chromium has not yet found on screen reads "" until a later frame lays it out — on a
  // loaded machine that frame can come after `done`, so wait for it rather than read once.
  const shown = reply.getByTestId('reply-text');
  await expect.poll(() => shown.innerText(), { timeout: 10_000 }).not.toBe('');
  return shown.innerText();
}

/** Every file under a folder, recursively (relative paths). */
export function filesUnder(folder: string): string[] {
  const out: string[] = [];
  const walk = (dir: string, prefix: string) => {
    for (const name of readdirSync(dir)) {
      // lstat: the single-instance lock is a symlink to nowhere, its socket no file.
      const info = lstatSync(join(dir, name));
      if (info.isDirectory()) walk(join(dir, name), `${prefix}${name}/`);
      else if (info.isFile()) out.push(`${prefix}${name}`);
    }
  };
  walk(folder, '');
  return out;
}

/** Nothing half-written: no temp files of atomic writes, no moved-aside files, every JSON file parses. */
export function expectWholeFiles(folder: string): void {
  const files = filesUnder(folder);
  expect(files.filter((file) => /\.tmp$|\.corrupt-/.test(file))).toEqual([]);
  for (const file of files.filter((name) => name.endsWith('.json'))) {
    const text = readFileSync(join(folder, file), 'utf8');
    expect(() => JSON.parse(text), `${file} parses`).not.toThrow();
  }
}

/** Waits until main has answered the renderer's start-up calls (the window shows the first screen). */
export async function windowReady(app: DesktopApp, count = 1): Promise<DesktopWindow> {
  await app.waitForLifecycle('ready-to-show', count);
  const window = app.windows().at(-1) as DesktopWindow;
  await firstScreen(window.page);
  return window;
}
