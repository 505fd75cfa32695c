import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { normaliseBaseUrl } from '../../../src-main/services/base-url.ts';
import { createSettingsService } from '../../../src-main/services/settings.ts';
import { createConfSettingsStore } from '../../support/conf-store.ts';
import { failure } from '../../support/expect-failure.ts';
import { createTestSecretBox, type TestSecretBox } from '../../support/test-secret-box.ts';

const KEY = 'sk-test-1234567890abcdefWXYZ';

let dir: string;
let box: TestSecretBox;

const open = () =>
  createSettingsService({ directory: dir, secretBox: box, createStore: createConfSettingsStore });
const settingsFile = () => readFileSync(join(dir, 'settings.json'), 'utf8');

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gs-settings-'));
  box = createTestSecretBox('os');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('keys', () => {
  it('stores only ciphertext and gives the renderer hasKey and the last four characters', () => {
    const settings = open();
    const { profile } = settings.createProfile({
      name: 'Work',
      baseUrl: 'https://gw.example.com',
      apiKey: KEY,
    });
    expect(profile).toMatchObject({ hasKey: true, keyTail: 'WXYZ', keyStorage: 'os' });
    expect(JSON.stringify(settings.state())).not.toContain(KEY);
    expect(settingsFile()).not.toContain(KEY);
    expect(settingsFile()).toContain('keyCipher');
    expect(settings.credentials(profile.id).apiKey).toBe(KEY);
  });

  it('survives a restart: a new service over the same folder decrypts the key', () => {
    const { profile } = open().createProfile({
      name: 'Work',
      baseUrl: 'https://gw.example.com',
      apiKey: KEY,
    });
    expect(open().credentials(profile.id).apiKey).toBe(KEY);
  });

  it('asks for consent before storing a key with the basic_text backend, and stores nothing before', () => {
    box.setBackend('basic_text');
    const settings = open();
    const error = failure(() =>
      settings.createProfile({ name: 'Work', baseUrl: 'https://gw.example.com', apiKey: KEY }),
    );
    expect(error.code).toBe('plaintext_consent_required');
    expect(error.message).toMatch(/obfuscated, not encrypted/);
    expect(settings.state().profiles).toHaveLength(0);

    expect(settings.setPlaintextConsent(true).encryption).toEqual({
      backend: 'basic_text',
      plaintextConsent: true,
    });
    const { profile } = settings.createProfile({
      name: 'Work',
      baseUrl: 'https://gw.example.com',
      apiKey: KEY,
    });
    expect(profile.keyStorage).toBe('basic_text');
    expect(settingsFile()).not.toContain(KEY);
  });

  it('refuses to store a key when no encryption exists at all', () => {
    box.setBackend('unavailable');
    const settings = open();
    const { profile } = settings.createProfile({ name: 'Work', baseUrl: 'https://gw.example.com' });
    expect(failure(() => settings.setKey(profile.id, KEY)).code).toBe('encryption_unavailable');
    expect(settings.state().profiles[0]?.hasKey).toBe(false);
  });

  it('replaces and removes a key; a profile without a key cannot be used for calls', () => {
    const settings = open();
    const { profile } = settings.createProfile({
      name: 'Work',
      baseUrl: 'https://gw.example.com',
      apiKey: KEY,
    });
    expect(settings.setKey(profile.id, '  sk-other-key-9876  ').profile.keyTail).toBe('9876');
    expect(settings.credentials(profile.id).apiKey).toBe('sk-other-key-9876');
    expect(settings.removeKey(profile.id).profile).toMatchObject({ hasKey: false, keyTail: null });
    expect(failure(() => settings.credentials(profile.id)).code).toBe('no_key');
  });

  it('drops the key when the profile moves to another host, and keeps it for a path change', () => {
    const settings = open();
    const { profile } = settings.createProfile({
      name: 'Work',
      baseUrl: 'https://gw.example.com',
      apiKey: KEY,
    });
    const samePlace = settings.updateProfile(profile.id, {
      name: 'Work',
      baseUrl: 'https://gw.example.com/api/v1',
    });
    expect(samePlace.profile).toMatchObject({ baseUrl: 'https://gw.example.com/api', hasKey: true });
    expect(samePlace.warnings).toEqual([]);

    const moved = settings.updateProfile(profile.id, {
      name: 'Work',
      baseUrl: 'https://attacker.example.net',
    });
    expect(moved.profile).toMatchObject({ hasKey: false, keyTail: null });
    expect(moved.warnings.join(' ')).toMatch(/key was removed because the gateway address changed/);
    expect(failure(() => settings.credentials(profile.id)).code).toBe('no_key');
  });

  it('rejects keys with spaces inside and empty keys', () => {
    const settings = open();
    const { profile } = settings.createProfile({ name: 'Work', baseUrl: 'https://gw.example.com' });
    expect(failure(() => settings.setKey(profile.id, 'sk-a b')).code).toBe('invalid_input');
    expect(failure(() => settings.setKey(profile.id, '   ')).code).toBe('invalid_input');
  });

  it('reports an undecryptable key as missing, with a hint to enter it again', () => {
    const { profile } = open().createProfile({
      name: 'Work',
      baseUrl: 'https://gw.example.com',
      apiKey: KEY,
    });
    box = createTestSecretBox('os'); // a different keychain key: the old ciphertext no longer opens
    const error = failure(() => open().credentials(profile.id));
    expect(error.code).toBe('no_key');
    expect(error.hint).toMatch(/Enter the key again/);
  });
});

