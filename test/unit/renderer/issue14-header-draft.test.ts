// Issue 14, item 12, in the settings form: the form is built from what the window gets (names and tails),
// so it never holds a stored header value, and saving it keeps every value it did not replace. Checked
// against the real settings service, which is what answers the form's `profiles.update`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSettingsService, type SettingsService } from '../../../src-main/services/settings.ts';
import {
  draftFromProfile,
  fieldsFromDraft,
  isDraftChanged,
  type ProfileDraft,
} from '../../../src-renderer/src/panels/settings/profile-draft.ts';
import { createConfSettingsStore } from '../../support/conf-store.ts';
import { createTestSecretBox } from '../../support/test-secret-box.ts';

const ACCESS_SECRET = 'cf-access-secret-0123456789abcdef-f3a9';
const HEADERS = { 'CF-Access-Client-Secret': ACCESS_SECRET, 'X-Team': 'blue' };

let dir: string;
let settings: SettingsService;
let id: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gs-header-draft-'));
  settings = createSettingsService({
    directory: dir,
    secretBox: createTestSecretBox('os'),
    createStore: createConfSettingsStore,
  });
  id = settings.createProfile({
    name: 'Work',
    baseUrl: 'https://gw.example.com',
    apiKey: 'sk-test-key-0123456789',
    extraHeaders: HEADERS,
  }).profile.id;
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The form as it opens on the stored profile. */
const openForm = (): ProfileDraft => draftFromProfile(settings.state().profiles[0]!);
const save = (draft: ProfileDraft) => settings.updateProfile(id, fieldsFromDraft(draft));

describe('item 12: the profile form and stored header values', () => {
  it('opens with the header names and no value, and counts as unchanged', () => {
    const draft = openForm();
    expect(draft.extraHeaders.map((row) => [row.name, row.value])).toEqual([
      ['CF-Access-Client-Secret', ''],
      ['X-Team', ''],
    ]);
    expect(JSON.stringify(draft)).not.toContain(ACCESS_SECRET.slice(0, 8));
    expect(isDraftChanged(draft, settings.state().profiles[0]!)).toBe(false);
  });

  it('saving another field keeps every value; renaming a header keeps its value', () => {
    const draft = openForm();
    const [secretRow, teamRow] = draft.extraHeaders;
    save({
      ...draft,
      name: 'Work (EU)',
      extraHeaders: [secretRow!, { ...teamRow!, name: 'X-Squad' }],
    });
    expect(settings.credentials(id).extraHeaders).toEqual({
      'CF-Access-Client-Secret': ACCESS_SECRET,
      'X-Squad': 'blue',
    });
  });

  it('a value typed over a stored one replaces it; a removed row removes the header', () => {
    const draft = openForm();
    const [secretRow] = draft.extraHeaders;
    const edited = { ...draft, extraHeaders: [{ ...secretRow!, value: ' new-secret-value-0042 ' }] };
    expect(isDraftChanged(edited, settings.state().profiles[0]!)).toBe(true);
    save(edited);
    expect(settings.credentials(id).extraHeaders).toEqual({
      'CF-Access-Client-Secret': 'new-secret-value-0042',
    });
  });
});
