// Issue 14, item 12: extra-header values (CF-Access-Client-Secret, proxy tokens, second keys) are secrets.
// They are stored sealed like the key, the window gets names and a masked tail only, and an edit that leaves
// a value alone keeps it without the window ever holding it.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSettingsService } from '../../../src-main/services/settings.ts';
import { createConfSettingsStore } from '../../support/conf-store.ts';
import { failure } from '../../support/expect-failure.ts';
import { createTestSecretBox, type TestSecretBox } from '../../support/test-secret-box.ts';

const KEY = 'sk-test-1234567890abcdefWXYZ';
/** A Cloudflare Access client secret is 64 hex characters. */
const ACCESS_SECRET = '5d1c9e0b7a4f42e8b1c3d6e9f0a2b4c6d8e0f1a3b5c7d9e1f2a4b6c8d0e2f3a9';
const PROXY_TOKEN = 'proxy-token-7Qm2xK9p';
const BASE = { name: 'Work', baseUrl: 'https://gw.example.com' };
const HEADERS = { 'CF-Access-Client-Secret': ACCESS_SECRET, 'X-Proxy-Token': PROXY_TOKEN, 'X-Team': 'blue' };

let dir: string;
let box: TestSecretBox;

const open = () =>
  createSettingsService({ directory: dir, secretBox: box, createStore: createConfSettingsStore });
const settingsPath = () => join(dir, 'settings.json');
const settingsFile = () => readFileSync(settingsPath(), 'utf8');

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gs-secret-headers-'));
  box = createTestSecretBox('os');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Every string the window could read about settings, as one text to search. */
const windowText = (settings: ReturnType<typeof open>) => JSON.stringify(settings.state());

describe('item 12: extra-header values are secrets', () => {
  it('settings.json holds no header value in clear, and the calls still send every value', () => {
    const settings = open();
    const { profile } = settings.createProfile({ ...BASE, apiKey: KEY, extraHeaders: HEADERS });
    const file = settingsFile();
    expect(file).not.toContain(ACCESS_SECRET);
    expect(file).not.toContain(PROXY_TOKEN);
    expect(file).not.toMatch(/"blue"/);
    expect(settings.credentials(profile.id).extraHeaders).toEqual(HEADERS);
  });

  it('the window gets the names and a masked tail only, never a value', () => {
    const settings = open();
    const { profile } = settings.createProfile({ ...BASE, apiKey: KEY, extraHeaders: HEADERS });
    expect(profile.extraHeaders).toEqual([
      // Long enough that four characters say little: shown to recognise the value.
      { name: 'CF-Access-Client-Secret', hasValue: true, valueTail: 'f3a9' },
      { name: 'X-Proxy-Token', hasValue: true, valueTail: 'xK9p' },
      // A short value would be half given away by a tail: dots only.
      { name: 'X-Team', hasValue: true, valueTail: null },
    ]);
    const text = windowText(settings);
    expect(text).not.toContain(ACCESS_SECRET.slice(0, 8));
    expect(text).not.toContain(PROXY_TOKEN.slice(0, 8));
    expect(text).not.toMatch(/"blue"/);
  });

  it('a value survives a restart, an unchanged edit, and a rename of its header', () => {
    const { profile } = open().createProfile({ ...BASE, apiKey: KEY, extraHeaders: HEADERS });
    const reopened = open();
    expect(reopened.credentials(profile.id).extraHeaders).toEqual(HEADERS);

    // What the form sends when the user edits the name only: every value kept by reference.
    const edited = reopened.updateProfile(profile.id, {
      name: 'Work (EU)',
      baseUrl: BASE.baseUrl,
      extraHeaders: {
        'CF-Access-Client-Secret': { keep: 'CF-Access-Client-Secret' },
        'X-Relay-Token': { keep: 'X-Proxy-Token' },
        'X-Team': { keep: 'X-Team' },
      },
    });
    expect(edited.profile.name).toBe('Work (EU)');
    expect(open().credentials(profile.id).extraHeaders).toEqual({
      'CF-Access-Client-Secret': ACCESS_SECRET,
      'X-Relay-Token': PROXY_TOKEN,
      'X-Team': 'blue',
    });
    expect(settingsFile()).not.toContain(PROXY_TOKEN);
  });

  it('an edit can replace a value and remove a header', () => {
    const settings = open();
    const { profile } = settings.createProfile({ ...BASE, apiKey: KEY, extraHeaders: HEADERS });
    settings.updateProfile(profile.id, {
      ...BASE,
      extraHeaders: { 'CF-Access-Client-Secret': 'replaced-secret-value-0042', 'X-Team': { keep: 'X-Team' } },
    });
    expect(open().credentials(profile.id).extraHeaders).toEqual({
      'CF-Access-Client-Secret': 'replaced-secret-value-0042',
      'X-Team': 'blue',
    });
    expect(settingsFile()).not.toContain('replaced-secret-value-0042');
  });

  it('stored values stay with their gateway: moving the profile to another host drops them and says so', () => {
    const settings = open();
    const { profile } = settings.createProfile({ ...BASE, apiKey: KEY, extraHeaders: HEADERS });
    // What a compromised window (or a careless edit) would send: another host, every value "kept".
    const moved = settings.updateProfile(profile.id, {
      name: 'Work',
      baseUrl: 'https://collector.example.net',
      extraHeaders: {
        'CF-Access-Client-Secret': { keep: 'CF-Access-Client-Secret' },
        'X-Proxy-Token': { keep: 'X-Proxy-Token' },
        // Typed in this very edit, for the new address: kept.
        'X-Team': 'red',
      },
    });
    expect(moved.warnings.join(' ')).toMatch(
      /“CF-Access-Client-Secret”, “X-Proxy-Token” were removed because the gateway address changed/,
    );
    settings.setKey(profile.id, KEY);
    expect(settings.credentials(profile.id).extraHeaders).toEqual({ 'X-Team': 'red' });
  });

  it('keeping a value that is not stored is refused, and nothing changes', () => {
    const settings = open();
    const { profile } = settings.createProfile({ ...BASE, apiKey: KEY, extraHeaders: HEADERS });
    const error = failure(() =>
      settings.updateProfile(profile.id, { ...BASE, extraHeaders: { 'X-New': { keep: 'X-Missing' } } }),
    );
    expect(error.code).toBe('invalid_input');
    expect(error.message).toMatch(/X-New/);
    expect(settings.credentials(profile.id).extraHeaders).toEqual(HEADERS);
  });

  it('a duplicated profile keeps the values, still sealed', () => {
    const settings = open();
    const { profile } = settings.createProfile({ ...BASE, apiKey: KEY, extraHeaders: HEADERS });
    const copy = settings.duplicateProfile(profile.id).profile;
    expect(open().credentials(copy.id).extraHeaders).toEqual(HEADERS);
    expect(settingsFile()).not.toContain(ACCESS_SECRET);
  });

  it('follows the key’s rules when the system cannot encrypt: refused, or stored only with consent', () => {
    box.setBackend('unavailable');
    const settings = open();
    expect(failure(() => settings.createProfile({ ...BASE, extraHeaders: HEADERS })).code).toBe(
      'encryption_unavailable',
    );
    box.setBackend('basic_text');
    expect(failure(() => settings.createProfile({ ...BASE, extraHeaders: HEADERS })).code).toBe(
      'plaintext_consent_required',
    );
    expect(settings.state().profiles).toEqual([]);
    settings.setPlaintextConsent(true);
    const { profile } = settings.createProfile({ ...BASE, apiKey: KEY, extraHeaders: HEADERS });
    expect(settingsFile()).not.toContain(ACCESS_SECRET);
    expect(settings.credentials(profile.id).extraHeaders).toEqual(HEADERS);
    // An empty value hides nothing, so it needs no encryption.
    box.setBackend('unavailable');
    expect(
      settings.createProfile({ ...BASE, name: 'Empty', extraHeaders: { 'X-Empty': '' } }).profile
        .extraHeaders,
    ).toEqual([{ name: 'X-Empty', hasValue: false, valueTail: null }]);
  });

  it('secretValues lists every key and every credential header value, for the scrubber', () => {
    const settings = open();
    settings.createProfile({ ...BASE, apiKey: KEY, extraHeaders: HEADERS });
    settings.createProfile({ ...BASE, name: 'Home', extraHeaders: { 'X-Empty': '' } });
    // `X-Team: blue` is stored sealed like the others, but is no credential: scrubbing it would hide the
    // word "blue" from every reply and file (issue14-secret-headers-ordinary.test.ts).
    expect(settings.secretValues().sort()).toEqual([ACCESS_SECRET, KEY, PROXY_TOKEN].sort());
  });
});

