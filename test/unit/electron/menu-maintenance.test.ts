// The menu items of issue 18: "Check for Updates…" in the app menu on macOS and in Help elsewhere (or, in
// a build that cannot update itself, a disabled item saying so), and Help → Copy Diagnostics.
import { describe, expect, it, vi } from 'vitest';
import { applicationMenuTemplate, type MenuActions } from '../../../src-main/electron/menu.ts';

vi.mock('electron', () => ({ Menu: {} }));

type Item = {
  id?: string;
  role?: string;
  label?: string;
  enabled?: boolean;
  submenu?: Item[];
  click?: () => void;
};

function actions(updatesSupported: boolean): MenuActions & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    appName: 'Gateway Studio',
    updatesSupported,
    checkForUpdates: () => calls.push('check'),
    copyDiagnostics: () => calls.push('copy'),
  };
}

function menuOf(items: Item[], role: string): Item[] {
  return items.find((item) => item.role === role)?.submenu ?? [];
}

function byId(items: Item[], id: string): Item | undefined {
  return items.find((item) => item.id === id);
}

describe('the update and diagnostics menu items', () => {
  it('on macOS the update check sits in the app menu, after About', () => {
    const a = actions(true);
    const template = applicationMenuTemplate('darwin', a) as Item[];
    const appMenu = menuOf(template, 'appMenu');
    expect(appMenu.map((item) => item.role ?? item.id ?? item.label).slice(0, 2)).toEqual([
      'about',
      'check-for-updates',
    ]);
    expect(byId(menuOf(template, 'help'), 'check-for-updates')).toBeUndefined();
    // The app menu keeps what the role gave it.
    expect(appMenu.map((item) => item.role).filter(Boolean)).toEqual(
      expect.arrayContaining(['services', 'hide', 'hideOthers', 'unhide', 'quit']),
    );
    byId(appMenu, 'check-for-updates')?.click?.();
    expect(a.calls).toEqual(['check']);
  });

  it.each(['linux', 'win32'] as const)('on %s it sits in Help', (os) => {
    const a = actions(true);
    const help = menuOf(applicationMenuTemplate(os, a) as Item[], 'help');
    const item = byId(help, 'check-for-updates');
    expect(item?.label).toBe('Check for Updates…');
    expect(item?.enabled).not.toBe(false);
    item?.click?.();
    expect(a.calls).toEqual(['check']);
  });

  it.each(['darwin', 'linux', 'win32'] as const)(
    'on %s a build that cannot update itself says so, and the item does nothing',
    (os) => {
      const template = applicationMenuTemplate(os, actions(false)) as Item[];
      const item = byId([...menuOf(template, 'appMenu'), ...menuOf(template, 'help')], 'check-for-updates');
      expect(item?.label).toBe('Updates Not Available for This Build');
      expect(item?.enabled).toBe(false);
      expect(item?.click).toBeUndefined();
    },
  );

  it.each(['darwin', 'linux', 'win32'] as const)('on %s Help → Copy Diagnostics copies', (os) => {
    const a = actions(false);
    const item = byId(menuOf(applicationMenuTemplate(os, a) as Item[], 'help'), 'copy-diagnostics');
    expect(item?.label).toBe('Copy Diagnostics');
    item?.click?.();
    expect(a.calls).toEqual(['copy']);
  });
});
