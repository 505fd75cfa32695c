// A long saved transcript through the IPC layer, page by page (issue 16, item 6): `transcripts.get` with a
// first page, `transcripts.segments` for the rest, both bounded, both reading what is on disk now.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTranscriptHistory } from '../../../src-main/services/transcript-history.ts';
import { MAX_SEGMENTS_PER_PAGE, type TranscriptSegment } from '../../../src-preload/contract.ts';
import { createTestLayer, type TestLayer } from '../../support/test-layer.ts';

const COUNT = 2_500;
const lecture: TranscriptSegment[] = Array.from({ length: COUNT }, (_, i) => ({
  id: i,
  start: i * 2,
  end: i * 2 + 1.5,
  text: ` Point ${i + 1}.`,
  ...(i % 50 === 0 ? { speaker: 'A' } : {}),
}));

let t: TestLayer;
let id: string;

beforeEach(async () => {
  t = createTestLayer();
  const history = createTranscriptHistory({
    directory: join(t.dataDir, 'history', 'transcripts'),
    recordingsDir: join(t.dataDir, 'media', 'recordings'),
  });
  const saved = await history.save({
    name: 'lecture.wav',
    mode: 'transcribe',
    options: { model: 'whisper-1', responseFormat: 'verbose_json' },
    transcript: {
      text: lecture.map((s) => s.text.trim()).join(' '),
      segments: lecture,
      words: [{ word: 'Point', start: 0, end: 0.5 }],
      duration: COUNT * 2,
      raw: '{}',
      format: 'verbose_json',
    },
    audioPath: join(t.dataDir, 'lecture.wav'),
    kind: 'file',
    durationSec: COUNT * 2,
  });
  id = saved.id;
});
afterEach(() => t.close());

describe('a long transcript, page by page', () => {
  it('opens with only its first segments and their count; the pages that follow make up the rest', async () => {
    const opened = await t.ok('transcripts.get', { id, segments: 100 });
    expect(opened.transcript.segments).toEqual(lecture.slice(0, 100));
    expect(opened.segmentCount).toBe(COUNT);
    expect(opened.transcript.text).toContain('Point 2500.');

    const got = [...opened.transcript.segments];
    while (got.length < opened.segmentCount) {
      const page = await t.ok('transcripts.segments', { id, from: got.length, count: 1_000 });
      expect(page.total).toBe(COUNT);
      expect(page.segments.length).toBeGreaterThan(0);
      got.push(...page.segments);
    }
    expect(got).toEqual(lecture);
    // Past the end: nothing more, not a failure.
    expect(await t.ok('transcripts.segments', { id, from: COUNT, count: 10 })).toEqual({
      segments: [],
      total: COUNT,
    });
  });

  it('still gives the whole transcript to a caller that asks for no page', async () => {
    expect((await t.ok('transcripts.get', { id })).transcript.segments).toEqual(lecture);
  });

  it('refuses pages larger than one message may carry, empty ones and negative places', async () => {
    for (const input of [
      { id, from: 0, count: MAX_SEGMENTS_PER_PAGE + 1 },
      { id, from: 0, count: 0 },
      { id, from: -1, count: 10 },
      { id, from: 0.5, count: 10 },
    ]) {
      expect(await t.call('transcripts.segments', input)).toMatchObject({
        ok: false,
        error: { code: 'invalid_input' },
      });
    }
    expect(await t.call('transcripts.get', { id, segments: MAX_SEGMENTS_PER_PAGE + 1 })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
  });

  it('answers from what is on disk: a page of an entry deleted meanwhile is not_found', async () => {
    await t.ok('transcripts.get', { id, segments: 100 });
    rmSync(join(t.dataDir, 'history', 'transcripts', `${id}.json`));
    expect(await t.call('transcripts.segments', { id, from: 100, count: 100 })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
  });
});
