// The Transcribe panel's words from plain modules (rules, labels, languages) follow the interface's language
// when they are read, not when the module loaded (issue 18 item 5).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../src-renderer/src/i18n/index.ts';
import chinese from '../../../src-renderer/src/i18n/locales/zh-CN/transcribe.json' with { type: 'json' };
import {
  languageFromInput,
  languageInputLabel,
  languageName,
} from '../../../src-renderer/src/panels/transcribe/languages.ts';
import { disabledOptions, reasonFor } from '../../../src-renderer/src/panels/transcribe/model-rules.ts';
import {
  languageLabel,
  MODE_LABELS,
  usageLabel,
} from '../../../src-renderer/src/panels/transcribe/transcript-labels.ts';

describe('the Transcribe panel’s words in English', () => {
  it('keeps the English names and sentences the app has always shown', () => {
    expect(languageName('mi')).toBe('Maori');
    expect(languageName('tl')).toBe('Tagalog');
    expect(languageName('bn')).toBe('Bengali');
    expect(languageInputLabel('de')).toBe('German (de)');
    expect(reasonFor(disabledOptions({ model: 'whisper-1', mode: 'translate' }), 'language')).toBe(
      'Translations are always into English.',
    );
    expect(usageLabel({ type: 'duration', seconds: 1 })).toEqual({
      text: '1 s billed',
      title: 'The gateway billed 1 second of audio.',
    });
    expect(
      usageLabel({
        type: 'tokens',
        inputTokens: 1400,
        audioTokens: 1200,
        outputTokens: 45,
        totalTokens: 1445,
      }),
    ).toEqual({
      text: '1,400 in · 45 out tokens',
      title: 'Tokens billed: 1,400 in (1,200 of them audio), 45 out, 1,445 in all.',
    });
  });
});

describe('the Transcribe panel’s words in Chinese', () => {
  beforeEach(async () => {
    i18n.addResourceBundle('zh-CN', 'transcribe', chinese);
    await i18n.changeLanguage('zh-CN');
  });
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('names languages in Chinese, and still takes an English name or a code typed', () => {
    expect(languageInputLabel('de')).toBe('德语 (de)');
    expect(languageFromInput('德语')).toBe('de');
    expect(languageFromInput('German')).toBe('de');
    expect(languageFromInput('德语 (de)')).toBe('de');
    expect(languageLabel('english')).toBe('英语');
    expect(languageLabel('ja')).toBe('日语');
  });

  it('says why an option is off, the mode and the billing in Chinese', () => {
    const disabled = disabledOptions({ model: 'gpt-4o-transcribe', mode: 'transcribe' });
    expect(reasonFor(disabled, 'segments')).toBe('gpt-4o-transcribe 只返回纯文本，没有时间戳。');
    expect(MODE_LABELS.translate).toBe('英文翻译');
    expect(usageLabel({ type: 'duration', seconds: 7 }).text).toBe('计费 7 秒');
  });
});
