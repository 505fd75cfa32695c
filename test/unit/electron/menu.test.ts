import { describe, expect, it, vi } from 'vitest';
import { applicationMenuTemplate } from '../../../src-main/electron/menu.ts';

vi.mock('electron', () => ({ Menu: {} }));

type Item = { role?: string; label?: string; submenu?: Item[] };

function roles(items: Item[]): string[] {
  return items.flatMap((item) => [...(item.role ? [item.role] : []), ...roles(item.submenu ?? [])]);
}

describe('the application menu', () => {
  it.each(['darwin', 'linux', 'win32'] as const)(
    'on %s has the standard edit, view, window and help menus',
    (os) => {
      const all = roles(applicationMenuTemplate(os) as Item[]);
      for (const role of [
        'fileMenu',
        'editMenu',
        'reload',
        'toggleDevTools',
        'zoomIn',
        'zoomOut',
        'resetZoom',
      ]) {
        expect(all).toContain(role);
      }
      expect(all).toEqual(expect.arrayContaining(['windowMenu', 'help', 'about']));
    },
  );

  it('starts with the app menu on macOS only', () => {
    expect(applicationMenuTemplate('darwin')[0]?.role).toBe('appMenu');
    expect(roles(applicationMenuTemplate('linux') as Item[])).not.toContain('appMenu');
  });
});
