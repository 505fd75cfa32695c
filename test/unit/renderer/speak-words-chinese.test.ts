// The Speak panel's sentences built in code, and the shared components' words, in Simplified Chinese
// (issue 18 item 5): looked up when asked for, so a switch of language shows without a reload.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PREFS } from '../../../src-preload/contract.ts';
import { SavedListNotices } from '../../../src-renderer/src/components/SavedListNotices.tsx';
import { commonWords } from '../../../src-renderer/src/components/strings.ts';
import { i18n } from '../../../src-renderer/src/i18n/index.ts';
import type commonEnglish from '../../../src-renderer/src/i18n/locales/en/common.json';
import commonChinese from '../../../src-renderer/src/i18n/locales/zh-CN/common.json' with { type: 'json' };
import formatChinese from '../../../src-renderer/src/i18n/locales/zh-CN/format.json' with { type: 'json' };
import speakChinese from '../../../src-renderer/src/i18n/locales/zh-CN/speak.json' with { type: 'json' };
import { Rich } from '../../../src-renderer/src/i18n/rich.tsx';
import {
  clipLength,
  describeCount,
  formatNote,
  generateProblem,
  partialLabel,
  savedAgo,
} from '../../../src-renderer/src/panels/speak/speak-rules.ts';

describe('the Speak panel and shared components in Chinese', () => {
  beforeAll(async () => {
    i18n.addResourceBundle('zh-CN', 'speak', speakChinese);
    i18n.addResourceBundle('zh-CN', 'common', commonChinese);
    i18n.addResourceBundle('zh-CN', 'format', formatChinese);
    await i18n.changeLanguage('zh-CN');
  });
  afterAll(async () => {
    await i18n.changeLanguage('en');
  });

  it('says the count, the formats and what stops Generate in Chinese', () => {
    expect(describeCount(10_000)).toMatchObject({
      label: '10,000',
      note: '个字符，约分 3 段发送，每段至多 4,096',
    });
    expect(describeCount(200_001).detail).toBe('一次最多朗读 200,000 个字符：请缩短文本。');
    expect(formatNote('opus', 3)).toMatch(/约 3 个编号文件（name-1\.opus，…）/);
    expect(generateProblem(0, '', DEFAULT_PREFS.speak)).toBe('请输入要朗读的内容。');
    expect(partialLabel(39, 49)).toBe('第 1–39 段，共 49 段');
    expect(clipLength(0.96)).toBe('1.0 秒');
    const now = Date.parse('2025-09-15T12:00:00Z');
    expect(savedAgo('2025-09-15T09:00:00Z', now)).toBe('3 小时前');
    expect(savedAgo('2025-09-10T12:00:00Z', now)).toBe('2025年9月10日');
  });

  it('counts files moved aside with one form, and keeps a name with markup as text', () => {
    const html = renderToStaticMarkup(
      createElement(SavedListNotices, {
        movedAside: 1,
        fileNoun: '历史文件',
        error: null,
        failedTitle: '',
        onRetry: () => {},
      }),
    );
    expect(html).toContain('有 1 个历史文件无法读取，已移到一旁。');
    const footer = renderToStaticMarkup(
      createElement(Rich<typeof commonEnglish>, {
        words: commonWords,
        k: 'profileFooter.uses',
        values: { name: 'Team <b>one</b>', host: 'gw.example' },
        components: { strong: createElement('strong'), mono: createElement('span') },
      }),
    );
    expect(footer).toContain('使用 <strong>Team &lt;b&gt;one&lt;/b&gt;</strong>');
  });
});

describe('the same words in English after a switch back', () => {
  it('are the English ones again', () => {
    expect(describeCount(10_000).note).toBe('characters, sent in about 3 parts of up to 4,096');
    expect(partialLabel(1, 49)).toBe('part 1 of 49');
  });
});
