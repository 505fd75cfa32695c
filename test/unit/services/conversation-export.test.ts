import { describe, expect, it } from 'vitest';
import {
  buildConversationExport,
  closeOpenFence,
  conversationExportName,
} from '../../../src-main/services/conversation-export.ts';
import {
  assistantMessage,
  compactionMarker,
  conversation,
  userMessage,
} from '../../support/conversation-fixtures.ts';

describe('Markdown export', () => {
  it('reads as a document: title, what it ran on, every turn with its reasoning, endings and tokens', () => {
    const reply = '## Steps\n\n1. Book early.\n2. Go at dawn.\n\n```python\nprint("hi")\n```\n';
    const chat = conversation({
      customTitle: 'Kyoto trip',
      createdAt: '2025-06-01T09:00:00.000Z',
      settings: { instructions: '  You are a travel agent.\n' },
      messages: [
        userMessage('Plan a trip to *Kyoto*.'),
        assistantMessage(reply, {
          reasoning: 'The user wants a plan.\nKeep it short.',
          usage: { inputTokens: 3210, outputTokens: 456, reasoningTokens: 64, totalTokens: 3666 },
          metrics: { ttftMs: 200, totalMs: 5250, tokensPerSecond: 90 },
        }),
        userMessage('Now in winter'),
        assistantMessage('Winter is quiet and', {
          state: 'stopped',
          status: 'stopped',
          usage: null,
          metrics: { ttftMs: null, totalMs: null, tokensPerSecond: null },
        }),
        userMessage('Try again'),
        assistantMessage('', {
          state: 'error',
          model: 'gemini-2.5-flash',
          format: 'content',
          error: { code: 'rate_limited', message: 'The gateway is busy.', hint: 'Wait a minute.' },
          usage: null,
          metrics: { ttftMs: null, totalMs: 900, tokensPerSecond: null },
        }),
      ],
    });

    expect(buildConversationExport('md', chat)).toBe(
      [
        '# Kyoto trip',
        '',
        '_gpt-5-mini · Responses · 2025-06-01 09:00 UTC_',
        '',
        '## System',
        '',
        'You are a travel agent.',
        '',
        '## You',
        '',
        'Plan a trip to *Kyoto*.',
        '',
        '## Assistant · gpt-5-mini',
        '',
        '<details>',
        '<summary>Reasoning</summary>',
        '',
        'The user wants a plan.',
        'Keep it short.',
        '',
        '</details>',
        '',
        '## Steps',
        '',
        '1. Book early.',
        '2. Go at dawn.',
        '',
        '```python',
        'print("hi")',
        '```',
        '',
        '_3,210 input tokens · 456 output tokens · 5.3 s_',
        '',
        '## You',
        '',
        'Now in winter',
        '',
        '## Assistant · gpt-5-mini',
        '',
        'Winter is quiet and',
        '',
        '_Stopped — partial reply_',
        '',
        '## You',
        '',
        'Try again',
        '',
        '## Assistant · gemini-2.5-flash',
        '',
        '_Failed: The gateway is busy. Wait a minute._',
        '',
        '_0.9 s_',
        '',
      ].join('\n'),
    );
  });

  it('keeps the turns a compaction replaced, then marks where it happened', () => {
    const chat = conversation({
      format: 'content',
      model: 'gemini-2.5-pro',
      createdAt: '2025-12-31T23:59:59.000Z',
      messages: [
        compactionMarker(
          [
            userMessage('First question'),
            assistantMessage('First answer', {
              usage: null,
              metrics: { ttftMs: null, totalMs: null, tokensPerSecond: null },
            }),
          ],
          { tokensBefore: 3210, tokensAfter: 64, items: [{ type: 'compaction' }] },
        ),
        userMessage('Next question'),
      ],
    });
    expect(buildConversationExport('md', chat)).toBe(
      [
        '# Next question',
        '',
        '_gemini-2.5-pro · Content generation · 2025-12-31 23:59 UTC_',
        '',
        '## You',
        '',
        'First question',
        '',
        '## Assistant · gpt-5-mini',
        '',
        'First answer',
        '',
        '---',
        '',
        '_Conversation compacted: 2 messages → 1 summary (3,210 → 64 tokens)_',
        '',
        '---',
        '',
        '## You',
        '',
        'Next question',
        '',
      ].join('\n'),
    );
  });

  it('says what it knows of a compaction whose token counts are unknown', () => {
    const chat = conversation({
      messages: [compactionMarker([userMessage('Only one')], { tokensBefore: null, items: [{}, {}, {}] })],
    });
    expect(buildConversationExport('md', chat)).toContain(
      '\n\n---\n\n_Conversation compacted: 1 message → 3 summary items_\n\n---\n',
    );
  });

  it('names a turn’s images and where the format changed, which a text file cannot hold', () => {
    const image = { id: 'a'.repeat(32), name: 'chart.png', mimeType: 'image/png' as const, bytes: 10 };
    const chat = conversation({
      format: 'chat',
      messages: [
        userMessage('What does this show?', { images: [image] }),
        assistantMessage('Sales rising.'),
        { id: 'fc', role: 'format-change', createdAt: 'x', from: 'responses', to: 'chat', notCarried: [] },
        userMessage('', { images: [image, { ...image, name: 'table.png' }] }),
      ],
    });
    const markdown = buildConversationExport('md', chat);
    expect(markdown).toContain('## You\n\n_Image (not in this file): chart.png_\n\nWhat does this show?');
    expect(markdown).toContain(
      '_Format changed: Responses → Chat Completions; the history went over whole._',
    );
    expect(markdown).toContain('## You\n\n_2 images (not in this file): chart.png, table.png_\n');
  });

  it('closes a code block a stopped reply left open, so the rest is not swallowed by it', () => {
    const chat = conversation({
      messages: [
        userMessage('Write code'),
        assistantMessage('Here:\n\n````ts\nconst a = 1;\n```\nstill inside', { state: 'stopped' }),
        userMessage('Thanks'),
      ],
    });
    const markdown = buildConversationExport('md', chat);
    expect(markdown).toContain('still inside\n````\n\n_Stopped — partial reply_\n\n');
    expect(markdown).toContain('\n\n## You\n\nThanks\n');
  });
});

