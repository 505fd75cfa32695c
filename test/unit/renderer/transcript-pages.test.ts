// Opening a long saved transcript: the window gets its first segments with the entry and the rest in
// pages after it (issue 16, item 6), against a stand-in bridge that answers as main does (a slice of the
// stored segments, and how many there are).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BRIDGE_KEY,
  type MethodName,
  type Result,
  type TranscriptEntry,
  type TranscriptSegment,
} from '../../../src-preload/contract.ts';
import {
  closeTranscript,
  FIRST_SEGMENTS,
  openTranscript,
  SEGMENTS_PAGE,
  whenAllSegments,
} from '../../../src-renderer/src/actions/transcripts.ts';
import { useAppStore } from '../../../src-renderer/src/store/index.ts';

const TOTAL = FIRST_SEGMENTS + 2 * SEGMENTS_PAGE + 37;

const lecture = (count: number): TranscriptSegment[] =>
  Array.from({ length: count }, (_, i) => ({
    id: i,
    start: i * 2,
    end: i * 2 + 1.5,
    text: ` Point ${i + 1}.`,
  }));

function stored(id: string, segments: TranscriptSegment[]): TranscriptEntry {
  return {
    id,
    createdAt: '2025-03-12T14:02:00.000Z',
    name: `${id}.wav`,
    mode: 'transcribe',
    model: 'whisper-1',
    kind: 'file',
    durationSec: segments.length * 2,
    language: 'english',
    preview: 'Point 1.',
    segmentCount: segments.length,
    options: { model: 'whisper-1' },
    transcript: { text: 'All of it.', segments, format: 'verbose_json' },
    audioPath: `/audio/${id}.wav`,
    audio: null,
  };
}

let entries: Map<string, TranscriptEntry>;
let calls: Array<{ method: MethodName; input: Record<string, unknown> }>;

/** Main's two answers, as the handler gives them: the entry with its first `segments`, and a page. */
function answer(method: MethodName, input: Record<string, unknown>): Result<unknown> {
  const entry = entries.get(String(input.id));
  if (!entry) return { ok: false, error: { code: 'not_found', message: 'Gone.' } };
  const all = entry.transcript.segments;
  if (method === 'transcripts.get') {
    const segments = input.segments === undefined ? all : all.slice(0, Number(input.segments));
    return { ok: true, data: { ...entry, transcript: { ...entry.transcript, segments } } };
  }
  if (method === 'transcripts.segments') {
    const from = Number(input.from);
    return { ok: true, data: { segments: all.slice(from, from + Number(input.count)), total: all.length } };
  }
  return { ok: false, error: { code: 'internal', message: 'unexpected' } };
}

beforeEach(() => {
  vi.useFakeTimers();
  entries = new Map([
    ['long', stored('long', lecture(TOTAL))],
    ['short', stored('short', lecture(3))],
  ]);
  calls = [];
  vi.stubGlobal('window', {
    [BRIDGE_KEY]: {
      invoke: async (method: MethodName, input: Record<string, unknown>) => {
        calls.push({ method, input });
        return answer(method, input);
      },
      on: () => () => {},
      pathForFile: () => '',
    },
  });
  useAppStore.setState({ openedTranscript: null, transcriptPlaybackTime: 0, toasts: [] });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const shownSegments = () => {
  const opened = useAppStore.getState().openedTranscript;
  return opened?.status === 'ready' ? opened.entry.transcript.segments : [];
};

describe('a long transcript opens with its first segments; the rest follow in pages', () => {
  it('shows the first page at once, then has every segment in order, each asked for once', async () => {
    await openTranscript('long');
    expect(shownSegments()).toHaveLength(FIRST_SEGMENTS);
    expect(calls[0]).toEqual({ method: 'transcripts.get', input: { id: 'long', segments: FIRST_SEGMENTS } });

    const all = whenAllSegments('long');
    await vi.runAllTimersAsync();
    await all;
    expect(shownSegments()).toEqual(lecture(TOTAL));
    const pages = calls.filter((c) => c.method === 'transcripts.segments').map((c) => c.input);
    expect(pages).toEqual([
      { id: 'long', from: FIRST_SEGMENTS, count: SEGMENTS_PAGE },
      { id: 'long', from: FIRST_SEGMENTS + SEGMENTS_PAGE, count: SEGMENTS_PAGE },
      { id: 'long', from: FIRST_SEGMENTS + 2 * SEGMENTS_PAGE, count: SEGMENTS_PAGE },
    ]);
    expect(useAppStore.getState().toasts).toEqual([]);
  });

  it('asks for no pages when the first answer held them all', async () => {
    await openTranscript('short');
    await vi.runAllTimersAsync();
    expect(shownSegments()).toHaveLength(3);
    expect(calls.map((c) => c.method)).toEqual(['transcripts.get']);
    await expect(whenAllSegments('short')).resolves.toBeUndefined();
  });

  it('stops asking once another transcript is opened, and never mixes their segments', async () => {
    await openTranscript('long');
    await openTranscript('short');
    await vi.runAllTimersAsync();
    expect(shownSegments()).toEqual(lecture(3));
    expect(calls.filter((c) => c.method === 'transcripts.segments')).toEqual([]);
  });

  it('stops asking once the transcript is closed', async () => {
    await openTranscript('long');
    closeTranscript();
    await vi.runAllTimersAsync();
    expect(calls.filter((c) => c.method === 'transcripts.segments')).toEqual([]);
  });

  it('says so when a page cannot be read (the entry was deleted meanwhile), and keeps what it has', async () => {
    await openTranscript('long');
    entries.delete('long');
    await vi.runAllTimersAsync();
    expect(shownSegments()).toHaveLength(FIRST_SEGMENTS);
    expect(useAppStore.getState().toasts.at(-1)).toMatchObject({ tone: 'error' });
  });
});
