// Main's words in failures (issue 18 item 5): the hints and messages main and the gateway client write
// themselves reach the renderer in the interface's language; a gateway's own message (new-api writes many in
// Chinese) stays as the gateway wrote it; and every key the code names exists in every catalogue.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AppFailure, toAppError } from '../../../src-main/app-failure.ts';
import {
  failureFromHttp,
  networkFailure,
  notResentFailure,
  statedUploadLimits,
} from '../../../src-main/gateway/errors.ts';
import { errorEvent } from '../../../src-main/gateway/event-stream.ts';
import { GATEWAY_CATALOGUES, readBack } from '../../../src-main/gateway/words.ts';
import { MAIN_CATALOGUES, setInterfaceLanguage, t } from '../../../src-main/i18n/index.ts';

afterEach(() => setInterfaceLanguage('en'));

/** new-api's refusal of a key: 401, its message in Chinese with the request id it appends. */
const refusedKey = (operation: 'responses' | 'transcribe' = 'responses') =>
  failureFromHttp({
    status: 401,
    bodyText: JSON.stringify({
      error: { message: '无效的令牌 (request id: 2025091510300012)', type: 'new_api_error', code: '' },
    }),
    operation,
  });

describe("a failure's words", () => {
  it('are English by default, the gateway message as written', () => {
    const error = toAppError(refusedKey());
    expect(error).toEqual({
      code: 'auth_invalid',
      message: '无效的令牌',
      hint: "The key may be invalid, disabled, expired or out of quota. Check it in the gateway's dashboard, then in this profile.",
      status: 401,
      requestId: '2025091510300012',
    });
  });

  it("are in Chinese after the interface switches, the gateway's Chinese message untouched", () => {
    setInterfaceLanguage('zh-CN');
    const error = toAppError(refusedKey());
    expect(error.message).toBe('无效的令牌');
    expect(error.hint).toBe(
      '密钥可能无效、已禁用、已过期或额度已用完。请在网关控制台中检查，再检查此配置中的密钥。',
    );
    expect(error.requestId).toBe('2025091510300012');
  });

  it("leave a gateway's English message as written too, with the hint in Chinese", () => {
    setInterfaceLanguage('zh-CN');
    const error = toAppError(
      failureFromHttp({
        status: 429,
        bodyText: JSON.stringify({ error: { message: 'Rate limit reached', type: 'rate_limit_error' } }),
        operation: 'chat',
      }),
    );
    expect(error.message).toBe('Rate limit reached');
    expect(error.hint).toBe('请求过于频繁：请稍候再试。');
  });

  it('render our own messages, and sentences joined as Chinese joins them', () => {
    const failure = notResentFailure(networkFailure(new Error('socket'), 'transcribe', true, false));
    // The client's logic and its tests read the English.
    expect(failure.message).toBe('The connection closed before the answer was complete.');
    setInterfaceLanguage('zh-CN');
    const error = toAppError(failure);
    expect(error.message).toBe('回答尚未完成，连接就已关闭。');
    expect(error.hint).toBe(
      '中断的回答无法读取，因此不显示任何内容。请重试。如果仍然失败，请先用更短的音频文件重试，以检查请求本身。由于网关可能已开始处理该请求，因此没有自动重新发送。',
    );
  });

  it("reach a stream's error event in the interface's language too", () => {
    setInterfaceLanguage('zh-CN');
    expect(errorEvent(networkFailure(new Error('socket'), 'chat', true))).toEqual({
      type: 'error',
      error: {
        code: 'network',
        message: '回答尚未完成，连接就已关闭。',
        hint: '已收到的内容已保留。请重试。',
      },
    });
  });

  it('fill placeholders with words of their own (a span of time)', () => {
    const failure = failureFromHttp({
      status: 429,
      bodyText: '{"error":{"message":"slow down"}}',
      headers: new Headers({ 'retry-after': '300' }),
      operation: 'chat',
    });
    expect(failure.hint).toBe('Too many requests for now: wait about 5 minutes and try again.');
    setInterfaceLanguage('zh-CN');
    expect(toAppError(failure).hint).toBe('请求过于频繁：请等待约 5 分钟后重试。');
  });

  it("keep main's own words, already in the language they were made in", () => {
    setInterfaceLanguage('zh-CN');
    const failure = new AppFailure('internal', t('errors.internal.message'), {
      hint: t('errors.internal.hint'),
    });
    expect(toAppError(failure)).toEqual({
      code: 'internal',
      message: 'Gateway Studio 内部出错。',
      hint: '请重试；如果问题持续，请重启应用。',
    });
    expect(toAppError(new Error('boom')).message).toBe('Gateway Studio 内部出错。');
  });

  it('still tell the upload limit of a 413 when shown in Chinese (long recordings are cut to it)', () => {
    setInterfaceLanguage('zh-CN');
    const error = toAppError(
      failureFromHttp({
        status: 413,
        bodyText:
          '{"error":{"message":"Maximum content size limit (26214400) exceeded (26306794 bytes read)"}}',
        operation: 'transcribe',
      }),
    );
    expect(error.message).toBe('音频文件超出网关的接受范围：每个请求最多 25 MB。');
    expect(statedUploadLimits(error)).toEqual({ maxBytes: 25 * 1024 * 1024 });
  });

  it('are read back in either language (the upload limit a 413 stated)', () => {
    expect(
      readBack('message.audioLargerThanTakes', '音频文件超出网关的接受范围：每个请求最多 25 MB。'),
    ).toEqual({
      mb: '25',
    });
    expect(
      readBack(
        'message.requestLargerThanTakes',
        'The request is larger than the gateway takes: at most 2.5 MB per request.',
      ),
    ).toEqual({ mb: '2.5' });
  });
});

// ─── Every key the code names is in every catalogue ─────────────────────────────────────────────

const root = join(import.meta.dirname, '../../..');
const sources = (dir: string): string[] =>
  readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath, entry.name));

function has(catalogue: object, key: string): boolean {
  let node: unknown = catalogue;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return false;
    node = (node as Record<string, unknown>)[part] ?? (node as Record<string, unknown>)[`${part}_other`];
  }
  return typeof node === 'string';
}

function keysNamed(files: string[], call: RegExp): Array<{ file: string; key: string }> {
  return files.flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(call)].map((match) => ({
      file: relative(root, file),
      key: match[1]!,
    })),
  );
}

describe('the keys named in code', () => {
  it("of the gateway client (words('…')) are in each of its catalogues", () => {
    const named = keysNamed(sources('src-main/gateway'), /\bwords\(\s*'([\w.]+)'/g);
    expect(named.length).toBeGreaterThan(50);
    for (const [language, catalogue] of Object.entries(GATEWAY_CATALOGUES))
      expect(
        named.filter(({ key }) => !has(catalogue, key)),
        language,
      ).toEqual([]);
  });

  it("of main (t('…')) are in each of its catalogues", () => {
    const named = keysNamed(sources('src-main'), /\bt\(\s*'([\w.]+)'/g);
    expect(named.length).toBeGreaterThan(10);
    for (const [language, catalogue] of Object.entries(MAIN_CATALOGUES))
      expect(
        named.filter(({ key }) => !has(catalogue, key)),
        language,
      ).toEqual([]);
  });
});
