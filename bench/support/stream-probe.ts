// The page-side probe of the streaming benches (long-stream, compare-stream): per delivered batch of a
// stream, the cost from its arrival through the store update, React's render and commit to a forced
// layout; the page's long tasks; and the end of each stream, awaited without polling the page (a
// locator polling a 200 KB reply's DOM would load the very main thread being measured).
import type { Page } from '@playwright/test';
import { DEFAULT_BATCH_INTERVAL_MS } from '../../src-main/ipc/stream-manager.ts';
import { median } from '../types.ts';
import { type OpenApp, openApp } from './app-page.ts';
import { startChild } from './child.ts';
import { cpuSpans, type TracedMark, type TracedTask, traceMainThread } from './main-thread-trace.ts';

/** One delivered batch as the page probe saw it (types only: the page functions below are serialised). */
export interface ProbedBatch {
  id: string;
  /** The batch's number in the page (names its `gs-update` marks: see `withCpuTimes`). */
  seq: number;
  /** `performance.now()` when the batch arrived. */
  at: number;
  /** From arrival to the end of the forced layout. */
  ms: number;
  /** Of which the forced style and layout. */
  layoutMs: number;
  chars: number;
  events: number;
}

export interface LongTask {
  start: number;
  duration: number;
}

/** What the probe keeps on `window`. */
export interface ProbeWindow {
  __benchProbe: {
    state: {
      arrivedAt: number;
      seq: number;
      batches: ProbedBatch[];
      finals: number;
      onFinal: Array<() => void>;
    };
    longTasks: LongTask[];
  };
}

/** One stream as probed: per-update costs with the text length reached, its span, the long tasks in it. */
export interface StreamProbe {
  updates: Array<{
    seq: number;
    ms: number;
    layoutMs: number;
    /** The same span in the main thread's CPU time, where the update was traced (else NaN). */
    cpuMs: number;
    /** Of which the forced style and layout, in CPU time. */
    layoutCpuMs: number;
    length: number;
    events: number;
  }>;
  startedAt: number;
  endedAt: number;
  longTasks: LongTask[];
}

/**
 * Installed before the app's scripts (`page.addInitScript`): a first `stream.batch` listener (before the
 * app's own) stamps the arrival of each batch, and long tasks are recorded. Each batch's span is also
 * marked (`gs-update-start:<seq>`, `gs-layout:<seq>` where the forced layout begins, `gs-update-end:<seq>`):
 * a trace then gives its CPU time.
 */
export function installProbe(): void {
  type Win = Window & {
    __benchProbe?: unknown;
    gatewayStudio?: { on(e: string, f: (p: unknown) => void): void };
  };
  const win = window as Win;
  const longTasks: LongTask[] = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  const state: ProbeWindow['__benchProbe']['state'] = {
    arrivedAt: 0,
    seq: 0,
    batches: [],
    finals: 0,
    onFinal: [],
  };
  win.gatewayStudio?.on('stream.batch', () => {
    state.seq++;
    performance.mark(`gs-update-start:${state.seq}`);
    state.arrivedAt = performance.now();
  });
  win.__benchProbe = { state, longTasks };
}

/**
 * Added after the app's listener (after every load): queues a microtask that runs after React's own flush
 * (React schedules its sync work in a microtask during the app's listener), forces layout and records the
 * time spent. Counts final batches, for `waitForFinals`.
 */
