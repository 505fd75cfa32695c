import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPrefsService } from '../../../src-main/services/prefs.ts';
import { DEFAULT_PREFS, type PrefsPatch } from '../../../src-preload/contract.ts';
import { createTestLayer, type TestLayer } from '../../support/test-layer.ts';

let dataDir: string;
const prefsFile = () => join(dataDir, 'prefs.json');
const open = () => createPrefsService({ dataDir, now: () => new Date('2025-04-05T06:07:08.009Z') });
const writePrefs = (content: unknown) =>
  writeFileSync(prefsFile(), typeof content === 'string' ? content : JSON.stringify(content));

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'gs-prefs-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

describe('remembered choices', () => {
  it('are the defaults until something is chosen, without writing a file', async () => {
    expect(await open().get()).toEqual(DEFAULT_PREFS);
    expect(existsSync(prefsFile())).toBe(false);
  });

  it('survive a restart, and an update returns every choice with the untouched ones kept', async () => {
    const prefs = open();
    const after = await prefs.update({ transcribe: { model: 'gpt-4o-transcribe', concurrency: 4 } });
    expect(after).toEqual({
      ...DEFAULT_PREFS,
      transcribe: { ...DEFAULT_PREFS.transcribe, model: 'gpt-4o-transcribe', concurrency: 4 },
    });
    await prefs.update({ speak: { voice: 'nova', speed: 1.5 } });
    await prefs.update({
      playground: { format: 'content', contentModel: 'gemini-2.5-pro', enterSends: false },
    });

    const reopened = await open().get();
    expect(reopened.transcribe).toMatchObject({
      model: 'gpt-4o-transcribe',
      concurrency: 4,
      mode: 'transcribe',
    });
    expect(reopened.speak).toMatchObject({ voice: 'nova', speed: 1.5, model: DEFAULT_PREFS.speak.model });
    expect(reopened.playground).toEqual({
      ...DEFAULT_PREFS.playground,
      format: 'content',
      contentModel: 'gemini-2.5-pro',
      enterSends: false,
    });
    expect(JSON.parse(readFileSync(prefsFile(), 'utf8'))).toEqual({ version: 1, prefs: reopened });
  });

  it('keeps every change when several arrive at once (the last write holds them all)', async () => {
    const prefs = open();
    await Promise.all([
      prefs.update({ transcribe: { prompt: 'Names: Ada, Linus.' } }),
      prefs.update({ transcribe: { language: 'de' } }),
      prefs.update({ speak: { format: 'wav' } }),
    ]);
    const saved = await open().get();
    expect(saved.transcribe).toMatchObject({ prompt: 'Names: Ada, Linus.', language: 'de' });
    expect(saved.speak.format).toBe('wav');
  });

  it('hands out copies: changing a returned object changes nothing remembered', async () => {
    const prefs = open();
    const first = await prefs.get();
    first.transcribe.model = 'mutated';
    expect((await prefs.get()).transcribe.model).toBe(DEFAULT_PREFS.transcribe.model);
  });

  it('reads a saved file field by field: a bad value costs that field only', async () => {
    writePrefs({
      version: 1,
      prefs: {
        transcribe: { model: 'whisper-large', concurrency: 99, language: 'english', temperature: 0.3 },
        speak: { speed: 'fast', voice: 'echo', format: 'ogg' },
        playground: {
          format: 'completions',
          stream: 'yes',
          responsesModel: 'gpt-5',
          showConversations: false,
        },
      },
    });
    const prefs = await open().get();
    expect(prefs.transcribe).toEqual({
      ...DEFAULT_PREFS.transcribe,
      model: 'whisper-large',
      temperature: 0.3,
    });
    expect(prefs.speak).toEqual({ ...DEFAULT_PREFS.speak, voice: 'echo' });
    expect(prefs.playground).toEqual({
      ...DEFAULT_PREFS.playground,
      responsesModel: 'gpt-5',
      showConversations: false,
    });
  });

  it.each([
    ['not JSON', '{"version":1,"prefs":'],
    ['JSON without prefs', '[1, 2, 3]'],
  ])('moves a corrupt file (%s) aside and starts from the defaults', async (_, content) => {
    writePrefs(content);
    const prefs = open();
    expect(await prefs.get()).toEqual(DEFAULT_PREFS);
    const files = readdirSync(dataDir);
    expect(files).toEqual(['prefs.json.corrupt-2025-04-05T06-07-08-009Z']);
    expect(readFileSync(join(dataDir, files[0]!), 'utf8')).toBe(content);

    await prefs.update({ transcribe: { mode: 'translate' } });
    expect((await open().get()).transcribe.mode).toBe('translate');
  });
});

