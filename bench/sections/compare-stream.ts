// Compare (issue 17, item 5): four columns streaming ~200 KB markdown replies at once through the real app
// (the paced gateway child answers every request; main's stream manager batches as in the app; the test
// bridge delivers to the page). Two targets, both measured in the same run: no main-thread task of 50 ms
// CPU time while the four stream (traced; the clock's long tasks are printed beside: main-thread-trace.ts
// says why), and the cost per update (one delivered batch of any column, from its arrival to a
// forced layout, in the main thread's CPU time; bench/support/stream-probe.ts) at the end of the replies
// ≤ 1.5× that of one reply alone in the Playground's chat.

import { cpus, loadavg } from 'node:os';
import type { Page } from '@playwright/test';
import { longestCpuMs, type TracedTask, traceMainThread } from '../support/main-thread-trace.ts';
import { longMarkdownReply } from '../support/markdown-reply.ts';
import {
  openProbedPlayground,
  probeMark,
  STREAM_PACE,
  type StreamProbe,
  streamIntoChat,
  streamsSince,
  tenth,
  tenthCost,
  waitForFinals,
  withCpuTimes,
} from '../support/stream-probe.ts';
import { type BenchSection, median, type Row } from '../types.ts';

const COLUMNS = 4;
const ROUNDS = 2;
const MAX_RATIO_TO_ONE = 1.5;

const COMPOSER = '[data-testid="composer-input"]';

/**
 * A new comparison of four columns, set up as a user does: the first column's model, then "Add column"
 * (each a copy of the last) up to four; the prompt box's Enter sends to all.
 */
async function streamIntoColumns(page: Page): Promise<{ streams: StreamProbe[]; traced: TracedTask[] }> {
  await page.getByTestId('new-comparison').click();
  const columns = page.getByTestId('compare-column');
  await columns.first().waitFor();
  await columns.first().getByRole('combobox', { name: 'Model' }).fill('bench');
  while ((await columns.count()) < COLUMNS) await page.getByTestId('compare-add-column').click();
  await page.getByTestId('compare-input').fill('Write the long answer.');
  const mark = await probeMark(page);
  // Traced from the send to the last column's end, for each task's CPU time (main-thread-trace.ts). The
  // prompt box has the focus: Enter is a key press, with no element for the driver to look up in the page.
  const { tasks: traced, marks } = await traceMainThread(page, async () => {
    await page.keyboard.press('Enter');
    await waitForFinals(page, mark.finals, COLUMNS);
    await page.waitForTimeout(200);
  });
  const streams = (await streamsSince(page, mark.batches, COLUMNS)).map((s) => withCpuTimes(s, marks));
  if (streams.length < COLUMNS) throw new Error(`Only ${streams.length} of ${COLUMNS} columns streamed.`);
  // Back to a fresh chat for the next round.
  await page.getByTestId('compare-close').click();
  await page.keyboard.press('Control+n');
  await page.locator(COMPOSER).waitFor();
  return { streams, traced };
}

/** Median cost per update in the last tenth of each column's reply, all columns' updates together. */
function lastTenthOfAll(streams: StreamProbe[], part: 'ms' | 'layoutMs' | 'cpuMs' = 'ms'): number {
  return median(
    streams.flatMap((stream) => tenth(stream, 'last').map((update) => update[part])).filter(Number.isFinite),
  );
}

