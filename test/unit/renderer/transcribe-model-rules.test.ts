import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFS, type TranscribePrefs } from '../../../src-preload/contract.ts';
import {
  disabledOptions,
  isDisabled,
  modelKind,
  reasonFor,
  resolveTranscription,
} from '../../../src-renderer/src/panels/transcribe/model-rules.ts';

const prefs = (patch: Partial<TranscribePrefs>): TranscribePrefs => ({
  ...DEFAULT_PREFS.transcribe,
  ...patch,
});

describe('which family a model belongs to', () => {
  it.each([
    ['whisper-1', 'whisper'],
    ['openai/whisper-1', 'whisper'],
    ['Whisper-Large-v3', 'whisper'],
    ['gpt-4o-transcribe', 'text-only'],
    ['gpt-4o-mini-transcribe', 'text-only'],
    ['gpt-4o-mini-transcribe-2025-03-20', 'text-only'],
    ['  GPT-4o-Transcribe ', 'text-only'],
    ['gpt-4o-transcribe-diarize', 'diarize'],
    ['some-diarize-model', 'diarize'],
    ['sensevoice-small', 'unknown'],
    ['', 'unknown'],
  ] as const)('%s is %s', (model, kind) => {
    expect(modelKind(model)).toBe(kind);
  });
});

describe('whisper-1', () => {
  it('asks verbose_json with segment timestamps by default', () => {
    const resolved = resolveTranscription(prefs({ model: 'whisper-1' }));
    expect(resolved.options).toEqual({
      model: 'whisper-1',
      responseFormat: 'verbose_json',
      timestampGranularities: ['segment'],
    });
    expect(resolved.timestamps).toBe('segment');
    expect(resolved.disabled).toEqual([]);
  });

  it('asks for words and segments when words are chosen', () => {
    const resolved = resolveTranscription(prefs({ model: 'whisper-1', timestamps: 'word' }));
    expect(resolved.options.timestampGranularities).toEqual(['segment', 'word']);
    expect(resolved.timestamps).toBe('word');
  });

  it('asks plain json when no timestamps are wanted', () => {
    const resolved = resolveTranscription(prefs({ model: 'whisper-1', timestamps: 'none' }));
    expect(resolved.options.responseFormat).toBe('json');
    expect(resolved.options.timestampGranularities).toBeUndefined();
    expect(resolved.timestamps).toBe('none');
  });

  it('sends language, prompt and temperature as chosen, trimmed', () => {
    const resolved = resolveTranscription(
      prefs({ model: ' whisper-1 ', language: 'de', prompt: '  Names: Anke, Jörg. ', temperature: 0.2 }),
    );
    expect(resolved.options).toMatchObject({
      model: 'whisper-1',
      language: 'de',
      prompt: 'Names: Anke, Jörg.',
      temperature: 0.2,
    });
  });

  it('leaves out empty choices: automatic language, no prompt, the gateway’s temperature', () => {
    const { options } = resolveTranscription(
      prefs({ model: 'whisper-1', language: '', prompt: '   ', temperature: null }),
    );
    expect(options).not.toHaveProperty('language');
    expect(options).not.toHaveProperty('prompt');
    expect(options).not.toHaveProperty('temperature');
  });

  it('keeps the temperature within 0–1 and drops a value that is not a number', () => {
    expect(resolveTranscription(prefs({ temperature: 1.7 })).options.temperature).toBe(1);
    expect(resolveTranscription(prefs({ temperature: -0.5 })).options.temperature).toBe(0);
    expect(resolveTranscription(prefs({ temperature: 0 })).options.temperature).toBe(0);
    expect(resolveTranscription(prefs({ temperature: Number.NaN })).options).not.toHaveProperty(
      'temperature',
    );
  });
});

describe('gpt-4o transcribe models (json only)', () => {
  it.each(['gpt-4o-transcribe', 'gpt-4o-mini-transcribe'])(
    '%s: json, timestamps off with a reason',
    (model) => {
      const resolved = resolveTranscription(prefs({ model, timestamps: 'word' }));
      expect(resolved.options).toEqual({ model, responseFormat: 'json', stream: true });
      expect(resolved.timestamps).toBe('none');
      expect(reasonFor(resolved.disabled, 'segments')).toBe(
        `${model} returns plain text without timestamps.`,
      );
      expect(isDisabled(resolved.disabled, 'words')).toBe(true);
    },
  );

  it('still takes language, prompt and temperature', () => {
    const resolved = resolveTranscription(
      prefs({ model: 'gpt-4o-mini-transcribe', language: 'fr', prompt: 'Bonjour', temperature: 0.4 }),
    );
    expect(resolved.options).toMatchObject({ language: 'fr', prompt: 'Bonjour', temperature: 0.4 });
    expect(isDisabled(resolved.disabled, 'language')).toBe(false);
    expect(isDisabled(resolved.disabled, 'prompt')).toBe(false);
    expect(isDisabled(resolved.disabled, 'temperature')).toBe(false);
  });

  it('translates as json too, not streamed: the translations endpoint does not stream', () => {
    const resolved = resolveTranscription(prefs({ model: 'gpt-4o-transcribe', mode: 'translate' }));
    expect(resolved.options).toEqual({ model: 'gpt-4o-transcribe', responseFormat: 'json' });
  });
});

