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

describe('the application menu in Simplified Chinese', () => {
  it.each(['darwin', 'linux', 'win32'] as const)(
    'on %s every item has a label from the catalogue',
    async (os) => {
      const { setInterfaceLanguage } = await import('../../../src-main/i18n/index.ts');
      setInterfaceLanguage('zh-CN');
      try {
        const template = applicationMenuTemplate(os) as Item[];
        const labels = (items: Item[]): string[] =>
          items.flatMap((item) => [...(item.label ? [item.label] : []), ...labels(item.submenu ?? [])]);
        const items = (list: Item[]): Item[] => list.flatMap((item) => [item, ...items(item.submenu ?? [])]);
        // A role item without a label would show Electron's English one.
        expect(items(template).filter((item) => item.role && !item.label)).toEqual([]);
        expect(labels(template)).toEqual(expect.arrayContaining(['编辑', '撤销', '帮助', '复制诊断信息']));
      } finally {
        setInterfaceLanguage('en');
      }
    },
  );
});
