// "Open with Gateway Studio" (issue 18, item 1), as the OS does it: a second launch naming audio files
// (Windows and Linux hand a running app the new process's command line, `second-instance`), a first start
// with a file on the command line, and macOS' `open-file`. Each time the file lands in the Transcribe
// queue of the window the user already has, exactly as a dropped file does, and is transcribed.
// Screenshots: test-results/screenshots/desktop-open-with-*.png.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { type FakeGateway, startFakeGateway } from '../fake-gateway/server.ts';
import { type DesktopApp, launchDesktop } from './launch.ts';
import { addProfile, openPlayground, scratch, shot, speechWav, windowReady } from './steps.ts';

let gateway: Required<FakeGateway>;
test.beforeAll(async () => {
  gateway = await startFakeGateway();
});
test.afterAll(() => gateway.close());

async function expectTranscribed(page: Page, name: string): Promise<void> {
  await expect(page.getByTestId('transcribe-panel')).toBeVisible();
  const item = page.getByTestId('queue-item').filter({ has: page.getByText(name, { exact: true }) });
  await expect(item).toHaveAttribute('data-status', 'done', { timeout: 20_000 });
  // The transcript's player draws the file from where the user keeps it: main granted this window the path.
  await expect(page.getByTestId('waveform')).toHaveAttribute('data-state', 'ready', { timeout: 15_000 });
}

test.describe('Open with Gateway Studio', () => {
  test.describe.configure({ mode: 'serial' });
  const dirs = scratch();
  const audio = join(dirs.root, 'audio');
  let app: DesktopApp | null = null;
  test.afterEach(async () => {
    await app?.close();
    app = null;
  });
  test.afterAll(() => dirs.remove());

  test('a second launch with audio files queues them in the running window, which comes forward', async ({
    browser,
  }) => {
    app = await launchDesktop({ browser, userDataDir: dirs.userData, keyringFile: dirs.keyring });
    const page = (await windowReady(app)).page;
    await addProfile(page, gateway);
    // The user is elsewhere in the app, and the window is minimised.
    await openPlayground(page);
    app.menu('minimize');

    const wav = speechWav(audio, 'standup.wav', 'Good morning. The release is on Thursday.');
    const notes = join(audio, 'notes.txt');
    writeFileSync(notes, 'not audio');
    const second = await launchDesktop({
      browser,
      userDataDir: dirs.userData,
      keyringFile: dirs.keyring,
      // As a file manager starts the app: its files on the command line, one of them gone meanwhile.
      args: [wav, notes, join(audio, 'deleted.wav')],
    });
    expect(await second.exited).toBe(0);
    expect(second.windows()).toHaveLength(0);
    await second.close();

    await app.waitForLifecycle('restore');
    await expectTranscribed(page, 'standup.wav');
    await expect(page.getByTestId('queue-item')).toHaveCount(1);
    // The file that was not there is ignored, with a line in the log (its name, not its folder).
    expect(app.output()).toContain('ignored a file the system asked to open (no such file): deleted.wav');
    const upload = gateway.requests.find((request) => request.path === '/v1/audio/transcriptions');
    expect(JSON.stringify(upload)).toContain('standup.wav');
    await shot(page, 'open-with-1-second-launch');
  });

  test('a first start with an audio file on the command line queues it once the window is up', async ({
    browser,
  }) => {
    const wav = speechWav(audio, 'retro.wav', 'The retrospective is on Friday.');
    app = await launchDesktop({
      browser,
      userDataDir: dirs.userData,
      keyringFile: dirs.keyring,
      args: [wav],
    });
    const page = (await windowReady(app)).page;
    await expectTranscribed(page, 'retro.wav');
    await expect(page.getByTestId('queue-item')).toHaveCount(1);
    await shot(page, 'open-with-2-first-start');
  });

  test('macOS: open-file (Finder’s Open With) queues the file in the open window', async ({ browser }) => {
    app = await launchDesktop({
      browser,
      userDataDir: dirs.userData,
      keyringFile: dirs.keyring,
      platform: 'darwin',
    });
    const page = (await windowReady(app)).page;
    await openPlayground(page);
    const wav = speechWav(audio, 'planning.wav', 'Planning starts at ten.');
    app.openFile(wav);
    await expectTranscribed(page, 'planning.wav');
    await shot(page, 'open-with-3-mac-open-file');
  });
});
