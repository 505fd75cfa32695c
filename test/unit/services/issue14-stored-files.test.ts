// Issue 14, items 11, 19 and 18: files written by a newer build are left untouched and opened read-only;
// damaged files are reported, not only moved aside; oversized files are set aside before they are read.
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
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HandlerServices } from '../../../src-main/ipc/handlers/index.ts';
import { createPrefsHandlers } from '../../../src-main/ipc/handlers/prefs.ts';
import { createConversationStore } from '../../../src-main/services/conversation-store.ts';
import { createPrefsService } from '../../../src-main/services/prefs.ts';
import { createSettingsService, FORMAT_VERSION } from '../../../src-main/services/settings.ts';
import { createSpeechStudio } from '../../../src-main/services/speech-studio.ts';
import { createTranscriptHistory } from '../../../src-main/services/transcript-history.ts';
import { DEFAULT_PREFS, type Notice } from '../../../src-preload/contract.ts';
import { createConfSettingsStore } from '../../support/conf-store.ts';
import { conversation, userMessage } from '../../support/conversation-fixtures.ts';
import { failure } from '../../support/expect-failure.ts';
import { createTestSecretBox, type TestSecretBox } from '../../support/test-secret-box.ts';

const KEY = 'sk-test-1234567890abcdefWXYZ';

let dir: string;
let box: TestSecretBox;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gs-issue14-files-'));
  box = createTestSecretBox('os');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const openSettings = () =>
  createSettingsService({ directory: dir, secretBox: box, createStore: createConfSettingsStore });
const settingsPath = () => join(dir, 'settings.json');

/** A settings file as a later build might write it: a higher version, fields this build does not know. */
function writeNewerSettings(): { text: string; id: string } {
  const { profile } = openSettings().createProfile({
    name: 'Work',
    baseUrl: 'https://gw.example.com',
    apiKey: KEY,
  });
  const file = JSON.parse(readFileSync(settingsPath(), 'utf8')) as Record<string, unknown>;
  const profiles = file.profiles as Record<string, unknown>[];
  const text = JSON.stringify({
    ...file,
    version: FORMAT_VERSION + 1,
    theme: 'dark',
    profiles: [
      { ...profiles[0], region: 'eu' },
      // A profile in a shape this build cannot read: left out of the view, kept in the file.
      { id: 'future', name: 'Future', auth: { kind: 'oauth' } },
    ],
  });
  writeFileSync(settingsPath(), text);
  return { text, id: profile.id };
}

describe('item 11: a settings file written by a newer build', () => {
  it('is opened read-only: not moved aside, readable profiles shown, a notice says why', () => {
    const { text, id } = writeNewerSettings();
    const settings = openSettings();
    const state = settings.state();
    expect(readdirSync(dir).filter((f) => f.includes('corrupt'))).toEqual([]);
    expect(state.profiles.map((p) => p.id)).toEqual([id]);
    expect(state.activeProfileId).toBe(id);
    expect(state.notices).toHaveLength(1);
    expect(state.notices[0]?.message).toMatch(/newer version of Gateway Studio/);
    expect(state.notices[0]?.message).toMatch(/untouched/);
    // Reading is not writing: the key of a profile it can read still works.
    expect(settings.credentials(id).apiKey).toBe(KEY);
    expect(readFileSync(settingsPath(), 'utf8')).toBe(text);
  });

  it('refuses every change with a clear message, and leaves the file byte for byte as it was', () => {
    const { text, id } = writeNewerSettings();
    const settings = openSettings();
    const attempts: (() => unknown)[] = [
      () => settings.createProfile({ name: 'Home', baseUrl: 'https://home.example.com' }),
      () => settings.updateProfile(id, { name: 'Renamed', baseUrl: 'https://gw.example.com' }),
      () => settings.duplicateProfile(id),
      () => settings.deleteProfile(id),
      () => settings.setActive(id),
      () => settings.setKey(id, KEY),
      () => settings.removeKey(id),
      () => settings.setPlaintextConsent(true),
    ];
    for (const attempt of attempts) {
      const error = failure(attempt);
      expect(error.code).toBe('file_error');
      expect(error.message).toMatch(/newer version of Gateway Studio/);
      expect(error.toAppError().hint).toMatch(/Update Gateway Studio/);
    }
    // A notice can still be dismissed: that changes nothing on disk.
    const notice = settings.state().notices[0]!;
    expect(settings.dismissNotice(notice.id).notices).toEqual([]);
    expect(readFileSync(settingsPath(), 'utf8')).toBe(text);
    expect(readdirSync(dir).sort()).toEqual(['settings.json']);
  });

  it('shows no profiles when none is in a shape this build can read, and still starts', () => {
    writeFileSync(settingsPath(), JSON.stringify({ version: 7, profiles: 'elsewhere now' }));
    const state = openSettings().state();
    expect(state.profiles).toEqual([]);
    expect(state.activeProfileId).toBeNull();
    expect(state.notices[0]?.message).toMatch(/newer version/);
    expect(existsSync(settingsPath())).toBe(true);
  });
});