describe('profiles', () => {
  it('makes the first profile active, switches, duplicates and deletes', () => {
    const settings = open();
    const a = settings.createProfile({ name: 'A', baseUrl: 'https://a.example.com', apiKey: KEY }).profile;
    const b = settings.createProfile({ name: 'B', baseUrl: 'https://b.example.com' }).profile;
    expect(settings.state().activeProfileId).toBe(a.id);
    expect(settings.setActive(b.id).activeProfileId).toBe(b.id);

    const copy = settings.duplicateProfile(a.id).profile;
    expect(copy).toMatchObject({ name: 'A copy', baseUrl: a.baseUrl, hasKey: true, keyTail: 'WXYZ' });
    expect(copy.id).not.toBe(a.id);
    expect(settings.duplicateProfile(a.id).profile.name).toBe('A copy 2');

    const afterDelete = settings.deleteProfile(b.id);
    expect(afterDelete.profiles.map((p) => p.name)).toEqual(['A', 'A copy', 'A copy 2']);
    expect(afterDelete.activeProfileId).toBe(a.id);
  });

  it('keeps profile names short enough to show', () => {
    const error = failure(() =>
      open().createProfile({ name: 'x'.repeat(61), baseUrl: 'https://a.example.com' }),
    );
    expect(error).toMatchObject({ code: 'invalid_input', message: 'Keep the name under 60 characters.' });
  });

  it('answers not_found for an unknown profile id', () => {
    expect(failure(() => open().setActive('nope')).code).toBe('not_found');
  });

  it('says no profile exists when a call needs one', () => {
    const error = failure(() => open().credentials());
    expect(error.code).toBe('no_profile');
    expect(error.hint).toMatch(/Settings/);
  });

  it('validates headers: names, reserved names, line breaks', () => {
    const settings = open();
    const base = { name: 'A', baseUrl: 'https://a.example.com' };
    expect(failure(() => settings.createProfile({ ...base, vendorKeyHeader: 'bad header' })).code).toBe(
      'invalid_input',
    );
    expect(
      failure(() => settings.createProfile({ ...base, extraHeaders: { Authorization: 'x' } })).message,
    ).toMatch(/cannot be overridden/);
    expect(
      failure(() => settings.createProfile({ ...base, extraHeaders: { 'X-A': 'a\r\nb' } })).message,
    ).toMatch(/line break/);
    expect(
      failure(() => settings.createProfile({ ...base, extraHeaders: { 'X-Goog-Api-Key': 'second-key' } }))
        .message,
    ).toMatch(/cannot be overridden/);
    const ok = settings.createProfile({
      ...base,
      vendorKeyHeader: 'x-goog-api-key',
      extraHeaders: { 'X-Team': 'blue' },
    });
    expect(ok.profile).toMatchObject({
      vendorKeyHeader: 'x-goog-api-key',
      extraHeaders: [{ name: 'X-Team', hasValue: true, valueTail: null }],
    });
  });

  it('defaults the /v1beta header and the upload limit, and bounds the limit', () => {
    const settings = open();
    const { profile } = settings.createProfile({ name: 'A', baseUrl: 'https://a.example.com' });
    expect(profile).toMatchObject({ vendorKeyHeader: 'x-vendor-api-key', uploadLimitMb: 25 });
    expect(
      failure(() =>
        settings.updateProfile(profile.id, { name: 'A', baseUrl: 'https://a.example.com', uploadLimitMb: 0 }),
      ).code,
    ).toBe('invalid_input');
  });
});

