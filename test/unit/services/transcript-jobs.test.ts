// The jobs of long recordings on disk (issue 16): what a restart finds, and what it cannot be tricked into
// reading; and the prompt each part is sent with.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createJobStore, type NewJob } from '../../../src-main/services/transcript-jobs/job-store.ts';
import { partPrompt, textTail } from '../../../src-main/services/transcript-jobs/part-prompt.ts';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'gs-jobs-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const newJob: NewJob = {
  source: { path: '/music/lecture.mp3', name: 'lecture.mp3', size: 90_000_000, mtimeMs: 1, kind: 'file' },
  mode: 'transcribe',
  options: { model: 'whisper-1', responseFormat: 'verbose_json' },
  durationSec: 3600,
  limits: { maxBytes: 25 * 1024 * 1024, maxSeconds: 600 },
};

describe('job store', () => {
  it('finds a job again, with every part as it was last saved (a restart of the app)', async () => {
    const store = createJobStore(dataDir);
    const record = await store.create(newJob);
    record.parts = [
      { index: 0, startSec: 0, endSec: 598.2, file: 'part-001.mp3', size: 9_000_000, status: 'done' },
      { index: 1, startSec: 598.2, endSec: 1200, file: 'part-002.mp3', size: 9_100_000, status: 'pending' },
    ];
    record.parts[0]!.transcript = {
      text: 'Welcome.',
      segments: [{ id: 0, start: 0.4, end: 1.2, text: 'Welcome.' }],
      words: [],
      raw: '{"text":"Welcome."}',
      format: 'verbose_json',
    };
    await store.save(record);

    const again = createJobStore(dataDir);
    const [found] = await again.list();
    expect(found).toEqual(record);
    expect(await again.get(record.id)).toEqual(record);
  });

  it('leaves out a record it cannot read, and names no path outside its folder', async () => {
    const store = createJobStore(dataDir);
    const good = await store.create(newJob);
    const broken = await store.create(newJob);
    writeFileSync(join(store.folderOf(broken.id), 'job.json'), '{"version":1,');
    expect((await store.list()).map((r) => r.id)).toEqual([good.id]);
    expect(await store.get('../../etc')).toBeNull();
    expect(() => store.folderOf('../x')).toThrow();
  });

  it('says which recordings its jobs were cut from, and that it cannot tell when a record is unreadable', async () => {
    const store = createJobStore(dataDir);
    const first = await store.create(newJob);
    expect(await store.sourcePaths()).toEqual([newJob.source.path]);
    const second = await store.create({ ...newJob, source: { ...newJob.source, path: '/recordings/b.wav' } });
    expect(await store.sourcePaths()).toEqual([newJob.source.path, '/recordings/b.wav']);
    await store.remove(first.id);
    expect(await store.sourcePaths()).toEqual(['/recordings/b.wav']);

    // A record damaged, or written by a newer build: its recording may be any, so none may go.
    writeFileSync(join(store.folderOf(second.id), 'job.json'), '{"version":2}');
    expect(await createJobStore(dataDir).sourcePaths()).toBeNull();
  });

  it('removes an old folder that has no record at all, and leaves a new one (a job being made)', async () => {
    const old = join(dataDir, 'transcript-jobs', 'left-over');
    mkdirSync(old, { recursive: true });
    writeFileSync(join(old, 'part-001.wav'), 'RIFF');
    const hourAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    utimesSync(old, hourAgo, hourAgo);
    const young = join(dataDir, 'transcript-jobs', 'being-made');
    mkdirSync(young);

    expect(await createJobStore(dataDir).sourcePaths()).toBeNull();
    expect(readdirSync(join(dataDir, 'transcript-jobs'))).toEqual(['being-made']);
  });

  it('removes a job with its parts', async () => {
    const store = createJobStore(dataDir);
    const record = await store.create(newJob);
    writeFileSync(join(store.folderOf(record.id), 'part-001.wav'), 'RIFF');
    await store.remove(record.id);
    expect(readdirSync(join(dataDir, 'transcript-jobs'))).toEqual([]);
  });
});

describe('the prompt of a part', () => {
  it('is the user’s prompt, then the end of the part before, cut at a word', () => {
    const previous = `${'word '.repeat(100)}and that is where we stopped.`;
    const prompt = partPrompt('whisper-1', 'Anke Müller, Kubernetes', previous);
    expect(prompt?.startsWith('Anke Müller, Kubernetes\n')).toBe(true);
    expect(prompt?.endsWith('and that is where we stopped.')).toBe(true);
    const tail = prompt!.split('\n')[1]!;
    expect(tail.length).toBeLessThanOrEqual(200);
    expect(previous.endsWith(tail)).toBe(true);
    expect(tail.startsWith('word') || tail.startsWith('and')).toBe(true);
  });

  it('is left out for the first part, and for diarize models, which refuse a prompt', () => {
    expect(partPrompt('whisper-1', undefined, undefined)).toBeUndefined();
    expect(partPrompt('gpt-4o-transcribe-diarize', undefined, 'Earlier text.')).toBeUndefined();
  });

  it('cuts text without spaces anywhere', () => {
    const chinese = '我们今天讨论预算和发布日期。'.repeat(30);
    expect(textTail(chinese)).toHaveLength(200);
    expect(chinese.endsWith(textTail(chinese))).toBe(true);
  });
});
