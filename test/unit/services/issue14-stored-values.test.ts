// Issue 14, item 13: a key or header value stored before the entry rules existed is named as the field to
// fix when it is about to be used, instead of failing later inside header building.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSettingsService } from '../../../src-main/services/settings.ts';
import { createConfSettingsStore } from '../../support/conf-store.ts';
import { failure } from '../../support/expect-failure.ts';
import { createTestSecretBox, type TestSecretBox } from '../../support/test-secret-box.ts';

let dir: string;
let box: TestSecretBox;
const open = () =>
  createSettingsService({ directory: dir, secretBox: box, createStore: createConfSettingsStore });

/** Rewrites the stored profile as an older build could have written it. */
function tamper(change: (profile: Record<string, unknown>) => void): void {
  const path = join(dir, 'settings.json');
  const file = JSON.parse(readFileSync(path, 'utf8'));
  change(file.profiles[0]);
  writeFileSync(path, JSON.stringify(file));
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gs-stored-'));
  box = createTestSecretBox('os');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('credentials() checks what was stored before the rules', () => {
  it('a stored key with a zero-width space: no_key, naming the character, not the key', () => {
    const { profile } = open().createProfile({
      name: 'Old',
      baseUrl: 'https://gw.example.com',
      apiKey: 'sk-good-1234',
    });
    tamper((p) => {
      p.keyCipher = box.encrypt('sk-bad\u200Bsecret');
    });
    const error = failure(() => open().credentials(profile.id));
    expect(error.code).toBe('no_key');
    expect(error.message).toMatch(/U\+200B/);
    expect(error.message).not.toContain('secret');
  });

  it('a stored header value with a non-breaking hyphen: invalid_input, naming the header', () => {
    const { profile } = open().createProfile({
      name: 'Old',
      baseUrl: 'https://gw.example.com',
      apiKey: 'sk-good-1234',
    });
    tamper((p) => {
      p.extraHeaders = { 'X-Team': 'a\u2011b' };
    });
    const error = failure(() => open().credentials(profile.id));
    expect(error.code).toBe('invalid_input');
    expect(error.message).toMatch(/X-Team.*U\+2011/);
  });

  it('a clean profile still hands out its key', () => {
    const { profile } = open().createProfile({
      name: 'New',
      baseUrl: 'https://gw.example.com',
      apiKey: 'sk-good-1234',
    });
    expect(open().credentials(profile.id).apiKey).toBe('sk-good-1234');
  });
});
