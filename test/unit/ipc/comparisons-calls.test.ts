// Saved comparisons (issue 17) through the real IPC layer (choke point → schemas → handlers → store), with
// a real temp data folder and recorded dialogs: saved beside the conversations, listed as comparisons,
// searched in every column, renamed, deleted with their inspector records, exported; and refused when they
// break the rule (2–4 columns, unique column ids).
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SaveDialogRequest } from '../../../src-main/ipc/types.ts';
import type { Comparison, Conversation } from '../../../src-preload/contract.ts';
import { startFakeGateway } from '../../fake-gateway/server.ts';
import type { FakeGateway } from '../../fake-gateway/types.ts';
import { assistantMessage, conversation, userMessage } from '../../support/conversation-fixtures.ts';
import { keepReplyRecord } from '../../support/kept-records.ts';
import { createTestLayer, type TestLayer } from '../../support/test-layer.ts';

let t: TestLayer;
let gateway: FakeGateway;

beforeAll(async () => {
  gateway = await startFakeGateway({ eventDelayMs: 0 });
});
afterAll(() => gateway.close());
let home: string;
let saveAnswer: string | null;
let saveRequests: SaveDialogRequest[];

beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'gs-compare-'));
  saveAnswer = null;
  saveRequests = [];
  t = createTestLayer({
    overrides: {
      dialogs: {
        open: async () => null,
        save: async (request) => {
          saveRequests.push(request);
          return saveAnswer;
        },
      },
    },
  });
});
afterEach(async () => {
  await t.close();
  rmSync(home, { recursive: true, force: true });
});

const folder = () => join(t.dataDir, 'conversations');

/** A column answering the shared prompt in its own way. */
function column(id: string, extra: Partial<Conversation>, reply: string): Conversation {
  return conversation({
    id,
    messages: [
      userMessage('Name a colour', { id: `${id}-u1` }),
      assistantMessage(reply, {
        id: `${id}-a1`,
        format: extra.format ?? 'responses',
        model: extra.model ?? 'm',
      }),
    ],
    ...extra,
  });
}

function comparison(extra: Partial<Comparison> = {}): Comparison {
  return {
    id: 'cmp-1',
    customTitle: '',
    createdAt: '2025-06-01T09:00:00.000Z',
    updatedAt: '2025-06-01T09:00:00.000Z',
    columns: [
      column('col-a', { format: 'responses', model: 'gpt-5-mini' }, 'Turquoise'),
      column('col-b', { format: 'chat', model: 'gpt-4o-mini', profileId: 'p-2' }, 'Vermilion'),
      column('col-c', { format: 'content', model: 'gemini-2.5-flash' }, 'Ochre'),
    ],
    ...extra,
  };
}

