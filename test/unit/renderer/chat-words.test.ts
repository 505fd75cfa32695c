// The Playground chat's words follow the interface's language (issue 18 item 5): a reply's facts, a
// compaction's summary, the setup line, the format names others read from labels.ts, and the notes and
// tooltips built in plain modules — English as before, Chinese once the language is switched.
import { afterEach, describe, expect, it } from 'vitest';
import { type AssistantMessage, DEFAULT_PREFS } from '../../../src-preload/contract.ts';
import { i18n } from '../../../src-renderer/src/i18n/index.ts';
import chineseChat from '../../../src-renderer/src/i18n/locales/zh-CN/chat.json' with { type: 'json' };
import chineseFormat from '../../../src-renderer/src/i18n/locales/zh-CN/format.json' with { type: 'json' };
import {
  compactProblem,
  NOT_CARRIED,
  newConversation,
  replyPlaceholder,
} from '../../../src-renderer/src/panels/playground/conversation-edits.ts';
import {
  FORMAT_NAMES,
  FORMAT_SHORT_NAMES,
  formatName,
  notCarriedList,
  replyFacts,
  setupLine,
  shownTitle,
} from '../../../src-renderer/src/panels/playground/labels.ts';
import { shortEndingNote } from '../../../src-renderer/src/panels/playground/reply-ending.ts';

const setup = newConversation('c', '2025-01-01T00:00:00Z', DEFAULT_PREFS.playground);
const reply = (patch: Partial<AssistantMessage>): AssistantMessage => ({
  ...replyPlaceholder('a', '2025-01-01T00:00:00Z', setup),
  state: 'done',
  ...patch,
});
const finished = reply({
  status: 'completed',
  usage: { inputTokens: 1234, outputTokens: 456, reasoningTokens: 100, totalTokens: 1690 },
  metrics: { ttftMs: 312, totalMs: 2400, tokensPerSecond: 217.4 },
});

async function inChinese(): Promise<void> {
  i18n.addResourceBundle('zh-CN', 'chat', chineseChat);
  i18n.addResourceBundle('zh-CN', 'format', chineseFormat);
  await i18n.changeLanguage('zh-CN');
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('the chat in English', () => {
  it('names the formats as the contract does, in the tables others import too', () => {
    expect(FORMAT_NAMES).toEqual({
      responses: 'Responses',
      chat: 'Chat Completions',
      content: 'Content generation',
    });
    expect(FORMAT_SHORT_NAMES.content).toBe('Content');
    expect(setupLine(setup)).toBe('Responses · gpt-5-mini · streamed');
    expect(shownTitle(setup)).toBe('New chat');
  });
});

describe('the chat in Chinese', () => {
  it('words a reply’s facts, keeping the gateway’s own status as it came', async () => {
    await inChinese();
    expect(replyFacts(finished).map((fact) => fact.text)).toEqual([
      '输入 1,234 · 输出 456',
      'TTFT 312 毫秒',
      '217 tok/s',
      '共 2.4 秒',
      'completed',
    ]);
    expect(replyFacts(finished)[0]!.title).toBe('输入 token：1,234。输出 token：456（其中推理 100）。');
    const stopped = reply({
      state: 'stopped',
      status: 'stopped',
      metrics: { ttftMs: 90, totalMs: 90, tokensPerSecond: null },
    });
    expect(replyFacts(stopped).at(-1)?.text).toBe('已停止');
  });

  it('translates the format names, the setup line and an untitled chat, the tables included', async () => {
    await inChinese();
    expect(formatName('content')).toBe('内容生成');
    expect(FORMAT_NAMES.content).toBe('内容生成');
    expect(FORMAT_NAMES.responses).toBe('Responses');
    expect(setupLine({ ...setup, model: '', stream: false })).toBe('Responses · 尚未选择模型 · 整段回复');
    expect(shownTitle(setup)).toBe('新对话');
    expect(shownTitle({ ...setup, customTitle: 'New chat' })).toBe('New chat');
  });

  it('shows what a format change does not carry in Chinese, though it is saved in English', async () => {
    await inChinese();
    expect(notCarriedList([NOT_CARRIED.images, NOT_CARRIED.chained])).toBe(
      '压缩消息中的图片；以及服务商为链式调用存储的早先回复（含推理项）；改为发送其文本',
    );
    // Words it does not know (an older version's) stay as they were saved.
    expect(notCarriedList(['something else'])).toBe('something else');
  });

  it('explains a short ending and why Compact cannot run', async () => {
    await inChinese();
    expect(shortEndingNote({ state: 'done', status: 'length' })).toMatch(/^回复达到输出 token 上限/);
    expect(shortEndingNote({ state: 'done', status: 'incomplete' })).toBe(
      '回复提前结束（incomplete）：被某项限制或过滤器截断。',
    );
    expect(compactProblem({ ...setup, format: 'chat' }, false)).toBe('压缩仅适用于 Responses 格式。');
  });
});