describe('item 19: prefs and transcripts tell the user, and prefs of a newer build are not rewritten', () => {
  const at = () => new Date('2025-04-05T06:07:08.009Z');
  const prefsPath = () => join(dir, 'prefs.json');

  it('a damaged prefs file is moved aside and reported', async () => {
    writeFileSync(prefsPath(), '{"version":1,');
    const notices: Notice[] = [];
    const prefs = createPrefsService({ dataDir: dir, now: at, onNotice: (n) => notices.push(n) });
    expect(await prefs.get()).toEqual(DEFAULT_PREFS);
    expect(readdirSync(dir)).toEqual(['prefs.json.corrupt-2025-04-05T06-07-08-009Z']);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ level: 'warning' });
    expect(notices[0]?.message).toMatch(/could not be read.*defaults are used/);
    expect(notices[0]?.message).toContain('prefs.json.corrupt-2025-04-05T06-07-08-009Z');
  });

  it('a prefs file of a newer build is read, never written, and reported once', async () => {
    const text = JSON.stringify({
      version: 2,
      prefs: { transcribe: { model: 'future-model', dictionary: ['x'] }, ui: { theme: 'dark' } },
    });
    writeFileSync(prefsPath(), text);
    const notices: Notice[] = [];
    const prefs = createPrefsService({ dataDir: dir, now: at, onNotice: (n) => notices.push(n) });
    expect((await prefs.get()).transcribe.model).toBe('future-model');
    const after = await prefs.update({ speak: { voice: 'alloy' } });
    // The change holds for this run...
    expect(after.speak.voice).toBe('alloy');
    expect((await prefs.get()).speak.voice).toBe('alloy');
    // ...and the newer build's file is left as it was.
    expect(readFileSync(prefsPath(), 'utf8')).toBe(text);
    expect(readdirSync(dir)).toEqual(['prefs.json']);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.message).toMatch(/newer version of Gateway Studio.*untouched/);
  });

  it('a damaged transcript is moved aside and reported', async () => {
    const directory = join(dir, 'history', 'transcripts');
    const badId = '0badc0de-0000-4000-8000-000000000000';
    mkdirSync(directory, { recursive: true });
    writeFileSync(join(directory, `${badId}.json`), '{"version":1,');
    const notices: Notice[] = [];
    const history = createTranscriptHistory({
      directory,
      recordingsDir: join(dir, 'recordings'),
      now: at,
      onNotice: (n) => notices.push(n),
    });
    expect((await history.list()).transcripts).toEqual([]);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.message).toMatch(/saved transcript could not be read/);
    expect(notices[0]?.message).toContain(`${badId}.json.corrupt-2025-04-05T06-07-08-009Z`);
    // Listed again: nothing new to say.
    await history.list();
    expect(notices).toHaveLength(1);
  });

  it('the prefs notice reaches the settings state the window shows', async () => {
    writeFileSync(prefsPath(), 'not json');
    const settings = openSettings();
    const handlers = createPrefsHandlers({
      dataDir: dir,
      settings,
      appInfo: {
        name: 'Gateway Studio',
        version: '0.0.0-test',
        platform: process.platform,
        systemLanguages: ['en-US'],
      },
    } as unknown as HandlerServices);
    await handlers['prefs.get'](undefined as never, { ownerId: 1 });
    const messages = settings.state().notices.map((n) => n.message);
    expect(messages).toEqual([expect.stringMatching(/choices the panels remember could not be read/)]);
  });
});

