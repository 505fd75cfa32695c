// Issue 14's secret-scan proof, against a gateway that echoes credentials back: the desktop app (its
// real main process under the Electron double) is used as a person would — a profile with a key and a
// secret extra header, chat streamed and not in both formats, the inspector, an error, the model list,
// a transcription, exports of a conversation and a transcript — while the fake gateway sends the key and
// the header value back whole, in part (first 16 characters), JSON-escaped, base64-encoded, split across
// stream deltas and in response headers (test/fake-gateway/echo-credentials.ts).
//
// Then every IPC payload both ways, a DOM snapshot after each step, main's log (its stdout and stderr),
// every file of the user-data folder and the exports are scanned (test/support/secret-scan.ts): no piece
// of 8 characters of the key or of the header value may be anywhere, in any form. The only payloads
// left out are the user's own entries, where the renderer hands main what the user typed (the key in
// `profiles.create`, a header value in `profiles.update`): those fields, and only those, are not scanned.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { pickFormat } from '../e2e/playground-helpers.ts';
import { faults, startFakeGateway } from '../fake-gateway/server.ts';
import type { FakeGateway } from '../fake-gateway/types.ts';
import { type Finding, SecretScanner } from '../support/secret-scan.ts';
import type { IpcCrossing } from './launch.ts';
import { addProfile, openPlayground, shot, speechWav, windowReady, withDesktop } from './steps.ts';

const SECRET_HEADER = 'CF-Access-Client-Secret';
// Random per run, from an alphabet wide enough that 8 characters of it never turn up by chance.
const KEY = `sk-scan-${randomBytes(24).toString('base64url')}`;
const HEADER_VALUE = `cfs_${randomBytes(24).toString('base64url')}`;

let gateway: Required<FakeGateway>;
test.beforeAll(async () => {
  gateway = await startFakeGateway({
    apiKey: KEY,
    echoCredentials: { headers: [SECRET_HEADER] },
    eventDelayMs: 2,
  });
});
test.afterAll(() => gateway.close());

/** The page as HTML, plus what outerHTML leaves out: live input values. */
async function domSnapshot(page: Page): Promise<string> {
  const values = await page.evaluate(() =>
    Array.from(document.querySelectorAll('input, textarea, select')).map(
      (element) => (element as HTMLInputElement).value,
    ),
  );
  return [await page.content(), ...values].join('\n');
}

/**
 * What the user typed, handed to main: the one place a secret may cross. Only the typed fields are
 * blanked (a name or URL in the same call is still scanned).
 */
function withoutUserEntries(crossing: IpcCrossing): unknown {
  if (crossing.direction !== 'renderer→main') return crossing.payload;
  const [input, ...rest] = crossing.payload as [Record<string, unknown> | undefined, ...unknown[]];
  if (!input || typeof input !== 'object') return crossing.payload;
  const typed = '[typed by the user]';
  const blankHeaders = (headers: unknown) =>
    headers && typeof headers === 'object'
      ? Object.fromEntries(
          Object.entries(headers).map(([name, value]) => [name, typeof value === 'string' ? typed : value]),
        )
      : headers;
  switch (crossing.channel) {
    case 'gs:call:profiles.create':
      return [{ ...input, apiKey: typed, extraHeaders: blankHeaders(input.extraHeaders) }, ...rest];
    case 'gs:call:profiles.setKey':
      return [{ ...input, apiKey: typed }, ...rest];
    case 'gs:call:profiles.update': {
      const fields = input.fields as Record<string, unknown> | undefined;
      return [{ ...input, fields: { ...fields, extraHeaders: blankHeaders(fields?.extraHeaders) } }, ...rest];
    }
    default:
      return crossing.payload;
  }
}

/** The text of each stream's deltas (`text-delta`, `reasoning-delta`) in the order main sent them. */
function joinedStreamTexts(ipc: IpcCrossing[]): Map<string, string> {
  const texts = new Map<string, string>();
  for (const crossing of ipc) {
    if (crossing.kind !== 'send') continue;
    for (const batch of crossing.payload as Array<{ streamId?: unknown; events?: unknown }>) {
      if (typeof batch?.streamId !== 'string' || !Array.isArray(batch.events)) continue;
      for (const event of batch.events as Array<{ type?: unknown; text?: unknown }>) {
        if (
          (event.type === 'text-delta' || event.type === 'reasoning-delta') &&
          typeof event.text === 'string'
        ) {
          texts.set(batch.streamId, (texts.get(batch.streamId) ?? '') + event.text);
        }
      }
    }
  }
  return texts;
}

