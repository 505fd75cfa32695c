import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFS, type Prefs, type PrefsPatch } from '../../../src-preload/contract.ts';
import { suggestModels } from '../../../src-renderer/src/components/ModelField.tsx';
import {
  formatBytes,
  formatClock,
  formatDate,
  formatElapsed,
  formatNumber,
  listDate,
} from '../../../src-renderer/src/i18n/format.ts';
import { i18n } from '../../../src-renderer/src/i18n/index.ts';
import chinese from '../../../src-renderer/src/i18n/locales/zh-CN/format.json' with { type: 'json' };
import { mergeSections } from '../../../src-renderer/src/store/prefs.ts';

describe('times and sizes as people read them', () => {
  it('shows player times as m:ss, and h:mm:ss past an hour', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(7.9)).toBe('0:07');
    expect(formatClock(725)).toBe('12:05');
    expect(formatClock(3729)).toBe('1:02:09');
    expect(formatClock(Number.NaN)).toBe('0:00');
    expect(formatClock(-3)).toBe('0:00');
    expect(formatClock(null)).toBe('0:00');
  });

  it('shows elapsed time in ms, seconds or minutes', () => {
    expect(formatElapsed(850)).toBe('850 ms');
    expect(formatElapsed(1_440)).toBe('1.4 s');
    expect(formatElapsed(125_000)).toBe('2 min 5 s');
    expect(formatElapsed(119_600)).toBe('2 min 0 s');
  });

  it('shows file sizes in powers of 1024', () => {
    expect(formatBytes(812)).toBe('812 B');
    expect(formatBytes(45_056)).toBe('44 KB');
    expect(formatBytes(3.2 * 1024 * 1024)).toBe('3.2 MB');
    expect(formatBytes(1.1 * 1024 ** 3)).toBe('1.1 GB');
  });

  it('follows the interface language: Chinese words around the figures, Chinese date patterns', async () => {
    // As showLanguage does in the page (which also sets <html lang>, absent here).
    i18n.addResourceBundle('zh-CN', 'format', chinese);
    await i18n.changeLanguage('zh-CN');
    try {
      expect(formatElapsed(850)).toBe('850 毫秒');
      expect(formatElapsed(125_000)).toBe('2 分 5 秒');
      expect(formatNumber(12_345.5)).toBe('12,345.5');
      expect(formatDate('2025-08-14T10:00:00')).toBe('2025年8月14日');
      const now = new Date(2025, 8, 15, 14, 30);
      expect(listDate(new Date(2025, 8, 14, 23, 0).toISOString(), now)).toBe('昨天');
      expect(listDate(new Date(2025, 8, 15, 14, 25).toISOString(), now)).toBe('5 分钟前');
    } finally {
      await i18n.changeLanguage('en');
    }
    expect(formatElapsed(125_000)).toBe('2 min 5 s');
    expect(formatDate('2025-08-14T10:00:00')).toBe('14 Aug 2025');
  });
});

describe('remembered choices', () => {
  it('merges a patch one section at a time, keeping the other fields and sections', () => {
    const next = mergeSections<Prefs>(DEFAULT_PREFS, { transcribe: { model: 'gpt-4o-transcribe' } });
    expect(next.transcribe).toEqual({ ...DEFAULT_PREFS.transcribe, model: 'gpt-4o-transcribe' });
    expect(next.speak).toBe(DEFAULT_PREFS.speak);
    expect(DEFAULT_PREFS.transcribe.model).toBe('whisper-1');
  });

  it('merges pending patches so a burst of changes is saved as one', () => {
    const a: PrefsPatch = { transcribe: { prompt: 'Hi' } };
    const b: PrefsPatch = { transcribe: { language: 'de' }, speak: { voice: 'nova' } };
    expect(mergeSections(a, b)).toEqual({
      transcribe: { prompt: 'Hi', language: 'de' },
      speak: { voice: 'nova' },
    });
  });
});

describe('model suggestions', () => {
  const model = (id: string, families: Array<'audio' | 'responses' | 'unknown'>) => ({
    id,
    displayName: id,
    listedBy: ['v1' as const],
    families,
  });

  it('suggests the models that fit the field, and those of unknown family', () => {
    const models = [model('whisper-1', ['audio']), model('gpt-5', ['responses']), model('x', ['unknown'])];
    expect(suggestModels(models, ['audio']).map((m) => m.id)).toEqual(['whisper-1', 'x']);
  });

  it('suggests every model when none is known to fit, since the gateway decides', () => {
    const models = [model('gpt-5', ['responses'])];
    expect(suggestModels(models, ['audio']).map((m) => m.id)).toEqual(['gpt-5']);
  });
});
