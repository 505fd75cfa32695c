// Issue 18 item 8: accessible to everyone. axe-core (WCAG 2.1 A/AA and best practice) over every panel state
// in both themes, forced-colours mode (Windows High Contrast), and the Playground at 200 % zoom.
//
// One app walks every state once; each state is checked in the light theme, then the dark one, by switching
// the emulated `prefers-color-scheme` (how the app picks its theme, see shell.spec.ts).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator } from '@playwright/test';
import { faults } from '../fake-gateway/server.ts';
import { type AxeFinding, auditBothThemes, findingsReport, isBlocking } from './axe-audit.ts';
import { expect, test } from './harness.ts';
import { openPlayground, replies, send, settled } from './playground-helpers.ts';

const SEGMENTS = [
  { text: 'Welcome to the weekly planning call.', start: 0.4, end: 1.5 },
  { text: 'Today we look at the budget,', start: 1.5, end: 3.2 },
  { text: 'and the new recording screen.', start: 3.4, end: 5.2 },
];

/** A reply with the markdown the reply view draws specially: a heading, a table and highlighted code. */
const MARKDOWN_REPLY = [
  '## Debounce, two ways',
  '',
  '| Approach | Waits for | Good for |',
  '| --- | --- | --- |',
  '| `setTimeout` | a quiet period | typing |',
  '| `requestAnimationFrame` | the next frame | scrolling |',
  '',
  '```ts',
  'export function debounce(fn: () => void, ms: number) {',
  '  let timer: ReturnType<typeof setTimeout> | undefined;',
  '  return () => {',
  '    clearTimeout(timer);',
  '    timer = setTimeout(fn, ms);',
  '  };',
  '}',
  '```',
].join('\n');

let folder: string;
test.beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'gs-a11y-'));
});
test.afterEach(() => {
  rmSync(folder, { recursive: true, force: true });
});

