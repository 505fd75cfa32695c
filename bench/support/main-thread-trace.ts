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
  /** Time the thread ran on a core, milliseconds (NaN where the trace has no thread clock). */
  cpuMs: number;
}

interface TraceEvent {
  name?: string;
  ph?: string;
  pid?: number;
  tid?: number;
  ts?: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

const DEEP_CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'disabled-by-default-v8.cpu_profiler',
];

/** The outermost task event of Chromium's sequence manager: one per task the thread runs. */
const TASK_EVENT = 'ThreadControllerImpl::RunTask';

/** Runs `during` with the page traced; returns its result and every task of the renderer's main thread. */
export async function traceMainThread<T>(
  page: Page,
  during: () => Promise<T>,
): Promise<{ result: T; tasks: TracedTask[] }> {
  const browser = page.context().browser();
  if (!browser) throw new Error('tracing needs a launched browser');
  // GS_BENCH_TRACE=<folder> keeps each trace there, with JS samples and the timeline, to open in DevTools
  // (Performance panel) when a figure needs explaining. The profiler's own start then shows as a long task.
  const keepIn = process.env.GS_BENCH_TRACE;
  await browser.startTracing(page, {
    categories: keepIn ? [...DEEP_CATEGORIES] : ['toplevel'],
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
  return { result, tasks: mainThreadTasks(trace) };
}

/** The longest CPU time among `tasks` (those without a thread clock left out). */
export function longestCpuMs(tasks: readonly TracedTask[]): number {
  return Math.max(0, ...tasks.map((task) => task.cpuMs).filter(Number.isFinite));
}

/** The tasks of every renderer main thread in a trace, outermost only, longest by the clock first. */
export function mainThreadTasks(trace: Buffer): TracedTask[] {
  const parsed = JSON.parse(trace.toString('utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
  const mainThreads = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
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
    outermost.push({
      wallMs: (task.dur ?? 0) / 1000,
      cpuMs: task.tdur === undefined ? Number.NaN : task.tdur / 1000,
    });
  }
  return outermost.sort((a, b) => b.wallMs - a.wallMs);
}