export function installLateListener(): void {
  type Batch = { streamId: string; final?: boolean; events: Array<{ type: string; text?: string }> };
  const win = window as unknown as ProbeWindow & {
    gatewayStudio: { on(e: string, f: (p: Batch) => void): void };
  };
  const { state } = win.__benchProbe;
  win.gatewayStudio.on('stream.batch', (batch) => {
    const arrivedAt = state.arrivedAt;
    const seq = state.seq;
    let chars = 0;
    for (const event of batch.events) if (event.type === 'text-delta') chars += event.text?.length ?? 0;
    queueMicrotask(() => {
      const committed = performance.now();
      performance.mark(`gs-layout:${seq}`);
      void document.body.offsetHeight;
      const now = performance.now();
      performance.mark(`gs-update-end:${seq}`);
      // Marks are only wanted in a trace: the page's timeline must not grow by two per batch for good.
      performance.clearMarks();
      state.batches.push({
        id: batch.streamId,
        seq,
        at: arrivedAt,
        ms: now - arrivedAt,
        layoutMs: now - committed,
        chars,
        events: batch.events.length,
      });
      if (batch.final) {
        state.finals++;
        for (const wake of state.onFinal.splice(0)) wake();
      }
    });
  });
}

/** Batches and final batches seen so far: a mark to measure from. */
export async function probeMark(page: Page): Promise<{ batches: number; finals: number }> {
  return page.evaluate(() => {
    const { state } = (window as unknown as ProbeWindow).__benchProbe;
    return { batches: state.batches.length, finals: state.finals };
  });
}

/** Resolves once `count` more streams have ended since `mark` (woken by the probe, never polling). */
export async function waitForFinals(page: Page, finalsAtMark: number, count: number): Promise<void> {
  await page.evaluate(
    ({ until }) =>
      new Promise<void>((resolve) => {
        const { state } = (window as unknown as ProbeWindow).__benchProbe;
        const check = () => (state.finals >= until ? resolve() : state.onFinal.push(check));
        check();
      }),
    { until: finalsAtMark + count },
  );
}

/**
 * The `count` streams that carried the most text since `batchesAtMark` (the replies asked for), each with
 * its batches, and every long task seen so far.
 */
export async function streamsSince(page: Page, batchesAtMark: number, count: number): Promise<StreamProbe[]> {
  const seen = await page.evaluate(
    ({ skip, count }) => {
      const win = window as unknown as ProbeWindow;
      const fresh = win.__benchProbe.state.batches.slice(skip);
      const byStream = new Map<string, number>();
      for (const b of fresh) byStream.set(b.id, (byStream.get(b.id) ?? 0) + b.chars);
      const ids = [...byStream]
        .sort((a, b) => b[1] - a[1])
        .slice(0, count)
        .map(([id]) => id);
      return {
        streams: ids.map((id) => fresh.filter((b) => b.id === id)),
        longTasks: win.__benchProbe.longTasks,
      };
    },
    { skip: batchesAtMark, count },
  );
  return seen.streams.map((batches) => probeOf({ batches, longTasks: seen.longTasks }));
}

/** Per-update costs with the text length reached, the stream's span, and the long tasks within it. */
export function probeOf({
  batches,
  longTasks,
}: {
  batches: ProbedBatch[];
  longTasks: LongTask[];
}): StreamProbe {
  let length = 0;
  const updates = batches.map((b) => {
    length += b.chars;
    return {
      seq: b.seq,
      ms: b.ms,
      layoutMs: b.layoutMs,
      cpuMs: Number.NaN,
      layoutCpuMs: Number.NaN,
      length,
      events: b.events,
    };
  });
  const startedAt = batches[0]?.at ?? 0;
  const last = batches.at(-1);
  const endedAt = last ? last.at + last.ms : 0;
  return {
    updates,
    startedAt,
    endedAt,
    longTasks: longTasks.filter((t) => t.start >= startedAt && t.start <= endedAt),
  };
}

/** The probe with each update's CPU time, from the marks of the trace it was taken in. */
export function withCpuTimes(probe: StreamProbe, marks: readonly TracedMark[]): StreamProbe {
  const spans = cpuSpans(marks, 'gs-update-start', 'gs-update-end');
  const layouts = cpuSpans(marks, 'gs-layout', 'gs-update-end');
  return {
    ...probe,
    updates: probe.updates.map((u) => ({
      ...u,
      cpuMs: spans.get(String(u.seq)) ?? Number.NaN,
      layoutCpuMs: layouts.get(String(u.seq)) ?? Number.NaN,
    })),
  };
}

