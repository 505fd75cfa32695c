// A comparison exported (issue 17 item 4): Markdown to read — its title, each column's setup, then turn by
// turn the prompt once and every column's reply under the column's name with its metrics or its failure —
// and JSON with every column's settings, messages, metrics and profile name.
import { describe, expect, it } from 'vitest';
import {
  buildComparisonExport,
  comparisonExportName,
  type ProfileNamer,
} from '../../../src-main/services/conversation-export.ts';
import type { Comparison } from '../../../src-preload/contract.ts';
import { assistantMessage, conversation, userMessage } from '../../support/conversation-fixtures.ts';

const PROFILES: Record<string, string> = { 'p-1': 'Office gateway', 'p-2': 'Home gateway' };
const nameOf: ProfileNamer = (id) => PROFILES[id ?? 'p-1'] ?? null;

function twoTurns(): Comparison {
  const prompts = [userMessage('Name a colour', { id: 'u1' }), userMessage('And a fruit?', { id: 'u2' })];
  return {
    id: 'cmp-1',
    customTitle: 'Colours and fruit',
    createdAt: '2025-06-01T09:00:00.000Z',
    updatedAt: '2025-06-01T09:05:00.000Z',
    columns: [
      conversation({
        id: 'a',
        format: 'responses',
        model: 'gpt-5-mini',
        settings: { instructions: 'Be brief.', temperature: 0.3, reasoningEffort: 'low' },
        messages: [
          prompts[0]!,
          assistantMessage('Turquoise', {
            usage: { inputTokens: 1200, outputTokens: 34, reasoningTokens: null, totalTokens: 1234 },
            metrics: { ttftMs: 412, totalMs: 2500, tokensPerSecond: 21.7 },
          }),
          prompts[1]!,
          assistantMessage('Mango'),
        ],
      }),
      conversation({
        id: 'b',
        format: 'chat',
        model: 'gpt-4o-mini',
        profileId: 'p-2',
        settings: { seed: 7, stopSequences: ['END'] },
        messages: [
          prompts[0]!,
          assistantMessage('', {
            format: 'chat',
            state: 'error',
            usage: null,
            metrics: { ttftMs: null, totalMs: 300, tokensPerSecond: null },
            error: { code: 'rate_limited', message: 'The gateway is busy.', hint: 'Wait a minute.' },
          }),
          prompts[1]!,
          assistantMessage('Lychee', {
            format: 'chat',
            metrics: { ttftMs: 95, totalMs: 800, tokensPerSecond: 88 },
          }),
        ],
      }),
      conversation({
        id: 'c',
        format: 'content',
        model: 'gemini-2.5-flash',
        profileId: 'deleted-profile',
        messages: [prompts[0]!, assistantMessage('Ochre', { format: 'content' }), prompts[1]!],
      }),
    ],
  };
}

describe('the Markdown export of a comparison', () => {
  const markdown = buildComparisonExport('md', twoTurns(), nameOf);

  it('has the title and every column’s setup: profile by name, format, model, the settings that are set', () => {
    expect(markdown.startsWith('# Colours and fruit\n')).toBe(true);
    const setup = markdown.slice(0, markdown.indexOf('## Turn 1'));
    expect(setup).toContain('## Column 1 · Responses · gpt-5-mini');
    expect(setup).toContain('- Profile: Office gateway');
    expect(setup).toContain('- Temperature: 0.3');
    expect(setup).toContain('- Reasoning effort: low');
    expect(setup).toContain('Be brief.');
    expect(setup).toContain('## Column 2 · Chat Completions · gpt-4o-mini');
    expect(setup).toContain('- Profile: Home gateway');
    expect(setup).toContain('- Seed: 7');
    expect(setup).toContain('- Stop sequences: "END"');
    expect(setup).toContain('## Column 3 · Content generation · gemini-2.5-flash');
    expect(setup).toContain('- Profile: a deleted profile');
    // Settings not set are not listed.
    expect(setup).not.toContain('Top P');
    // Named as the Parameters panel names them, not by the file's keys.
    expect(setup).not.toMatch(/reasoningEffort|stopSequences/);
  });

  it('gives each prompt once, then each column’s reply under its name with its metrics or its failure', () => {
    const turn1 = markdown.slice(markdown.indexOf('## Turn 1'), markdown.indexOf('## Turn 2'));
    const turn2 = markdown.slice(markdown.indexOf('## Turn 2'));
    expect(turn1.match(/Name a colour/g)).toHaveLength(1);
    expect(turn2.match(/And a fruit\?/g)).toHaveLength(1);
    // In column order, each reply after its column's heading.
    const order = [
      '### Column 1',
      'Turquoise',
      '### Column 2',
      'The gateway is busy.',
      '### Column 3',
      'Ochre',
    ];
    const at = order.map((text) => turn1.indexOf(text));
    expect(at.every((index) => index >= 0)).toBe(true);
    expect([...at].sort((x, y) => x - y)).toEqual(at);
    expect(turn1).toContain('_TTFT 412 ms · 21.7 tokens/s · 1,200 input tokens · 34 output tokens · 2.5 s_');
    expect(turn1).toContain('_Failed: The gateway is busy. Wait a minute._');
    expect(turn2).toContain('Mango');
    expect(turn2).toContain('Lychee');
    expect(turn2).toContain('TTFT 95 ms · 88.0 tokens/s');
    // Column 3 has not answered the second prompt.
    expect(turn2.slice(turn2.indexOf('### Column 3'))).toContain('_No reply_');
  });
});