describe('base URL', () => {
  it.each([
    ['https://gw.example.com/', 'https://gw.example.com'],
    ['https://gw.example.com/v1', 'https://gw.example.com'],
    ['https://gw.example.com/v1/', 'https://gw.example.com'],
    ['https://gw.example.com/v1beta', 'https://gw.example.com'],
    [' https://gw.example.com/api/v1// ', 'https://gw.example.com/api'],
    ['http://localhost:3000/v1', 'http://localhost:3000'],
  ])('normalises %s to %s', (input, expected) => {
    expect(normaliseBaseUrl(input).url).toBe(expected);
  });

  it('warns about plain http to a non-local host, not to a local one', () => {
    expect(normaliseBaseUrl('http://gw.example.com').warnings[0]).toMatch(/unencrypted/);
    expect(normaliseBaseUrl('http://127.0.0.1:8787').warnings).toEqual([]);
    expect(normaliseBaseUrl('https://gw.example.com').warnings).toEqual([]);
  });

  it.each([
    '',
    'gw.example.com',
    'ftp://gw.example.com',
    'https://user:pw@gw.example.com',
    'https://gw.example.com/?a=1',
  ])('rejects %j with a readable message', (input) => {
    const error = failure(() => normaliseBaseUrl(input));
    expect(error.code).toBe('invalid_input');
    expect(error.message.length).toBeGreaterThan(10);
  });

  it('saves the normalised form and passes warnings back', () => {
    const saved = open().createProfile({ name: 'A', baseUrl: 'http://gw.example.com/v1/' });
    expect(saved.profile.baseUrl).toBe('http://gw.example.com');
    expect(saved.warnings).toHaveLength(1);
  });
});

describe('a corrupt settings file', () => {
  it('is moved aside and reported, and the app starts with defaults', () => {
    writeFileSync(join(dir, 'settings.json'), '{"profiles": [ {"id": "half-written');
    const settings = open();
    const state = settings.state();
    expect(state.profiles).toEqual([]);
    expect(state.notices).toHaveLength(1);
    expect(state.notices[0]?.message).toMatch(/could not be read.*not valid JSON/);
    const aside = readdirSync(dir).filter((f) => f.startsWith('settings.corrupt-'));
    expect(aside).toHaveLength(1);
    expect(readFileSync(join(dir, aside[0]!), 'utf8')).toContain('half-written');

    // Still usable, and the notice can be dismissed.
    settings.createProfile({ name: 'A', baseUrl: 'https://a.example.com' });
    expect(settings.dismissNotice(state.notices[0]!.id).notices).toEqual([]);
  });

  it('is also moved aside when it is JSON of the wrong shape', () => {
    writeFileSync(join(dir, 'settings.json'), JSON.stringify({ profiles: 'not a list' }));
    expect(open().state().notices[0]?.message).toMatch(/expected format/);
  });
});
