// Issue 14, items 13 and 15, through the real IPC layer: what enters main is checked at entry with a
// message a person can act on, and no input — however deep — makes `dispatch` throw.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { inputSchemas } from '../../../src-main/ipc/schemas/index.ts';
import { CONVERSATIONS_FOLDER } from '../../../src-main/services/conversation-store.ts';
import type { ConversationMessage } from '../../../src-preload/contract.ts';
import { compactionMarker, conversation, userMessage } from '../../support/conversation-fixtures.ts';
import { createTestLayer, type TestLayer, TRUSTED_SENDER } from '../../support/test-layer.ts';

let t: TestLayer;
beforeEach(() => {
  t = createTestLayer();
});
afterEach(() => t.close());

const BASE = { name: 'Work', baseUrl: 'https://gw.example.com' };

// Characters that look like nothing (or like a plain dash) in a key field, and then break the header.
const INVISIBLE: Array<[label: string, char: string, shown: RegExp]> = [
  ['a zero-width space', '\u200B', /U\+200B/],
  ['a non-breaking hyphen', '\u2011', /U\+2011/],
  ['a NUL', '\u0000', /U\+0000/],
  ['a lone surrogate', '\uD800', /U\+D800/],
  ['a no-break space', '\u00A0', /U\+00A0/],
  ['a letter outside ASCII', 'é', /U\+00E9/],
  ['a DEL', '\u007F', /U\+007F/],
];

describe('API keys: visible ASCII only, refused at entry (item 13)', () => {
  it.each(INVISIBLE)(
    'profiles.setKey refuses a key with %s, naming the character',
    async (_l, char, shown) => {
      const { profile } = await t.ok('profiles.create', BASE);
      const result = await t.call('profiles.setKey', { id: profile.id, apiKey: `sk-abc${char}def123` });
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.error.code).toBe('invalid_input');
      expect(result.error.message).toMatch(/API key/);
      expect(result.error.message).toMatch(shown);
      // Nothing was stored.
      expect((await t.ok('settings.get', undefined)).profiles[0]?.hasKey).toBe(false);
    },
  );

  it.each(INVISIBLE)('profiles.create refuses a key with %s and creates nothing', async (_l, char, shown) => {
    const result = await t.call('profiles.create', { ...BASE, apiKey: `sk-${char}abcdef` });
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: expect.stringMatching(shown) },
    });
    expect((await t.ok('settings.get', undefined)).profiles).toEqual([]);
  });

  it('still takes an ordinary key, surrounding whitespace trimmed', async () => {
    const { profile } = await t.ok('profiles.create', BASE);
    const saved = await t.ok('profiles.setKey', { id: profile.id, apiKey: '  sk-AZaz09_.~+/=-key  \n' });
    expect(saved.profile).toMatchObject({ hasKey: true, keyTail: '-key' });
  });
});

describe('extra header values: visible ASCII (and spaces between words), refused at entry (item 13)', () => {
  it.each(INVISIBLE)(
    'refuses a value with %s, naming the header and the character',
    async (_l, char, shown) => {
      const result = await t.call('profiles.create', {
        ...BASE,
        extraHeaders: { 'X-Team': `team${char}42` },
      });
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.error.code).toBe('invalid_input');
      expect(result.error.message).toMatch(/X-Team/);
      expect(result.error.message).toMatch(shown);
    },
  );

  it('refuses it on update too, and keeps the stored value', async () => {
    const stored = 'team-alpha-0042';
    const { profile } = await t.ok('profiles.create', { ...BASE, extraHeaders: { 'X-Team': stored } });
    const result = await t.call('profiles.update', {
      id: profile.id,
      fields: { ...BASE, extraHeaders: { 'X-Team': 'b\u200Bc' } },
    });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    // The window sees the value's tail only (item 12): still the stored value's.
    expect((await t.ok('settings.get', undefined)).profiles[0]?.extraHeaders).toEqual([
      { name: 'X-Team', hasValue: true, valueTail: stored.slice(-4) },
    ]);
  });

  it('accepts visible ASCII with spaces inside, and an empty value', async () => {
    const extraHeaders = { 'X-Client': 'studio/1.0 (desktop; build 7)', 'X-Empty': '' };
    const { profile } = await t.ok('profiles.create', { ...BASE, extraHeaders });
    // Names and tails only reach the window (item 12).
    expect(profile.extraHeaders).toEqual([
      { name: 'X-Client', hasValue: true, valueTail: 'd 7)' },
      { name: 'X-Empty', hasValue: false, valueTail: null },
    ]);
  });
});

/** A compaction whose replaced messages hold a compaction, `depth` times over (built without recursion). */
function nestedCompaction(depth: number): ConversationMessage {
  let message: ConversationMessage = userMessage('the first question');
  for (let level = 0; level < depth; level++) message = compactionMarker([message]);
  return message;
}

describe('dispatch never throws; recursive schemas have a depth cap (item 15)', () => {
  it('answers invalid_input for compactions nested a thousand deep instead of rejecting', async () => {
    const deep = conversation({ messages: [nestedCompaction(1_000)] });
    // structuredClone is what IPC does to the argument: a structure this deep survives it.
    const input = structuredClone({ conversation: deep });
    const result = await t.layer.dispatch(TRUSTED_SENDER, 'conversations.save', input);
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: expect.stringMatching(/nested/i) },
    });
  });

  it('answers even when checking the input throws (a schema bug is not a silent IPC rejection)', async () => {
    const spy = vi.spyOn(inputSchemas['profiles.setActive'], 'safeParse').mockImplementation(() => {
      throw new RangeError('Maximum call stack size exceeded');
    });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const result = await t.layer.dispatch(TRUSTED_SENDER, 'profiles.setActive', { id: 'x' });
      expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    } finally {
      spy.mockRestore();
      errors.mockRestore();
      warnings.mockRestore();
    }
  });

  it('just past the cap is refused at entry with a readable message', async () => {
    const result = await t.call('conversations.save', {
      conversation: conversation({ messages: [nestedCompaction(600)] }),
    });
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: expect.stringMatching(/nested/i) },
    });
  });

  it('still saves and reads back a conversation compacted many times over', async () => {
    const saved = conversation({ messages: [nestedCompaction(50), userMessage('after fifty compactions')] });
    await t.ok('conversations.save', { conversation: saved });
    expect((await t.ok('conversations.get', { id: saved.id })).messages).toEqual(saved.messages);
  });

  it('a file on disk nested that deep is moved aside and reported, not skipped silently', async () => {
    const dir = join(t.dataDir, CONVERSATIONS_FOLDER);
    mkdirSync(dir, { recursive: true });
    // Written as text: JSON.stringify itself cannot go this deep.
    const marker = JSON.stringify(compactionMarker([])).replace('"replaced":[]', '"replaced":[@]');
    const [before, after] = marker.split('@') as [string, string];
    const nested = `${before.repeat(5_000)}${JSON.stringify(userMessage('first'))}${after.repeat(5_000)}`;
    const shell = JSON.stringify({
      version: 1,
      conversation: conversation({ id: 'deep-file', messages: [] }),
    });
    writeFileSync(join(dir, 'deep-file.json'), shell.replace('"messages":[]', `"messages":[${nested}]`));
    const listed = await t.ok('conversations.list', {});
    expect(listed.conversations).toEqual([]);
    expect(listed.movedAside).toBe(1);
    expect(readdirSync(dir).some((name) => name.includes('corrupt'))).toBe(true);
  });
});
