// A key the Chinese catalogue lacks (a translation not yet written) reads in English, never as the raw key;
// the catalogue test fails on such a gap, this is what a user would see meanwhile.
import { afterEach, expect, it, vi } from 'vitest';

vi.mock('../../../src-main/gateway/locales/zh-CN.json', async (importOriginal) => {
  const original = (await importOriginal()) as { default: { hint: Record<string, string> } };
  const { authInvalid: _left, ...hint } = original.default.hint;
  return { default: { ...original.default, hint } };
});

const { toAppError } = await import('../../../src-main/app-failure.ts');
const { failureFromHttp } = await import('../../../src-main/gateway/errors.ts');
const { setTranslator } = await import('../../../src-main/gateway/words.ts');
const { setInterfaceLanguage } = await import('../../../src-main/i18n/index.ts');

afterEach(() => setInterfaceLanguage('en'));

const refused = () =>
  failureFromHttp({ status: 401, bodyText: '{"error":{"message":"无效的令牌"}}', operation: 'transcribe' });

it('a hint missing from the Chinese catalogue reads in English; the rest of it in Chinese', () => {
  setInterfaceLanguage('zh-CN');
  expect(toAppError(refused()).hint).toBe(
    "The key may be invalid, disabled, expired or out of quota. Check it in the gateway's dashboard, then in this profile." +
      '如果仍然失败，请先用更短的音频文件重试，以检查请求本身。',
  );
});

it('without main (the gateway client alone, in a script) the words read in English', () => {
  setInterfaceLanguage('zh-CN');
  setTranslator(null);
  expect(toAppError(refused())).toMatchObject({
    message: '无效的令牌',
    hint: "The key may be invalid, disabled, expired or out of quota. Check it in the gateway's dashboard, then in this profile. If it keeps failing, first retry with a shorter audio file to check the request.",
  });
});