describe('a comparison whose columns were asked different things', () => {
  it('gives each column its own prompt under its name when a turn’s prompts differ, and one prompt when they agree', () => {
    const comparison = twoTurns();
    // Column 2's second prompt was edited and sent again there alone.
    const edited = comparison.columns[1]!.messages.map((message) =>
      message.id === 'u2' ? { ...message, text: 'And a vegetable?' } : message,
    );
    comparison.columns[1] = { ...comparison.columns[1]!, messages: edited };
    const markdown = buildComparisonExport('md', comparison, nameOf);
    const turn1 = markdown.slice(markdown.indexOf('## Turn 1'), markdown.indexOf('## Turn 2'));
    const turn2 = markdown.slice(markdown.indexOf('## Turn 2'));
    expect(turn1.match(/Name a colour/g)).toHaveLength(1);
    expect(turn1).not.toContain('#### You');
    const column1 = turn2.slice(turn2.indexOf('### Column 1'), turn2.indexOf('### Column 2'));
    const column2 = turn2.slice(turn2.indexOf('### Column 2'), turn2.indexOf('### Column 3'));
    expect(column1).toContain('And a fruit?');
    expect(column1).toContain('#### Reply');
    expect(column1).toContain('Mango');
    expect(column2).toContain('And a vegetable?');
    expect(column2).not.toContain('And a fruit?');
    expect(column2).toContain('Lychee');
    // Nothing printed before the columns claims to be everyone's prompt.
    expect(turn2.slice(0, turn2.indexOf('### Column 1'))).not.toMatch(/fruit|vegetable/);
  });
});

describe('the JSON export of a comparison', () => {
  it('holds every column’s settings, messages and metrics, each with its profile’s name', () => {
    const file = JSON.parse(buildComparisonExport('json', twoTurns(), nameOf));
    expect(file.version).toBe(3);
    const columns = file.comparison.columns;
    expect(columns.map((c: { profileName: string }) => c.profileName)).toEqual([
      'Office gateway',
      'Home gateway',
      'a deleted profile',
    ]);
    expect(columns.map((c: { format: string; model: string }) => `${c.format}/${c.model}`)).toEqual([
      'responses/gpt-5-mini',
      'chat/gpt-4o-mini',
      'content/gemini-2.5-flash',
    ]);
    expect(columns[0].settings).toEqual({
      instructions: 'Be brief.',
      temperature: 0.3,
      reasoningEffort: 'low',
    });
    expect(columns[0].messages[1]).toMatchObject({
      text: 'Turquoise',
      metrics: { ttftMs: 412, totalMs: 2500, tokensPerSecond: 21.7 },
      usage: { inputTokens: 1200, outputTokens: 34 },
    });
    expect(columns[1].messages[1].error).toEqual({
      code: 'rate_limited',
      message: 'The gateway is busy.',
      hint: 'Wait a minute.',
    });
    // The store's bookkeeping is not in a file read elsewhere.
    expect(JSON.stringify(file)).not.toContain('hasDetail');
  });

  it('is suggested a file name from its title', () => {
    expect(comparisonExportName(twoTurns(), 'json')).toBe('Colours and fruit.json');
    expect(comparisonExportName({ ...twoTurns(), customTitle: '' }, 'md')).toBe('Name a colour.md');
  });
});
