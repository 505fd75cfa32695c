// Looked-up words are remembered (i18n/index.ts): the same words come back without asking i18next again,
// and nothing remembered outlives what it was looked up in — a change of language, a catalogue added.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, namespace } from '../../../src-renderer/src/i18n/index.ts';

const words = namespace('updates', {
  plain: 'Check for updates',
  counted: '{{count}} files ready',
});

afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
  i18n.removeResourceBundle('zh-CN', 'updates');
});

describe('looked-up words', () => {
  it('give the catalogue’s words, with their values filled in', () => {
    expect(words.t('plain' as never)).toBe('Check for updates');
    expect(words.t('counted' as never, { count: 3 })).toBe('3 files ready');
    // Other values are other words, not the ones remembered for 3.
    expect(words.t('counted' as never, { count: 12 })).toBe('12 files ready');
  });

  it('are asked of i18next once, until what they were looked up in changes', async () => {
    const asked = vi.spyOn(i18n, 't');
    words.t('counted' as never, { count: 5 });
    words.t('counted' as never, { count: 5 });
    expect(asked).toHaveBeenCalledTimes(1);
    // A number and the same digits as text are other values (a count picks a plural; text does not).
    words.t('counted' as never, { count: '5' });
    expect(asked).toHaveBeenCalledTimes(2);
    await i18n.changeLanguage('en');
    words.t('counted' as never, { count: 5 });
    expect(asked).toHaveBeenCalledTimes(3);
  });

  it('keep NaN and Infinity apart (JSON writes both as null)', () => {
    expect(words.t('counted' as never, { count: Number.NaN })).toBe('NaN files ready');
    expect(words.t('counted' as never, { count: Number.POSITIVE_INFINITY })).toBe('Infinity files ready');
  });

  it('follow a change of language, and back', async () => {
    expect(words.t('plain' as never)).toBe('Check for updates');
    i18n.addResourceBundle('zh-CN', 'updates', { plain: '检查更新', counted: '{{count}} 个文件已就绪' });
    await i18n.changeLanguage('zh-CN');
    expect(words.t('plain' as never)).toBe('检查更新');
    expect(words.t('counted' as never, { count: 3 })).toBe('3 个文件已就绪');
    // The same language with its catalogue gone: English again, not the words remembered.
    i18n.removeResourceBundle('zh-CN', 'updates');
    expect(words.t('plain' as never)).toBe('Check for updates');
    await i18n.changeLanguage('en');
    expect(words.t('plain' as never)).toBe('Check for updates');
  });

  it('take in a catalogue added after they were looked up', () => {
    // A key no catalogue has yet comes back as itself…
    expect(words.t('later' as never)).toBe('later');
    // …until its catalogue arrives (a panel's code loading registers its English).
    i18n.addResourceBundle('en', 'updates', { later: 'Restart to update' }, true, true);
    expect(words.t('later' as never)).toBe('Restart to update');
  });
});
