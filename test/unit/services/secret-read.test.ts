// Files written before the scrubber existed (or before a key was entered) may hold a key a gateway echoed:
// an old transcript, an old conversation. They are scrubbed as they are read, at the one read path every
// store shares (stored-file.ts), so what reaches the window holds no known secret.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setKnownSecretsProvider } from '../../../src-main/services/known-secrets.ts';
import { readStoredText } from '../../../src-main/services/stored-file.ts';
import { createTranscriptHistory } from '../../../src-main/services/transcript-history.ts';

const KEY = 'sk-proj-Q7v2Lm9XcT4rWb8Nz1Kd6Hs3Jf0Pa5Ye';

let base: string;
beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), 'gs-secret-read-'));
});
afterEach(() => {
  setKnownSecretsProvider(null);
  rmSync(base, { recursive: true, force: true });
});

describe('stored files written before the scrubber', () => {
  it('an old transcript with an echoed key reaches the window with the key hidden', async () => {
    const directory = join(base, 'history', 'transcripts');
    const recordingsDir = join(base, 'media', 'recordings');
    mkdirSync(recordingsDir, { recursive: true });
    // Each store opened writes its index in the background: waited for before the folder is deleted.
    const opened: Array<ReturnType<typeof createTranscriptHistory>> = [];
    const history = () => {
      const store = createTranscriptHistory({ directory, recordingsDir });
      opened.push(store);
      return store;
    };
    const text = `The gateway said: invalid key ${KEY.slice(0, 16)}… and ${KEY}.`;
    // Written while no secret was known (an older build): the file holds the key.
    const saved = await history().save({
      name: 'meeting.wav',
      mode: 'transcribe',
      options: { model: 'whisper-1', responseFormat: 'json' },
      transcript: { text, segments: [], words: [], raw: JSON.stringify({ text }), format: 'json' },
      audioPath: join(recordingsDir, 'meeting.wav'),
      kind: 'file',
      durationSec: 1,
    });
    const [file] = readdirSync(directory);
    expect(readFileSync(join(directory, file!), 'utf8')).toContain(KEY);

    setKnownSecretsProvider(() => [KEY]);
    const entry = await history().get(saved.id);
    expect(entry.transcript.text).toBe('The gateway said: invalid key [key hidden]… and [key hidden].');
    expect(JSON.stringify(entry)).not.toContain(KEY.slice(0, 8));
    expect(JSON.stringify(await history().list())).not.toContain(KEY.slice(0, 8));
    await Promise.all(opened.map((store) => store.indexSettled()));
  });

  it('a file with no secret is read byte for byte', async () => {
    setKnownSecretsProvider(() => [KEY]);
    const path = join(base, 'plain.json');
    const { writeFileSync } = await import('node:fs');
    const plain = '{\n  "a": "sk-proj",\n  "b": "Gateway Studio"\n}\n';
    writeFileSync(path, plain);
    const read = await readStoredText(path, 1024);
    expect(read.kind === 'text' && read.text).toBe(plain);
  });
});
