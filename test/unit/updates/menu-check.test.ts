import { describe, expect, it, vi } from 'vitest';
import { t } from '../../../src-main/i18n/index.ts';
import { menuCheck } from '../../../src-main/updates/menu-check.ts';
import type { UpdateController } from '../../../src-main/updates/update-controller.ts';

function controllerStandIn() {
  const check = vi.fn(async () => {});
  return { controller: { check } as unknown as UpdateController, check };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the menu's update check", () => {
  it('checks as the user asked once the updater is ready, even when clicked before', async () => {
    const { controller, check } = controllerStandIn();
    let resolve: (value: UpdateController | null) => void = () => {};
    const tell = vi.fn();
    const click = menuCheck(new Promise((r) => (resolve = r)), tell);
    click();
    await settle();
    expect(check).not.toHaveBeenCalled();
    resolve(controller);
    await settle();
    expect(check).toHaveBeenCalledWith({ userInitiated: true });
    expect(tell).not.toHaveBeenCalled();
  });

  it('tells the user when the updater could not be loaded, instead of doing nothing', async () => {
    const tell = vi.fn();
    menuCheck(Promise.resolve(null), tell)();
    await settle();
    expect(tell).toHaveBeenCalledWith(t('updates.loadFailed'));
  });
});