describe('item 12: values stored in clear by an older build', () => {
  /** A settings.json as builds before item 12 wrote it: version 1, header values in clear. */
  function writeOlderSettings(): string {
    const { profile } = open().createProfile({ ...BASE, apiKey: KEY });
    const file = JSON.parse(settingsFile()) as { profiles: Record<string, unknown>[] };
    const older = {
      version: 1,
      activeProfileId: profile.id,
      profiles: file.profiles.map((p) => {
        const { sealedHeaders: _sealed, ...rest } = p;
        return { ...rest, extraHeaders: HEADERS };
      }),
    };
    writeFileSync(settingsPath(), JSON.stringify(older));
    return profile.id;
  }

  it('are sealed when the file is opened, and nothing is lost', () => {
    const id = writeOlderSettings();
    const settings = open();
    expect(settingsFile()).not.toContain(ACCESS_SECRET);
    expect(settingsFile()).not.toContain(PROXY_TOKEN);
    expect(settings.credentials(id).extraHeaders).toEqual(HEADERS);
    expect(open().credentials(id).extraHeaders).toEqual(HEADERS);
    expect(windowText(settings)).not.toContain(ACCESS_SECRET.slice(0, 8));
  });

  it('do not stop the start when the keychain refuses to seal them, and stay usable', () => {
    const id = writeOlderSettings();
    const refusing = {
      ...box,
      encrypt: () => {
        throw new Error('The keychain is locked');
      },
    };
    const settings = createSettingsService({
      directory: dir,
      secretBox: refusing,
      createStore: createConfSettingsStore,
    });
    expect(settings.credentials(id).extraHeaders).toEqual(HEADERS);
    // Sealed at the next start with a keychain that answers.
    open();
    expect(settingsFile()).not.toContain(ACCESS_SECRET);
    expect(open().credentials(id).extraHeaders).toEqual(HEADERS);
  });

  it('stay usable while the system cannot encrypt, and are sealed once it can', () => {
    const id = writeOlderSettings();
    box.setBackend('basic_text');
    const before = open();
    // Not lost, not yet sealed: the user has not agreed to obfuscation-only storage.
    expect(before.credentials(id).extraHeaders).toEqual(HEADERS);
    expect(windowText(before)).not.toContain(ACCESS_SECRET.slice(0, 8));
    before.setPlaintextConsent(true);
    expect(settingsFile()).not.toContain(ACCESS_SECRET);
    expect(open().credentials(id).extraHeaders).toEqual(HEADERS);
  });
});