describe('prefs through the IPC layer', () => {
  let t: TestLayer;
  beforeEach(() => {
    t = createTestLayer();
  });
  afterEach(() => t.close());

  it('gets and updates', async () => {
    expect(await t.ok('prefs.get', undefined)).toEqual(DEFAULT_PREFS);
    const updated = await t.ok('prefs.update', {
      transcribe: { language: 'EN', temperature: null, timestamps: 'word', inputDeviceId: 'mic-2' },
    });
    // A language code typed in capitals is kept the way the gateway expects it.
    expect(updated.transcribe).toMatchObject({ language: 'en', temperature: null, timestamps: 'word' });
    expect(await t.ok('prefs.get', undefined)).toEqual(updated);

    const playground = await t.ok('prefs.update', {
      playground: { stream: false, responsesModel: 'gpt-5', showParameters: false },
    });
    expect(playground.playground).toEqual({
      ...DEFAULT_PREFS.playground,
      stream: false,
      responsesModel: 'gpt-5',
      showParameters: false,
    });
    expect(playground.transcribe).toEqual(updated.transcribe);
  });

  it.each<[string, unknown]>([
    ['an unknown mode', { transcribe: { mode: 'dictate' } }],
    ['a model name over 300 characters', { transcribe: { model: 'm'.repeat(301) } }],
    ['a language that is not a code', { transcribe: { language: 'english' } }],
    ['a prompt over 10,000 characters', { transcribe: { prompt: 'p'.repeat(10_001) } }],
    ['a temperature above 1', { transcribe: { temperature: 1.5 } }],
    ['an unknown timestamp detail', { transcribe: { timestamps: 'all' } }],
    ['no concurrency', { transcribe: { concurrency: 0 } }],
    ['too much concurrency', { transcribe: { concurrency: 7 } }],
    ['half a queue slot', { transcribe: { concurrency: 2.5 } }],
    ['a device id over 500 characters', { transcribe: { inputDeviceId: 'd'.repeat(501) } }],
    ['a voice over 200 characters', { speak: { voice: 'v'.repeat(201) } }],
    ['an unknown speech format', { speak: { format: 'ogg' } }],
    ['a speed below 0.25', { speak: { speed: 0.2 } }],
    ['a speed above 4', { speak: { speed: 4.5 } }],
    ['instructions over 10,000 characters', { speak: { instructions: 'i'.repeat(10_001) } }],
    ['a misspelt field', { transcribe: { modle: 'whisper-1' } }],
    ['an unknown chat format', { playground: { format: 'completions' } }],
    ['streaming that is not a yes or no', { playground: { stream: 'yes' } }],
    ['a Responses model over 300 characters', { playground: { responsesModel: 'm'.repeat(301) } }],
    ['a content model that is not text', { playground: { contentModel: 7 } }],
    ['a misspelt playground field', { playground: { model: 'gpt-5' } }],
    ['an unknown panel', { chat: { model: 'x' } }],
  ])('refuses %s and remembers nothing of the patch', async (_, patch) => {
    const result = await t.call('prefs.update', patch as PrefsPatch);
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(existsSync(join(t.dataDir, 'prefs.json'))).toBe(false);
    expect(await t.ok('prefs.get', undefined)).toEqual(DEFAULT_PREFS);
  });
});
