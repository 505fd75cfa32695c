// The Parameters panel and structured output in Simplified Chinese (issue 18 item 5): every label, note
// and sentence built from values comes from the catalogue, looked up at render.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatFormat, ChatSettings } from '../../../src-preload/contract.ts';
import { i18n } from '../../../src-renderer/src/i18n/index.ts';
import chatChinese from '../../../src-renderer/src/i18n/locales/zh-CN/chat.json' with { type: 'json' };
import formatChinese from '../../../src-renderer/src/i18n/locales/zh-CN/format.json' with { type: 'json' };
import parametersChinese from '../../../src-renderer/src/i18n/locales/zh-CN/parameters.json' with {
  type: 'json',
};
import { ParametersView } from '../../../src-renderer/src/panels/playground/ParametersPanel.tsx';
import { parametersWords } from '../../../src-renderer/src/panels/playground/parameters-strings.ts';
import { conversation } from '../../support/conversation-fixtures.ts';

const render = (format: ChatFormat, settings: ChatSettings = {}) =>
  renderToStaticMarkup(
    createElement(ParametersView, { conversation: conversation({ format, settings }), enterSends: true }),
  )
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

describe('the Parameters panel in Chinese', () => {
  beforeAll(async () => {
    i18n.addResourceBundle('zh-CN', 'parameters', parametersChinese);
    i18n.addResourceBundle('zh-CN', 'chat', chatChinese);
    i18n.addResourceBundle('zh-CN', 'format', formatChinese);
    await i18n.changeLanguage('zh-CN');
  });
  afterAll(async () => {
    await i18n.changeLanguage('en');
  });

  it('names the fields, the count and the values kept for another format', () => {
    const text = render('content', { temperature: 0.2, seed: 7, reasoningEffort: 'low' });
    for (const words of [
      '参数',
      '已设置 1 项',
      '系统提示词',
      '温度',
      '思考预算',
      '停止序列',
      '结构化输出（JSON Schema）',
    ])
      expect(text).toContain(words);
    expect(text).toContain('为其他格式保留，当前格式（内容生成）不发送：推理强度、随机种子。');
    expect(render('chat')).toContain('均未设置');
  });

  it('words the structured-output editor and an image refused over the limit', () => {
    const text = render('chat', { structuredOutput: { name: 'reply', schema: '', strict: true } });
    expect(text).toContain('以 response_format 发送；回复结束时按 Schema 校验。');
    expect(text).toContain('编写 JSON Schema，或从示例开始。');
    expect(text).toContain('联系方式');
    expect(parametersWords.t('images.tooMany', { name: 'a.png', max: 10 })).toBe(
      '未添加 a.png：一条消息最多可带 10 张图片。',
    );
  });
});
