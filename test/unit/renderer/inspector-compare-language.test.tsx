// Issue 18 item 5, in the inspector and Compare: their words follow the interface's language — the
// components' and those built in plain modules (a compaction's note, a reply's subject, why a prompt
// cannot go to every column) — while what went over the wire (headers, event types) stays as it was.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { KEY_PLACEHOLDER } from '../../../src-preload/contract.ts';
import { comparisonSendProblem } from '../../../src-renderer/src/actions/compare.ts';
import { i18n } from '../../../src-renderer/src/i18n/index.ts';
import compareChinese from '../../../src-renderer/src/i18n/locales/zh-CN/compare.json' with { type: 'json' };
import formatChinese from '../../../src-renderer/src/i18n/locales/zh-CN/format.json' with { type: 'json' };
import inspectorChinese from '../../../src-renderer/src/i18n/locales/zh-CN/inspector.json' with {
  type: 'json',
};
import { InspectorPanel } from '../../../src-renderer/src/panels/playground/inspector/InspectorPanel.tsx';
import { ResponseView } from '../../../src-renderer/src/panels/playground/inspector/ResponseView.tsx';
import type { DetailState } from '../../../src-renderer/src/store/playground.ts';
import { compactionMarker } from '../../support/conversation-fixtures.ts';

const marker = compactionMarker([], { hasDetail: true });
const detail: DetailState = {
  status: 'kept',
  detail: {
    request: {
      method: 'POST',
      url: 'https://gw.example.com/v1/responses/compact',
      headers: [['authorization', `Bearer ${KEY_PLACEHOLDER}`]],
      body: '{"model":"gpt-5-mini"}',
    },
    exchange: null,
  },
};

/** The markup's text, tags removed. */
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
const panel = () =>
  text(
    renderToStaticMarkup(
      createElement(InspectorPanel, { item: marker, detail, onClose: () => {}, onRetryDetail: () => {} }),
    ),
  );
const events = () =>
  text(
    renderToStaticMarkup(
      createElement(ResponseView, {
        exchange: {
          status: 200,
          requestId: null,
          contentType: 'text/event-stream',
          events: [
            { atMs: 3, data: '{"type":"response.output_text.delta","delta":"Hi"}' },
            { atMs: 1234, data: '{"type":"response.completed"}' },
          ],
          omittedEvents: 0,
          body: null,
          bodyTruncated: false,
        },
      }),
    ),
  );

async function inChinese(): Promise<void> {
  i18n.addResourceBundle('zh-CN', 'inspector', inspectorChinese);
  i18n.addResourceBundle('zh-CN', 'compare', compareChinese);
  i18n.addResourceBundle('zh-CN', 'format', formatChinese);
  await i18n.changeLanguage('zh-CN');
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('the inspector and Compare in the interface’s language', () => {
  it('speak English as they always did', () => {
    const shown = panel();
    expect(shown).toContain('Compaction · gpt-5-mini');
    expect(shown).toContain('Request');
    expect(shown).toContain('Items 1');
    expect(shown).toContain('Headers 1');
    expect(shown).toContain('key hidden');
    expect(events()).toContain('2 events · last +1,234 ms');
    expect(events()).toContain('Hide text deltas (1)');
    expect(comparisonSendProblem('no-such-comparison', ' ')).toBe('Type a prompt first.');
  });

  it('speak Chinese, leaving the wire’s own words alone', async () => {
    await inChinese();
    const shown = panel();
    expect(shown).toContain('压缩 · gpt-5-mini');
    expect(shown).toContain('请求');
    expect(shown).toContain('条目 1');
    expect(shown).toContain('请求头 1');
    expect(shown).toContain('密钥已隐藏');
    expect(shown).toContain('authorization');
    expect(shown).not.toMatch(/Request|Headers|key hidden/);
    expect(events()).toContain('2 个事件 · 最后一个：+1,234 ms');
    expect(events()).toContain('output_text.delta');
    expect(comparisonSendProblem('no-such-comparison', ' ')).toBe('请先输入提示词。');
  });
});
