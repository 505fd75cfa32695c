// The page's main-thread tasks while a bench phase runs, each by the clock and by the thread's own CPU time,
// from a Chromium trace (category `toplevel`: every task the renderer's main thread runs, with `dur`, the
// wall time, and `tdur`, the time the thread was actually on a core).
//
// Why both: the Long Tasks API (what a page can see) measures by the clock. On a shared 2-core machine a
// task of 25 ms that loses its core to another process for 40 ms is reported as a 65 ms long task though
// the page did 25 ms of work (seen here: under a competing busy process, 30 "long tasks" of 50–85 ms whose
// CPU time was 23–42 ms). The CPU time says what the app costs; the clock says what this run's user felt.
import { join } from 'node:path';
import type { Page } from '@playwright/test';

export interface TracedTask {
  /** Wall time, milliseconds. */
  wallMs: number;
  /**
   * Time the thread ran on a core, milliseconds (NaN where the trace has no thread clock), less what the
   * test bridge spent carrying a call to main its own way (see `BRIDGE_MARKS`).
   */
  cpuMs: number;
  /** Of the task's CPU time, what the test bridge spent on its own way across (not counted in `cpuMs`). */
  bridgeCpuMs: number;
}

/**
 * The test bridge (test/e2e/page-bridge.ts) marks what it does to carry a call to main beyond what
 * Electron does (JSON and a Playwright binding, where Electron makes one structured clone, which the bridge
 * makes too): not the app's time, so left out of a task's.
 */
const BRIDGE_MARKS = { from: 'gs-bridge-start', to: 'gs-bridge-end' } as const;

