// The profile form's checks, summaries and the connection route speak the interface's language
// (issue 18 item 5): English by default, Chinese once the page shows Chinese.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../src-renderer/src/i18n/index.ts';
import chinese from '../../../src-renderer/src/i18n/locales/zh-CN/settings.json' with { type: 'json' };
import { describeRoute } from '../../../src-renderer/src/panels/settings/connection-route.ts';
import {
  advancedSummary,
  emptyDraft,
  newHeaderRow,
  validateDraft,
} from '../../../src-renderer/src/panels/settings/profile-draft.ts';
import { proxyDraftProblem, proxySummary } from '../../../src-renderer/src/panels/settings/proxy-draft.ts';

const draft = () => ({
  ...emptyDraft(),
  extraHeaders: [newHeaderRow('X-Team', 'a'), newHeaderRow('x-team', 'b')],
});
const manualProxy = { mode: 'manual', url: '', signIn: 'keep', username: '', password: '' } as const;

describe('the profile form’s words', () => {
  it('are English by default', () => {
    const errors = validateDraft(draft());
    expect(errors.name).toBe('Give the profile a name.');
    expect(errors.baseUrl).toBe('Enter the address of your gateway.');
    expect(Object.values(errors.extraHeaders ?? {})).toEqual(['“x-team” is listed twice.']);
    expect(advancedSummary(draft())).toBe('x-vendor-api-key · 2 extra headers · 25 MB uploads');
    expect(proxySummary(manualProxy)).toBe('proxy (no address)');
    expect(describeRoute({ kind: 'direct', source: 'none' })).toBe('direct (no proxy)');
  });

  describe('in Chinese', () => {
    beforeAll(async () => {
      i18n.addResourceBundle('zh-CN', 'settings', chinese);
      await i18n.changeLanguage('zh-CN');
    });
    afterAll(async () => {
      await i18n.changeLanguage('en');
    });

    it('say the checks, summaries and route in Chinese', () => {
      const errors = validateDraft({ ...draft(), baseUrl: 'ftp://gw.example.com', uploadLimitMb: '9999' });
      expect(errors.name).toBe('请为配置命名。');
      expect(errors.baseUrl).toBe('地址必须以 https:// 或 http:// 开头。');
      expect(errors.uploadLimitMb).toBe('最多 2048 MB。');
      expect(Object.values(errors.extraHeaders ?? {})).toEqual(['“x-team”重复出现。']);
      expect(advancedSummary({ ...draft(), extraHeaders: [newHeaderRow('X-Team')] })).toBe(
        'x-vendor-api-key · 1 个额外请求头 · 上传上限 25 MB',
      );
      expect(proxySummary(manualProxy)).toBe('代理：未填写地址');
      expect(proxyDraftProblem({ ...manualProxy, url: 'http://proxy.corp:8080', signIn: 'replace' })).toBe(
        '请输入代理用户名，或不填登录信息。',
      );
      expect(describeRoute({ kind: 'proxy', proxy: 'http://proxy.corp:8080', source: 'system' })).toBe(
        '经代理 http://proxy.corp:8080（系统）',
      );
    });
  });
});