describe('streamed transcription (stream=true: transcript.text.delta … transcript.text.done)', () => {
  it.each([
    'gpt-4o-transcribe',
    'gpt-4o-mini-transcribe',
    'gpt-4o-mini-transcribe-2025-03-20',
    'gpt-4o-transcribe-2025-03-20',
    'openai/GPT-4o-Transcribe',
  ])('%s transcribes streamed', (model) => {
    expect(resolveTranscription(prefs({ model })).options.stream).toBe(true);
  });

  it.each(['whisper-1', 'gpt-4o-transcribe-diarize', 'sensevoice-small'])(
    '%s is never asked to stream, whatever the timestamps',
    (model) => {
      for (const timestamps of ['none', 'segment', 'word'] as const) {
        expect(resolveTranscription(prefs({ model, timestamps })).options).not.toHaveProperty('stream');
      }
    },
  );

  it('does not stream translations', () => {
    for (const model of ['gpt-4o-transcribe', 'gpt-4o-mini-transcribe']) {
      const resolved = resolveTranscription(prefs({ model, mode: 'translate' }));
      expect(resolved.options).not.toHaveProperty('stream');
    }
  });
});

describe('diarize models', () => {
  it('ask diarized_json with segments (speakers) and never granularities', () => {
    const resolved = resolveTranscription(
      prefs({ model: 'gpt-4o-transcribe-diarize', timestamps: 'segment' }),
    );
    expect(resolved.options.responseFormat).toBe('diarized_json');
    expect(resolved.options.timestampGranularities).toBeUndefined();
    expect(resolved.timestamps).toBe('segment');
  });

  it('offer no word timings: words fall back to segments, with the reason', () => {
    const resolved = resolveTranscription(prefs({ model: 'gpt-4o-transcribe-diarize', timestamps: 'word' }));
    expect(resolved.timestamps).toBe('segment');
    expect(resolved.options.responseFormat).toBe('diarized_json');
    expect(reasonFor(resolved.disabled, 'words')).toMatch(/segments with speakers, not word timings/);
    expect(isDisabled(resolved.disabled, 'segments')).toBe(false);
  });

  it('take no prompt', () => {
    const resolved = resolveTranscription(prefs({ model: 'gpt-4o-transcribe-diarize', prompt: 'Hello' }));
    expect(resolved.options).not.toHaveProperty('prompt');
    expect(reasonFor(resolved.disabled, 'prompt')).toMatch(/does not take a prompt/);
  });

  it('answer plain json when no timestamps are wanted', () => {
    const resolved = resolveTranscription(prefs({ model: 'gpt-4o-transcribe-diarize', timestamps: 'none' }));
    expect(resolved.options.responseFormat).toBe('json');
  });

  it('are always sent chunking_strategy auto, which they require for inputs over 30 s', () => {
    for (const timestamps of ['none', 'segment'] as const) {
      const resolved = resolveTranscription(prefs({ model: 'gpt-4o-transcribe-diarize', timestamps }));
      expect(resolved.options.chunkingStrategy).toBe('auto');
    }
    for (const model of ['whisper-1', 'gpt-4o-transcribe']) {
      expect(resolveTranscription(prefs({ model })).options).not.toHaveProperty('chunkingStrategy');
    }
  });
});

describe('translate mode', () => {
  it('takes no language, with the reason, even when one is remembered', () => {
    const resolved = resolveTranscription(prefs({ model: 'whisper-1', mode: 'translate', language: 'de' }));
    expect(resolved.options).not.toHaveProperty('language');
    expect(reasonFor(resolved.disabled, 'language')).toBe('Translations are always into English.');
  });

  it('asks verbose_json for segments but sends no timestamp_granularities', () => {
    const resolved = resolveTranscription(
      prefs({ model: 'whisper-1', mode: 'translate', timestamps: 'segment' }),
    );
    expect(resolved.options).toEqual({ model: 'whisper-1', responseFormat: 'verbose_json' });
    expect(resolved.timestamps).toBe('segment');
  });

  it('offers no word timings', () => {
    const resolved = resolveTranscription(
      prefs({ model: 'whisper-1', mode: 'translate', timestamps: 'word' }),
    );
    expect(resolved.timestamps).toBe('segment');
    expect(resolved.options.timestampGranularities).toBeUndefined();
    expect(reasonFor(resolved.disabled, 'words')).toBe('Word timings are not offered for translations.');
  });

  it('keeps prompt and temperature', () => {
    const resolved = resolveTranscription(
      prefs({ model: 'whisper-1', mode: 'translate', prompt: 'A podcast.', temperature: 0.3 }),
    );
    expect(resolved.options).toMatchObject({ prompt: 'A podcast.', temperature: 0.3 });
  });
});

describe('models the rules do not know', () => {
  it('get every option, as verbose_json with the granularities chosen', () => {
    expect(disabledOptions({ model: 'sensevoice-small', mode: 'transcribe' })).toEqual([]);
    const resolved = resolveTranscription(
      prefs({ model: 'sensevoice-small', timestamps: 'word', language: 'zh', prompt: 'x', temperature: 0.5 }),
    );
    expect(resolved.options).toEqual({
      model: 'sensevoice-small',
      responseFormat: 'verbose_json',
      timestampGranularities: ['segment', 'word'],
      language: 'zh',
      prompt: 'x',
      temperature: 0.5,
    });
  });

  it('in translate mode lose only the language and word timings', () => {
    const disabled = disabledOptions({ model: 'sensevoice-small', mode: 'translate' });
    expect(disabled.map((d) => d.option).sort()).toEqual(['language', 'words']);
  });

  it('never disable the temperature', () => {
    for (const model of ['whisper-1', 'gpt-4o-transcribe', 'gpt-4o-transcribe-diarize', 'x']) {
      for (const mode of ['transcribe', 'translate'] as const) {
        expect(isDisabled(disabledOptions({ model, mode }), 'temperature')).toBe(false);
      }
    }
  });
});