test('against a gateway that echoes credentials back, no piece of the key or a secret header gets out', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const scanner = new SecretScanner([
    { name: 'API key', value: KEY },
    { name: `header ${SECRET_HEADER}`, value: HEADER_VALUE },
  ]);
  const snapshots: Array<{ step: string; html: string }> = [];
  let ipc: IpcCrossing[] = [];
  let log = '';
  let userData = '';
  let exportsDir = '';
  const fileFindings: Finding[] = [];

  await withDesktop({ browser }, async (app, dirs) => {
    ipc = app.ipc;
    userData = dirs.userData;
    exportsDir = join(dirs.root, 'exports');
    mkdirSync(exportsDir, { recursive: true });
    const page = (await windowReady(app)).page;
    const snapshot = async (step: string) => {
      snapshots.push({ step, html: await domSnapshot(page) });
    };

    // A profile with the key, then the secret header, as a user adds them in Settings.
    await addProfile(page, gateway);
    await snapshot('profile created');
    const editor = page.getByTestId('profile-editor');
    await editor.getByRole('button', { name: /Advanced options/ }).click();
    await editor.getByRole('button', { name: 'Add header' }).click();
    await editor.getByLabel('Header 1 name').fill(SECRET_HEADER);
    await editor.getByLabel('Header 1 value').fill(HEADER_VALUE);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Profile saved' })).toBeVisible();
    // The form shows the saved profile once it re-renders: the value field empty, the value kept in main.
    // Until then it still holds what the user typed there (their own input), which is not a leak.
    await expect(editor.getByLabel('Header 1 value')).toHaveValue('');
    await snapshot('secret header saved');

    // Both model lists (Test connection), each answered with an echoing model and headers.
    await page.getByTestId('test-connection').click();
    const results = page.getByTestId('connection-results');
    await expect(results.getByTestId('connection-v1')).toContainText(/\d+ models?/);
    await expect(results.getByTestId('connection-v1beta')).toContainText(/\d+ models?/);
    await snapshot('connection tested');

    // Chat: Responses streamed (the credentials split over deltas of 5 characters), then the inspector.
    await openPlayground(page);
    const replies = page.getByTestId('reply');
    const ask = async (text: string, state = 'done') => {
      const before = await replies.count();
      await page.getByTestId('composer-input').fill(text);
      await page.getByTestId('composer-input').press('Enter');
      await expect(replies.nth(before)).toHaveAttribute('data-state', state, { timeout: 15_000 });
      return replies.nth(before);
    };
    const streamed = await ask('Echo my credentials, streamed.');
    await snapshot('streamed Responses reply');
    await streamed.hover();
    await streamed.getByTestId('inspect-reply').click();
    const inspector = page.getByTestId('inspector');
    await expect(inspector).toBeVisible();
    await snapshot('inspector: request');
    await inspector
      .getByTestId('inspector-tabs')
      .getByText(/Events|Response/)
      .click();
    await snapshot('inspector: events');
    await shot(page, 'secret-scan-inspector');
    await page.keyboard.press('Escape');

    // Whole replies: the key JSON-escaped in the body and whole in the parsed text.
    await page.getByTestId('stream-toggle').uncheck({ force: true });
    await ask('Echo my credentials, whole.');
    await snapshot('whole Responses reply');

    // An error (401) quoting the key, its first 16 characters and the header value.
    gateway.inject({ match: { method: 'POST', path: '/v1/responses' }, fault: faults.invalidKey });
    await ask('This one fails.', 'error');
    await snapshot('error reply');
    await shot(page, 'secret-scan-error');

    // Content generation, streamed: the key travels in the vendor header and comes back the same ways.
    await page.getByTestId('stream-toggle').check({ force: true });
    await pickFormat(page, 'Content generation');
    await ask('Echo my credentials, content generation.');
    await snapshot('streamed content-generation reply');

    // Chat Completions, streamed: the key in the Bearer header, echoed back split across deltas.
    await pickFormat(page, 'Chat Completions');
    await ask('Echo my credentials, chat completions.');
    await snapshot('streamed chat-completions reply');

    // Exports of the conversation, through the native save dialog.
    const item = page.getByTestId('conversation-item').first();
    for (const [label, file] of [
      ['Export as Markdown', 'conversation.md'],
      ['Export as JSON', 'conversation.json'],
    ] as const) {
      app.queueSaveDialog(join(exportsDir, file));
      await item.getByTestId('conversation-menu').click();
      await page.getByRole('menuitem', { name: label }).click();
      await expect.poll(() => existsSync(join(exportsDir, file))).toBe(true);
    }
    await snapshot('conversation exported');

    // A transcription (its text holds the key's first 16 characters and the header value in base64),
    // then its exports.
    const wav = speechWav(join(dirs.root, 'audio'), 'memo.wav', 'A short memo about the budget.');
    await page.getByTestId('nav-transcribe').click();
    await app
      .windows()[0]!
      .dropFiles('[data-testid="transcribe-panel"] .transcribe-layout', [{ path: wav, type: 'audio/wav' }]);
    await expect(page.getByTestId('queue-item').first()).toHaveAttribute('data-status', 'done', {
      timeout: 20_000,
    });
    await snapshot('transcribed');
    for (const [label, file] of [
      [/SubRip/, 'memo.srt'],
      [/JSON with timings/, 'memo.json'],
    ] as const) {
      app.queueSaveDialog(join(exportsDir, file));
      await page.getByTestId('export-menu').click();
      await page.getByRole('menuitem', { name: label }).click();
      await expect(page.getByText(`Saved to ${file}`)).toBeVisible();
      expect(existsSync(join(exportsDir, file))).toBe(true);
    }
    await snapshot('transcript exported');
    await shot(page, 'secret-scan-transcribed');

    // Quit as a user does, so everything main keeps is written; then what it wrote is scanned (here:
    // withDesktop removes the folders afterwards).
    await app.close();
    log = app.output();
    fileFindings.push(
      ...scanner.scanFolder(userData, 'user-data/'),
      ...scanner.scanFolder(exportsDir, 'exports/'),
    );
  });

  // The gateway did echo, to a client that sent the header: the proof would be empty otherwise.
  const withHeader = gateway.requests.filter(
    (request) => request.headers[SECRET_HEADER.toLowerCase()] === HEADER_VALUE,
  );
  expect(withHeader.length).toBeGreaterThan(3);
  expect(snapshots.find((s) => s.step === 'streamed Responses reply')?.html).toContain('Your key is');
  expect(joinedStreamTexts(ipc).size).toBeGreaterThan(1);
  // The recording and the scan see the payloads that do carry the secrets: the user's own entries.
  const entries = ipc.filter((crossing) => withoutUserEntries(crossing) !== crossing.payload);
  const entryFindings = entries.flatMap((crossing) => scanner.scanValue(crossing.payload, crossing.channel));
  expect(new Set(entryFindings.map((finding) => `${finding.secret} ${finding.form}`))).toEqual(
    new Set(['API key raw', `header ${SECRET_HEADER} raw`]),
  );

  const findings: Finding[] = [];
  ipc.forEach((crossing, index) => {
    findings.push(
      ...scanner.scanValue(
        withoutUserEntries(crossing),
        `ipc #${index} ${crossing.direction} ${crossing.kind} ${crossing.channel}`,
      ),
    );
  });
  // A stream's text is shown joined: pieces too short to count one by one may make a whole secret.
  for (const [streamId, text] of joinedStreamTexts(ipc)) {
    findings.push(...scanner.scanText(text, `stream ${streamId}, its deltas joined`));
  }
  for (const { step, html } of snapshots) findings.push(...scanner.scanText(html, `DOM after ${step}`));
  log.split('\n').forEach((line, index) => {
    findings.push(...scanner.scanText(line, `main's log, line ${index + 1}`));
  });
  findings.push(...fileFindings);
  console.log(
    `secret scan: ${ipc.length} IPC payloads, ${snapshots.length} DOM snapshots, ${log.split('\n').length} log lines, ` +
      `${scanner.totals.items} items, ${scanner.totals.bytes} bytes scanned; ${findings.length} findings`,
  );
  expect(findings, scanner.describe(findings)).toEqual([]);
});