test('axe finds nothing serious or critical in any panel state, in either theme', async ({
  page,
  startApp,
  fakeGateway,
}) => {
  // Twelve states, each audited in both themes, and a transcript and a clip made on the way: 72–78 s alone
  // on a 2-core machine, and past 120 s in a CI run with another test beside it.
  test.setTimeout(240_000);
  const findings: AxeFinding[] = [];
  const app = await startApp();
  const audit = async (state: string) => findings.push(...(await auditBothThemes(app, state)));

  // First run: the introduction, then the form, which creates the profile the rest uses.
  await expect(page.getByRole('heading', { name: 'Welcome to Gateway Studio' })).toBeVisible();
  await audit('welcome');
  await page.getByRole('button', { name: 'Add your gateway' }).click();
  await expect(page.getByRole('heading', { name: 'Add your gateway' })).toBeVisible();
  // The form with its own checks shown: every field says what is wrong.
  await page.getByRole('button', { name: 'Create profile' }).click();
  await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
  await audit('welcome-form-errors');
  await page.getByLabel('Name', { exact: true }).fill('Fake gateway');
  await page.getByLabel('Base URL').fill(fakeGateway.baseUrl);
  await page.getByLabel('API key').fill(fakeGateway.apiKey);
  await page.getByRole('button', { name: 'Create profile' }).click();

  // Settings: the list and the editor, a failed connection test, the delete confirmation.
  await expect(page.getByTestId('panel-settings')).toBeVisible();
  await app.ok('profiles.create', { name: 'Staging', baseUrl: 'http://staging.example.com' });
  await app.reload();
  await page.getByTestId('nav-settings').click();
  await expect(page.getByTestId('profile-item')).toHaveCount(2);
  fakeGateway.inject({ match: { path: '/v1/models' }, fault: faults.invalidKey, times: 3 });
  await page.getByTestId('test-connection').click();
  // The gateway refuses the key: the connection section shows the failure.
  await expect(page.locator('.connection__row--failed').first()).toBeVisible({ timeout: 10_000 });
  fakeGateway.clearFaults();
  // The list, the editor, and an error shown.
  await audit('settings-connection-failed');
  // The selected profile shows the focus ring like every other control (its own shadow used to win).
  const selected = page.locator('[data-testid="profile-item"][aria-current="true"]');
  // A key pressed first: focus then counts as the keyboard's (the ring is for keyboard users).
  await page.keyboard.press('Shift');
  await selected.focus();
  await expect(selected).toBeFocused();
  const ringColor = await page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--focus-color').trim(),
  );
  const [r, g, b] = (ringColor.match(/[0-9a-f]{2}/gi) ?? []).map((hex) => Number.parseInt(hex, 16));
  await expect
    .poll(() => selected.evaluate((element) => getComputedStyle(element).boxShadow))
    .toContain(`rgb(${r}, ${g}, ${b})`);
  await page.getByTestId('delete-profile').click();
  await expect(page.getByTestId('confirm-delete')).toBeVisible();
  await audit('dialog-delete-confirm');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('confirm-delete')).toBeHidden();

  // Transcribe: empty, then a finished transcript with its segments and waveform, then its export menu.
  await page.getByTestId('nav-transcribe').click();
  await expect(page.getByTestId('empty-transcribe')).toBeVisible();
  await audit('transcribe-empty');
  fakeGateway.setTranscript({ segments: SEGMENTS });
  const speech = join(folder, 'planning-call.wav');
  execFileSync('espeak-ng', ['-w', speech, SEGMENTS.map((s) => s.text).join(' ')]);
  await app.ok('audio.transcribe', {
    source: { path: speech },
    options: { model: 'whisper-1', responseFormat: 'verbose_json', timestampGranularities: ['segment'] },
    mode: 'transcribe',
  });
  await expect.poll(async () => (await app.ok('transcripts.list', {})).transcripts.length).toBe(1);
  await page.getByTestId('transcribe-tab-history').click();
  await page.getByTestId('history-item').getByTestId('history-open').click();
  await expect(page.getByTestId('waveform')).toHaveAttribute('data-state', 'ready', { timeout: 15_000 });
  await expect(page.getByTestId('transcript-segment')).toHaveCount(3);
  await page.getByTestId('export-menu').click();
  await expect(page.getByRole('menu', { name: 'Export as' })).toBeVisible();
  // The transcript with its segments and waveform, and its export menu open over it.
  await audit('transcribe-transcript-export-menu');
  await page.keyboard.press('Escape');

  // Speak: empty, then a clip made (waveform and history).
  await page.getByTestId('nav-speak').click();
  await expect(page.getByTestId('speak-history-empty')).toContainText('Clips you generate');
  await audit('speak-empty');
  await page
    .getByTestId('speak-text')
    .fill('Good morning. This is a short clip for the accessibility check.');
  await page.getByTestId('speak-generate').click();
  await expect(page.getByTestId('speak-waveform')).toHaveAttribute('data-state', 'ready', {
    timeout: 15_000,
  });
  await expect(page.getByTestId('speak-history-item')).toHaveCount(1);
  await audit('speak-clip-and-history');

  // Playground: empty, a reply with a table and code (parameters open beside it), the inspector, a failed
  // reply with its hint, Compare with two columns.
  await page.getByTestId('nav-playground').click();
  await expect(page.getByTestId('empty-playground')).toBeVisible();
  await expect(page.getByTestId('conversations-empty')).toBeVisible();
  await audit('playground-empty');
  fakeGateway.setEventDelay(2);
  fakeGateway.setChatReply({ text: MARKDOWN_REPLY, chunkSize: 40 });
  await send(page, 'Show me a debounce function with a comparison.');
  const reply = await settled(replies(page).first());
  await expect(reply.locator('table')).toBeVisible();
  await expect(reply.locator('[class*="hljs-"]').first()).toBeVisible({ timeout: 10_000 });
  if ((await page.getByTestId('parameters').count()) === 0)
    await page.getByTestId('toggle-parameters').click();
  await expect(page.getByTestId('parameters')).toBeVisible();
  await reply.hover();
  await reply.getByTestId('inspect-reply').click();
  await expect(page.getByTestId('inspector')).toContainText('/v1/responses');
  await audit('playground-inspector');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('inspector')).toHaveCount(0);
  fakeGateway.inject({ match: { path: '/v1/responses' }, fault: faults.quotaExhausted });
  await send(page, 'Is anyone there?');
  await expect(page.getByTestId('reply-error')).toContainText('Insufficient user quota', { timeout: 10_000 });
  // The reply with its table and code, the parameters beside it, and a failed reply with its hint below.
  await audit('playground-reply-failed-reply-parameters');
  await page.getByTestId('new-comparison').click();
  await expect(page.getByTestId('compare-column')).toHaveCount(2);
  fakeGateway.setChatReply({ text: 'Tides follow the moon and the sun.' });
  await page.getByTestId('compare-input').fill('Why are there tides?');
  await page.getByTestId('compare-input').press('Enter');
  for (const column of await page.getByTestId('compare-column').all())
    await settled(column.getByTestId('reply').last());
  await audit('playground-compare');

  // Every finding is printed (moderate ones too, for the record); serious and critical ones fail.
  const report = findingsReport(findings);
  if (report) console.log(report);
  expect(findingsReport(findings.filter(isBlocking)), 'serious or critical axe findings').toBe('');
  await app.expectNoKeyLeak(fakeGateway.apiKey);
});

