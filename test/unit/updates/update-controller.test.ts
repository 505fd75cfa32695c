// The update controller against a stand-in for electron-updater's `autoUpdater` that emits the documented
// events in the documented order with the documented payloads (test/support/updater-stand-in.ts).
import { describe, expect, it, vi } from 'vitest';
import { createUpdateController } from '../../../src-main/updates/update-controller.ts';
import type { UpdateState } from '../../../src-preload/contract.ts';
import { UpdaterStandIn } from '../../support/updater-stand-in.ts';

const quietLog = () => ({ info: vi.fn(), warn: vi.fn(), error: vi.fn() });

function setUp(updater: UpdaterStandIn | null) {
  const log = quietLog();
  const controller = createUpdateController({ updater, currentVersion: '1.0.0', log });
  const seen: UpdateState[] = [];
  controller.subscribe((state) => seen.push(state));
  return { controller, seen, log };
}

describe('the update controller', () => {
  it('never downloads on its own: a check that finds a release only offers it', async () => {
    const updater = new UpdaterStandIn({ version: '1.2.0' });
    const { controller } = setUp(updater);
    const state = await controller.check({ userInitiated: false });
    expect(updater.autoDownload).toBe(false);
    expect(updater.downloads).toBe(0);
    expect(state).toMatchObject({ status: 'available', version: '1.2.0', currentVersion: '1.0.0' });
  });

  it('downloads when asked, reports whole-number progress, then offers the restart', async () => {
    const updater = new UpdaterStandIn({ version: '1.2.0' });
    const { controller, seen } = setUp(updater);
    await controller.check({ userInitiated: false });
    expect(controller.restart()).toBe(false);
    const state = await controller.download();
    expect(updater.downloads).toBe(1);
    const progress = seen.filter((s) => s.status === 'downloading').map((s) => s.percent);
    expect(progress).toEqual([0, 12, 73]);
    expect(state).toMatchObject({ status: 'downloaded', version: '1.2.0', percent: 100 });
    expect(controller.restart()).toBe(true);
    expect(updater.installs).toBe(1);
  });

  it('"later" leaves the downloaded update in place: another check does not start over', async () => {
    const updater = new UpdaterStandIn({ version: '1.2.0' });
    const { controller } = setUp(updater);
    await controller.check({ userInitiated: false });
    await controller.download();
    const state = await controller.check({ userInitiated: true });
    expect(updater.checks).toBe(1);
    expect(state.status).toBe('downloaded');
  });

  it('"Check for Updates…" while one is downloaded tells the window again (its banner may have been put away)', async () => {
    const updater = new UpdaterStandIn({ version: '1.2.0' });
    const { controller, seen } = setUp(updater);
    await controller.check({ userInitiated: false });
    await controller.download();
    const heard = seen.length;
    await controller.check({ userInitiated: true });
    // The window shows the banner again only on a state it hears; silence would leave the menu item dead.
    expect(seen.slice(heard)).toMatchObject([{ status: 'downloaded', version: '1.2.0' }]);
  });

  it('a check at start that finds nothing shows nothing; one the user asked for says so', async () => {
    const updater = new UpdaterStandIn(null);
    const { controller } = setUp(updater);
    expect((await controller.check({ userInitiated: false })).status).toBe('idle');
    expect((await controller.check({ userInitiated: true })).status).toBe('not-available');
  });

  it('a failed check at start stays quiet apart from the log; from the menu it says it failed', async () => {
    const updater = new UpdaterStandIn(new Error('net::ERR_INTERNET_DISCONNECTED'));
    const { controller, log } = setUp(updater);
    const quiet = await controller.check({ userInitiated: false });
    expect(quiet).toMatchObject({ status: 'idle', message: null });
    expect(log.error).toHaveBeenCalledTimes(1);
    const asked = await controller.check({ userInitiated: true });
    expect(asked.status).toBe('error');
    expect(asked.message).toMatch(/could not check for updates/i);
  });

  it('a failed download says so and lets the user try again', async () => {
    const updater = new UpdaterStandIn({ version: '1.2.0' }, new Error('sha512 checksum mismatch'));
    const { controller } = setUp(updater);
    await controller.check({ userInitiated: false });
    const failed = await controller.download();
    expect(failed).toMatchObject({ status: 'error', version: '1.2.0' });
    expect(failed.message).toMatch(/could not be downloaded/i);
    updater.downloadFails = null;
    expect((await controller.download()).status).toBe('downloaded');
    expect(updater.downloads).toBe(2);
  });

  it('a check the updater turns down without a word (inactive: it answers null) does not stay "checking"', async () => {
    // electron-updater's checkForUpdates(): "null if the updater is disabled" — no event is emitted then.
    const updater = new UpdaterStandIn(null);
    updater.active = false;
    const { controller } = setUp(updater);
    expect((await controller.check({ userInitiated: false })).status).toBe('idle');
    const asked = await controller.check({ userInitiated: true });
    expect(asked.status).toBe('error');
    expect(asked.message).toMatch(/could not check for updates/i);
  });

  it('a download is refused when no update was offered', async () => {
    const updater = new UpdaterStandIn(null);
    const { controller } = setUp(updater);
    await controller.check({ userInitiated: true });
    await controller.download();
    expect(updater.downloads).toBe(0);
  });

  it('without an updater (development, deb) every request answers "unsupported" and nothing runs', async () => {
    const { controller, seen } = setUp(null);
    expect((await controller.check({ userInitiated: true })).status).toBe('unsupported');
    expect((await controller.download()).status).toBe('unsupported');
    expect(controller.restart()).toBe(false);
    expect(seen).toEqual([]);
  });
});