describe('closing an open code fence', () => {
  it.each([
    ['no fence', 'plain text', 'plain text'],
    ['a closed fence', '```\ncode\n```', '```\ncode\n```'],
    ['an open backtick fence', '```js\ncode', '```js\ncode\n```'],
    ['an open tilde fence', '~~~~\ncode\n~~~', '~~~~\ncode\n~~~\n~~~~'],
    ['a backtick fence not closed by a shorter one', '````\n```\n', '````\n```\n````'],
    ['a closing fence with text after it, which does not close', '```\na\n``` no', '```\na\n``` no\n```'],
    ['inline code that only looks like a fence', '```a` b```\ntext', '```a` b```\ntext'],
    ['two closed fences', '```\na\n```\n\n~~~\nb\n~~~\n', '```\na\n```\n\n~~~\nb\n~~~\n'],
  ])('%s', (_, text, closed) => {
    expect(closeOpenFence(text)).toBe(closed);
  });
});

describe('JSON export', () => {
  it('is the saved file, pretty-printed, without the store’s `hasDetail` marks', () => {
    const reply = assistantMessage('Hello!', { hasDetail: true });
    const chat = conversation({ messages: [userMessage('Hi'), reply] });
    const text = buildConversationExport('json', chat);
    // A reply also says `inspector: null`: builds before inspector records moved out need that field.
    const { hasDetail: _, ...unmarked } = reply;
    const file = {
      version: 1,
      conversation: { ...chat, messages: [chat.messages[0], { ...unmarked, inspector: null }] },
    };
    expect(JSON.parse(text)).toEqual(file);
    expect(text).toBe(`${JSON.stringify(file, null, 2)}\n`);
  });
});

describe('the suggested file name', () => {
  it.each([
    ['the title', conversation({ customTitle: 'Kyoto trip' }), 'md', 'Kyoto trip.md'],
    [
      'without characters files cannot hold',
      conversation({ customTitle: 'Q3: a/b "plan"?' }),
      'json',
      'Q3- a-b -plan--.json',
    ],
    [
      'from the first message',
      conversation({ messages: [userMessage('What is 2*3?')] }),
      'md',
      'What is 2-3-.md',
    ],
    ['a new chat', conversation(), 'md', 'New chat.md'],
    ['never a hidden file', conversation({ customTitle: '...' }), 'md', 'conversation.md'],
  ] as const)('%s', (_, chat, format, name) => {
    expect(conversationExportName(chat, format)).toBe(name);
  });
});