/** The updates of a stream in the first or last tenth of its text. */
export function tenth(probe: StreamProbe, which: 'first' | 'last'): StreamProbe['updates'] {
  const total = probe.updates.at(-1)?.length ?? 0;
  return probe.updates.filter((u) => (which === 'first' ? u.length <= total * 0.1 : u.length >= total * 0.9));
}

/**
 * Median cost per update over the batches in the first or last tenth of the reply's text: in all, or only
 * the forced style and layout.
 */
export function tenthCost(
  probe: StreamProbe,
  which: 'first' | 'last',
  part: 'ms' | 'layoutMs' | 'cpuMs' | 'layoutCpuMs' = 'ms',
): number {
  return median(
    tenth(probe, which)
      .map((u) => u[part])
      .filter(Number.isFinite),
  );
}

const COMPOSER = '[data-testid="composer-input"]';
const REPLY = '[data-testid="reply"]';

/**
 * One reply in the Playground's chat: the prompt typed in its composer, the reply rendered as markdown.
 * The main thread is traced from the send to the stream's end only (main-thread-trace.ts): the driver's
 * own work in the page (finding elements in a reply's large DOM) stays outside it, and each update gets
 * its CPU time.
 */
export async function streamIntoChat(
  page: Page,
  prompt = 'Write the long answer.',
): Promise<{ probe: StreamProbe; tasks: TracedTask[] }> {
  const mark = await probeMark(page);
  const replies = await page.locator(REPLY).count();
  // Typed and focused before the trace starts: Enter is then a key press, with no element to look up.
  await page.locator(COMPOSER).fill(prompt);
  const { tasks, marks } = await traceMainThread(page, async () => {
    await page.keyboard.press('Enter');
    await waitForFinals(page, mark.finals, 1);
  });
  // The stream has ended: the reply settles at once (no polling while it streamed).
  await page.locator(`${REPLY}[data-state="done"]`).nth(replies).waitFor({ timeout: 30_000 });
  await page.waitForTimeout(100);
  const [probe] = await streamsSince(page, mark.batches, 1);
  if (!probe) throw new Error('No stream reached the page.');
  return { probe: withCpuTimes(probe, marks), tasks };
}

/** The pace of the streaming benches' gateway: a fast model, 2,500 deltas a second of 12 characters each. */
export const STREAM_PACE = { deltasPerSecond: 2500, deltaCharacters: 12 } as const;

/**
 * Where the streaming benches start: the paced gateway (a child process, `deltasPerSecond` deltas of
 * `deltaCharacters` each, of the `reply` named: paced-sse-server.ts), the app batching as main batches in
 * the app, the probe in the page before the app's own scripts, and the Playground open on a new chat.
 */
export async function openProbedPlayground(options: {
  apiKey: string;
  deltasPerSecond: number;
  deltaCharacters: number;
  reply?: 'mixed' | 'blocks';
}): Promise<{ page: Page; close(): Promise<void> }> {
  const server = await startChild('paced-sse-server.ts', [
    String(options.deltasPerSecond),
    String(options.deltaCharacters),
    options.reply ?? 'mixed',
  ]);
  let opened: OpenApp;
  try {
    opened = await openApp({
      gateway: { baseUrl: server.firstLine, apiKey: options.apiKey },
      batchIntervalMs: DEFAULT_BATCH_INTERVAL_MS,
    });
  } catch (error) {
    await server.stop();
    throw error;
  }
  const close = async () => {
    try {
      await opened.close();
    } finally {
      await server.stop();
    }
  };
  try {
    const { page, app } = opened;
    await page.addInitScript(installProbe);
    await app.reload();
    await page.evaluate(installLateListener);
    await page.getByRole('button', { name: 'Playground' }).click();
    await page.locator(COMPOSER).waitFor();
    return { page, close };
  } catch (error) {
    await close();
    throw error;
  }
}
