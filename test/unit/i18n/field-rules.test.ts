// The profile field rules (src-preload/profile-field-rules.ts) are enforced by main and explained early by
// the Settings form: each says them with its own catalogue, so both catalogues must hold the same words —
// or the form would say one thing and main's refusal another.
import { afterEach, describe, expect, it } from 'vitest';
import { MAIN_CATALOGUES, sayFieldRule, setInterfaceLanguage } from '../../../src-main/i18n/index.ts';
import { INTERFACE_LANGUAGES } from '../../../src-preload/contract.ts';
import {
  apiKeyProblem,
  headerValueProblem,
  proxyUrlProblem,
} from '../../../src-preload/profile-field-rules.ts';
import settingsEnglish from '../../../src-renderer/src/i18n/locales/en/settings.json' with { type: 'json' };
import settingsChinese from '../../../src-renderer/src/i18n/locales/zh-CN/settings.json' with {
  type: 'json',
};

const SETTINGS = { en: settingsEnglish, 'zh-CN': settingsChinese };

afterEach(() => setInterfaceLanguage('en'));

describe('the profile field rules', () => {
  it.each([...INTERFACE_LANGUAGES])('read the same in main and in the Settings form (%s)', (language) => {
    const main = (MAIN_CATALOGUES[language] as { fieldRules: unknown }).fieldRules;
    expect(main).toBeDefined();
    expect(SETTINGS[language].fieldRules).toEqual(main);
  });

  it('name the invisible character, where it is, and what to do — in English and in Chinese', () => {
    expect(apiKeyProblem('sk-\u200babc', sayFieldRule)).toBe(
      'The API key contains U+200B (a zero-width space) at position 4; a key has only visible ASCII characters. Copy it again from its source, or type it.',
    );
    expect(headerValueProblem('x-team', 'a\u00e9', sayFieldRule)).toBe(
      'The value of “x-team” contains U+00E9 at position 2; a header value has only visible ASCII characters and spaces.',
    );
    expect(proxyUrlProblem('ftp://proxy:21', sayFieldRule)).toBe(
      'A proxy address starts with http://, https:// or socks5:// (not ftp://).',
    );
    setInterfaceLanguage('zh-CN');
    expect(apiKeyProblem('sk-\u200babc', sayFieldRule)).toBe(
      'API 密钥包含第 4 个字符 U+200B（零宽空格）；密钥只能由可见的 ASCII 字符组成。请从来源重新复制，或手动输入。',
    );
    expect(apiKeyProblem('', sayFieldRule)).toBe('API 密钥为空。');
    expect(proxyUrlProblem('http://proxy:8080', sayFieldRule)).toBeNull();
  });
});