describe('a saved comparison', () => {
  it('opens as saved (profiles kept), is listed as a comparison with its columns beside the conversations', async () => {
    const saved = comparison();
    const plain = await t.ok('conversations.save', {
      conversation: conversation({ id: 'conv-1', profileId: 'p-9' }),
    });
    const summary = await t.ok('comparisons.save', { comparison: saved });
    expect(summary).toMatchObject({
      id: 'cmp-1',
      kind: 'comparison',
      title: 'Name a colour',
      format: 'responses',
      model: 'gpt-5-mini',
      messageCount: 1,
      columns: [
        { format: 'responses', model: 'gpt-5-mini' },
        { format: 'chat', model: 'gpt-4o-mini' },
        { format: 'content', model: 'gemini-2.5-flash' },
      ],
    });
    expect(plain.kind).toBe('conversation');

    const opened = await t.ok('comparisons.get', { id: 'cmp-1' });
    expect(opened).toEqual({ ...saved, updatedAt: summary.updatedAt });
    expect(opened.columns[1]!.profileId).toBe('p-2');
    expect((await t.ok('conversations.get', { id: 'conv-1' })).profileId).toBe('p-9');

    const { conversations } = await t.ok('conversations.list', {});
    expect(conversations.map((c) => [c.id, c.kind])).toEqual(
      expect.arrayContaining([
        ['cmp-1', 'comparison'],
        ['conv-1', 'conversation'],
      ]),
    );
    expect(conversations).toHaveLength(2);
  });

  it('is found by the text of any column and by its title', async () => {
    await t.ok('comparisons.save', { comparison: comparison() });
    await t.ok('conversations.save', { conversation: conversation({ id: 'conv-1' }) });
    for (const query of ['vermilion', 'OCHRE', 'turquoise', 'name a colour']) {
      const { conversations } = await t.ok('conversations.list', { query });
      expect(conversations.map((c) => c.id)).toEqual(['cmp-1']);
    }
    await t.ok('conversations.rename', { id: 'cmp-1', title: 'Palette  test' });
    expect((await t.ok('conversations.list', { query: 'palette' })).conversations.map((c) => c.id)).toEqual([
      'cmp-1',
    ]);
    expect((await t.ok('conversations.list', { query: 'magenta' })).conversations).toEqual([]);
  });

  it('is renamed (its time kept) and back to the derived title with an empty one', async () => {
    const first = await t.ok('comparisons.save', { comparison: comparison() });
    const renamed = await t.ok('conversations.rename', { id: 'cmp-1', title: 'Colours' });
    expect(renamed).toMatchObject({ kind: 'comparison', title: 'Colours', updatedAt: first.updatedAt });
    expect((await t.ok('comparisons.get', { id: 'cmp-1' })).customTitle).toBe('Colours');
    expect((await t.ok('conversations.rename', { id: 'cmp-1', title: '' })).title).toBe('Name a colour');
  });

  it('keeps its columns’ inspector records under its id, and deletes them with it', async () => {
    await t.ok('comparisons.save', { comparison: comparison() });
    // A column's reply names its comparison as the place for its record.
    const { kept, detailBytes } = await keepReplyRecord(t, gateway, 'cmp-1', 'col-b-a1');
    expect(kept).toBe(true);
    expect(detailBytes).toBeGreaterThan(0);
    const { detail } = await t.ok('conversations.detail', { id: 'cmp-1', messageId: 'col-b-a1' });
    expect(detail).toMatchObject({ request: { url: `${gateway.baseUrl}/v1/responses` } });
    // A save of the comparison keeps the records of replies any column still has.
    await t.ok('comparisons.save', { comparison: comparison() });
    expect(await t.ok('conversations.detail', { id: 'cmp-1', messageId: 'col-b-a1' })).toEqual({ detail });
    const listed = (await t.ok('conversations.list', {})).conversations[0]!;
    expect(listed.detailBytes).toBe(detailBytes);

    expect(await t.ok('conversations.delete', { id: 'cmp-1' })).toEqual({ deleted: true });
    expect((await t.ok('conversations.list', {})).conversations).toEqual([]);
    expect(await t.ok('conversations.detail', { id: 'cmp-1', messageId: 'col-b-a1' })).toEqual({
      detail: null,
    });
    expect(existsSync(join(folder(), 'cmp-1.json'))).toBe(false);
    // A late save of a column still streaming does not bring it back.
    expect(await t.call('comparisons.save', { comparison: comparison() })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
  });

  it('copies a column’s records to the conversation it is continued as, only for messages it holds', async () => {
    await t.ok('comparisons.save', { comparison: comparison() });
    await keepReplyRecord(t, gateway, 'cmp-1', 'col-b-a1');
    await keepReplyRecord(t, gateway, 'cmp-1', 'col-a-a1');
    const { detail } = await t.ok('conversations.detail', { id: 'cmp-1', messageId: 'col-b-a1' });
    // "Continue with this one": column b as a conversation of its own, its messages' ids kept.
    const continued = { ...comparison().columns[1]!, id: 'conv-continued' };
    const saved = await t.ok('conversations.save', { conversation: continued });
    expect(saved.detailBytes).toBe(0);
    const { detailBytes } = await t.ok('conversations.copyDetail', { from: 'cmp-1', to: 'conv-continued' });
    expect(detailBytes).toBeGreaterThan(0);
    expect(await t.ok('conversations.detail', { id: 'conv-continued', messageId: 'col-b-a1' })).toEqual({
      detail,
    });
    // Column a's record is not the conversation's: it holds no such message.
    expect(await t.ok('conversations.detail', { id: 'conv-continued', messageId: 'col-a-a1' })).toEqual({
      detail: null,
    });
    // The comparison keeps its own; the conversation's records are its own from now on.
    expect(await t.ok('conversations.detail', { id: 'cmp-1', messageId: 'col-b-a1' })).toEqual({ detail });
    expect(
      (await t.ok('conversations.list', {})).conversations.find((c) => c.id === 'conv-continued'),
    ).toMatchObject({ detailBytes });
  });

  it('copies records only from a comparison, to a saved conversation', async () => {
    await t.ok('comparisons.save', { comparison: comparison() });
    await t.ok('conversations.save', { conversation: conversation({ id: 'conv-1' }) });
    const refused = async (from: string, to: string) =>
      expect(await t.call('conversations.copyDetail', { from, to })).toMatchObject({
        ok: false,
        error: { code: 'not_found' },
      });
    await refused('conv-1', 'conv-1');
    await refused('cmp-1', 'cmp-1');
    await refused('cmp-1', 'conv-unsaved');
    await refused('cmp-gone', 'conv-1');
    expect(await t.call('conversations.copyDetail', { from: '../cmp-1', to: 'conv-1' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
  });

  it('does not open as a conversation, nor a conversation as a comparison', async () => {
    await t.ok('comparisons.save', { comparison: comparison() });
    await t.ok('conversations.save', { conversation: conversation({ id: 'conv-1' }) });
    expect(await t.call('conversations.get', { id: 'cmp-1' })).toEqual({
      ok: false,
      error: {
        code: 'not_found',
        message: 'This is a comparison, not a conversation.',
        hint: 'Open it from the list as a comparison.',
      },
    });
    expect(await t.call('comparisons.get', { id: 'conv-1' })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    expect(await t.call('comparisons.get', { id: 'nothing' })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
  });

  it('leaves a newer build’s comparison alone and moves a damaged one aside', async () => {
    mkdirSync(folder(), { recursive: true });
    writeFileSync(join(folder(), 'future.json'), JSON.stringify({ version: 9, comparison: {} }));
    // One column only: not a comparison this build (or any) writes.
    const broken = {
      version: 3,
      comparison: { ...comparison({ id: 'broken' }), columns: [comparison().columns[0]] },
    };
    writeFileSync(join(folder(), 'broken.json'), JSON.stringify(broken));
    const kept = await t.ok('comparisons.save', { comparison: comparison() });

    expect(await t.ok('conversations.list', {})).toEqual({ conversations: [kept], total: 1, movedAside: 1 });
    const files = readdirSync(folder());
    expect(files).toContain('future.json');
    expect(files.some((name) => name.startsWith('broken.json.corrupt-'))).toBe(true);
    expect(await t.call('comparisons.get', { id: 'future' })).toMatchObject({
      ok: false,
      error: { code: 'file_error', message: expect.stringMatching(/newer version/) },
    });
  });

  it('is written in a version builds before comparisons leave alone', async () => {
    await t.ok('comparisons.save', { comparison: comparison() });
    const file = JSON.parse(readFileSync(join(folder(), 'cmp-1.json'), 'utf8'));
    // Those builds read versions 1 and 2, and leave a file of a higher version alone.
    expect(file.version).toBeGreaterThan(2);
    expect(file.comparison.columns).toHaveLength(3);
  });
});

describe('a comparison that breaks the rule is refused, nothing written', () => {
  const cases: Array<[string, Comparison]> = [
    ['one column', comparison({ columns: comparison().columns.slice(0, 1) })],
    [
      'five columns',
      comparison({
        columns: ['1', '2', '3', '4', '5'].map((id) => column(`c${id}`, {}, 'x')),
      }),
    ],
    ['two columns with one id', comparison({ columns: [column('same', {}, 'x'), column('same', {}, 'y')] })],
    [
      'a column with a bad profile id',
      comparison({ columns: [column('a', { profileId: '' }, 'x'), column('b', {}, 'y')] }),
    ],
    ['an id that names a path', comparison({ id: '../x' })],
  ];
  it.each(cases)('%s', async (_, bad) => {
    expect(await t.call('comparisons.save', { comparison: bad })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
    expect(existsSync(folder()) ? readdirSync(folder()) : []).toEqual([]);
  });
});

describe('exporting a comparison', () => {
  it('writes Markdown and JSON with every column, naming profiles by name and never a key', async () => {
    const created = await t.ok('profiles.create', {
      name: 'Staging gateway',
      baseUrl: 'http://127.0.0.1:9',
      apiKey: 'sk-secret-staging-key',
    });
    const saved = comparison();
    saved.columns[1] = { ...saved.columns[1]!, profileId: created.profile.id };
    await t.ok('comparisons.save', { comparison: saved });

    saveAnswer = join(home, 'out.md');
    expect(await t.ok('conversations.export', { id: 'cmp-1', format: 'md' })).toEqual({ path: saveAnswer });
    expect(saveRequests[0]).toMatchObject({ title: 'Export comparison', defaultName: 'Name a colour.md' });
    const markdown = readFileSync(saveAnswer, 'utf8');
    expect(markdown).toContain('Column 2 · Chat Completions · gpt-4o-mini');
    expect(markdown).toContain('- Profile: Staging gateway');
    for (const reply of ['Turquoise', 'Vermilion', 'Ochre']) expect(markdown).toContain(reply);
    expect(markdown).not.toContain('sk-secret-staging-key');

    saveAnswer = join(home, 'out.json');
    await t.ok('conversations.export', { id: 'cmp-1', format: 'json' });
    const json = JSON.parse(readFileSync(saveAnswer, 'utf8'));
    expect(json.comparison.columns.map((c: { profileName: string }) => c.profileName)).toEqual([
      'Staging gateway', // the active profile: the only one
      'Staging gateway',
      'Staging gateway',
    ]);
    expect(JSON.stringify(json)).not.toContain('sk-secret-staging-key');
  });
});
