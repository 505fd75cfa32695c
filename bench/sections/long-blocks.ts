// Long blocks: a reply that is one 800-row table and one 800-item list, streamed at 2,500 deltas per
// second through the real app into the Playground's chat (as long-stream.ts streams its mixed reply). A
// block that is still growing is shown on every update, and the script run for an update must not grow
// with the block: a renderer that builds the growing block whole on each update does more work with every
// row. Target: the script per update (its cost in the main thread's CPU time, less the forced style and
// layout: bench/support/stream-probe.ts) in the last tenth of the reply (the list's end) at most 1.5× that
// in the first tenth (the table's start). The browser's own layout of a growing table does grow with it
// (its columns are sized from every row; traced: ~30 ms at 800 rows): printed, not targeted.

import { cpus, loadavg } from 'node:os';
import { longestCpuMs } from '../support/main-thread-trace.ts';
import { longBlocksReply } from '../support/markdown-reply.ts';
import {
  openProbedPlayground,
  STREAM_PACE,
  type StreamProbe,
  streamIntoChat,
  tenth,
  tenthCost,
} from '../support/stream-probe.ts';
import { type BenchSection, median, type Row } from '../types.ts';

const ROUNDS = Number(process.env.GS_ROUNDS ?? 3);
const MAX_GROWTH = 1.5;

/** Median script per update in a tenth: the update's CPU time less its forced style and layout. */
function scriptCost(probe: StreamProbe, which: 'first' | 'last'): number {
  return median(
    tenth(probe, which)
      .map((u) => u.cpuMs - u.layoutCpuMs)
      .filter(Number.isFinite),
  );
}

const section: BenchSection = {
  name: 'long-blocks',
  description: `a reply of one 800-row table and one 800-item list at ${STREAM_PACE.deltasPerSecond.toLocaleString('en-US')} deltas/s into the Playground (median of ${ROUNDS} rounds)`,
  async run() {
    const characters = longBlocksReply().length;
    const { page, close } = await openProbedPlayground({
      apiKey: 'sk-bench-long-blocks',
      ...STREAM_PACE,
      reply: 'blocks',
    });
    try {
      const rounds: Array<Awaited<ReturnType<typeof streamIntoChat>>> = [];
      for (let round = 0; round < ROUNDS; round++) {
        rounds.push(await streamIntoChat(page));
        // A fresh chat for the next round.
        await page.keyboard.press('Control+n');
      }
      const first = median(rounds.map((r) => scriptCost(r.probe, 'first')));
      const last = median(rounds.map((r) => scriptCost(r.probe, 'last')));
      const layout = (which: 'first' | 'last') =>
        median(rounds.map((r) => tenthCost(r.probe, which, 'layoutCpuMs'))).toFixed(2);
      const traced = rounds.flatMap((r) => r.tasks);
      const updates = median(rounds.map((r) => r.probe.updates.length));
      const [one, five] = loadavg();
      const rows: Row[] = [
        {
          metric: 'script per update, first 10%, CPU time',
          value: first,
          unit: 'ms',
          detail: `style and layout besides ${layout('first')} ms; ${characters} characters; ${updates} updates (batches) per reply; load average ${one!.toFixed(2)} / ${five!.toFixed(2)} on ${cpus().length} cores`,
        },
        {
          metric: 'script per update, last 10%, CPU time',
          value: last,
          unit: 'ms',
          detail: `style and layout besides ${layout('last')} ms`,
        },
        {
          metric: 'script growth last/first',
          value: last / first,
          unit: '×',
          target: { op: '<=', limit: MAX_GROWTH },
        },
        {
          metric: 'tasks of 50 ms CPU time or more while streaming',
          value: traced.filter((t) => t.cpuMs >= 50).length,
          unit: 'tasks',
          detail: `longest task's CPU time ${longestCpuMs(traced).toFixed(1)} ms (a growing table's own layout reaches ~30 ms at 800 rows)`,
        },
      ];
      return rows;
    } finally {
      await close();
    }
  },
};

export default section;
