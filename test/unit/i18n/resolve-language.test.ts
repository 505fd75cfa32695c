import { describe, expect, it } from 'vitest';
import { resolveLanguage } from '../../../src-preload/contract.ts';

describe('which language a choice means', () => {
  it('a chosen language is that language, whatever the OS says', () => {
    expect(resolveLanguage('zh-CN', ['en-US'])).toBe('zh-CN');
    expect(resolveLanguage('en', ['zh-Hans-CN'])).toBe('en');
  });

  it('"system" takes the first OS language the interface speaks', () => {
    // macOS and Windows tags (docs/api/app.md § app.getPreferredSystemLanguages examples).
    expect(resolveLanguage('system', ['zh-Hans-CN', 'en-US'])).toBe('zh-CN');
    expect(resolveLanguage('system', ['fr-CA', 'en-US', 'zh-Hans-CN'])).toBe('en');
    expect(resolveLanguage('system', ['fr-CA', 'zh-CN'])).toBe('zh-CN');
    // Linux: GLib's names, codeset and all.
    expect(resolveLanguage('system', ['zh_CN.UTF-8', 'zh_CN', 'zh', 'C'])).toBe('zh-CN');
    // Traditional Chinese reads Simplified rather than English.
    expect(resolveLanguage('system', ['zh-TW'])).toBe('zh-CN');
  });

  it('"system" with no language the interface speaks is English', () => {
    expect(resolveLanguage('system', ['de-DE', 'C'])).toBe('en');
    expect(resolveLanguage('system', [])).toBe('en');
  });
});