interface TraceEvent {
  name?: string;
  cat?: string;
  ph?: string;
  pid?: number;
  tid?: number;
  ts?: number;
  /** The thread's own clock at the event (microseconds of CPU time), where the trace has it. */
  tts?: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/**
 * A `performance.mark` made by the page on its main thread while traced. Blink records marks as trace
 * events (category `blink.user_timing`) stamped with both clocks, so the CPU time between two marks is
 * what the thread itself spent between them, whatever else the machine ran meanwhile.
 */
export interface TracedMark {
  name: string;
  /** The thread's CPU clock at the mark, milliseconds (NaN where the trace has no thread clock). */
  cpuMs: number;
}

/** What every trace records: the main thread's tasks, and the page's own marks (see TracedMark). */
const CATEGORIES = ['toplevel', 'blink.user_timing'];

const DEEP_CATEGORIES = [
  ...CATEGORIES,
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'disabled-by-default-v8.cpu_profiler',
  // GS_BENCH_INVALIDATION=1 adds why each element was restyled or laid out again (heavy: traces grow ~10×).
  ...(process.env.GS_BENCH_INVALIDATION
    ? ['disabled-by-default-devtools.timeline.invalidationTracking']
    : []),
];

/** The outermost task event of Chromium's sequence manager: one per task the thread runs. */
const TASK_EVENT = 'ThreadControllerImpl::RunTask';

/**
 * Runs `during` with the page traced; returns its result, every task of the renderer's main thread, and
 * the marks the page made meanwhile, in order.
 */
export async function traceMainThread<T>(
  page: Page,
  during: () => Promise<T>,
): Promise<{ result: T; tasks: TracedTask[]; marks: TracedMark[] }> {
  const browser = page.context().browser();
  if (!browser) throw new Error('tracing needs a launched browser');
  // GS_BENCH_TRACE=<folder> keeps each trace there, with JS samples and the timeline, to open in DevTools
  // (Performance panel) when a figure needs explaining. The profiler's own start then shows as a long task.
  const keepIn = process.env.GS_BENCH_TRACE;
  await browser.startTracing(page, {
    categories: keepIn ? [...DEEP_CATEGORIES] : [...CATEGORIES],
    ...(keepIn ? { path: join(keepIn, `trace-${Date.now()}.json`) } : {}),
  });
  let result: T;
  try {
    result = await during();
  } catch (error) {
    await browser.stopTracing();
    throw error;
  }
  const trace = await browser.stopTracing();
  const events = traceEvents(trace);
  const marks = mainThreadMarks(events);
  const bridge = [...markedSpans(marks, BRIDGE_MARKS.from, BRIDGE_MARKS.to).values()];
  return { result, tasks: mainThreadTasks(events, bridge), marks };
}

/**
 * Each mark named `<from>:<key>` with the `<to>:<key>` after it, as the CPU clock's readings at both, by key.
 * A span whose marks are not both in the trace (or have no thread clock) is left out.
 */
function markedSpans(
  marks: readonly TracedMark[],
  from: string,
  to: string,
): Map<string, { start: number; end: number }> {
  const started = new Map<string, number>();
  const spans = new Map<string, { start: number; end: number }>();
  for (const mark of marks) {
    if (mark.name.startsWith(`${from}:`)) started.set(mark.name.slice(from.length + 1), mark.cpuMs);
    else if (mark.name.startsWith(`${to}:`)) {
      const key = mark.name.slice(to.length + 1);
      const start = started.get(key);
      if (start !== undefined && Number.isFinite(start) && Number.isFinite(mark.cpuMs))
        spans.set(key, { start, end: mark.cpuMs });
    }
  }
  return spans;
}

/** The CPU time between each mark named `<from>:<key>` and the `<to>:<key>` after it, by key. */
export function cpuSpans(marks: readonly TracedMark[], from: string, to: string): Map<string, number> {
  const spans = new Map<string, number>();
  for (const [key, { start, end }] of markedSpans(marks, from, to)) spans.set(key, end - start);
  return spans;
}

function traceEvents(trace: Buffer): TraceEvent[] {
  const parsed = JSON.parse(trace.toString('utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  return Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
}

function mainThreadsOf(events: readonly TraceEvent[]): Set<string> {
  return new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
}

/** The page's marks on its main thread, in the order they were made. */
function mainThreadMarks(events: readonly TraceEvent[]): TracedMark[] {
  const mainThreads = mainThreadsOf(events);
  return events
    .filter(
      (e) => e.cat === 'blink.user_timing' && e.ph === 'I' && mainThreads.has(`${e.pid}:${e.tid}`) && e.name,
    )
    .sort((a, b) => (a.ts ?? 0) - (b.ts ?? 0))
    .map((e) => ({ name: e.name!, cpuMs: e.tts === undefined ? Number.NaN : e.tts / 1000 }));
}

/** The longest CPU time among `tasks` (those without a thread clock left out). */
export function longestCpuMs(tasks: readonly TracedTask[]): number {
  return Math.max(0, ...tasks.map((task) => task.cpuMs).filter(Number.isFinite));
}

/**
 * The tasks of every renderer main thread in a trace, outermost only, longest by the clock first; the test
 * bridge's own spans within a task (`bridge`, on the CPU clock) are taken out of its CPU time.
 */
function mainThreadTasks(
  events: readonly TraceEvent[],
  bridge: ReadonlyArray<{ start: number; end: number }>,
): TracedTask[] {
  const mainThreads = mainThreadsOf(events);
  const tasks = events
    .filter((e) => e.ph === 'X' && e.name === TASK_EVENT && mainThreads.has(`${e.pid}:${e.tid}`))
    .sort((a, b) => (a.ts ?? 0) - (b.ts ?? 0));
  const outermost: TracedTask[] = [];
  const openUntil = new Map<string, number>();
  for (const task of tasks) {
    const thread = `${task.pid}:${task.tid}`;
    const start = task.ts ?? 0;
    const end = start + (task.dur ?? 0);
    // A task run inside another (a nested run loop) is part of that one's time.
    if (start < (openUntil.get(thread) ?? -1)) continue;
    openUntil.set(thread, end);
    const cpuStart = task.tts === undefined ? Number.NaN : task.tts / 1000;
    const cpuMs = task.tdur === undefined ? Number.NaN : task.tdur / 1000;
    let bridgeCpuMs = 0;
    for (const { start, end } of bridge)
      if (start >= cpuStart && end <= cpuStart + cpuMs) bridgeCpuMs += end - start;
    outermost.push({ wallMs: (task.dur ?? 0) / 1000, cpuMs: cpuMs - bridgeCpuMs, bridgeCpuMs });
  }
  return outermost.sort((a, b) => b.wallMs - a.wallMs);
}