/**
 * What draws an element's edge, read from computed style: its outline and its border, each with its colour
 * ('' when it has neither). Forced colours drop box-shadow, so only these can mark focus or a choice there.
 */
async function visibleEdge(locator: Locator): Promise<string> {
  return locator.evaluate((element) => {
    const style = getComputedStyle(element);
    const outline =
      style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0
        ? `outline ${style.outlineWidth} ${style.outlineStyle} ${style.outlineColor}`
        : '';
    const border =
      style.borderTopStyle !== 'none' && Number.parseFloat(style.borderTopWidth) > 0
        ? `border ${style.borderTopWidth} ${style.borderTopColor}`
        : '';
    return [outline, border].filter(Boolean).join(' + ');
  });
}

test('in forced-colours mode focus rings, the current panel and the chosen segment stay visible', async ({
  page,
  startApp,
  fakeGateway,
}) => {
  const app = await openPlayground(startApp, fakeGateway);
  await page.emulateMedia({ forcedColors: 'active' });

  // Forced colours drop box-shadow, so what marks these must be an outline or a border.
  const button = page.getByTestId('toggle-parameters');
  await button.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(button).toBeFocused();
  expect(await visibleEdge(button), 'the focused button').toMatch(/outline/);

  const current = page.getByTestId('nav-playground');
  await expect(current).toHaveAttribute('aria-current', 'page');
  const other = page.getByTestId('nav-speak');
  const edge = await visibleEdge(current);
  expect(edge, 'the current panel in the sidebar').not.toBe('');
  expect(await visibleEdge(other), 'a panel that is not current').not.toBe(edge);

  // The radio is hidden; its label's face (`.segmented__label`, drawn after it) is what shows the choice.
  const chosen = page.getByTestId('format').locator('input:checked + .segmented__label');
  const notChosen = page.getByTestId('format').locator('input:not(:checked) + .segmented__label').first();
  const chosenEdge = await visibleEdge(chosen);
  expect(chosenEdge, 'the chosen format').not.toBe('');
  expect(await visibleEdge(notChosen), 'a format not chosen').not.toBe(chosenEdge);
  await app.screenshot('a11y-forced-colors');
});

test('at 200 % zoom the Playground can be used: composer, Send, messages and parameters', async ({
  page,
  startApp,
  fakeGateway,
}) => {
  const app = await openPlayground(startApp, fakeGateway);
  // A 1200×800 window at 200 % zoom lays out like a 600×400 one.
  await page.setViewportSize({ width: 600, height: 400 });
  fakeGateway.setEventDelay(1);
  fakeGateway.setChatReply({ text: 'A short answer, readable at any size.' });
  await send(page, 'Hello at 200 %.');
  await settled(replies(page).first());

  /** The element at the centre of `testId` is it (or inside it): nothing covers it and it is on screen. */
  const reachable = async (testId: string) => {
    const target = page.getByTestId(testId).first();
    await target.scrollIntoViewIfNeeded();
    await expect(target).toBeVisible();
    return target.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      const onScreen = x >= 0 && y >= 0 && x <= window.innerWidth && y <= window.innerHeight;
      const hit = document.elementFromPoint(x, y);
      return onScreen && hit !== null && (element === hit || element.contains(hit));
    });
  };
  expect(await reachable('composer-input'), 'the composer').toBe(true);
  expect(await reachable('composer-send'), 'Send').toBe(true);
  expect(await reachable('reply'), 'the reply').toBe(true);
  await app.screenshot('a11y-zoom-200-chat');

  // The parameters open over the conversation at this size, and close again.
  if ((await page.getByTestId('parameters').count()) === 0)
    await page.getByTestId('toggle-parameters').click();
  expect(await reachable('param-temperature'), 'a parameter').toBe(true);
  await app.screenshot('a11y-zoom-200-parameters');
  // Nothing sticks out sideways: the page does not scroll horizontally.
  const overflow = await page.evaluate(() =>
    Array.from(
      document.querySelectorAll('.shell, .shell__content, .sidebar, [data-testid="panel-playground"]'),
    )
      .filter((el) => el.scrollWidth > el.clientWidth + 1)
      .map((el) => el.className || el.getAttribute('data-testid')),
  );
  expect(overflow).toEqual([]);

  // Transcribe's columns end at the window's edge, the content area's padding inside them: nothing is left
  // below them to scroll the panel by (a padding of one size and a reach of another left 16px here).
  await page.getByTestId('nav-transcribe').click();
  await expect(page.getByTestId('transcribe-options')).toBeVisible();
  const content = page.locator('.shell__content');
  expect(await content.evaluate((area) => area.scrollHeight - area.clientHeight)).toBe(0);
  await app.screenshot('a11y-zoom-200-transcribe');
});
