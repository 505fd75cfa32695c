// The last line of defence: whatever reaches the disk (a store, an export) or the log is scrubbed of every
// secret main knows of, even when it slipped past the gateway shield (an old conversation file, a transcript
// the gateway echoed the key into before the shield knew the key).
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../../src-main/log.ts';
import { writeFileAtomic } from '../../../src-main/services/atomic-file.ts';
import { setKnownSecretsProvider } from '../../../src-main/services/known-secrets.ts';
import { buildExport, type ExportSource } from '../../../src-main/services/transcript-export.ts';
import { createTranscriptHistory } from '../../../src-main/services/transcript-history.ts';

const KEY = 'sk-proj-Q7v2Lm9XcT4rWb8Nz1Kd6Hs3Jf0Pa5Ye';
const HEADER_SECRET = 'cf-3f9c1a7e"5b2d\\48f6a0c9e1b7d3f5'; // JSON punctuation in it: `"` and `\`

/** Every 8-character piece of `secret` in `text`. */
function piecesOf(secret: string, text: string): string[] {
  const found: string[] = [];
  for (let i = 0; i + 8 <= secret.length; i++)
    if (text.includes(secret.slice(i, i + 8))) found.push(secret.slice(i, i + 8));
  return found;
}

let base: string;
beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), 'gs-secret-disk-'));
  setKnownSecretsProvider(() => [KEY, HEADER_SECRET]);
});
afterEach(() => {
  setKnownSecretsProvider(null);
  rmSync(base, { recursive: true, force: true });
});

describe('files written by the app', () => {
  it('a transcript saved to history holds no secret, and stays a valid entry that reads back', async () => {
    const directory = join(base, 'history', 'transcripts');
    const recordingsDir = join(base, 'media', 'recordings');
    mkdirSync(recordingsDir, { recursive: true });
    const history = createTranscriptHistory({ directory, recordingsDir });
    const text = `The speaker read out ${KEY.slice(0, 16)} and then ${HEADER_SECRET}.`;
    const saved = await history.save({
      name: 'meeting.wav',
      mode: 'transcribe',
      options: { model: 'whisper-1', responseFormat: 'verbose_json' },
      transcript: {
        text,
        segments: [{ id: 0, start: 0, end: 1.5, text }],
        words: [],
        raw: JSON.stringify({ text }),
        format: 'verbose_json',
      },
      audioPath: join(recordingsDir, 'meeting.wav'),
      kind: 'file',
      durationSec: 1.5,
    });
    const [file] = readdirSync(directory);
    const onDisk = readFileSync(join(directory, file!), 'utf8');
    expect(piecesOf(KEY, onDisk)).toEqual([]);
    expect(piecesOf(HEADER_SECRET, JSON.stringify(JSON.parse(onDisk)))).toEqual([]);
    expect(onDisk).not.toContain('5b2d');
    const entry = await history.get(saved.id);
    expect(entry.transcript.text).toBe('The speaker read out [key hidden] and then [key hidden].');
    expect(JSON.parse(entry.transcript.raw)).toEqual({ text: entry.transcript.text });
  });

  it('an export (plain text, SRT) holds no secret, and the rest of it is unchanged', async () => {
    const source = (line: string): ExportSource => ({
      name: 'meeting.wav',
      createdAt: '2025-05-01T12:00:00.000Z',
      mode: 'transcribe',
      model: 'whisper-1',
      language: 'en',
      durationSec: 2,
      transcript: {
        text: line,
        segments: [{ id: 0, start: 0, end: 2, text: line }],
        words: [],
        raw: '',
        format: 'json',
      },
    });
    for (const format of ['txt', 'srt'] as const) {
      const path = join(base, `export.${format}`);
      await writeFileAtomic(path, buildExport(format, source(`Key: ${KEY} end`)));
      expect(readFileSync(path, 'utf8')).toBe(buildExport(format, source('Key: [key hidden] end')));
    }
  });

  it('a JSON file keeps its layout, and a file with no secret is written byte for byte', async () => {
    const pretty = `${JSON.stringify({ a: [1, 2], echo: `Bearer ${KEY}`, note: 'ok' }, null, 2)}\n`;
    const path = join(base, 'pretty.json');
    await writeFileAtomic(path, pretty);
    expect(readFileSync(path, 'utf8')).toBe(
      `${JSON.stringify({ a: [1, 2], echo: 'Bearer [key hidden]', note: 'ok' }, null, 2)}\n`,
    );
    const plain = '{"a":"sk-proj","b":"\\u0041","c":"3f9c1a7"}';
    await writeFileAtomic(path, plain);
    expect(readFileSync(path, 'utf8')).toBe(plain);
    const bytes = Uint8Array.from(Buffer.from(`RIFF${KEY}`));
    await writeFileAtomic(join(base, 'clip.wav'), bytes);
    expect(readFileSync(join(base, 'clip.wav'))).toEqual(Buffer.from(bytes)); // audio is not text
  });
});

describe('the log', () => {
  it('a log line holds no known secret, whatever its name or shape', () => {
    const lines: string[] = [];
    const spy = vi.spyOn(console, 'warn').mockImplementation((line: string) => lines.push(line));
    try {
      createLogger('test').warn(
        'gateway answered',
        new Error(`echo ${HEADER_SECRET} and ${KEY.slice(4, 20)}`),
      );
    } finally {
      spy.mockRestore();
    }
    expect(lines).toHaveLength(1);
    expect(piecesOf(KEY, lines[0]!)).toEqual([]);
    expect(piecesOf(HEADER_SECRET, lines[0]!)).toEqual([]);
    expect(lines[0]).toContain('gateway answered: Error: echo [key hidden] and [key hidden]');
  });
});