describe('item 18: a stored file larger than its store allows is set aside before it is read', () => {
  // Small limits injected per store: the real ones are megabytes.
  const LIMIT = 2_000;
  const at = () => new Date('2025-04-05T06:07:08.009Z');
  const padding = 'p'.repeat(3_000);

  it('settings: moved aside and reported like a damaged file; the app starts with defaults', () => {
    openSettings().createProfile({ name: padding.slice(0, 50), baseUrl: 'https://gw.example.com' });
    const file = JSON.parse(readFileSync(settingsPath(), 'utf8')) as Record<string, unknown>;
    writeFileSync(settingsPath(), JSON.stringify({ ...file, padding }));
    const settings = createSettingsService({
      directory: dir,
      secretBox: box,
      createStore: createConfSettingsStore,
      maxFileBytes: LIMIT,
    });
    const state = settings.state();
    expect(state.profiles).toEqual([]);
    expect(state.notices).toHaveLength(1);
    expect(state.notices[0]?.message).toMatch(
      /could not be read \(it is too large: 3\.\d KB; at most 2\.0 KB\)/,
    );
    expect(readdirSync(dir).filter((f) => f.startsWith('settings.corrupt-'))).toHaveLength(1);
  });

  it('prefs: moved aside and reported; the defaults are used', async () => {
    const prefsPath = join(dir, 'prefs.json');
    writeFileSync(prefsPath, JSON.stringify({ version: 1, prefs: { transcribe: { prompt: padding } } }));
    const notices: Notice[] = [];
    const prefs = createPrefsService({
      dataDir: dir,
      now: at,
      onNotice: (n) => notices.push(n),
      maxFileBytes: LIMIT,
    });
    expect(await prefs.get()).toEqual(DEFAULT_PREFS);
    expect(readdirSync(dir)).toEqual(['prefs.json.corrupt-2025-04-05T06-07-08-009Z']);
    expect(notices[0]?.message).toMatch(/could not be read \(it is too large/);
  });

  it('transcripts: a sound but oversized entry is moved aside, reported, and refused clearly', async () => {
    const directory = join(dir, 'history', 'transcripts');
    const recordingsDir = join(dir, 'recordings');
    const saved = await createTranscriptHistory({ directory, recordingsDir }).save({
      name: 'long.wav',
      mode: 'transcribe',
      options: { model: 'whisper-1' },
      transcript: { text: padding, segments: [], words: [], raw: padding, format: 'json' },
      audioPath: '/elsewhere/long.wav',
      kind: 'file',
      durationSec: 1,
    });
    const notices: Notice[] = [];
    const small = () =>
      createTranscriptHistory({
        directory,
        recordingsDir,
        now: at,
        onNotice: (n) => notices.push(n),
        maxFileBytes: LIMIT,
      });
    await expect(small().get(saved.id)).rejects.toMatchObject({ code: 'file_error' });
    // The next start: its index's check finds the file gone (moved aside).
    const again = small();
    await again.indexSettled();
    expect((await again.list()).transcripts).toEqual([]);
    expect(readdirSync(directory)).toEqual([`${saved.id}.json.corrupt-2025-04-05T06-07-08-009Z`]);
    expect(notices[0]?.message).toMatch(/could not be read \(it is too large/);
  });

  it('conversations: a sound but oversized file is moved aside and counted', async () => {
    const directory = join(dir, 'conversations');
    const big = conversation({ messages: [userMessage(padding)] });
    const saving = createConversationStore({ directory });
    await saving.save(big);
    await saving.indexSettled();
    const listing = createConversationStore({ directory });
    expect((await listing.list()).conversations).toHaveLength(1);
    await listing.indexSettled();
    // The index holds it (a start does not read the files): without the index, the rebuild reads them.
    rmSync(join(dir, 'indexes'), { recursive: true, force: true });
    const small = createConversationStore({ directory, now: at, maxFileBytes: LIMIT });
    expect(await small.list()).toEqual({ conversations: [], total: 0, movedAside: 1 });
    expect(readdirSync(directory)).toEqual([`${big.id}.json.corrupt-2025-04-05T06-07-08-009Z`]);
  });

  it('speech history: a sound but oversized entry is moved aside and counted', async () => {
    const historyDir = join(dir, 'history', 'speech');
    mkdirSync(historyDir, { recursive: true });
    writeFileSync(
      join(historyDir, 'clip1.json'),
      JSON.stringify({
        version: 1,
        id: 'clip1',
        createdAt: '2025-04-05T06:07:08.009Z',
        text: padding,
        options: { model: 'tts-1', voice: 'alloy', format: 'mp3', speed: 1 },
        parts: 1,
        layout: 'file',
        extension: 'mp3',
        files: ['clip1.mp3'],
        bytes: 10,
        durationSec: null,
        timeToFirstAudioMs: null,
        elapsedMs: 5,
      }),
    );
    const dialogs = { save: async () => null };
    expect((await createSpeechStudio({ dataDir: dir, dialogs }).list()).entries).toHaveLength(1);
    const small = createSpeechStudio({ dataDir: dir, dialogs, now: at, maxFileBytes: LIMIT });
    expect(await small.list()).toMatchObject({ entries: [], movedAside: 1 });
    expect(readdirSync(historyDir)).toEqual(['clip1.json.corrupt-2025-04-05T06-07-08-009Z']);
  });
});