const section: BenchSection = {
  name: 'compare-stream',
  description: `${COLUMNS} Compare columns streaming ~200 KB markdown replies at once (${STREAM_PACE.deltasPerSecond.toLocaleString('en-US')} deltas/s each), against one reply alone in the same run (${ROUNDS} rounds)`,
  async run() {
    const { page, close } = await openProbedPlayground({
      apiKey: 'sk-bench-compare-stream',
      ...STREAM_PACE,
    });
    try {
      // A warm-up reply, so neither side pays for the first parse of the markdown code.
      await streamIntoChat(page);
      await page.keyboard.press('Control+n');

      const rounds: Array<{ one: StreamProbe; four: StreamProbe[]; traced: TracedTask[] }> = [];
      for (let round = 0; round < ROUNDS; round++) {
        // Alternate the order, so neither side always runs on a warmer (or more tired) page.
        let one: StreamProbe;
        let columns: Awaited<ReturnType<typeof streamIntoColumns>>;
        if (round % 2 === 0) {
          one = (await streamIntoChat(page)).probe;
          await page.keyboard.press('Control+n');
          columns = await streamIntoColumns(page);
        } else {
          columns = await streamIntoColumns(page);
          one = (await streamIntoChat(page)).probe;
          await page.keyboard.press('Control+n');
        }
        rounds.push({ one, four: columns.streams, traced: columns.traced });
      }

      // In the main thread's CPU time (the clock's figures beside): see main-thread-trace.ts.
      const oneLast = median(rounds.map((r) => tenthCost(r.one, 'last', 'cpuMs')));
      const fourLast = median(rounds.map((r) => lastTenthOfAll(r.four, 'cpuMs')));
      const fourLayout = median(rounds.map((r) => lastTenthOfAll(r.four, 'layoutMs')));
      const ratios = rounds.map((r) => lastTenthOfAll(r.four, 'cpuMs') / tenthCost(r.one, 'last', 'cpuMs'));
      const clockRatios = rounds.map((r) => lastTenthOfAll(r.four) / tenthCost(r.one, 'last'));
      const longTasks = rounds.flatMap((r) => {
        const startedAt = Math.min(...r.four.map((s) => s.startedAt));
        const endedAt = Math.max(...r.four.map((s) => s.endedAt));
        const all = r.four.flatMap((s) => s.longTasks);
        // The same task is within several columns' spans: count it once.
        return [...new Map(all.map((t) => [t.start, t])).values()].filter(
          (t) => t.start >= startedAt && t.start <= endedAt,
        );
      });
      const over50 = longTasks.filter((t) => t.duration > 50);
      // A column's last batch ends its reply (the reply settles, the comparison is saved): a task that
      // holds the end of that batch's probe is the column's end.
      const atEnds = rounds.reduce(
        (sum, r) =>
          sum +
          r.four.filter((s) =>
            over50.some((t) => t.start <= s.endedAt && t.start + t.duration >= s.endedAt - 1),
          ).length,
        0,
      );
      const longest = Math.max(0, ...longTasks.map((t) => t.duration));
      const traced = rounds.flatMap((r) => r.traced);
      const longestCpu = longestCpuMs(traced);
      const overByCpu = traced.filter((t) => t.cpuMs >= 50);
      const longByClock = traced.filter((t) => t.wallMs > 50);
      const rate = median(
        rounds.map((r) => {
          const events = r.four.reduce((sum, s) => sum + s.updates.reduce((n, u) => n + u.events, 0), 0);
          const span =
            Math.max(...r.four.map((s) => s.endedAt)) - Math.min(...r.four.map((s) => s.startedAt));
          return events / (span / 1000);
        }),
      );
      const updates = median(rounds.map((r) => r.four.reduce((sum, s) => sum + s.updates.length, 0)));
      const [load1, load5] = loadavg();
      const load = `load average ${load1!.toFixed(2)} / ${load5!.toFixed(2)} on ${cpus().length} cores`;
      const rows: Row[] = [
        {
          metric: `stream rate into the page, ${COLUMNS} columns`,
          value: rate,
          unit: 'events/s',
          detail: `${COLUMNS} × ${longMarkdownReply().length} characters; ${updates} updates (batches) in all per round; ${load}`,
        },
        { metric: 'render per update at the end, one reply, CPU time', value: oneLast, unit: 'ms' },
        {
          metric: `render per update at the end, ${COLUMNS} columns, CPU time`,
          value: fourLast,
          unit: 'ms',
          detail: `median over every column's last 10%; by the clock of which style and layout ${fourLayout.toFixed(2)} ms`,
        },
        {
          metric: `${COLUMNS} columns / one reply, per update at the end`,
          value: median(ratios),
          unit: '× one',
          target: { op: '<=', limit: MAX_RATIO_TO_ONE },
          detail: `per round (CPU time): ${ratios.map((r) => r.toFixed(2)).join(', ')}; by the clock: ${clockRatios.map((r) => r.toFixed(2)).join(', ')}`,
        },
        {
          metric: `tasks of 50 ms CPU time or more, ${COLUMNS} columns streaming`,
          value: overByCpu.length,
          unit: 'tasks',
          target: { op: '<=', limit: 0 },
          detail: `longest task's CPU time ${longestCpu.toFixed(1)} ms (all ${ROUNDS} rounds, from the send to the last column's end); left out as the test bridge's own (main-thread-trace.ts): up to ${Math.max(0, ...traced.map((t) => t.bridgeCpuMs)).toFixed(1)} ms in a task`,
        },
        {
          // The Long Tasks API, by the clock: what a user of this run felt, this machine's other processes
          // (the gateway child, main's side in the bench process) included.
          metric: `by the clock: tasks over 50 ms, ${COLUMNS} columns streaming`,
          value: over50.length,
          unit: 'tasks',
          detail: `longest ${longest.toFixed(0)} ms; ${atEnds} of them a column's last batch; CPU time of the traced tasks over 50 ms by the clock: ${longByClock.map((t) => Math.round(t.cpuMs)).join(', ') || 'none'} ms`,
        },
      ];
      return rows;
    } finally {
      await close();
    }
  },
};

export default section;
