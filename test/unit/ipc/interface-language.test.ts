// The language choice is remembered with the other choices, and main's own words (menus, message boxes,
// update messages) follow it at once — to the OS's language for "system".
import { afterEach, describe, expect, it } from 'vitest';
import { interfaceLanguage, setInterfaceLanguage, t } from '../../../src-main/i18n/index.ts';
import { createTestLayer, type TestLayer } from '../../support/test-layer.ts';

let layer: TestLayer | null = null;
afterEach(async () => {
  await layer?.close();
  layer = null;
  setInterfaceLanguage('en');
});

describe('the interface language', () => {
  it('is remembered, and main speaks it from the next message on', async () => {
    layer = createTestLayer();
    expect((await layer.ok('prefs.get', undefined)).interface.language).toBe('system');
    const saved = await layer.ok('prefs.update', { interface: { language: 'zh-CN' } });
    expect(saved.interface.language).toBe('zh-CN');
    expect(interfaceLanguage()).toBe('zh-CN');
    expect(t('menu.edit')).toBe('编辑');
    // "system" means the OS's language: English on this test layer's OS.
    await layer.ok('prefs.update', { interface: { language: 'system' } });
    expect(t('menu.edit')).toBe('Edit');
  });

  it('refuses a language the interface does not speak, and keeps the choice', async () => {
    layer = createTestLayer();
    const refused = await layer.call('prefs.update', { interface: { language: 'fr' } } as never);
    expect(refused.ok).toBe(false);
    expect((await layer.ok('prefs.get', undefined)).interface.language).toBe('system');
  });
});
